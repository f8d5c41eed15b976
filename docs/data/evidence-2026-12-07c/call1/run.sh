#!/usr/bin/env bash
# Evidence 2026-12-07c (session 74), call 1: issue 12 §2's table with --timings on the solutions (every lab, lab 02
# alone, lab 03 alone, labs 00 + 01; the machine's first gradings, then again with caches warm), then make
# test-gpu's command at -n 8 (decisions 254-256's grader), traced, with nvidia-smi sampling beside it. One source of
# device_call.sh (session 73 lost a grading to a second one).
#   bash docs/data/evidence-2026-12-07c/call1/run.sh   (on the GPU machine, from the repository root; $OUT collects)
source docs/_tools/device_call.sh
grade first-all --submission solutions
grade all --submission solutions
grade lab02 02 --submission solutions
grade lab03 03 --submission solutions
grade lab0001 00 01 --submission solutions
NAME=${NAME:-n8}
nvidia-smi --query-gpu=timestamp,utilization.gpu,memory.used --format=csv,noheader,nounits -lms 200 > "$R/smi-$NAME.csv" &
SMI=$!
suite "$NAME" ${LIMIT_S:-420}
kill $SMI
summaries "$NAME"
step done
