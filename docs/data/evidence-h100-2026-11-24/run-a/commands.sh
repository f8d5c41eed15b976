#!/bin/bash
cd "$(dirname "$0")/.."
export PYTHONUNBUFFERED=1
L=$OUT/log.txt
python3 -m pip install -q --no-index --no-deps --no-compile --target /tmp/site .whl/*.whl && export PYTHONPATH=/tmp/site
step() { echo "== $1 ($(date +%T))" | tee -a $L; }
step "gemm profile"
timeout 100 python3 -m grader.profile 02 --kernel gemm --submission solutions >> $L 2>&1; echo "rc=$?" >> $L
cp solutions/02-tuned-kernel/profile/sgemm_tuned.ncu-rep $OUT/ 2>/dev/null
step "softmax solutions"
( time timeout 160 python3 -m grader --submission solutions --timings --json $OUT/sol-softmax.json ) > $OUT/softmax.txt 2>&1; echo "rc=$?" >> $L
grep -E "FAIL|Score|internal|isolation" $OUT/softmax.txt >> $L; sed -n '/Where the time/,/total/p' $OUT/softmax.txt >> $L
cp build/grader/internal-error.log $OUT/internal.log 2>/dev/null; rm -f build/grader/internal-error.log
step "gemm solutions"
( time timeout 130 python3 -m grader --kernel gemm --submission solutions --timings --json $OUT/sol-gemm.json ) > $OUT/gemm.txt 2>&1; echo "rc=$?" >> $L
grep -E "FAIL|Score|internal" $OUT/gemm.txt >> $L; sed -n '/Where the time/,/total/p' $OUT/gemm.txt >> $L
cp build/grader/internal-error.log $OUT/internal2.log 2>/dev/null; rm -f build/grader/internal-error.log
step "gate repeatability"
timeout 70 python3 .scratch-run/repeat.py softmax >> $L 2>&1
step "gemm controls"
for s in gemm_naive_as_tuned gemm_tf32_inputs gemm_tile_only; do
  timeout 42 python3 -m grader 02 --kernel gemm --submission tests/submissions/$s > /tmp/$s.txt 2>&1; echo "$s rc=$?" >> $L
  grep -E "02\.(correct|perf|run|memory)" /tmp/$s.txt | grep -E "FAIL|PASS" | head -4 >> $L; grep -A4 "^02.correct.sweep: FAIL\|^02.perf.gate: FAIL\|^02.memory.in_bounds: FAIL\|^02.correct.lab01_cases: FAIL" /tmp/$s.txt | head -10 >> $L
done
step done
