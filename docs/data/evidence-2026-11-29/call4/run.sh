#!/usr/bin/env bash
# Evidence 2026-11-29, call 4: call 3 again once c09_bonus_fakes_routing is made by its manifest (a copy of the solutions'
# port with attention's softmax replaced), with a port positive control: three adversarial tests, -v.
set -u
python3 -m pip install -q --no-index --no-deps --no-compile --target /tmp/site .whl/*.whl && export PYTHONPATH=$PWD:/tmp/site
nvidia-smi --query-gpu=name --format=csv,noheader | tee $OUT/log.txt
( time timeout 300 python3 -m pytest -v -m gpu -p no:cacheprovider tests/test_adversarial.py -k "c09_bonus or c12_triton_tutorial or c12_port" ) > $OUT/tests.txt 2>&1
echo "rc=$?" >> $OUT/log.txt; grep -E "PASS|FAIL|passed|failed" $OUT/tests.txt | tail -8 | tee -a $OUT/log.txt
