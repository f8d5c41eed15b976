#!/usr/bin/env bash
# Session 3, device call 9: CUDA variants whose last rows are cut into 2-4x as many pieces (the drain), at the long rows.
set -u
export PYTHONUNBUFFERED=1 GRADER_BLOCK_TIMEOUT_S=20
R=$OUT/r; mkdir -p $R
L=$R/log.txt
step() { echo "== $1 ($(date +%T), ${SECONDS}s)" | tee -a "$L"; }
finish() { tar -C $OUT -czf $OUT/r.tgz r; cp $L $OUT/log.txt; }
trap finish EXIT
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,memory.total --format=csv,noheader >> "$L"
python3 docs/_tools/softmax_limit/cluster_variants.py build/v3 > /dev/null
S=solutions/02-tuned-kernel/softmax_tuned.cu
step "bench: CUDA taper variants"
args=(--cuda $S); for f in build/v3/taper/*/softmax_tuned.cu; do args+=(--cuda "$f"); done
timeout 200 python3 -m grader.bench --quick --no-triton "${args[@]}" \
  --shapes 1024x50257,512x128256,128x524288 --out "$R/bench-cuda-taper.json" >> "$L" 2>&1
echo "rc=$?" >> "$L"
step done
