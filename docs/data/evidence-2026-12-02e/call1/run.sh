#!/usr/bin/env bash
# Evidence 2026-12-02e, call 1: this session's grader (decisions 181-183) on the GPU: make test-gpu's command, traced;
# the solutions with --timings (every lab, GEMM every lab, lab 02 alone); decision 183's line-table check on a hostile
# and a right CUB file with the machine's toolkit; then make bench's full method for the softmax track (5 gate repeats).
#   bash docs/data/evidence-2026-12-02e/call1/run.sh   (on the GPU machine, from the repository root; $OUT collects)
source docs/_tools/device_call.sh
mkdir -p $R/tt
step "make test-gpu's command"
( time GRADER_TEST_TRACE=$R/tt timeout 330 python3 -m pytest -q -m gpu --ignore=tests/docs \
    -n 8 --dist worksteal -p no:cacheprovider --durations=0 ) > $R/test-gpu.txt 2>&1
grep -vE "PytestBenchmarkWarning|warner\(" $R/test-gpu.txt | grep -E "passed|failed|error|^real|^FAILED|^ERROR" | tail -12 >> $L
python3 docs/data/evidence-2026-11-29f/locks.py $R/tt >> $L 2>&1
cat $R/tt/*.jsonl | grep -o '"what": "watched start[a-z ]*"' | sort | uniq -c >> $L
grade softmax-all --submission solutions
grade gemm-all --submission solutions --kernel gemm
grade lab02 02 --submission solutions
grade cub-transform 00 --submission tests/adversarial/c01_cub_transform_body_lowercase_s41b
grade cub-block 01 --submission tests/adversarial/c12_cub_block_load_brings_iostream
ls -la $(dirname $(readlink -f $(which cuobjdump))) | grep -E "cuobjdump|nvdisasm" >> $L
step "bench softmax --gate-repeats 5"
( time timeout 120 python3 -m grader.bench --kernel softmax --gate-repeats 5 \
    --out $OUT/bench-softmax-h200-2026-12-02.json ) > $R/bench-softmax.txt 2>&1
echo "rc=$?" >> $L; tail -16 $R/bench-softmax.txt >> $L
step done
