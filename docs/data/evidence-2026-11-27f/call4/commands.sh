#!/usr/bin/env bash
# Session 6, call 4: rows resident in the shared memory of a cluster (resident.cu), loaded and stored by the TMA.
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
ress=(); for f in $B/res*.so; do ress+=($(basename $f .so)=$f); done
timeout 60 python3 $D/round6/launch_info.py "${ress[@]}" 2>&1 | tee -a $L
timeout 300 python3 $D/round4/mb.py "${sos[@]}" --no-fsoftmax \
  --shapes 128x524288,1024x50257,512x128256,2048x32000,4096x16384 --out $R/mb4.json 2>&1 | tee -a $L
echo "rc=$?" | tee -a $L
