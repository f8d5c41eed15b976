#!/bin/bash
# Run 1 on the H200: is the CUDA softmax reference's NaN row a kernel race or a harness race (a plain CUDA
# driver, compute-sanitizer, the torch replay), then both tracks' solutions graded (--timings), then the bench.
cd "$(dirname "$0")/../../../.."
export PYTHONUNBUFFERED=1
L=$OUT/log.txt; E=docs/data/evidence-h200-2026-11-26
python3 -m pip install -q --no-index --no-deps --no-compile --target /tmp/site .whl/*.whl && export PYTHONPATH=$PWD:/tmp/site
step() { echo "== $1 ($(date +%T), ${SECONDS}s)" | tee -a $L; }
step device; nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm --format=csv >> $L 2>&1
step "driver build"; nvcc -O3 -arch=sm_90 -o /tmp/nd $E/nan_driver.cu >> $L 2>&1
for mode in stream legacy sync; do step "driver $mode"; timeout 60 /tmp/nd 200 $mode >> $L 2>&1; echo "rc=$?" >> $L; done
step "racecheck"; timeout 60 compute-sanitizer --tool racecheck --print-limit 3 /tmp/nd 3 stream 8 >> $L 2>&1; echo "rc=$?" >> $L
step "synccheck"; timeout 45 compute-sanitizer --tool synccheck --print-limit 3 /tmp/nd 3 stream 8 >> $L 2>&1; echo "rc=$?" >> $L
step "torch probe"; timeout 90 python3 docs/data/evidence-h100-2026-11-24/nan_probe.py >> $L 2>&1; echo "rc=$?" >> $L
step "softmax solutions"
( time timeout 200 python3 -m grader --submission solutions --timings --json $OUT/sol-softmax.json ) > $OUT/softmax.txt 2>&1; echo "rc=$?" >> $L
grep -E "FAIL|Score|internal|isolation|timed launch" $OUT/softmax.txt >> $L
step "gemm solutions"
( time timeout 170 python3 -m grader --kernel gemm --submission solutions --timings --json $OUT/sol-gemm.json ) > $OUT/gemm.txt 2>&1; echo "rc=$?" >> $L
grep -E "FAIL|Score|internal|timed launch" $OUT/gemm.txt >> $L
cat build/grader/internal-error.log >> $L 2>/dev/null
left=$((575 - SECONDS)); step "bench softmax --quick ($left s left)"
[ $left -gt 30 ] && timeout $left python3 -m grader.bench --kernel softmax --quick --out $OUT/bench-softmax-h200.json > $OUT/bench-softmax.txt 2>&1; echo "rc=$?" >> $L
tail -20 $OUT/bench-softmax.txt >> $L
step done
