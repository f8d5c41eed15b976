#!/usr/bin/env bash
# Session 10, call 4: round 8, CUDA: kernel 3 with smaller blocks and pieces (SPLIT_T/VREG/MIN/VSMEM), as Triton's
# split kernel measured best with (call 3, tD); the three long-row shapes, twice, with Triton's tD beside them.
set -u
export PYTHONUNBUFFERED=1
R=$OUT; L=$R/log.txt
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,memory.total --format=csv,noheader | tee -a $L
D=docs/_tools/softmax_limit; B=.scratch-dev/r8; T=.scratch-dev/r8t
ONLY="s64_16 s64_16r s128_8 s64_12 s64_16h" JOBS=8 bash $D/round8/build.sh $B 2>&1 | tail -3 | tee -a $L
python3 $D/round8/round8_triton.py $T "tD=((80000, 2048, 1, 128), (200000, 2048, 1, 128), (1 << 31, 4096, 2, 128))"
sos=(); for n in ref s64_16 s64_16r s128_8 s64_12 s64_16h; do sos+=(--so $n=$B/$n.so); done
timeout 60 python3 $D/round5/check.py "${sos[@]}" 2>&1 | tee -a $L
for k in a b; do
  timeout 200 python3 $D/round4/mb.py "${sos[@]}" --py triton_tD=$T/triton_tD.py --no-fsoftmax \
    --shapes 1024x50257,512x128256,128x524288 --out $R/mb4$k.json 2>&1 | tee -a $L
done
echo "rc=$?" | tee -a $L
