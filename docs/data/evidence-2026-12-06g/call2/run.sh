#!/usr/bin/env bash
# Session 69, call 2, after decision 251 (in call 1 every lab 02 grading ended as an internal error: Nsight Compute's
# own report reader crashed in a worker that had NumPy imported first, diag/ncu_numpy_first.py). With the device time
# left (558 s, a fresh machine to start), not the whole suite again: every lab of the solutions graded, then the 15
# GPU tests of the suite that call 1 failed or that decision 249-251 touch (lab 02's gate tests, the c08 report cases,
# the refused Triton case of session 68, the port, the GPU memory given back), at -n 8, GPU memory sampled by role.
source docs/_tools/device_call.sh
grade solutions --submission solutions
SUITE_K="lab02 or c08_ or memory_goes_back or c12_triton_autotune or port_type_in_error"
python3 docs/data/evidence-2026-12-06f/gpu_mem_by_role.py "$R/gpumem-part.txt" & MEMPID=$!
suite part 240
kill -TERM $MEMPID; wait $MEMPID; cat "$R/gpumem-part.txt" >> "$L"
step done
