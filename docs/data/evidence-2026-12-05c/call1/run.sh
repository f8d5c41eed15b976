#!/usr/bin/env bash
# Evidence 2026-12-05c (session 59), call 1, an H200 (the first GPU run since 5e620ff: decisions 223-229):
# the solutions of both tracks with --timings (softmax every lab, GEMM every lab), then make test-gpu's command at
# -n 8 with the caches the gradings left (its positive and hostile controls: the s57/s58 cases among them).
#   bash docs/data/evidence-2026-12-05c/call1/run.sh   (on the GPU machine, from the repository root; $OUT collects)
source docs/_tools/device_call.sh
grade softmax-all --submission solutions
grade gemm-all --submission solutions --kernel gemm
suite warm ${WARM_LIMIT_S:-420}
step done
