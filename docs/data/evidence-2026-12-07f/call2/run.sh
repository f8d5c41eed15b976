#!/usr/bin/env bash
# Evidence 2026-12-07f (session 77), call 2, on call 1's H200 (still warm): make test-gpu's command at -n 8 again,
# traced, with nvidia-smi sampling beside it: the suite a second time, every cache warm.
#   bash docs/data/evidence-2026-12-07f/call2/run.sh   (on the GPU machine, from the repository root; $OUT collects)
source docs/_tools/device_call.sh
NAME=${NAME:-n8b}
nvidia-smi --query-gpu=timestamp,utilization.gpu,memory.used --format=csv,noheader,nounits -lms 200 > "$R/smi-$NAME.csv" &
SMI=$!
suite "$NAME" ${LIMIT_S:-420}
kill $SMI
summaries "$NAME"
step done
cat "$L"
