#!/usr/bin/env bash
# Evidence 2026-12-07e (session 76), call 1, asked as nvidia-h200 (an H200 came): round 16's prepared H200 call.
#   bash docs/data/evidence-2026-12-07e/call1/run.sh   (on the GPU machine, from the repository root; $OUT collects)
nvidia-smi -L
if nvidia-smi --query-gpu=name --format=csv,noheader | grep -q H200; then
  LIMIT_S=150 bash docs/_tools/softmax_limit/round16/verify.sh; tail -70 $OUT/log.txt
else echo NOT-H200; fi
