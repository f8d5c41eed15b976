#!/usr/bin/env bash
# Session 10, call 11: call 10 with 8 test workers instead of 6 (-n 8 --dist worksteal); xdist default
# scheduling at 6 took 304.9 s (call 9), work stealing at 6 297.2 s (call 10).
set -u
export PYTHONUNBUFFERED=1
R=$OUT; L=$R/log.txt
python3 -m pip install -q --no-index --no-deps --no-compile --target /tmp/site .whl/*.whl && export PYTHONPATH=$PWD:/tmp/site
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,memory.total --format=csv,noheader | tee -a $L
python3 -c "import xdist; print('xdist', xdist.__version__)" | tee -a $L
( time timeout 540 python3 -m pytest -q -m gpu --ignore=tests/docs -n 8 --dist worksteal --durations=49 -p no:cacheprovider ) > $R/test-gpu.txt 2>&1
echo "rc=$?" >> $L; grep -E "passed|failed|^FAILED|^ERROR|^real" $R/test-gpu.txt | tail -12 >> $L
