#!/usr/bin/env bash
# Evidence 2026-12-07d (session 75), call 1: round 16's exchange on the GPU, on a tree with exchange.patch applied to
# the solution and `make stubs` run (decision 257). Round 16's variants built and checked against torch's softmax in
# fp64, then timed twice with round 4's mb.py beside the Triton reference and round16_triton.py's variants (`same` is the reference before the patch,
# `ref` the patched solution in the tree); lab 02 and every lab of the solutions graded with --timings; then make
# bench's method for the softmax track (9 shapes, 5 gate repeats) on the patched solution.
#   bash docs/data/evidence-2026-12-07d/call1/run.sh   (on the GPU machine, from the repository root; $OUT collects)
source docs/_tools/device_call.sh
T=docs/_tools/softmax_limit
step "round 16: build"
JOBS=12 bash $T/round16/build.sh $R/v > $R/build.txt 2>&1; echo "build rc=$?" >> $L
cp $R/v/variants.txt $OUT/ 2>/dev/null
SO=""; for f in $R/v/*.so; do SO="$SO --so $(basename $f .so)=$f"; done
python3 $T/round16/round16_triton.py $R/t
PY=""; for f in $R/t/tri_*.py; do PY="$PY --py $(basename $f .py)=$f"; done
step "round 16: check"
timeout 120 python3 $T/round5/check.py $SO >> $L 2>&1
for run in 1 2; do
  step "round 16: mb.py run $run"
  timeout 200 python3 $T/round4/mb.py $SO $PY --py tri=solutions/03-triton-and-pytorch/softmax_triton.py \
    --shapes 2048x32000,1024x50257,512x128256,128x524288 --out $OUT/mb$run.json >> $L 2>&1
done
rm -rf $R/v
grade lab02 02 --submission solutions
grade all --submission solutions
step "bench softmax --gate-repeats 5"
NAME=$(nvidia-smi --query-gpu=name --format=csv,noheader | grep -o 'H[12]00' | head -1 | tr H h)
( time timeout 200 python3 -m grader.bench --kernel softmax --gate-repeats 5 \
    --out $OUT/bench-softmax-$NAME.json ) > $R/bench-softmax.txt 2>&1
echo "rc=$?" >> $L; tail -16 $R/bench-softmax.txt >> $L
step done
