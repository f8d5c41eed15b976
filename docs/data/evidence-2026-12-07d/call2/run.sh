#!/usr/bin/env bash
# Evidence 2026-12-07d (session 75), call 2, on call 1's machine (still warm): make test-gpu's command at -n 8 on the
# tree with exchange.patch applied to the solution (every GPU test, the lab 02 solution's included), traced, with
# nvidia-smi sampling beside it, and the summaries of session 74's call 1.
#   bash docs/data/evidence-2026-12-07d/call2/run.sh   (on the GPU machine, from the repository root; $OUT collects)
source docs/_tools/device_call.sh
NAME=${NAME:-n8}
nvidia-smi --query-gpu=timestamp,utilization.gpu,memory.used --format=csv,noheader,nounits -lms 200 > "$R/smi-$NAME.csv" &
SMI=$!
suite "$NAME" ${LIMIT_S:-420}
kill $SMI
summaries "$NAME"
step done
