#!/usr/bin/env bash
# Evidence 2026-12-06 (session 63), call 2: the baseline on the machine of call 1, still warm: make test-gpu's command
# with the GPU lock as it was before decision 240 (61e574d's grader/gpu_lock.py),
# read as call 1's.
#   bash docs/data/evidence-2026-12-06/call2/run.sh   (on the GPU machine, from the repository root; $OUT collects)
NAME=before LOCK=before bash docs/data/evidence-2026-12-06/call1/run.sh
