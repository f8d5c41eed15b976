#!/usr/bin/env bash
# Session 4, call 4: kernel 3 waiting on the row's words (no counter, no fences), with per-row timelines;
# Triton variants (no memset per call, other split tiles); all 9 sweep shapes.
set -u
export PYTHONUNBUFFERED=1
R=$OUT; L=$R/log.txt
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,memory.total --format=csv,noheader | tee -a $L
B=.scratch-dev/r4; D=docs/_tools/softmax_limit/round4
args=(--py triton=solutions/03-triton-and-pytorch/softmax_triton.py)
for f in $B/*.so; do n=$(basename $f .so); [ $n = diag ] && continue; args+=(--so $n=$f); done
for f in $B/triton_*.py; do n=$(basename $f .py); args+=(--py $n=$f); done
timeout 400 python3 $D/mb.py "${args[@]}" --timeline tl_words@128x524288 --timeline tl_words@1024x50257 \
  --timeline tl_ref@128x524288 --out $R/mb4.json 2>&1 | tee -a $L
echo "rc=$?" | tee -a $L
