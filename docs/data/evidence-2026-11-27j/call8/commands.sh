#!/usr/bin/env bash
# Session 10, call 8: round 8, Triton: the split kernel's wait with a nanosleep of 50-400 ns between polls
# (round8_sleep.py), beside the new reference; the three long-row shapes, twice.
set -u
export PYTHONUNBUFFERED=1
R=$OUT; L=$R/log.txt
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,memory.total --format=csv,noheader | tee -a $L
D=docs/_tools/softmax_limit; T=.scratch-dev/r8s
python3 $D/round8/round8_sleep.py $T
pys=(--py new=.scratch-dev/triton_new.py); for n in 50 100 200 400; do pys+=(--py sleep$n=$T/triton_sleep$n.py); done
for k in a b; do
  timeout 100 python3 $D/round4/mb.py "${pys[@]}" --no-fsoftmax --shapes 1024x50257,512x128256,128x524288 \
    --out $R/mb8$k.json 2>&1 | tee -a $L
done
echo "rc=$?" | tee -a $L
