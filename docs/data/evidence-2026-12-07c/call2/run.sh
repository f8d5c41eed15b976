#!/usr/bin/env bash
# Evidence 2026-12-07c (session 74), call 2: softmax round 16 (docs/_tools/softmax_limit/README.md): kernel 3 in
# one-warp blocks, with each of its four differences from Triton's split kernel changed alone and together. The
# variants are written from the solution and built here, checked against torch's softmax in fp64, then timed with
# round 4's mb.py against the CUDA reference, the Triton reference and torch's copy in one process, twice, at the
# three long-row shapes (mb.py compares every build with fp64 before and after timing).
#   bash docs/data/evidence-2026-12-07c/call2/run.sh   (on the GPU machine, from the repository root; $OUT collects)
set -u
export PYTHONUNBUFFERED=1
T=docs/_tools/softmax_limit
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee $OUT/log.txt
JOBS=12 bash $T/round16/build.sh $OUT/v >> $OUT/log.txt 2>&1   # (the generator then read the solution in the tree, commit 8a7a767)
cp $OUT/v/round16.cu $OUT/v/variants.txt $OUT/ 2>/dev/null
SO=""; for f in $OUT/v/*.so; do SO="$SO --so $(basename $f .so)=$f"; done
echo "== check (${SECONDS} s)" | tee -a $OUT/log.txt
timeout 120 python3 $T/round5/check.py $SO 2>&1 | tee -a $OUT/log.txt
for run in 1 2; do
  echo "== run $run (${SECONDS} s)" | tee -a $OUT/log.txt
  timeout 200 python3 $T/round4/mb.py $SO --py tri=solutions/03-triton-and-pytorch/softmax_triton.py \
    --shapes 1024x50257,512x128256,128x524288 --out $OUT/mb$run.json 2>&1 | tee -a $OUT/log.txt
done
echo "== done (${SECONDS} s)" | tee -a $OUT/log.txt
