#!/usr/bin/env bash
# Evidence 2026-11-29g, call 1: round 14 of the long-row softmax (whole rows of up to 32768 columns a block, two or three
# blocks an SM; 128 KB pieces three an SM above), then the grader of session 19's red team (decisions 116-117, never run
# on a GPU): make test-gpu's command with eight workers, and issue 12's grading table with --timings.
#   bash docs/data/evidence-2026-11-29g/call1/run.sh   (on the GPU machine, from the repository root; $OUT collects)
# The builds were made on the CPU machine: bash docs/_tools/softmax_limit/round14/build.sh .scratch-dev/r14
set -u
export PYTHONUNBUFFERED=1
T=docs/_tools/softmax_limit; B=.scratch-dev/r14; E=docs/data/evidence-2026-11-29
R=$OUT/r; mkdir -p $R/tt; L=$OUT/log.txt
python3 -m pip install -q --no-index --no-deps --no-compile --target /tmp/site .whl/*.whl && export PYTHONPATH=$PWD:/tmp/site
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,memory.total --format=csv,noheader | tee $L
git log -1 --format=%H >> $L 2>/dev/null
SO=""; for n in ref w512r10 w512r8 w640 w512x3 w512x3b w512r10f8k s512x3 s512x3b; do SO="$SO --so $n=$B/$n.so"; done
timeout 120 python3 $T/round5/check.py $SO \
  --shapes 3x50257,5x40000,64x524288,7x131077,33x128256,9x32000,5x20001,3x32768,4x16385,2x24577,6x16384 \
  > $R/check.log 2>&1; echo "check rc=$?" | tee -a $L
tail -10 $R/check.log >> $L
SH=2048x32000,4096x16384,1024x50257,512x128256,128x524288
for k in 1 2; do timeout 150 python3 $T/round4/mb.py $SO --no-fsoftmax --shapes $SH --out "$OUT/mb$k.json" > "$R/mb$k.log" 2>&1
  echo "mb$k rc=$?" >> $L; tail -14 "$R/mb$k.log" >> $L; done
( while true; do echo "$(date +%s) $(free -m | awk '/Mem:/{print $3}') $(nvidia-smi --query-gpu=memory.used,utilization.gpu --format=csv,noheader,nounits)"; sleep 2; done ) > $R/mem.txt 2>&1 &
SAMPLER=$!
( time GRADER_TEST_TRACE=$R/tt ADV_LOG=$R/adv-times.txt timeout 330 python3 -m pytest -q -m gpu --ignore=tests/docs -n 8 \
    --dist worksteal -p no:cacheprovider --durations=20 ) > $R/test-gpu.txt 2>&1
kill $SAMPLER
grep -vE "PytestBenchmarkWarning|warner\(" $R/test-gpu.txt | tail -30 >> $L
g() { local name=$1; shift; echo "== $name" >> $L
  ( time GRADER_TRACE=$R/$name.jsonl timeout 60 python3 -m grader "$@" --timings --json $R/$name.json ) > $R/$name.txt 2>&1
  grep -E "^│ (lab 0|total|timed)|Score|^real" $R/$name.txt >> $L; grep -E "│ (FAIL|NOT RUN)" $R/$name.txt >> $L; }
g all --submission solutions; python3 $E/gate.py $R/all.json "gate:" >> $L
g lab02 02 --submission solutions; python3 $E/gate.py $R/lab02.json "gate:" >> $L
g lab03 03 --submission solutions
g lab0001 00 01 --submission solutions
g gemm-all --submission solutions --kernel gemm; python3 $E/gate.py $R/gemm-all.json "gemm gate:" >> $L
cd $OUT && tar -czf r.tgz r && rm -rf r
