#!/usr/bin/env bash
# Evidence 2026-12-05b (session 57), call 1, an H100 (the first H100 since decision 174 changed lab 02's exchange):
# the solutions of both tracks with --timings (softmax every lab twice, then lab 02, lab 03 and labs 00+01 alone;
# GEMM every lab); then make bench's full method for both tracks (9 or 3 shapes, 5 gate repeats), whose JSON is
# committed as docs/data/bench-{softmax,gemm}-h100-2026-12-05.json.
#   bash docs/data/evidence-2026-12-05b/call1/run.sh   (on the GPU machine, from the repository root; $OUT collects)
source docs/_tools/device_call.sh
grade softmax-all-1 --submission solutions
grade softmax-all-2 --submission solutions
grade lab02 02 --submission solutions
grade lab03 03 --submission solutions
grade lab00-01 00 01 --submission solutions
grade gemm-all --submission solutions --kernel gemm
for k in softmax gemm; do
  step "bench $k --gate-repeats 5"
  ( time timeout 150 python3 -m grader.bench --kernel $k --gate-repeats 5 \
      --out $OUT/bench-$k-h100-2026-12-05.json ) > $R/bench-$k.txt 2>&1
  echo "rc=$?" >> $L; tail -16 $R/bench-$k.txt >> $L
done
step done
