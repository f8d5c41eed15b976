#!/usr/bin/env bash
# Evidence 2026-12-07g (session 78), call 1: round 18 (docs/_tools/softmax_limit/round18): kernel 3 and Triton's split
# kernel with at most K blocks (programs) an SM loading at once, and round 4's held copies with the same admission,
# built here, checked against fp64 and timed with round 4's mb.py beside the references, twice; then every lab of the
# solutions graded with --timings (the attach's fix of this session, grader/checks/ncu_watch.py, on a GPU).
#   bash docs/data/evidence-2026-12-07g/call1/run.sh   (on the GPU machine, from the repository root; $OUT collects)
source docs/_tools/device_call.sh
T=docs/_tools/softmax_limit
step "round 18: build"
JOBS=12 bash $T/round18/build.sh $R/v > $R/build.txt 2>&1; tail -1 $R/build.txt >> $L
python3 $T/round18/round18_triton.py $R/t
SO=""; for f in $R/v/*.so; do n=$(basename $f .so); [ $n = diag_adm ] || SO="$SO --so $n=$f"; done
for k in copy_v16 copy_v16_k1 copy_v16_k2 copy_v4_o4 copy_v4_o16_k4 copy_v8_o8_k2; do SO="$SO --so $k=$R/v/diag_adm.so:$k"; done
PY="--py tri=solutions/03-triton-and-pytorch/softmax_triton.py"
for f in $R/t/tri_*.py; do PY="$PY --py $(basename $f .py)=$f"; done
step "round 18: check.py (fp64)"
timeout 120 python3 $T/round5/check.py $(for f in $R/v/*.so; do n=$(basename $f .so); [ $n = diag_adm ] || echo --so $n=$f; done) \
  --shapes 4x16385,3x50257,2x128256,1x524288,5x32769 >> $L 2>&1
for run in 1 2; do
  step "round 18: mb.py run $run"
  timeout 240 python3 $T/round4/mb.py $SO $PY --shapes 128x524288,1024x50257,512x128256,2048x32000 \
    --out $OUT/mb$run.json >> $L 2>&1
done
grade all --submission solutions
step done
cat "$L"
