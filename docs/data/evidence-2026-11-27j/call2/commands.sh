#!/usr/bin/env bash
# Session 10, call 2: round 8, Triton: tl.exp written as tl.exp2(d * log2 e) in every kernel (exp2), with the
# reference's tiles and two others for rows over 80000 columns; the whole sweep, twice for the long rows.
set -u
export PYTHONUNBUFFERED=1
R=$OUT; L=$R/log.txt
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,memory.total --format=csv,noheader | tee -a $L
D=docs/_tools/softmax_limit; T=.scratch-dev/r8t
python3 $D/round8/round8_triton.py $T
pys=(); for n in ref exp2 exp2_t8k exp2_t2k; do pys+=(--py triton_$n=$T/triton_$n.py); done
timeout 240 python3 $D/round4/mb.py "${pys[@]}" --out $R/mb2a.json 2>&1 | tee -a $L
timeout 150 python3 $D/round4/mb.py "${pys[@]}" --no-fsoftmax --shapes 128x524288,1024x50257,512x128256,2048x32000 \
  --out $R/mb2b.json 2>&1 | tee -a $L
echo "rc=$?" | tee -a $L
