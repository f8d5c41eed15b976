#!/usr/bin/env bash
# Evidence 2026-11-29b, call 1: round 12 of the long-row softmax (pieces larger than a block holds, the rest read
# twice through L2), DRAM one way and both ways, then the solutions graded with --timings on both tracks.
#   bash docs/data/evidence-2026-11-29b/call1/run.sh   (on the GPU machine, from the repository root; $OUT collects)
# The builds were made on the CPU machine: bash docs/_tools/softmax_limit/round12/build.sh .scratch-dev/r12
set -u
export PYTHONUNBUFFERED=1
E=docs/data/evidence-2026-11-29; T=docs/_tools/softmax_limit; B=.scratch-dev/r12
R=$OUT/r; mkdir -p $R; L=$OUT/log.txt
python3 -m pip install -q --no-index --no-deps --no-compile --target /tmp/site .whl/*.whl && export PYTHONPATH=$PWD:/tmp/site
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,memory.total --format=csv,noheader | tee $L
SO=""; for n in ref ref_macros12 d16h d32h d32n d64h h48d32h; do SO="$SO --so $n=$B/$n.so"; done
timeout 120 python3 $T/round5/check.py $SO > $OUT/check.log 2>&1; echo "check rc=$?" | tee -a $L
cat $OUT/check.log >> $L
SH=128x524288,1024x50257,512x128256
for k in 1 2; do timeout 200 python3 $T/round4/mb.py $SO --no-fsoftmax --shapes $SH --out "$OUT/mb$k.json" > "$OUT/mb$k.log" 2>&1
  echo "mb$k rc=$?" >> $L; tail -12 "$OUT/mb$k.log" >> $L; done
timeout 120 python3 $T/round12/rw.py >> $L 2>&1; echo "rw rc=$?" >> $L
g() { local name=$1; shift; echo "== $name" >> $L
  ( time timeout 200 python3 -m grader "$@" --submission solutions --timings --json $R/$name.json ) > $R/$name.txt 2>&1
  grep -E "^isolation|^│ (lab 0|total)|Score|^real" $R/$name.txt >> $L; grep -E "│ (FAIL|NOT RUN)" $R/$name.txt >> $L
  [ -f $R/$name.json ] && python3 $E/gate.py $R/$name.json "$name gate:" >> $L; }
g softmax-all; g gemm-all --kernel gemm
cd $OUT && tar -czf r.tgz r && rm -rf r
