#!/usr/bin/env bash
# Session 3, device call 3: lab 02 alone with host copies through pinned memory and the trace worker started
# early (x2, traced), then the same with 3 workers for the correctness run (x2); every lab; GPU tests of the
# changed parts.
set -u
export PYTHONUNBUFFERED=1
LIMIT=${1:-570}
R=$OUT/r; mkdir -p $R
L=$R/log.txt
step() { echo "== $1 ($(date +%T), ${SECONDS}s)" | tee -a "$L"; }
summ() { grep -E "^isolation|^│ (set-up|build|checks|timed|lab 0|total|  0)|Score|FAIL|internal|^real" "$1" >> "$L"; }
finish() { cp -r build/grader/internal-error.log $R/ 2>/dev/null; tar -C $OUT -czf $OUT/r.tgz r; cp $L $OUT/log.txt; }
trap finish EXIT
g() { # name, args...
  local name=$1; shift
  step "$name"
  ( time GRADER_TRACE=$R/trace-$name.jsonl timeout 120 python3 -m grader "$@" --timings ) > $R/$name.txt 2>&1
  summ $R/$name.txt
}
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,memory.total --format=csv,noheader >> "$L"
g lab02 02 --submission solutions
g lab02b 02 --submission solutions
for f in $(find build/grader -name worker.log -path "*trace*"); do echo "## $f"; grep -h "\[harness\]" $f; done >> $L 2>&1
sed -i 's/^WORKERS = 2 /WORKERS = 3 /' grader/labs/lab02.py; grep -n "^WORKERS" grader/labs/lab02.py >> $L
g lab02w3 02 --submission solutions
g lab02w3b 02 --submission solutions
git checkout grader/labs/lab02.py
g all --submission solutions
step "GPU tests of the changed parts"
timeout 200 python3 -m pytest -q -m gpu -n 4 tests/test_worker_buffers.py tests/test_profile_checks.py tests/test_solution_profile.py tests/test_labs_cuda.py tests/test_lab03_triton.py > $R/test-gpu-part.txt 2>&1
echo "rc=$?" >> $L; tail -5 $R/test-gpu-part.txt >> $L
step done
