#!/usr/bin/env bash
# Round 16's exchange on an H200, prepared in session 74: exchange.patch is applied to the solution since session 75
# (decision 258); session 76 ran this on an H200 (decision 259, docs/data/evidence-2026-12-07e). Where the GPU is
# an H200: round 16 once (the reference before it, `same`, against the solution, `ref`, the variants that led on
# the H100, and the Triton builds `tri_last` and `tri_w1` of round16_triton.py beside the Triton reference), then make
# bench's softmax track (9 shapes, 5 gate repeats). On any GPU: lab 02 of the solutions graded with --timings, then
# the GPU tests that run the lab 02 softmax solution (its every check, the timed launches of the reference, the
# sanitizer's negative controls) at -n 8.
#   bash docs/_tools/softmax_limit/round16/verify.sh   (on the GPU machine, from the repository root; $OUT collects)
source docs/_tools/device_call.sh
T=docs/_tools/softmax_limit
if nvidia-smi --query-gpu=name --format=csv,noheader | grep -q H200; then
  step "round 16: build"
  ONLY="same b128_x b128r_x b256r_x b64_x" JOBS=12 bash $T/round16/build.sh $R/v > $R/build.txt 2>&1
  SO=""; for f in $R/v/*.so; do SO="$SO --so $(basename $f .so)=$f"; done
  python3 $T/round16/round16_triton.py $R/t
  step "round 16: mb.py"
  timeout 150 python3 $T/round4/mb.py $SO --py tri_last=$R/t/tri_last.py --py tri_w1=$R/t/tri_w1.py \
    --py tri=solutions/03-triton-and-pytorch/softmax_triton.py \
    --shapes 2048x32000,1024x50257,512x128256,128x524288 --out $OUT/mb1.json >> $L 2>&1
  rm -rf $R/v
  step "bench softmax --gate-repeats 5"
  ( time timeout 150 python3 -m grader.bench --kernel softmax --gate-repeats 5 \
      --out $OUT/bench-softmax-h200.json ) > $R/bench-softmax.txt 2>&1
  echo "rc=$?" >> $L; tail -16 $R/bench-softmax.txt >> $L
fi
grade lab02 02 --submission solutions
SUITE_K="test_lab02_solution_passes_every_check or test_every_recent_timed_launch or test_negative_compute_sanitizer" \
  suite part ${LIMIT_S:-200}
step done
