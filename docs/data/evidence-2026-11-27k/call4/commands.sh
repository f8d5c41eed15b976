#!/usr/bin/env bash
# Session 11, call 4: call 3's make test-gpu command again, on the same warm H100 (the tree of call 3), traced.
mkdir -p $OUT/r/tt && R=$OUT/r; nvidia-smi --query-gpu=name --format=csv,noheader > $R/log.txt
python3 -m pip install -q --no-index --no-deps --no-compile --target /tmp/site .whl/*.whl
export PYTHONPATH=$PWD:/tmp/site PYTHONUNBUFFERED=1
( time GRADER_TEST_TRACE=$R/tt timeout 500 python3 -m pytest -q -m gpu --ignore=tests/docs -n 6 --dist worksteal \
  --durations=0 -p no:cacheprovider ) > $R/test-gpu.txt 2>&1
echo "rc=$?" >> $R/log.txt; grep -E "passed|failed|^FAILED|^ERROR|^real" $R/test-gpu.txt | tail -12 >> $R/log.txt
tar -C $OUT -czf $OUT/r.tgz r; cat $R/log.txt
