#!/usr/bin/env bash
# Evidence 2026-11-29c, call 1: round 13 of the long-row softmax (L2 prefetch-size hints on the loads), then the
# repository's GPU tests with every test's duration and every adversarial case's time, to see where the 300 s go.
#   bash docs/data/evidence-2026-11-29c/call1/run.sh   (on the GPU machine, from the repository root; $OUT collects)
# The builds were made on the CPU machine: bash docs/_tools/softmax_limit/round13/build.sh .scratch-dev/r13
set -u
export PYTHONUNBUFFERED=1
T=docs/_tools/softmax_limit; B=.scratch-dev/r13; L=$OUT/log.txt
python3 -m pip install -q --no-index --no-deps --no-compile --target /tmp/site .whl/*.whl && export PYTHONPATH=$PWD:/tmp/site
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,memory.total --format=csv,noheader | tee $L
SO=""; for n in ref pf0 pf128 pf256 pf256na na; do SO="$SO --so $n=$B/$n.so"; done
timeout 120 python3 $T/round5/check.py $SO > $OUT/check.log 2>&1; echo "check rc=$?" | tee -a $L
tail -8 $OUT/check.log >> $L
SH=128x524288,1024x50257,512x128256,2048x32000
for k in 1 2; do timeout 150 python3 $T/round4/mb.py $SO --no-fsoftmax --shapes $SH --out "$OUT/mb$k.json" > "$OUT/mb$k.log" 2>&1
  echo "mb$k rc=$?" >> $L; tail -12 "$OUT/mb$k.log" >> $L; done
( time ADV_LOG=$OUT/adv-times.txt timeout 400 python3 -m pytest -q -m gpu --ignore=tests/docs -n 6 --dist worksteal \
    -p no:cacheprovider --durations=0 ) > $OUT/test-gpu.txt 2>&1
grep -vE "PytestBenchmarkWarning|warner\(" $OUT/test-gpu.txt | tail -70 >> $L
