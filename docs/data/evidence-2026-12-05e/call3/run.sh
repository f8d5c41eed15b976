#!/usr/bin/env bash
# Evidence 2026-12-05e (session 61), call 3: after decisions 235-237 (measurements back to back; Triton's driver and
# compiler warmed at a Triton GPU worker's start, the hang control cut at 3 s; the copy worker readied beside the
# untimed checks), the solutions with --timings: every lab on both tracks, then lab 03, lab 02, labs 00 and 01 alone
# (the table of issue 12, section 2); then make test-gpu's command at -n 8, each test case's own compile caches cold.
#   bash docs/data/evidence-2026-12-05e/call3/run.sh   (on the GPU machine, from the repository root; $OUT collects)
source docs/_tools/device_call.sh
grade softmax-all --submission solutions
grade gemm-all --submission solutions --kernel gemm
grade lab03 03 --submission solutions
grade lab02 02 --submission solutions
grade labs0001 00 01 --submission solutions
suite third ${LIMIT_S:-420}
python3 docs/data/evidence-2026-12-05e/measurements.py "$R/tt-third" >> "$L"
step done
