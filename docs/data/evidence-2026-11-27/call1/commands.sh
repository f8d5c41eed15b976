#!/usr/bin/env bash
# One device call: the softmax solutions graded with --timings, the reference solutions benchmarked, then
# the variants of docs/_tools/softmax_limit timed with the project's own bench (grader/timing.py), each
# family in one process. Run from the repository root; $OUT is where logs and JSON go.
#
#   OUT=/tmp/out bash docs/_tools/softmax_limit/explore.sh [LIMIT_S]
set -u
OUT=${OUT:-/tmp/out}
LIMIT=${1:-470}
HERE=docs/_tools/softmax_limit
V=build/variants
L=$OUT/log.txt
export PYTHONUNBUFFERED=1 GRADER_BLOCK_TIMEOUT_S=20
step() { echo "== $1 ($(date +%T), ${SECONDS}s)" | tee -a "$L"; }
left() { echo $((LIMIT - SECONDS)); }

nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm,clocks.mem,memory.total --format=csv | tee -a "$L"
python3 "$HERE/triton_variants.py" "$V/triton" > /dev/null
python3 "$HERE/cuda_variants.py" "$V/cuda" --write-last > /dev/null
rm -rf "$V"/cuda/stream_t256_v8_l32768 "$V"/triton/{stream_p16384_w16_r128,stream_p4096_w8_r64,stream_above16384,short_e2048_w2,short_e8192_w4,split_p4096_w2_r128}

step "grade the softmax solutions, every lab (cold caches)"
timeout 170 python3 -m grader --submission solutions --timings --json "$OUT/sol-softmax.json" > "$OUT/softmax.txt" 2>&1
echo "rc=$?" >> "$L"; grep -E "FAIL|Score|internal|02.perf.gate  |total" "$OUT/softmax.txt" >> "$L"
[ -f build/grader/internal-error.log ] && cat build/grader/internal-error.log >> "$L"

step "bench: the solutions, 9 shapes"
timeout 150 python3 -m grader.bench --quick --out "$OUT/bench-solutions.json" >> "$L" 2>&1
echo "rc=$?" >> "$L"

step "bench: CUDA variants"
args=(); for f in "$V"/cuda/*/softmax_tuned.cu; do args+=(--cuda "$f"); done
timeout $(( $(left) > 200 ? 200 : $(left) )) python3 -m grader.bench --quick --no-triton "${args[@]}" \
  --shapes 4096x16384,2048x32000,1024x50257,512x128256,128x524288 --out "$OUT/bench-cuda-variants.json" \
  >> "$L" 2>&1
echo "rc=$?" >> "$L"

step "bench: Triton long-row variants"
args=(); for f in "$V"/triton/{ref,stream_,split_}*/softmax_triton.py; do args+=(--triton "$f"); done
timeout $(( $(left) > 200 ? 200 : $(left) )) python3 -m grader.bench --quick --no-cuda "${args[@]}" \
  --shapes 2048x32000,1024x50257,512x128256,128x524288 --out "$OUT/bench-triton-long.json" \
  >> "$L" 2>&1
echo "rc=$?" >> "$L"

step "bench: Triton short-row variants"
args=(); for f in "$V"/triton/{ref,short_}*/softmax_triton.py; do args+=(--triton "$f"); done
timeout $(( $(left) > 120 ? 120 : $(left) )) python3 -m grader.bench --quick --no-cuda "${args[@]}" \
  --shapes 524288x128,65536x1024 --out "$OUT/bench-triton-short.json" >> "$L" 2>&1
echo "rc=$?" >> "$L"

if [ "$(left)" -gt 100 ]; then
  step "grade the softmax solutions again (warm caches)"
  timeout $(( $(left) - 10 )) python3 -m grader --submission solutions --timings > "$OUT/softmax-warm.txt" 2>&1
  echo "rc=$?" >> "$L"; grep -E "Score|total" "$OUT/softmax-warm.txt" >> "$L"
fi
step done
