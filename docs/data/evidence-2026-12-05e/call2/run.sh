#!/usr/bin/env bash
# Evidence 2026-12-05e (session 61), call 2: a Triton worker's first launches with and without the harness's Triton
# warm-up (first_launch.py), then make test-gpu's command at -n 8 after decisions 235 and 236 (the warm-up in every
# Triton GPU worker's start; the hang control cut at 3 s), each test case's own compile caches cold.
#   bash docs/data/evidence-2026-12-05e/call2/run.sh   (on the GPU machine, from the repository root; $OUT collects)
source docs/_tools/device_call.sh
step "first launches, cold and warm"
python3 docs/data/evidence-2026-12-05e/first_launch.py 3 2>&1 | tee -a "$L"
suite second ${LIMIT_S:-420}
python3 docs/data/evidence-2026-12-05e/measurements.py "$R/tt-second" >> "$L"
step done
