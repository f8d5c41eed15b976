#!/usr/bin/env bash
# Session 10, call 1: round 8 (docs/_tools/softmax_limit/round8): kernel 3 and Triton's split kernel without
# their exps (fake: timing only, wrong values), with a polynomial exp on the FMA pipe (poly), or a mix.
set -u
export PYTHONUNBUFFERED=1
R=$OUT; L=$R/log.txt
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,memory.total --format=csv,noheader | tee -a $L
D=docs/_tools/softmax_limit; B=.scratch-dev/r8; T=.scratch-dev/r8t
JOBS=8 bash $D/round8/build.sh $B 2>&1 | tail -3 | tee -a $L
python3 $D/round8/round8_triton.py $T
sos=(); for n in ref fake poly mix1 mix2; do sos+=(--so $n=$B/$n.so); done
timeout 60 python3 $D/round5/check.py "${sos[@]}" 2>&1 | tee -a $L
timeout 240 python3 $D/round4/mb.py "${sos[@]}" --no-fsoftmax \
  --shapes 128x524288,1024x50257,512x128256,2048x32000,16384x4096 --out $R/mb1a.json 2>&1 | tee -a $L
pys=(); for n in ref fake poly; do pys+=(--py triton_$n=$T/triton_$n.py); done
timeout 200 python3 $D/round4/mb.py "${pys[@]}" --shapes 128x524288,1024x50257,512x128256 --out $R/mb1b.json 2>&1 | tee -a $L
echo "rc=$?" | tee -a $L
