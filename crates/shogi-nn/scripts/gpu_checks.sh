#!/bin/bash
# The GPU check list of yomi-shogi-nn's `cuda` feature, for a machine with an NVIDIA GPU,
# run from the repository root. Prepare BIN (default .dev) where it was built:
#   cargo build -p yomi -p yomi-usi --release --features cuda
#   cargo test -p yomi-shogi-nn --release --features cuda --test cuda --no-run   # prints the binary
#   mkdir -p .dev && cp target/release/yomi target/release/yomi-usi .dev/ && cp <that binary> .dev/cuda-test
#   .dev/yomi shogi nn init --out .dev/net13x64.safetensors        # the seed's shape
# Then: OUT=results bash crates/shogi-nn/scripts/gpu_checks.sh
# It runs the GPU tests (forward logits and training gradients against the CPU's), `nn bench`
# at batch 256 and 1,024 in f32 and tf32, PyTorch on the same weights and positions (torch
# and safetensors needed), one epoch of `yomi shogi train` of the seed's shape on the GPU
# and on the CPU, the softmax search bench on
# GPU and CPU, and a byoyomi 1 s match (softmax + network on the GPU against alpha-beta +
# Control) for MATCH_SECONDS on MATCH_THREADS pairs at once (default 8), journaled in OUT.
set -u
BIN=$(cd "${BIN:-.dev}" && pwd)
OUT=${OUT:-/tmp/gpu-out}; mkdir -p "$OUT"
MATCH_SECONDS=${MATCH_SECONDS:-240}
MATCH_THREADS=${MATCH_THREADS:-8}
exec > >(tee "$OUT/log.txt") 2>&1
T() { local t=$1; shift; echo "== $*"; timeout "$t" "$@"; local rc=$?; echo "rc=$rc"; return $rc; }
date; nvidia-smi -L; nproc
dirs=/usr/local/cuda/lib64
# Not CUDA's compat/ libcuda: it is for older drivers, and on a matching one every call
# fails with CUDA_ERROR_SYSTEM_DRIVER_MISMATCH (seen on an H200 with driver 580).
for pat in 'libcublas.so.1*' 'libnvrtc.so.1*' 'libcuda.so.1*'; do
  f=$(find /usr/local /opt /usr/lib /usr/lib64 -name "$pat" -not -path '*stubs*' -not -path '*compat*' 2>/dev/null | head -1)
  echo "$pat -> ${f:-none}"
  [ -n "$f" ] && dirs="$dirs:$(dirname "$f")"
done
export LD_LIBRARY_PATH="$dirs:${LD_LIBRARY_PATH:-}"
echo "LD_LIBRARY_PATH=$LD_LIBRARY_PATH"
W=${WEIGHTS:-$BIN/net13x64.safetensors}
YOMI_REQUIRE_GPU=1 T 120 $BIN/cuda-test --nocapture --test-threads 1
T 60 $BIN/yomi shogi nn bench --weights $W --batch 256 --device cuda --seconds 2s --save-batch /tmp/batch256.safetensors
GPU_OK=$?
printf 'usi\nsetoption name Evaluation value Network\nsetoption name NetworkDevice value cuda\nisready\nquit\n' | timeout 30 $BIN/yomi-usi | grep "info string"
for p in f32 tf32; do for b in 256 1024; do
  T 60 $BIN/yomi shogi nn bench --weights $W --batch $b --device cuda --precision $p --seconds 3s --json | tee -a "$OUT/nn.jsonl"
done; done
for p in f32 tf32; do
  PYTHONUNBUFFERED=1 T 150 python3 crates/shogi-nn/scripts/torch_reference.py $W /tmp/batch256.safetensors --batches 256,1024 --precision $p --seconds 3 --json | tee -a "$OUT/torch.jsonl"
done
T 120 $BIN/yomi shogi dataset --out /tmp/gpu-ds --games 64 --shard-size 16 --depth 3 --threads 16
for d in "--device cuda" "--device cuda --precision tf32" "--device cuda --batch 1024"; do
  rm -rf /tmp/gpu-train
  T 120 $BIN/yomi shogi train --data /tmp/gpu-ds --out /tmp/gpu-train --epochs 1 $d --json | tee -a "$OUT/train.jsonl"
done
rm -rf /tmp/gpu-train
T 60 $BIN/yomi shogi train --data /tmp/gpu-ds --out /tmp/gpu-train --epochs 1 --device cpu --json | tee -a "$OUT/train.jsonl"
for d in "--device cuda" "--device cuda --precision tf32" "--device cuda --batch 1024" "--device cpu"; do
  T 60 $BIN/yomi shogi bench --search softmax --weights $W --time 1s $d --json | tee -a "$OUT/softmax13x64.jsonl"
done
for d in "--device cuda" "--device cpu"; do
  T 60 $BIN/yomi shogi bench --search softmax --eval network --time 1s $d --json | tee -a "$OUT/softmax-builtin.jsonl"
done
date
[ "$GPU_OK" = 0 ] || { echo "GPU forward failed: no match"; exit 1; }
T "$MATCH_SECONDS" $BIN/yomi arena shogi --a usi:$BIN/yomi-usi,Evaluation=Network,Search=Softmax,NetworkDevice=cuda,USI_Hash=1024 --b usi:$BIN/yomi-usi,USI_Hash=64 --byoyomi 1s --time-margin 100ms --max-plies 320 --opening-plies 4 --seed 200 --threads "$MATCH_THREADS" --games 400 --journal "$OUT/gpu-match.jsonl" --json
date
