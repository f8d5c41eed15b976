#!/usr/bin/env bash
# Round 16's exchange on a GPU, prepared in session 74 and not run (no machine could be started for it): on a tree
# with exchange.patch applied to the solution (`git apply docs/_tools/softmax_limit/round16/exchange.patch; make
# stubs`), round 16 once where the GPU is an H200 (the reference before it, `same`, against the patched solution,
# `ref`, and the variants that led on the H100), lab 02 of the solutions graded with --timings, then the GPU tests
# that run the lab 02 softmax solution (its every check, the timed launches of the reference, the sanitizer's
# negative controls) at -n 8. A full `make test-gpu` and `make bench KERNEL=softmax` on an H100 and an H200 follow
# before the patch is kept.
#   bash docs/_tools/softmax_limit/round16/verify.sh   (on the GPU machine, from the repository root; $OUT collects)
source docs/_tools/device_call.sh
T=docs/_tools/softmax_limit
if nvidia-smi --query-gpu=name --format=csv,noheader | grep -q H200; then
  step "round 16: build"
  ONLY="same ref_x b128_x w1_x w1s_x" JOBS=12 bash $T/round16/build.sh $R/v > $R/build.txt 2>&1
  SO=""; for f in $R/v/*.so; do SO="$SO --so $(basename $f .so)=$f"; done
  step "round 16: mb.py"
  timeout 60 python3 $T/round4/mb.py $SO --py tri=solutions/03-triton-and-pytorch/softmax_triton.py \
    --shapes 1024x50257,512x128256,128x524288 --out $OUT/mb1.json >> $L 2>&1
  rm -rf $R/v
fi
grade lab02 02 --submission solutions
SUITE_K="test_lab02_solution_passes_every_check or test_every_recent_timed_launch or test_negative_compute_sanitizer" \
  suite part ${LIMIT_S:-200}
step done
