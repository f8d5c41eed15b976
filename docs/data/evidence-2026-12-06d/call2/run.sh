#!/usr/bin/env bash
# Evidence 2026-12-06d (session 66), call 2: call 1's script on the tree with decision 247 (a watched worker attached,
# its CUDA and Triton's driver set up, outside the GPU lock): make test-gpu's command at -n 8 on a fresh machine (its
# first suite), traced, with nvidia-smi beside it; then issue 12 §2's table with --timings.
#   bash docs/data/evidence-2026-12-06d/call2/run.sh   (on the GPU machine, from the repository root; $OUT collects)
source docs/_tools/device_call.sh
NAME=${NAME:-first}
nvidia-smi --query-gpu=timestamp,utilization.gpu,memory.used --format=csv,noheader,nounits -lms 200 > "$R/smi-$NAME.csv" &
SMI=$!
suite "$NAME" ${LIMIT_S:-420}
kill $SMI
python3 docs/data/evidence-2026-12-05e/measurements.py "$R/tt-$NAME" >> "$L"
python3 docs/data/evidence-2026-12-06b/gaps.py "$R/tt-$NAME" "$R/test-gpu-$NAME.txt" >> "$L"
python3 docs/data/evidence-2026-12-06/drains.py "$R/tt-$NAME" >> "$L"
python3 docs/data/evidence-2026-12-06d/gpu_busy.py "$R/smi-$NAME.csv" "$R/tt-$NAME" >> "$L"
if [ -z "${SUITE_ONLY:-}" ]; then
  grade all --submission solutions
  grade lab02 02 --submission solutions
  grade lab03 03 --submission solutions
  grade lab0001 00 01 --submission solutions
  grade gemm-all --submission solutions --kernel gemm
fi
step done
