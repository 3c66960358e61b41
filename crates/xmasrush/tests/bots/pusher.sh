#!/bin/sh
# A valid bot: reads each turn's input and answers PUSH 0 UP or PASS.
while read -r kind; do
  i=0
  while [ $i -lt 9 ]; do read -r _; i=$((i+1)); done
  read -r n; i=0; while [ $i -lt "$n" ]; do read -r _; i=$((i+1)); done
  read -r n; i=0; while [ $i -lt "$n" ]; do read -r _; i=$((i+1)); done
  if [ "$kind" = 0 ]; then echo "PUSH 0 UP"; else echo "PASS"; fi
done
