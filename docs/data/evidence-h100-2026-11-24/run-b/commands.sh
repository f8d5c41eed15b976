#!/bin/bash
# Final evidence run: GEMM profile of the merged reference, both tracks graded, gate repeatability, bench.
cd "$(dirname "$0")/.."
export PYTHONUNBUFFERED=1
L=$OUT/log.txt
python3 -m pip install -q --no-index --no-deps --no-compile --target /tmp/site .whl/*.whl && export PYTHONPATH=$PWD:/tmp/site
step() { echo "== $1 ($(date +%T))" | tee -a $L; }
step "device"; nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm --format=csv >> $L 2>&1
step "gemm profile (make profile LAB=02 KERNEL=gemm SUBMISSION=solutions)"
( time timeout 100 python3 -m grader.profile 02 --kernel gemm --submission solutions ) >> $L 2>&1; echo "rc=$?" >> $L
cp solutions/02-tuned-kernel/profile/sgemm_tuned.ncu-rep $OUT/ 2>/dev/null
step "softmax solutions"
( time timeout 170 python3 -m grader --submission solutions --timings --json $OUT/sol-softmax.json ) > $OUT/softmax.txt 2>&1; echo "rc=$?" >> $L
grep -E "FAIL|Score|internal|isolation|gate" $OUT/softmax.txt >> $L
cp build/grader/internal-error.log $OUT/internal.log 2>/dev/null; rm -f build/grader/internal-error.log
step "gemm solutions"
( time timeout 130 python3 -m grader --kernel gemm --submission solutions --timings --json $OUT/sol-gemm.json ) > $OUT/gemm.txt 2>&1; echo "rc=$?" >> $L
grep -E "FAIL|Score|internal|gate" $OUT/gemm.txt >> $L
cp build/grader/internal-error.log $OUT/internal2.log 2>/dev/null; rm -f build/grader/internal-error.log
step "gate repeatability softmax"
timeout 60 python3 .scratch-run/repeat.py softmax >> $L 2>&1
step "bench softmax --quick"
timeout 100 python3 -m grader.bench --kernel softmax --quick --out $OUT/bench-softmax-h100.json > $OUT/bench-softmax.txt 2>&1; echo "rc=$?" >> $L
tail -25 $OUT/bench-softmax.txt >> $L
step done
