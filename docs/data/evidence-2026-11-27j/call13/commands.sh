#!/usr/bin/env bash
# Session 10, call 13: round 8, CUDA kernel 3 in one-warp blocks, as Triton's kept split kernel (tD): 8 KB pieces in
# registers (s32_16r), 16 KB with half in shared memory (s32_16), 4 KB (s32_8r), with the reference's exchange and
# with Triton's (w*). Each variant in its own process beside the reference, the three long-row shapes.
set -u
export PYTHONUNBUFFERED=1
R=$OUT; L=$R/log.txt
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,memory.total --format=csv,noheader | tee -a $L
D=docs/_tools/softmax_limit; B=.scratch-dev/r8
V="s32_16r w32_16r s32_16 w32_16 s32_8r"
ONLY="$V" JOBS=8 bash $D/round8/build.sh $B 2>&1 | tail -1 | tee -a $L
for n in $V; do
  timeout 30 python3 $D/round5/check.py --so $n=$B/$n.so 2>&1 | tee -a $L || { echo "$n: check failed or timed out" | tee -a $L; continue; }
  timeout 60 python3 $D/round4/mb.py --so ref=$B/ref.so --so $n=$B/$n.so --no-fsoftmax \
    --shapes 1024x50257,512x128256,128x524288 --out $R/mb13-$n.json 2>&1 | grep -v "^NVIDIA" | tee -a $L
done
echo "rc=$?" | tee -a $L
