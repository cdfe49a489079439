#!/usr/bin/env bash
# Writes results/agreement.md: builds sgrade, makes a venv with hodoku-py (a black-box oracle
# for the first diverging step; never a dependency of sgrade) and runs scripts/agreement.py.
# usage: scripts/agreement.sh [agreement.py options, e.g. --limit 500]
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release --quiet
VENV=${HODOKU_VENV:-/tmp/hv}
if [ ! -x "$VENV/bin/python" ] || ! "$VENV/bin/python" -c "import hodoku" 2>/dev/null; then
  python3 -m venv "$VENV" && "$VENV/bin/pip" install --quiet hodoku-py \
    || { echo "hodoku-py unavailable: running without the divergence column" >&2; VENV=""; }
fi
PY=${VENV:+$VENV/bin/python}
exec "${PY:-python3}" scripts/agreement.py "$@"
