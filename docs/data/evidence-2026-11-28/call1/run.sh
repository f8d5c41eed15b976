#!/usr/bin/env bash
# Evidence 2026-11-28, call 1 (and call 2 on the other GPU): round 10, kernel 3's piece size and blocks per SM, and
# Triton's split tiles with other register caps. Builds made on the CPU machine (round10/build.sh, carried in
# .scratch-dev/r10), every one checked in fp64 (round5/check.py) before mb.py times it, twice.
#   bash docs/data/evidence-2026-11-28/call1/run.sh   (on the GPU machine; $OUT collects the logs)
set -u
T=docs/_tools/softmax_limit; B=.scratch-dev/r10; O=${OUT:-/tmp/out}; mkdir -p "$O"
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,clocks.max.mem --format=csv | tee "$O/gpu.txt"
python3 $T/round10/round10_triton.py /tmp/r10t
SO=(--so ref=$B/ref.so)
for f in $B/p*.so; do
  n=$(basename "$f" .so)
  if timeout 60 python3 $T/round5/check.py --so "$n=$f" >> "$O/check.log" 2>&1; then SO+=(--so "$n=$f"); else echo "FAILED or hung: $n" | tee -a "$O/check.log"; fi
done
cat "$O/check.log"
PY=(); for f in /tmp/r10t/triton_*.py; do n=$(basename "$f" .py); PY+=(--py "${n#triton_}=$f"); done
D=(--so copy_v1=$B/diag.so:copy_v1 --so copy_v4_occ4=$B/diag.so:copy_v4_occ4 --so copy_v16=$B/diag.so:copy_v16)
SH=2048x32000,1024x50257,512x128256,128x524288
for k in 1 2; do timeout 280 python3 $T/round4/mb.py "${SO[@]}" "${PY[@]}" "${D[@]}" --no-fsoftmax --shapes $SH --out "$O/mb$k.json" 2>&1 | tee "$O/mb$k.log"; done
