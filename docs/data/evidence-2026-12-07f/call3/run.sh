#!/usr/bin/env bash
# Evidence 2026-12-07f (session 77), call 3, on call 1's H200: round 17, Triton's split kernel holding a second
# register tile (docs/_tools/softmax_limit/round17), timed with round 4's mb.py beside the Triton reference, twice.
#   bash docs/data/evidence-2026-12-07f/call3/run.sh   (on the GPU machine, from the repository root; $OUT collects)
source docs/_tools/device_call.sh
T=docs/_tools/softmax_limit
python3 $T/round17/round17_triton.py $R/t
PY=""; for f in $R/t/triton_*.py; do n=$(basename $f .py); PY="$PY --py ${n#triton_}=$f"; done
echo "$PY" >> $L
for run in 1 2; do
  step "round 17: mb.py run $run"
  timeout 200 python3 $T/round4/mb.py $PY --shapes 128x524288,512x128256 --out $OUT/mb$run.json >> $L 2>&1
done
step done
cat "$L"
