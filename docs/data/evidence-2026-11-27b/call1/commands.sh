#!/usr/bin/env bash
# Session 2, device call 1: isolation in every run after the probe fix; lab 03 traced (cold, warm); every lab warm
# traced; the GPU tests, 4 at a time, with durations.
set -u
export PYTHONUNBUFFERED=1
LIMIT=${1:-570}
R=$OUT/r; mkdir -p $R
L=$R/log.txt
step() { echo "== $1 ($(date +%T), ${SECONDS}s)" | tee -a "$L"; }
left() { echo $((LIMIT - SECONDS)); }
summ() { grep -E "^isolation|^│ (set-up|build|checks|timed|lab 0|total|  0)|Score|FAIL|internal|^real" "$1" >> "$L"; }
finish() { cp -r build/grader/internal-error.log $R/ 2>/dev/null; tar -C $OUT -czf $OUT/r.tgz r; cp $L $OUT/log.txt; }
trap finish EXIT
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,memory.total --format=csv,noheader >> "$L"
python3 -c "import xdist; print('xdist', xdist.__version__)" >> "$L" 2>&1
rm -rf build/cache
for run in cold warm; do
  step "lab 03 alone, $run"
  ( time GRADER_TRACE=$R/trace-03-$run.jsonl timeout 120 python3 -m grader 03 --submission solutions --timings ) > $R/lab03-$run.txt 2>&1
  summ $R/lab03-$run.txt
done
step "every lab, warm"
( time GRADER_TRACE=$R/trace-all.jsonl timeout 120 python3 -m grader --submission solutions --timings ) > $R/all.txt 2>&1
summ $R/all.txt
step "labs 00 01 and lab 02, warm"
( time timeout 100 python3 -m grader 00 01 --submission solutions --timings ) > $R/lab0001.txt 2>&1; summ $R/lab0001.txt
( time GRADER_TRACE=$R/trace-02.jsonl timeout 100 python3 -m grader 02 --submission solutions --timings ) > $R/lab02.txt 2>&1; summ $R/lab02.txt
step "GPU tests ($(left) s left)"
( time timeout $(( $(left) - 10 )) python3 -m pytest -q -m gpu --ignore=tests/docs -p no:cacheprovider -n 4 --durations=40 ) \
  > $R/test-gpu.txt 2>&1
echo "rc=$?" >> "$L"; tail -50 $R/test-gpu.txt >> "$L"
step done
