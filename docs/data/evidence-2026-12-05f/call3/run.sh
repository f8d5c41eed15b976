#!/usr/bin/env bash
# Evidence 2026-12-05f (session 62), call 3 (call 2's machine, still warm): the grader after decisions 238 and 239,
# the solutions with --timings: every lab on both tracks, then lab 03, lab 02, labs 00 and 01 alone (issue 12, section 2).
#   bash docs/data/evidence-2026-12-05f/call3/run.sh   (on the GPU machine, from the repository root; $OUT collects)
source docs/_tools/device_call.sh
grade softmax-all --submission solutions
grade gemm-all --submission solutions --kernel gemm
grade lab03 03 --submission solutions
grade lab02 02 --submission solutions
grade labs0001 00 01 --submission solutions
step done
