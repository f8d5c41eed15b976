#!/usr/bin/env bash
# Device call 2 (H200): the grader after the speed changes, cold then lab by lab; the GEMM track; a second
# small round of reference-kernel variants; the GPU tests, a few at a time.
set -u
export PYTHONUNBUFFERED=1 GRADER_BLOCK_TIMEOUT_S=30
LIMIT=${1:-560}
L=$OUT/log.txt
step() { echo "== $1 ($(date +%T), ${SECONDS}s)" | tee -a "$L"; }
left() { echo $((LIMIT - SECONDS)); }
mem() { free -g | sed -n 2p >> "$L"; dmesg 2>/dev/null | grep -iE "out of memory|oom-kill|killed process" | tail -5 >> "$L"; }
timings() { grep -E "^│ (set-up|build|checks|timed|lab 0|total)|Score|FAIL|internal" "$1" >> "$L"; }

nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,memory.total --format=csv,noheader >> "$L"; mem
step "softmax solutions, every lab, cold caches"
rm -rf build/cache
timeout 150 python3 -m grader --submission solutions --timings --json "$OUT/sol-softmax.json" > "$OUT/softmax.txt" 2>&1
echo "rc=$?" >> "$L"; timings "$OUT/softmax.txt"; mem
[ -f build/grader/internal-error.log ] && tail -30 build/grader/internal-error.log >> "$L"

: > "$OUT/labs-alone.txt"
for labs in 02 03 "00 01"; do
  step "softmax solutions, lab(s) $labs alone"
  echo "######## LAB=$labs" >> "$OUT/labs-alone.txt"
  ( time timeout 100 python3 -m grader $labs --submission solutions --timings ) >> "$OUT/labs-alone.txt" 2>&1
done
grep -E "^######|^│ (set-up|build|checks|timed|lab 0|total)|Score|^real" "$OUT/labs-alone.txt" >> "$L"

step "gemm solutions, every lab"
timeout 150 python3 -m grader --kernel gemm --submission solutions --timings > "$OUT/gemm.txt" 2>&1
echo "rc=$?" >> "$L"; timings "$OUT/gemm.txt"; mem

step "round 2 variants"
python3 docs/_tools/softmax_limit/round2_variants.py build/round2 > /dev/null
args=(); for f in build/round2/triton/*/softmax_triton.py; do args+=(--triton "$f"); done
for f in build/round2/cuda/*/softmax_tuned.cu; do args+=(--cuda "$f"); done
timeout 150 python3 -m grader.bench --quick "${args[@]}" \
  --shapes 524288x128,65536x1024,29127x2304,16384x4096,4096x16384,2048x32000 --out "$OUT/bench-round2.json" >> "$L" 2>&1
echo "rc=$?" >> "$L"

step "GPU tests ($(left) s left)"
timeout $(( $(left) - 5 )) python3 -m pytest -q -m gpu --ignore=tests/docs -p no:cacheprovider -n 4 --durations=25 \
  > "$OUT/test-gpu.txt" 2>&1
echo "rc=$?" >> "$L"; tail -40 "$OUT/test-gpu.txt" >> "$L"; mem
step done
