#!/usr/bin/env bash
# Session 4, call 3: kernel 3's resident bytes per SM and its polling, with per-row timelines; Nsight Compute's
# DRAM bytes and L2 hit rate of the lagged kernel (is its second read an L2 hit?) and of kernel 3.
set -u
export PYTHONUNBUFFERED=1
R=$OUT; L=$R/log.txt
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,memory.total --format=csv,noheader | tee -a $L
B=.scratch-dev/r4; D=docs/_tools/softmax_limit/round4
args=()
for f in $B/*.so; do n=$(basename $f .so); [ $n = diag ] && continue; args+=(--so $n=$f); done
timeout 300 python3 $D/mb.py "${args[@]}" --no-fsoftmax --shapes 2048x32000,1024x50257,512x128256,128x524288,4096x50257 \
  --timeline tl_ref@128x524288 --timeline tl_vs12@128x524288 --timeline tl_poll0@128x524288 \
  --timeline tl_ref@1024x50257 --timeline tl_vs12@1024x50257 --out $R/mb3.json 2>&1 | tee -a $L
echo "rc=$?" | tee -a $L
M=dram__bytes_read.sum,dram__bytes_write.sum,lts__t_sector_hit_rate.pct,gpu__time_duration.sum
for n in lag_o0 ref vs12; do
  echo "== ncu $n" | tee -a $L
  timeout 60 ncu --metrics $M --launch-skip 3 --launch-count 1 python3 $D/one.py $B/$n.so 128x524288 5 2>&1 | grep -E "dram__|lts__|gpu__time|softmax_row" | tee -a $L
done
