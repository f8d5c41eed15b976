#!/usr/bin/env bash
# Evidence 2026-12-06b (session 64), calls 2 and 3: make test-gpu's command at -n 8 with decisions 241 and 243,
# traced; the measurements' waits (2026-12-05e's measurements.py, 2026-12-06's drains.py) and each grading's time
# before and after its trace (gaps.py). Call 2 (NAME=after) was the machine's first suite, call 3 (NAME=second) its
# second, every submission's builds and Triton kernels in the caches the first left.
#   bash docs/data/evidence-2026-12-06b/call2/run.sh   (on the GPU machine, from the repository root; $OUT collects)
source docs/_tools/device_call.sh
NAME=${NAME:-after}
suite "$NAME" ${LIMIT_S:-420}
python3 docs/data/evidence-2026-12-05e/measurements.py "$R/tt-$NAME" >> "$L"
python3 docs/data/evidence-2026-12-06/drains.py "$R/tt-$NAME" >> "$L"
python3 docs/data/evidence-2026-12-06b/gaps.py "$R/tt-$NAME" "$R/test-gpu-$NAME.txt" >> "$L"
step done
