#!/usr/bin/env bash
# Evidence l, call 1: round 9's pipelined kernel 5 (docs/_tools/softmax_limit/round9), built, checked, timed.
#   bash docs/data/evidence-2026-11-27l/call1/run.sh   (on the GPU machine; $OUT collects the logs)
set -u
T=docs/_tools/softmax_limit; B=/tmp/b9; O=${OUT:-/tmp/out}; mkdir -p "$O"
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,clocks.max.mem --format=csv | tee "$O/gpu.txt"
JOBS=12 timeout 300 bash $T/round9/build.sh $B > "$O/build.log" 2>&1; echo "build rc $?"
SO=(--so ref=$B/ref.so)
for f in $B/p_*.so; do
  n=$(basename "$f" .so)
  if timeout 60 python3 $T/round5/check.py --so "$n=$f" >> "$O/check.log" 2>&1; then SO+=(--so "$n=$f"); else echo "FAILED or hung: $n" | tee -a "$O/check.log"; fi
done
tail -n 20 "$O/check.log"
SH=1024x50257,512x128256,128x524288,2048x32000,4096x16384
for k in 1 2; do timeout 240 python3 $T/round4/mb.py "${SO[@]}" --no-fsoftmax --shapes $SH --out "$O/mb$k.json" 2>&1 | tee "$O/mb$k.log"; done
