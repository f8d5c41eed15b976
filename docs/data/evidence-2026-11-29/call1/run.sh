#!/usr/bin/env bash
# Evidence 2026-11-29, call 1: round 11 of the long-row softmax (kernel 3's pieces chosen to fill the last wave),
# then the grader of session 14 on the GPU: the solutions graded with --timings (every lab on both tracks, lab 02,
# lab 03, labs 00+01), and lab 02 of the softmax track four more times (the gate's five-run spread, with the lab 02 run).
#   bash docs/data/evidence-2026-11-29/call1/run.sh   (on the GPU machine, from the repository root; $OUT collects)
set -u
export PYTHONUNBUFFERED=1
E=docs/data/evidence-2026-11-29; T=docs/_tools/softmax_limit; B=.scratch-dev/r11
R=$OUT/r; mkdir -p $R; L=$OUT/log.txt
python3 -m pip install -q --no-index --no-deps --no-compile --target /tmp/site .whl/*.whl && export PYTHONPATH=$PWD:/tmp/site
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,memory.total --format=csv,noheader | tee $L
# round 11: every build checked against torch's softmax in fp64, then timed twice against the reference
timeout 120 python3 $T/round5/check.py --so ref=$B/ref.so --so ref_macros=$B/ref_macros.so --so waves=$B/waves.so > $OUT/check.log 2>&1; echo "check rc=$?" | tee -a $L
tail -4 $OUT/check.log >> $L
SH=128x524288,1024x50257
for k in 1 2; do timeout 150 python3 $T/round4/mb.py --so ref=$B/ref.so --so ref_macros=$B/ref_macros.so --so waves=$B/waves.so \
  --no-fsoftmax --shapes $SH --out "$OUT/mb$k.json" > "$OUT/mb$k.log" 2>&1; echo "mb$k rc=$?" >> $L; tail -8 "$OUT/mb$k.log" >> $L; done
g() { local name=$1; shift; echo "== $name" >> $L
  ( time timeout 200 python3 -m grader "$@" --submission solutions --timings --json $R/$name.json ) > $R/$name.txt 2>&1
  grep -E "^isolation|^│ (lab 0|total)|Score|^real" $R/$name.txt >> $L; grep -E "│ (FAIL|NOT RUN)" $R/$name.txt >> $L
  [ -f $R/$name.json ] && python3 $E/gate.py $R/$name.json "$name gate:" >> $L; }
g softmax-all; g gemm-all --kernel gemm; g softmax-02 02; g softmax-03 03; g softmax-00-01 00 01
for k in 2 3 4 5; do g softmax-02-$k 02; done
cd $OUT && tar -czf r.tgz r && rm -rf r
