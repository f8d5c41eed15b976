#!/usr/bin/env bash
# Device call 3 (H200): the grader after the spawner fix: every lab cold, lab by lab warm, the GEMM track; the
# bench of the solutions with five gate repeats; the GPU tests, six at a time.
set -u
export PYTHONUNBUFFERED=1
LIMIT=${1:-580}
L=$OUT/log.txt
step() { echo "== $1 ($(date +%T), ${SECONDS}s)" | tee -a "$L"; }
left() { echo $((LIMIT - SECONDS)); }
timings() { grep -E "^│ (set-up|build|checks|timed|lab 0|total)|Score|FAIL|internal" "$1" >> "$L"; }

nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,memory.total --format=csv,noheader >> "$L"
step "softmax solutions, every lab, cold caches"
rm -rf build/cache
timeout 150 python3 -m grader --submission solutions --timings --json "$OUT/sol-softmax.json" > "$OUT/softmax.txt" 2>&1
echo "rc=$?" >> "$L"; timings "$OUT/softmax.txt"
[ -f build/grader/internal-error.log ] && tail -30 build/grader/internal-error.log >> "$L"

: > "$OUT/labs-alone.txt"
for labs in 03 02 "00 01" ""; do
  step "softmax solutions, lab(s) '${labs:-all}' alone, warm"
  echo "######## LAB=${labs:-all}" >> "$OUT/labs-alone.txt"
  ( time timeout 100 python3 -m grader $labs --submission solutions --timings ) >> "$OUT/labs-alone.txt" 2>&1
done
grep -E "^######|^│ (set-up|build|checks|timed|lab 0|total)|Score|^real" "$OUT/labs-alone.txt" >> "$L"

step "gemm solutions, every lab"
timeout 150 python3 -m grader --kernel gemm --submission solutions --timings --json "$OUT/sol-gemm.json" > "$OUT/gemm.txt" 2>&1
echo "rc=$?" >> "$L"; timings "$OUT/gemm.txt"

step "bench: softmax solutions, 5 rounds, 5 gate repeats"
timeout 200 python3 -m grader.bench --gate-repeats 5 --out "$OUT/bench-softmax-h200.json" >> "$L" 2>&1
echo "rc=$?" >> "$L"

step "GPU tests ($(left) s left)"
( time timeout $(( $(left) - 5 )) python3 -m pytest -q -m gpu --ignore=tests/docs -p no:cacheprovider -n 6 --durations=15 ) \
  > "$OUT/test-gpu.txt" 2>&1
echo "rc=$?" >> "$L"; tail -25 "$OUT/test-gpu.txt" >> "$L"
step done
