#!/usr/bin/env bash
# Evidence 2026-11-28, call 2: round 10, Triton's split tiles with lower register caps (more programs an SM).
#   bash docs/data/evidence-2026-11-28/call2/run.sh   (on the GPU machine; $OUT collects the logs)
set -u
T=docs/_tools/softmax_limit; O=${OUT:-/tmp/out}; mkdir -p "$O"
nvidia-smi --query-gpu=name,driver_version --format=csv | tee "$O/gpu.txt"
python3 $T/round10/round10_triton.py /tmp/r10t ref L96 L80 L72 L64 Q96 Q80 M96 M80
PY=(); for f in /tmp/r10t/triton_*.py; do n=$(basename "$f" .py); PY+=(--py "${n#triton_}=$f"); done
SH=1024x50257,512x128256,128x524288
for k in 1 2; do timeout 280 python3 $T/round4/mb.py "${PY[@]}" --no-fsoftmax --shapes $SH --out "$O/mb$k.json" 2>&1 | tee "$O/mb$k.log"; done
