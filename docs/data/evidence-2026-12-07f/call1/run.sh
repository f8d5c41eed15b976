#!/usr/bin/env bash
# Evidence 2026-12-07f (session 77), call 1: the final tree of session 76 (12a298f), which no whole GPU suite had run
# on: every lab of the solutions graded with --timings, then make test-gpu's command at -n 8 (every GPU test), traced,
# with nvidia-smi sampling beside it, and the suite's summaries.
#   bash docs/data/evidence-2026-12-07f/call1/run.sh   (on the GPU machine, from the repository root; $OUT collects)
source docs/_tools/device_call.sh
grade all --submission solutions
grade lab02 02 --submission solutions
NAME=${NAME:-n8}
nvidia-smi --query-gpu=timestamp,utilization.gpu,memory.used --format=csv,noheader,nounits -lms 200 > "$R/smi-$NAME.csv" &
SMI=$!
suite "$NAME" ${LIMIT_S:-420}
kill $SMI
summaries "$NAME"
step done
cat "$L"
