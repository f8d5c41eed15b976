#!/usr/bin/env bash
# Session 3, device call 8: after HostCopies keeps 4 arrays: lab 02 alone (softmax, GEMM), traced; the GPU tests of
# the worker buffers and lab 02.
set -u
export PYTHONUNBUFFERED=1
R=$OUT/r; mkdir -p $R
L=$R/log.txt
step() { echo "== $1 ($(date +%T), ${SECONDS}s)" | tee -a "$L"; }
summ() { grep -E "^isolation|^│ (set-up|build|checks|timed|lab 0|total|  0)|Score|FAIL|internal|^real" "$1" >> "$L"; }
finish() { cp -r build/grader/internal-error.log $R/ 2>/dev/null; tar -C $OUT -czf $OUT/r.tgz r; cp $L $OUT/log.txt; }
trap finish EXIT
g() { local name=$1; shift; step "$name"
  ( time GRADER_TRACE=$R/trace-$name.jsonl timeout 150 python3 -m grader "$@" --timings ) > $R/$name.txt 2>&1; summ $R/$name.txt; }
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,memory.total --format=csv,noheader >> "$L"
g lab02 02 --submission solutions
g lab02b 02 --submission solutions
g gemm-lab02 02 --kernel gemm --submission solutions
step "GPU tests: worker buffers, lab 02"
timeout 200 python3 -m pytest -q -m gpu -n 4 -p no:cacheprovider tests/test_worker_buffers.py tests/test_lab02_gate.py > $R/test-gpu-part.txt 2>&1
echo "rc=$?" >> $L; tail -3 $R/test-gpu-part.txt >> $L
step done
