#!/usr/bin/env bash
# Evidence 2026-12-05e (session 61), call 1: after decision 235 (measurements that queue run back to back after one
# drain, grader/gpu_lock.py), the softmax solutions with --timings, every lab, then make test-gpu's command at -n 8,
# each test case's own compile caches cold; measurements.py reads the suite's traces.
#   bash docs/data/evidence-2026-12-05e/call1/run.sh   (on the GPU machine, from the repository root; $OUT collects)
source docs/_tools/device_call.sh
grade softmax-all --submission solutions
suite first ${LIMIT_S:-420}
python3 docs/data/evidence-2026-12-05e/measurements.py "$R/tt-first" >> "$L"
step done
