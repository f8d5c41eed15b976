#!/usr/bin/env bash
# Evidence 2026-12-03g (session 49), call 3: does call 2's internal error (the judge's own compare raised "CUDA error:
# unspecified launch failure" in 03.triton.gpu_shapes of the positive control c12_triton_block_ptr_rows_rt44, under
# make test-gpu at -n 12) come back? That control graded 8 times at once, beside 4 gradings of lab 03's solution;
# then once alone. Every internal-error.log is kept; the kernel's log lines (Xid) where dmesg may be read.
#   bash docs/data/evidence-2026-12-03g/call3/run.sh   (on the GPU machine, from the repository root)
source docs/_tools/device_call.sh
mkdir -p /tmp/sub && cp -r tests/adversarial/c12_triton_block_ptr_rows_rt44/03-triton-and-pytorch /tmp/sub/
step "8 gradings of the control and 4 of the solution at once"
for i in $(seq 1 12); do
  sub=/tmp/sub; [ $i -gt 8 ] && sub=solutions
  ( GRADER_WORKROOT=/tmp/w$i timeout 300 python3 -m grader 03 --submission $sub --json $R/g$i.json > $R/g$i.txt 2>&1;
    echo "grading $i ($sub): rc=$?" >> $L ) &
done
wait
grep -h "Score\|internal error" $R/g*.txt | sort | uniq -c >> $L
step "the control alone"
GRADER_WORKROOT=/tmp/w0 timeout 200 python3 -m grader 03 --submission /tmp/sub --json $R/g0.json --timings > $R/g0.txt 2>&1
echo "alone: rc=$?" >> $L
grep -h "Score\|internal error" $R/g0.txt >> $L
mkdir -p $R/errors; for f in /tmp/w*/internal-error.log; do [ -f "$f" ] && cp "$f" $R/errors/$(echo $f | tr / _); done
ls $R/errors >> $L
(dmesg 2>&1 | grep -i xid | tail -20) >> $L
step done
