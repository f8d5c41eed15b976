#!/usr/bin/env bash
# Session 68, call 4: the session's last tree (decision 249: the watch pause removed, torch's CUDA notes out of the
# lessons, idle GPU memory given back after each case): make test-gpu's command at -n 8, Triton's caches emptied,
# with the GPU memory of every process by role (gpu_mem_by_role.py) and nvidia-smi's utilization beside it. Not the
# whole suite: 447 s of device time were left, and a machine takes 90-180 s to start. Left out: the 17 adversarial
# cases that must fail (318 s summed in call 2), the timed-launch test (59 s) and the three GEMM kernels that must
# not pass the gate (44 s); every positive control, negative control and lab test runs.
source docs/_tools/device_call.sh
NAME=final
rm -rf build/cache
nvidia-smi --query-gpu=timestamp,utilization.gpu,memory.used --format=csv,noheader,nounits -lms 200 > "$R/smi-$NAME.csv" &
SMI=$!
python3 docs/data/evidence-2026-12-06f/gpu_mem_by_role.py "$R/gpumem-$NAME.txt" & MEM=$!
SUITE_ARGS="--deselect tests/test_adversarial.py::test_adversarial --deselect tests/test_timing_gpu.py::test_every_recent_timed_launch_of_the_reference_is_right --deselect tests/test_lab02_gate.py::test_lab02_gemm_kernels_the_gate_must_not_pass" \
  suite "$NAME" ${LIMIT_S:-300}
kill $SMI; kill -TERM $MEM; wait $MEM
cat "$R/gpumem-$NAME.txt" >> "$L"
summaries "$NAME"
step done
