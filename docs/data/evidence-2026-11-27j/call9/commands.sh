#!/usr/bin/env bash
# Session 10, call 9: the final tree (decision 84's Triton reference): make test-gpu's selection.
set -u
export PYTHONUNBUFFERED=1
R=$OUT; L=$R/log.txt
python3 -m pip install -q --no-index --no-deps --no-compile --target /tmp/site .whl/*.whl && export PYTHONPATH=$PWD:/tmp/site
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,memory.total --format=csv,noheader | tee -a $L
( time timeout 540 python3 -m pytest -q -m gpu --ignore=tests/docs -n 6 -p no:cacheprovider ) > $R/test-gpu.txt 2>&1
echo "rc=$?" >> $L; grep -E "passed|failed|^FAILED|^ERROR|^real" $R/test-gpu.txt | tail -12 >> $L
