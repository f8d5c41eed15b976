#!/usr/bin/env bash
# Session 69, call 2: call 1 again (every lab of the solutions, then the whole suite at -n 8 with the GPU memory by
# role) after decision 251: in call 1 every lab 02 grading ended as an internal error, Nsight Compute's own report
# reader crashing (SIGSEGV in get_version) in a worker that had NumPy imported first (diag/ncu_numpy_first.py).
exec bash docs/data/evidence-2026-12-06g/call1/run.sh
