#!/usr/bin/env bash
# Session 4, call 1: round-4 microbenchmark (docs/_tools/softmax_limit/round4): the reference, cache-hint
# variants, the lagged two-pass kernel (kernel 5), held-copy diagnostics, and per-block timelines.
set -u
export PYTHONUNBUFFERED=1
R=$OUT; L=$R/log.txt
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,memory.total --format=csv,noheader | tee -a $L
B=.scratch-dev/r4
args=()
for f in $B/*.so; do n=$(basename $f .so); [ $n = diag ] && continue; args+=(--so $n=$f); done
for s in copy_v1 copy_v4 copy_v8 copy_v16 copy_v16_nosync copy_v8_t512; do args+=(--so $s=$B/diag.so:$s); done
timeout 500 python3 docs/_tools/softmax_limit/round4/mb.py "${args[@]}" \
  --timeline tl_ref@128x524288 --timeline tl_lag@128x524288 --timeline tl_ref@1024x50257 --timeline tl_lag@1024x50257 \
  --timeline tl_lag@4096x16384 --out $R/mb1.json 2>&1 | tee -a $L
echo "rc=$?" | tee -a $L
