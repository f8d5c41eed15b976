#!/usr/bin/env bash
# Session 5, call 5 (H200): kernel 3 reducing its piece chunk by chunk as the loads land (online2/online4), or with
# no exp before the exchange (noexp: timing only, wrong sums); Triton's rows kernel at 128 columns (tiny128).
set -u
export PYTHONUNBUFFERED=1
R=$OUT; L=$R/log.txt
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,memory.total --format=csv,noheader | tee -a $L
B=.scratch-dev/r5; D=docs/_tools/softmax_limit
sos=(); for f in $B/*.so; do n=$(basename $f .so); sos+=(--so $n=$f); done
timeout 60 python3 $D/round5/check.py "${sos[@]}" 2>&1 | tee -a $L
timeout 200 python3 $D/round4/mb.py "${sos[@]}" --no-fsoftmax \
  --shapes 128x524288,1024x50257,512x128256,2048x32000,16384x4096 --out $R/mb5a.json 2>&1 | tee -a $L
pys=(); for f in .scratch-dev/r5t/triton_{ref,tiny128}.py; do n=$(basename $f .py); pys+=(--py $n=$f); done
timeout 90 python3 $D/round4/mb.py "${pys[@]}" --shapes 524288x128,524288x128,524288x128,262144x128,65536x1024 --out $R/mb5b.json 2>&1 | tee -a $L
echo "rc=$?" | tee -a $L
