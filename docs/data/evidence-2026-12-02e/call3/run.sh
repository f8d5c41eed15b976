#!/usr/bin/env bash
# Evidence 2026-12-02e, call 3: the GEMM lines for operands taken in the other order (decision 184), on the GPU:
# helper ff41's wr_cu_swapped_a and wr_cu_transposed_out graded on lab 01; then the GEMM solutions, labs 01 and 02.
#   bash docs/data/evidence-2026-12-02e/call3/run.sh   (on the GPU machine, from the repository root; $OUT collects)
source docs/_tools/device_call.sh
for n in wr_cu_swapped_a wr_cu_transposed_out; do
  GRADE_LIMIT_S=60 grade wrong-$n 01 --submission docs/data/evidence-2026-12-02e/wrong-cuda/$n --kernel gemm
  grep -E "your C|read transposed|transposed places" $R/wrong-$n.txt | sort | uniq -c >> $L
done
grade gemm-01-02 01 02 --submission solutions --kernel gemm
step done
