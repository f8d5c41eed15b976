#!/usr/bin/env bash
# Session 5, call 1: kernel 3 with throttled loads, rotated slots, 5-6 blocks per SM; Triton's split kernel loading
# its piece in two halves. Builds from docs/_tools/softmax_limit/round5/build.sh and round5_triton.py, in .scratch-dev/r5.
set -u
export PYTHONUNBUFFERED=1
R=$OUT; L=$R/log.txt
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,memory.total --format=csv,noheader | tee -a $L
B=.scratch-dev/r5; D=docs/_tools/softmax_limit
sos=(); for f in $B/*.so; do n=$(basename $f .so); sos+=(--so $n=$f); done
pys=(); for f in $B/triton_*.py; do n=$(basename $f .py); pys+=(--py $n=$f); done
timeout 60 python3 $D/round5/check.py "${sos[@]}" 2>&1 | tee -a $L
# the throttle's order in machine code: loads (LDG, LDGSTS) and the max (FMNMX) of kernel 3
cuobjdump -sass -fun '_Z24softmax_row_split_kernelILi256ELi8ELi4EEvPKfPfiiiiiPyS3_l' $B/thr4d1.so 2>&1 \
  | grep -oE "\b(LDG|LDGSTS|FMNMX|LDGDEPBAR|DEPBAR|BAR|STG)[A-Z0-9._]*" | uniq -c | head -40 | tr '\n' ' ' | tee -a $L; echo | tee -a $L
timeout 400 python3 $D/round4/mb.py "${sos[@]}" "${pys[@]}" --no-fsoftmax \
  --shapes 128x524288,1024x50257,512x128256,2048x32000,16384x4096 --out $R/mb1.json 2>&1 | tee -a $L
echo "rc=$?" | tee -a $L
