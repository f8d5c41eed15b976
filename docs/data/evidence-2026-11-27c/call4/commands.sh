#!/usr/bin/env bash
# Session 3, device call 4: CUDA variants with fewer float4s per thread at 1024-16384 columns; the references at
# the long rows with 4x the rows (more waves of blocks), beside the sweep's shapes.
set -u
export PYTHONUNBUFFERED=1 GRADER_BLOCK_TIMEOUT_S=20
LIMIT=${1:-570}
R=$OUT/r; mkdir -p $R
L=$R/log.txt
step() { echo "== $1 ($(date +%T), ${SECONDS}s)" | tee -a "$L"; }
left() { echo $((LIMIT - SECONDS)); }
finish() { tar -C $OUT -czf $OUT/r.tgz r; cp $L $OUT/log.txt; }
trap finish EXIT
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,memory.total --format=csv,noheader >> "$L"
python3 docs/_tools/softmax_limit/cluster_variants.py build/v3 > /dev/null
S=solutions/02-tuned-kernel/softmax_tuned.cu
step "bench: CUDA mid variants"
args=(--cuda $S); for f in build/v3/mid/*/softmax_tuned.cu; do args+=(--cuda "$f"); done
timeout 200 python3 -m grader.bench --quick --no-triton "${args[@]}" \
  --shapes 65536x1024,29127x2304,16384x4096,4096x16384 --out "$R/bench-cuda-mid.json" >> "$L" 2>&1
echo "rc=$?" >> "$L"
step "bench: references at the long rows, and at 4x the rows"
timeout $(( $(left) > 200 ? 200 : $(left) - 20 )) python3 -m grader.bench --quick \
  --shapes 1024x50257,4096x50257,128x524288,512x524288,512x128256,2048x128256 --out "$R/bench-more-rows.json" >> "$L" 2>&1
echo "rc=$?" >> "$L"
step done
