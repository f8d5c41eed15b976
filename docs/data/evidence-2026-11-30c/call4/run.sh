#!/usr/bin/env bash
# Evidence 2026-11-30c, call 4: call 3's one failure, c12_triton_autotune's GPU positive control ("Nsight Compute recorded
# no kernel (2 tries)" in 03.triton.own_kernels, under eight parallel workers), run alone on a fresh machine.
#   (the command given to the device tool; $OUT collects)
python3 -m pip install -q --no-index --no-deps --no-compile --target /tmp/site .whl/*.whl && export PYTHONPATH=$PWD:/tmp/site; mkdir -p $OUT
( time timeout 300 python3 -m pytest -q -m gpu -p no:cacheprovider tests/test_adversarial.py -k "c12_triton_autotune" -rA ) 2>&1 | grep -E "PASSED|FAILED|passed|failed|real" | tee $OUT/log.txt
