#!/usr/bin/env bash
# Session 5, call 2 (H100): where the H100 misses by a point. CUDA: the reference against round 4's piece settings
# (built on the current reference into .scratch-dev/r4h) and round 5's cfg5 at the long rows. Triton: the rows
# kernel's programs at 524288x128 and other short rows (round5_triton.py's rows* variants, .scratch-dev/r5t).
set -u
export PYTHONUNBUFFERED=1
R=$OUT; L=$R/log.txt
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,memory.total --format=csv,noheader | tee -a $L
D=docs/_tools/softmax_limit
sos=(--so ref=.scratch-dev/r5/ref.so --so cfg5=.scratch-dev/r5/cfg5.so --so thr8d1=.scratch-dev/r5/thr8d1.so)
for f in .scratch-dev/r4h/*.so; do n=$(basename $f .so); sos+=(--so $n=$f); done
pys=(); for f in .scratch-dev/r5t/triton_*.py; do n=$(basename $f .py); pys+=(--py $n=$f); done
timeout 60 python3 $D/round5/check.py "${sos[@]}" 2>&1 | tee -a $L
timeout 250 python3 $D/round4/mb.py "${sos[@]}" --no-fsoftmax \
  --shapes 1024x50257,128x524288,512x128256,2048x32000 --out $R/mb2a.json 2>&1 | tee -a $L
timeout 200 python3 $D/round4/mb.py --so ref=.scratch-dev/r5/ref.so "${pys[@]}" \
  --shapes 524288x128,65536x1024,29127x2304,16384x4096 --out $R/mb2b.json 2>&1 | tee -a $L
echo "rc=$?" | tee -a $L
