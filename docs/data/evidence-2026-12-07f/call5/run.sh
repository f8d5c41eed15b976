#!/usr/bin/env bash
# Evidence 2026-12-07f (session 77), call 5 (a fresh machine): the GEMM track on the final tree (its every-lab grading
# last ran in session 66, before decisions 248-260): every lab of the solutions graded with --timings
# (the machine's first grading), then make bench's method for the GEMM track, two rounds (--quick).
#   bash docs/data/evidence-2026-12-07f/call5/run.sh   (on the GPU machine, from the repository root; $OUT collects)
source docs/_tools/device_call.sh
grade gemm-all --submission solutions --kernel gemm

step "bench gemm --quick"
( time timeout 150 python3 -m grader.bench --kernel gemm --quick --out $R/bench-gemm.json ) > $R/bench-gemm.txt 2>&1
echo "rc=$?" >> $L; tail -20 $R/bench-gemm.txt >> $L
step done
cat "$L"
