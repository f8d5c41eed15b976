#!/usr/bin/env bash
# Session 6, call 11 (H200, the machine of calls 9 and 10): the four Triton positive controls of the adversarial
# suite one at a time. In call 10, run six at a time, three of them failed 03.triton.own_kernels: Nsight Compute
# listed no kernel (or did not answer) in either try.
set -u
export PYTHONUNBUFFERED=1
R=$OUT; L=$R/log.txt
python3 -m pip install -q --no-index --no-deps --no-compile --target /tmp/site .whl/*.whl 2>/dev/null; export PYTHONPATH=$PWD:/tmp/site
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,memory.total --format=csv,noheader | tee -a $L
( time timeout 400 python3 -m pytest -v -m gpu -k "c12_triton" -p no:cacheprovider -rf --tb=short --durations=5 tests/test_adversarial.py ) > $R/c12.txt 2>&1; echo "rc=$?" >> $L
grep -E "PASSED|FAILED|ERROR|passed|failed|^real|s call|^E .*own_kernels" $R/c12.txt | head -40 >> $L
