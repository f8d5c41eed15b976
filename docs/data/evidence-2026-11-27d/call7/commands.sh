#!/usr/bin/env bash
# Session 4, call 7: the first wave of kernels 2 and 3 started in two to four phases (rows delayed 4-12 us), so
# that the blocks' load / wait / store cycles do not lock in step; per-block timelines.
set -u
export PYTHONUNBUFFERED=1
R=$OUT; L=$R/log.txt
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,memory.total --format=csv,noheader | tee -a $L
B=.scratch-dev/r4; D=docs/_tools/softmax_limit/round4
args=()
for f in $B/*.so; do n=$(basename $f .so); [ $n = diag ] && continue; args+=(--so $n=$f); done
timeout 300 python3 $D/mb.py "${args[@]}" --no-fsoftmax --shapes 128x524288,1024x50257,512x128256,2048x32000,4096x16384,512x524288,4096x50257 \
  --timeline tl_ref@128x524288 --timeline tl_sg8@128x524288 --timeline tl_sg5m3@128x524288 --timeline tl_sg8@1024x50257 \
  --out $R/mb7.json 2>&1 | tee -a $L
echo "rc=$?" | tee -a $L
