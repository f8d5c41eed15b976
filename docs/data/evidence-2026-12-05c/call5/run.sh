#!/usr/bin/env bash
# Evidence 2026-12-05c (session 59), call 5, an H100: the grader with decision 231 (the audit of lab 03's Triton
# wrappers) on the GPU: lab 03 of both tracks' solutions with --timings, then the s59 cases and one s57 positive
# control through tests/test_adversarial.py (their GPU checks included). Run as one command line through the tool:
source docs/_tools/device_call.sh
grade lab03-softmax 03 --submission solutions
grade lab03-gemm 03 --submission solutions --kernel gemm
step "s59 and s57 gemm triton cases on the GPU"
timeout 150 python3 -m pytest -q -p no:cacheprovider -n 4 tests/test_adversarial.py \
  -k "s59 or c12_gemm_triton_grid_reads_meta_get_s57" 2>&1 | tail -4 | tee -a $L
step done
