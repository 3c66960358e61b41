#!/usr/bin/env bash
# The whole test suite: the Rust workspace, then the Python package's pytest suite.
#
# The Python part installs the package the way the README's Python section does
# (`pip install ./crates/python`: the optimized `python` profile) into a virtual environment
# under the target directory, then runs its pytest suite. Arguments go to `cargo test`
# (e.g. `./test.sh --no-fail-fast`).
set -euo pipefail
cd "$(dirname "$0")"

cargo test --workspace "$@"

TARGET="${CARGO_TARGET_DIR:-target}"
VENV="$TARGET/python-venv"
[ -x "$VENV/bin/python" ] || python3 -m venv "$VENV"
"$VENV/bin/pip" install --quiet --disable-pip-version-check numpy pytest
"$VENV/bin/pip" install --quiet --disable-pip-version-check --force-reinstall --no-deps ./crates/python
# The engine tests drive the yomi-usi binary that `cargo test` built.
YOMI_USI="$(cd "$TARGET" && pwd)/debug/yomi-usi" "$VENV/bin/python" -m pytest -q crates/python/tests
