#!/usr/bin/env bash
# Evidence 2026-12-04d (session 53), call 2: make test-gpu's command at -n $JOBS (8 unless JOBS says otherwise) with
# decisions 207-209, from empty caches (no bytecode kept, no .venv/pycache, no build/cache, no ~/.triton).
#   bash docs/data/evidence-2026-12-04d/call2/run.sh   (on the GPU machine, from the repository root)
source docs/_tools/device_call.sh
env | grep -E "^PYTHON" >> $L
du -sh ~/.cache/phase24-grader .venv/pycache build/cache ~/.triton >> $L 2>&1
rm -rf ~/.cache/phase24-grader .venv/pycache build/cache ~/.triton
suite cold ${COLD_LIMIT_S:-420}
step done
