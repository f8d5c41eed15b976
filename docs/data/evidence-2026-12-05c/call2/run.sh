#!/usr/bin/env bash
# Evidence 2026-12-05c (session 59), call 2: softmax round 15 (docs/_tools/softmax_limit/README.md): Triton's split
# kernel with a part of each piece read, reduced, dropped and read again from L1. The variants are written from the
# solution here, compiled for sm_90 (registers, spills), then timed with round 4's mb.py against the reference and
# torch's copy in one process, twice, at the three long-row shapes; mb.py compares every build with fp64 before
# and after timing.
#   bash docs/data/evidence-2026-12-05c/call2/run.sh   (on the GPU machine, from the repository root; $OUT collects)
set -u
export PYTHONUNBUFFERED=1
T=docs/_tools/softmax_limit
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee $OUT/log.txt
python3 $T/round15/round15_triton.py $OUT/v
python3 $T/round15/compile_check.py $OUT/v > $OUT/compile.txt 2>&1
PY=""; for f in $OUT/v/triton_*.py; do n=$(basename $f .py); PY="$PY --py ${n#triton_}=$f"; done
for run in 1 2; do
  echo "== run $run (${SECONDS} s)" | tee -a $OUT/log.txt
  timeout 200 python3 $T/round4/mb.py $PY --shapes 1024x50257,512x128256,128x524288 --out $OUT/mb$run.json \
    2>&1 | tee -a $OUT/log.txt
done
echo "== done (${SECONDS} s)" | tee -a $OUT/log.txt
