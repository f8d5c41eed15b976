#!/usr/bin/env bash
# Evidence 2026-12-05c (session 59), call 4: make test-gpu's command at -n 6 instead of 8. In call 3 (H200, -n 8) the
# suite did not finish in 360 s; its traces put a grading waiting for or holding the GPU lock exclusive through
# 211.6 s of the 349.8 s they span, while summed work outside every wait was about 1000 s: fewer workers might wait
# less. Caches as in calls 1 and 3 (both tracks' solutions graded first).
#   bash docs/data/evidence-2026-12-05c/call4/run.sh   (on the GPU machine, from the repository root; $OUT collects)
source docs/_tools/device_call.sh
grade softmax-all --submission solutions
grade gemm-all --submission solutions --kernel gemm
JOBS=6 suite n6 ${LIMIT_S:-380}
step done
