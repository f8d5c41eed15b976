#!/usr/bin/env bash
# Session 4, call 5: kernel 6, the persistent two-piece kernel (cooperative launch), at the long rows and beyond.
set -u
export PYTHONUNBUFFERED=1
R=$OUT; L=$R/log.txt
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,memory.total --format=csv,noheader | tee -a $L
B=.scratch-dev/r4; D=docs/_tools/softmax_limit/round4
args=()
for f in $B/*.so; do n=$(basename $f .so); [ $n = diag ] && continue; args+=(--so $n=$f); done
timeout 300 python3 $D/mb.py "${args[@]}" --no-fsoftmax --shapes 1024x50257,512x128256,128x524288,4096x50257,512x524288,2048x32000,4096x16384,16384x4096,65536x1024 \
  --out $R/mb5.json 2>&1 | tee -a $L
echo "rc=$?" | tee -a $L
