#!/usr/bin/env bash
# Evidence 2026-12-06c (session 65), call 1: make test-gpu's command at -n 8 on a fresh machine (its first suite: every
# adversarial submission built and its Triton kernels compiled for the first time), traced; then issue 12 §2's table
# with --timings, caches warm: every lab, lab 02 alone, lab 03 alone, labs 00 + 01, and the GEMM track's every lab.
#   bash docs/data/evidence-2026-12-06c/call1/run.sh   (on the GPU machine, from the repository root; $OUT collects)
source docs/_tools/device_call.sh
NAME=${NAME:-first}
suite "$NAME" ${LIMIT_S:-420}
python3 docs/data/evidence-2026-12-05e/measurements.py "$R/tt-$NAME" >> "$L"
python3 docs/data/evidence-2026-12-06b/gaps.py "$R/tt-$NAME" "$R/test-gpu-$NAME.txt" >> "$L"
grade all --submission solutions
grade lab02 02 --submission solutions
grade lab03 03 --submission solutions
grade lab0001 00 01 --submission solutions
grade gemm-all --submission solutions --kernel gemm
step done
