#!/usr/bin/env bash
# Evidence 2026-12-02e, call 2: issue 12's other rows with --timings (lab 03 alone, labs 00 and 01 together); make
# bench's full method for the GEMM track (5 gate repeats); helper ff41's wrong CUDA GEMM files (wrong-cuda/, decided
# only on a GPU), each graded on its lab, to read the lines they get.
#   bash docs/data/evidence-2026-12-02e/call2/run.sh   (on the GPU machine, from the repository root; $OUT collects)
source docs/_tools/device_call.sh
grade lab03 03 --submission solutions
grade lab00-01 00 01 --submission solutions
step "bench gemm --gate-repeats 5"
( time timeout 200 python3 -m grader.bench --kernel gemm --gate-repeats 5 \
    --out $OUT/bench-gemm-h200-2026-12-02.json ) > $R/bench-gemm.txt 2>&1
echo "rc=$?" >> $L; tail -12 $R/bench-gemm.txt >> $L
for d in docs/data/evidence-2026-12-02e/wrong-cuda/*/; do
  n=$(basename $d); lab=$(ls $d | cut -c1-2)
  GRADE_LIMIT_S=60 grade wrong-$n $lab --submission $d --kernel gemm
  sed -n "/^$lab\.[a-z_.]*: FAIL/,/hint:/p" $R/wrong-$n.txt | head -30 >> $L
done
step done
