#!/usr/bin/env bash
# Evidence 2026-11-28, call 3: call 1 again for the CUDA reference, on an H200. In call 1 the Triton reference's
# name ("ref") replaced the CUDA reference's in mb.py, so call 1's "ref" is Triton's (mb.py now refuses two builds of
# one name). The CUDA reference, call 1's nearest CUDA variants, and the Triton reference as t_ref.
#   bash docs/data/evidence-2026-11-28/call3/run.sh   (on the GPU machine; $OUT collects the logs)
set -u
T=docs/_tools/softmax_limit; B=.scratch-dev/r10; O=${OUT:-/tmp/out}; mkdir -p "$O"
nvidia-smi --query-gpu=name,driver_version --format=csv | tee "$O/gpu.txt"
python3 $T/round10/round10_triton.py /tmp/r10t ref t8o12
SO=(--so ref=$B/ref.so)
for n in p48 p48o4 p64o3 p32 p16t128o8; do SO+=(--so "$n=$B/$n.so"); done
PY=(--py t_ref=/tmp/r10t/triton_ref.py --py t8o12=/tmp/r10t/triton_t8o12.py)
D=(--so copy_v4_occ4=$B/diag.so:copy_v4_occ4 --so copy_v16=$B/diag.so:copy_v16)
SH=2048x32000,1024x50257,512x128256,128x524288
for k in 1 2; do timeout 280 python3 $T/round4/mb.py "${SO[@]}" "${PY[@]}" "${D[@]}" --no-fsoftmax --shapes $SH --out "$O/mb$k.json" 2>&1 | tee "$O/mb$k.log"; done
