#!/usr/bin/env bash
# Session 3, device call 1: cluster-exchange CUDA variants and counter-polling Triton variants at the long rows,
# against the references, with the project's bench (2 rounds per shape).
set -u
export PYTHONUNBUFFERED=1 GRADER_BLOCK_TIMEOUT_S=20
LIMIT=${1:-570}
R=$OUT/r; mkdir -p $R
L=$R/log.txt
step() { echo "== $1 ($(date +%T), ${SECONDS}s)" | tee -a "$L"; }
left() { echo $((LIMIT - SECONDS)); }
finish() { cp -r build/grader/internal-error.log $R/ 2>/dev/null; tar -C $OUT -czf $OUT/r.tgz r; cp $L $OUT/log.txt; }
trap finish EXIT
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,memory.total --format=csv,noheader >> "$L"
python3 docs/_tools/softmax_limit/cluster_variants.py build/v3 > /dev/null
S=solutions/02-tuned-kernel/softmax_tuned.cu
T=solutions/03-triton-and-pytorch/softmax_triton.py
step "bench: CUDA cluster variants"
args=(--cuda $S); for f in build/v3/cuda/*/softmax_tuned.cu; do args+=(--cuda "$f"); done
timeout 200 python3 -m grader.bench --quick --no-triton "${args[@]}" \
  --shapes 4096x16384,2048x32000,1024x50257,512x128256,128x524288 --out "$R/bench-cuda-cluster.json" >> "$L" 2>&1
echo "rc=$?" >> "$L"
step "bench: Triton counter variants"
args=(--triton $T); for f in build/v3/triton/*/softmax_triton.py; do args+=(--triton "$f"); done
timeout $(( $(left) > 200 ? 200 : $(left) - 20 )) python3 -m grader.bench --quick --no-cuda "${args[@]}" \
  --shapes 2048x32000,1024x50257,512x128256,128x524288 --out "$R/bench-triton-count.json" >> "$L" 2>&1
echo "rc=$?" >> "$L"
step done
