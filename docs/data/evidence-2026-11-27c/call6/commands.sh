#!/usr/bin/env bash
# Session 3, device call 6: make test-gpu's tests (pytest -m gpu, 6 at a time, as make test-gpu on 16 cores), timed,
# every grading traced.
set -u
export PYTHONUNBUFFERED=1
LIMIT=${1:-570}
R=$OUT/r; mkdir -p $R/tt
L=$R/log.txt
step() { echo "== $1 ($(date +%T), ${SECONDS}s)" | tee -a "$L"; }
left() { echo $((LIMIT - SECONDS)); }
finish() { tar -C $OUT -czf $OUT/r.tgz r; cp $L $OUT/log.txt; cp $R/test-gpu.txt $OUT/ 2>/dev/null; }
trap finish EXIT
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,memory.total --format=csv,noheader >> "$L"
step "GPU tests ($(left) s left)"
( time GRADER_TEST_TRACE=$R/tt timeout $(( $(left) - 10 )) python3 -m pytest -q -m gpu --ignore=tests/docs -p no:cacheprovider -n 6 --durations=25 ) \
  > $R/test-gpu.txt 2>&1
echo "rc=$?" >> "$L"; tail -60 $R/test-gpu.txt >> "$L"
step done
