#!/usr/bin/env bash
# Session 68, call 4: the session's last tree (decision 249: the watch pause removed, torch's CUDA notes out of the
# lessons, idle GPU memory given back after each case): make test-gpu's command at -n 8, Triton's caches emptied,
# with the GPU memory of every process by role (gpu_mem_by_role.py) and nvidia-smi's utilization beside it. Not the
# whole suite: 267 s of device time were left, and a machine takes 90-180 s to start. The part that runs: every GPU
# test whose name holds negative, solution or worker_buffers (the negative controls' teaching lines, the solutions
# of every lab, the release of idle GPU memory).
source docs/_tools/device_call.sh
NAME=final
rm -rf build/cache
nvidia-smi --query-gpu=timestamp,utilization.gpu,memory.used --format=csv,noheader,nounits -lms 200 > "$R/smi-$NAME.csv" &
SMI=$!
python3 docs/data/evidence-2026-12-06f/gpu_mem_by_role.py "$R/gpumem-$NAME.txt" & MEM=$!
SUITE_K='negative or solution or worker_buffers' suite "$NAME" ${LIMIT_S:-90}
kill $SMI; kill -TERM $MEM; wait $MEM
cat "$R/gpumem-$NAME.txt" >> "$L"
summaries "$NAME"
step done
