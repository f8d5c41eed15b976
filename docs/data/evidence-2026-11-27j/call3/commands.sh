#!/usr/bin/env bash
# Session 10, call 3: round 8, Triton: exp2 with other split tiles (SPLIT_TILES), the three long-row shapes, twice.
set -u
export PYTHONUNBUFFERED=1
R=$OUT; L=$R/log.txt
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,memory.total --format=csv,noheader | tee -a $L
D=docs/_tools/softmax_limit; T=.scratch-dev/r8t
python3 $D/round8/round8_triton.py $T \
  "tA=((80000, 4096, 2, 128), (1 << 31, 4096, 2, 128))" \
  "tB=((80000, 8192, 4, 128), (1 << 31, 4096, 2, 128))" \
  "tC=((80000, 16384, 8, 128), (1 << 31, 4096, 2, 128))" \
  "tD=((80000, 2048, 1, 128), (200000, 2048, 1, 128), (1 << 31, 4096, 2, 128))" \
  "tE=((80000, 8192, 2, 255), (1 << 31, 8192, 2, 255))" \
  "tF=((80000, 8192, 8, 64), (1 << 31, 16384, 4, 255))"
pys=(); for n in ref exp2 tA tB tC tD tE tF; do pys+=(--py triton_$n=$T/triton_$n.py); done
for k in a b; do
  timeout 200 python3 $D/round4/mb.py "${pys[@]}" --no-fsoftmax --shapes 1024x50257,512x128256,128x524288 \
    --out $R/mb3$k.json 2>&1 | tee -a $L
done
echo "rc=$?" | tee -a $L
