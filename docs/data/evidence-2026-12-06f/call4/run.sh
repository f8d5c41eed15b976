#!/usr/bin/env bash
# Session 68, call 4, prepared and NOT RUN (after calls 1-3, four calls found no machine, and the 267 s of device
# time left were too little to start one): the session's last tree (decision 249: the watch pause removed, torch's
# CUDA notes out of the lessons, idle GPU memory given back after each case), make test-gpu's command at -n 8 with
# Triton's caches emptied, the GPU memory of every process by role (gpu_mem_by_role.py) and nvidia-smi's utilization
# beside it. SUITE_K='...' runs a part of the suite (pytest -k) where device time is short.
source docs/_tools/device_call.sh
NAME=final
rm -rf build/cache
nvidia-smi --query-gpu=timestamp,utilization.gpu,memory.used --format=csv,noheader,nounits -lms 200 > "$R/smi-$NAME.csv" &
SMI=$!
python3 docs/data/evidence-2026-12-06f/gpu_mem_by_role.py "$R/gpumem-$NAME.txt" & MEM=$!
suite "$NAME" ${LIMIT_S:-420}
kill $SMI; kill -TERM $MEM; wait $MEM
cat "$R/gpumem-$NAME.txt" >> "$L"
summaries "$NAME"
step done
