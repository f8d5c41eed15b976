#!/usr/bin/env bash
# Session 10, call 7: call 6 again without `nosleep` (which did not finish its check in 60 s in call 6: the
# reference's counter polled without __nanosleep), each variant timed in its own process beside the reference.
set -u
export PYTHONUNBUFFERED=1
R=$OUT; L=$R/log.txt
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,memory.total --format=csv,noheader | tee -a $L
D=docs/_tools/softmax_limit; B=.scratch-dev/r8
V="w256 w64_16r w64_16 w128_8 w128_16r"
ONLY="$V" JOBS=8 bash $D/round8/build.sh $B 2>&1 | tail -1 | tee -a $L
for n in $V; do
  timeout 30 python3 $D/round5/check.py --so $n=$B/$n.so 2>&1 | tee -a $L || { echo "$n: check failed or timed out" | tee -a $L; continue; }
  timeout 60 python3 $D/round4/mb.py --so ref=$B/ref.so --so $n=$B/$n.so --no-fsoftmax \
    --shapes 1024x50257,512x128256,128x524288 --out $R/mb7-$n.json 2>&1 | grep -v "^NVIDIA" | tee -a $L
done
echo "rc=$?" | tee -a $L
