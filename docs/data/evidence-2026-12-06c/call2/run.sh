#!/usr/bin/env bash
# Evidence 2026-12-06c (session 65), call 2: make test-gpu's command again on call 1's machine, its caches warm (issue
# 12's condition), at -n $JOBS (8 unless given), traced.
#   NAME=second bash docs/data/evidence-2026-12-06c/call2/run.sh   (on the GPU machine, from the repository root)
source docs/_tools/device_call.sh
NAME=${NAME:-second}
suite "$NAME" ${LIMIT_S:-420}
python3 docs/data/evidence-2026-12-05e/measurements.py "$R/tt-$NAME" >> "$L"
python3 docs/data/evidence-2026-12-06b/gaps.py "$R/tt-$NAME" "$R/test-gpu-$NAME.txt" >> "$L"
step done
