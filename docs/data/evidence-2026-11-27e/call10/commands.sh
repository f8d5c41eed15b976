#!/usr/bin/env bash
# Session 5, call 10 (H100): one output buffer or eight in turn, for the copy, F.softmax, the CUDA reference and the
# Triton reference (docs/_tools/softmax_limit/round5/outs.py), twice.
set -u
export PYTHONUNBUFFERED=1
R=$OUT; L=$R/log.txt
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,memory.total --format=csv,noheader | tee -a $L
for k in 1 2; do
timeout 150 python3 docs/_tools/softmax_limit/round5/outs.py --so cuda=.scratch-dev/r5/ref.so --py tri=solutions/03-triton-and-pytorch/softmax_triton.py \
  --shapes 524288x128,16384x4096,1024x50257,128x524288 --out $R/outs10_$k.json 2>&1 | tee -a $L
done
