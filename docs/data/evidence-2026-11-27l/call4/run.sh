#!/usr/bin/env bash
# Evidence l, call 4: round 9, kernel 6 (registers.cuh): checked, timed (r_*, x_*), timeline (t_*).
#   bash docs/data/evidence-2026-11-27l/call4/run.sh   (on the GPU machine; $OUT collects the logs)
set -u
T=docs/_tools/softmax_limit; B=/tmp/b9; O=${OUT:-/tmp/out}; mkdir -p "$O"
nvidia-smi --query-gpu=name,driver_version --format=csv | tee "$O/gpu.txt"
JOBS=14 timeout 300 bash $T/round9/build.sh $B > "$O/build.log" 2>&1; echo "build rc $?"
SO=(--so ref=$B/ref.so)
for f in $B/r_*.so; do
  n=$(basename "$f" .so)
  if timeout 60 python3 $T/round5/check.py --so "$n=$f" >> "$O/check.log" 2>&1; then SO+=(--so "$n=$f"); else echo "FAILED or hung: $n" | tee -a "$O/check.log"; fi
done
cat "$O/check.log"
SH=1024x50257,512x128256,128x524288
TL=(); for f in $B/t_*.so; do TL+=("$(basename "$f" .so)=$f"); done
timeout 200 python3 $T/round9/pipe_timeline.py "${TL[@]}" --shapes $SH 2>&1 | grep -v '^{' | tee "$O/timeline.log"
for k in 1 2; do timeout 200 python3 $T/round4/mb.py "${SO[@]}" --so x_r_nowait=$B/x_r_nowait.so --no-fsoftmax --shapes $SH --out "$O/mb$k.json" 2>&1 | tee "$O/mb$k.log"; done
