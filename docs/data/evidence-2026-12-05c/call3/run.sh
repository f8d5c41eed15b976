#!/usr/bin/env bash
# Evidence 2026-12-05c (session 59), call 3, the H200 of call 2 (still warm): call 1's script on an H200 (the solutions of
# both tracks with --timings, make test-gpu's command at -n 8), then make bench's method for the softmax track (9 shapes,
# 5 gate repeats), committed as docs/data/bench-softmax-h200-2026-12-05.json.
#   bash docs/data/evidence-2026-12-05c/call3/run.sh   (on the GPU machine, from the repository root; $OUT collects)
source docs/_tools/device_call.sh
grade softmax-all --submission solutions
grade gemm-all --submission solutions --kernel gemm
suite warm ${WARM_LIMIT_S:-360}
step "bench softmax --gate-repeats 5"
( time timeout 150 python3 -m grader.bench --kernel softmax --gate-repeats 5 \
    --out $OUT/bench-softmax-h200-2026-12-05.json ) > $R/bench-softmax.txt 2>&1
echo "rc=$?" >> $L; tail -16 $R/bench-softmax.txt >> $L
step done
