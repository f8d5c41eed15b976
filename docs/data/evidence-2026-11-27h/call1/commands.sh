#!/usr/bin/env bash
# Session 8, call 1: kernel 3 of the CUDA reference with plain stores instead of streaming (.cs) ones
# (.scratch-dev/s8/softmax_tuned.cu, built with round 4's nvcc line into st.so; ref.so is the solution as committed).
# 1) both builds against torch's softmax in fp64; 2) mb.py, the two builds interleaved, at the long rows, twice;
# 3) the variant put in place of the solution in this copy of the tree: make bench's full run with 5 gate repeats
# and a grading of lab 02. Run with DEV=h100|h200 SUFFIX=<letter>.
set -u
export PYTHONUNBUFFERED=1
R=$OUT/r; mkdir -p $R
L=$R/log.txt
step() { echo "== $1 ($(date +%T), ${SECONDS}s)" | tee -a "$L"; }
finish() { tar -C $OUT -czf $OUT/r.tgz r; cp $L $OUT/log.txt; }
trap finish EXIT
python3 -m pip install -q --no-index --no-deps --no-compile --target /tmp/site .whl/*.whl && export PYTHONPATH=$PWD:/tmp/site
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,memory.total --format=csv,noheader | tee -a $L
md5sum solutions/02-tuned-kernel/softmax_tuned.cu .scratch-dev/s8/softmax_tuned.cu | tee -a $L
D=docs/_tools/softmax_limit; S=.scratch-dev/s8
step check
timeout 60 python3 $D/round5/check.py --so ref=$S/ref.so --so st=$S/st.so 2>&1 | tee -a $L
for i in 1 2; do
  step "mb $i"
  timeout 150 python3 $D/round4/mb.py --so ref=$S/ref.so --so st=$S/st.so --no-fsoftmax \
    --shapes 1024x50257,512x128256,128x524288,2048x32000 --out $R/mb$i.json 2>&1 | tee -a $L
done
cp $S/softmax_tuned.cu solutions/02-tuned-kernel/softmax_tuned.cu
md5sum solutions/02-tuned-kernel/softmax_tuned.cu | tee -a $L
step "bench --gate-repeats 5 (the variant)"
timeout 200 python3 -m grader.bench --gate-repeats 5 --out $OUT/bench-softmax-${DEV}-2026-11-27${SUFFIX}.json > $R/bench.txt 2>&1; echo "rc=$?" >> $L
tail -14 $R/bench.txt >> $L
step "grade lab 02 (the variant)"
( time timeout 120 python3 -m grader 02 --submission solutions --timings ) > $R/lab02.txt 2>&1
grep -E "^isolation|Score|FAIL|PASS|internal|^real" $R/lab02.txt >> $L
step done
