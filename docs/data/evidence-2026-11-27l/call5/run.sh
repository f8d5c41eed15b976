#!/usr/bin/env bash
# Evidence l, call 5: round 9, kernel 3 prefetching the next wave's piece into L2 (prefetch_variants.py).
#   bash docs/data/evidence-2026-11-27l/call5/run.sh   (on the GPU machine; $OUT collects the logs)
set -u
T=docs/_tools/softmax_limit; B=/tmp/bpf; O=${OUT:-/tmp/out}; mkdir -p "$O"
nvidia-smi --query-gpu=name,driver_version --format=csv | tee "$O/gpu.txt"
JOBS=14 timeout 300 bash $T/round9/build_prefetch.sh $B > "$O/build.log" 2>&1; echo "build rc $?"
SO=(--so ref=$B/ref.so)
for f in $B/pf*.so; do
  n=$(basename "$f" .so)
  if timeout 60 python3 $T/round5/check.py --so "$n=$f" >> "$O/check.log" 2>&1; then SO+=(--so "$n=$f"); else echo "FAILED or hung: $n" | tee -a "$O/check.log"; fi
done
cat "$O/check.log"
SH=1024x50257,512x128256,128x524288
for k in 1 2; do timeout 200 python3 $T/round4/mb.py "${SO[@]}" --no-fsoftmax --shapes $SH --out "$O/mb$k.json" 2>&1 | tee "$O/mb$k.log"; done
