#!/usr/bin/env bash
# Session 6, call 7 (H200): where the TMA designs lose. Nsight Compute's speed of light, warp states and scheduler
# statistics for the reference and the ring at 1024x50257, the reference and resident2 (one block per row, no
# exchange) at 4096x16384; then resident2 with 16 consumer warps or 2 bulk stores in flight, timed at 16384 columns.
set -u
export PYTHONUNBUFFERED=1
R=$OUT; L=$R/log.txt
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,memory.total --format=csv,noheader | tee -a $L
B=.scratch-dev/r6; D=docs/_tools/softmax_limit
SEC="--section SpeedOfLight --section WarpStateStats --section SchedulerStats --section MemoryWorkloadAnalysis"
prof() {  # name shape kernel-regex
  echo "== ncu $1 $2" | tee -a $L
  timeout 90 ncu $SEC -k "regex:$3" --launch-skip 3 --launch-count 1 -o $R/p_$1_$2 python3 $D/round4/one.py $B/$1.so $2 5 > /dev/null 2>&1
  ncu --import $R/p_$1_$2.ncu-rep --page details > $R/ncu_$1_$2.txt 2>&1
  grep -E "DRAM Throughput|Duration|Warp Cycles Per Issued|Issued Warp|No Eligible|Active Warps Per|Eligible Warps|Mem Busy|Max Bandwidth" $R/ncu_$1_$2.txt | tee -a $L
  ncu --import $R/p_$1_$2.ncu-rep --page raw --csv 2>/dev/null | python3 $D/round6/stalls.py | tee -a $L
}
prof ref 1024x50257 softmax_row_split
prof r3w8 1024x50257 softmax_ring
prof ref 4096x16384 softmax_row_in_block
prof res2 4096x16384 softmax_resident
timeout 120 python3 $D/round4/mb.py --so ref=$B/ref.so --so res2=$B/res2.so --so res2_w16f=$B/res2_w16f.so \
  --so res2_sd2f=$B/res2_sd2f.so --so res2_w16sd2f=$B/res2_w16sd2f.so --no-fsoftmax \
  --shapes 4096x16384,2048x32000,1024x50257 --out $R/mb7.json 2>&1 | tee -a $L
echo "rc=$?" | tee -a $L
tar -C $OUT -czf $OUT/r.tgz $(cd $OUT && ls | grep -v r.tgz)
