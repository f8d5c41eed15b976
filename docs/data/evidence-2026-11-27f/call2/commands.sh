#!/usr/bin/env bash
# Session 6, call 2: the ring with relaxed words instead of the counter, timelines of three builds.
set -u
export PYTHONUNBUFFERED=1
R=$OUT; L=$R/log.txt
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,memory.total --format=csv,noheader | tee -a $L
B=.scratch-dev/r6; D=docs/_tools/softmax_limit
sos=(); tls=()
for f in $B/*.so; do
  n=$(basename $f .so)
  timeout 30 python3 $D/round5/check.py --so $n=$f > $R/check_$n.txt 2>&1; rc=$?
  cat $R/check_$n.txt >> $L; cat $R/check_$n.txt; rm $R/check_$n.txt
  if [ $rc = 0 ]; then case $n in tl_*) tls+=(--so $n=$f);; *) sos+=(--so $n=$f);; esac; else echo "$n: check rc=$rc, not timed" | tee -a $L; fi
done
timeout 300 python3 $D/round4/mb.py "${sos[@]}" --no-fsoftmax \
  --shapes 128x524288,1024x50257,512x128256,2048x32000,4096x16384 --out $R/mb2.json 2>&1 | tee -a $L
timeout 120 python3 $D/round6/timeline.py "${tls[@]}" --shape 128x524288 --shape 1024x50257 --out $R/tl2.json 2>&1 | tee -a $L
echo "rc=$?" | tee -a $L
