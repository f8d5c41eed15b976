#!/usr/bin/env bash
# Session 10, call 6: round 8, CUDA: kernel 3 exchanging as Triton's split kernel does (relaxed words, spinning
# lanes, no counter, fence or sleep: XCHG), with the reference's blocks and smaller ones; the counter without the
# sleep (nosleep). The three long-row shapes, twice.
set -u
export PYTHONUNBUFFERED=1
R=$OUT; L=$R/log.txt
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,memory.total --format=csv,noheader | tee -a $L
D=docs/_tools/softmax_limit; B=.scratch-dev/r8
V="w256 nosleep w64_16r w64_16 w128_8 w128_16r"
ONLY="$V" JOBS=8 bash $D/round8/build.sh $B 2>&1 | tail -1 | tee -a $L
sos=(--so ref=$B/ref.so); for n in $V; do sos+=(--so $n=$B/$n.so); done
timeout 60 python3 $D/round5/check.py "${sos[@]}" 2>&1 | tee -a $L
for k in a b; do
  timeout 200 python3 $D/round4/mb.py "${sos[@]}" --no-fsoftmax --shapes 1024x50257,512x128256,128x524288 \
    --out $R/mb6$k.json 2>&1 | tee -a $L
done
echo "rc=$?" | tee -a $L
