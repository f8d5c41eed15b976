#!/usr/bin/env bash
# Evidence 2026-11-29f, call 1: make test-gpu as the Makefile now runs it (twelve workers on a 16-core machine, the
# watched gradings handed out early: tests/conftest.py), every grading traced, the machine's memory sampled; what
# Nsight Compute's options cost a small Triton process (ncu_cost.py); then issue 12's grading table with --timings.
#   bash docs/data/evidence-2026-11-29f/call1/run.sh   (on the GPU machine, from the repository root; $OUT collects)
set -u
export PYTHONUNBUFFERED=1
E=docs/data/evidence-2026-11-29; C=docs/data/evidence-2026-11-29f/call1
R=$OUT/r; mkdir -p $R/tt; L=$OUT/log.txt
python3 -m pip install -q --no-index --no-deps --no-compile --target /tmp/site .whl/*.whl && export PYTHONPATH=$PWD:/tmp/site
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,memory.total --format=csv,noheader | tee $L
nproc >> $L
( while true; do echo "$(date +%s) $(free -m | awk '/Mem:/{print $3}') $(nvidia-smi --query-gpu=memory.used,utilization.gpu --format=csv,noheader,nounits)"; sleep 2; done ) > $R/mem.txt 2>&1 &
SAMPLER=$!
JOBS=$(python3 -c "import os; print(max(1, min(12, (os.cpu_count() or 2) * 3 // 4)))")
echo "test-gpu with -n $JOBS" >> $L
( time GRADER_TEST_TRACE=$R/tt ADV_LOG=$R/adv-times.txt timeout 330 python3 -m pytest -q -m gpu --ignore=tests/docs -n $JOBS \
    --dist worksteal -p no:cacheprovider --durations=30 ) > $R/test-gpu.txt 2>&1
kill $SAMPLER
grep -vE "PytestBenchmarkWarning|warner\(" $R/test-gpu.txt | tail -36 >> $L
sort -k2 -n $R/mem.txt | tail -1 | sed 's/^/peak host MB used (time, host MB, GPU MB, GPU %): /' >> $L
NCU=$(command -v ncu || ls /usr/local/cuda*/bin/ncu | head -1)
echo "== ncu_cost (200 launches)" >> $L
for v in plain "--metrics gpu__time_duration.sum" "--metrics gpu__time_duration.sum --cache-control none" \
         "--metrics launch__grid_size --cache-control none"; do
  if [ "$v" = plain ]; then cmd=(python3 $C/ncu_cost.py 200)
  else cmd=($NCU --target-processes all --clock-control none $v --csv --log-file $R/ncu-$RANDOM.csv python3 $C/ncu_cost.py 200); fi
  s=$(date +%s.%N); out=$("${cmd[@]}" 2>&1 | tail -1); e=$(date +%s.%N)
  echo "$v: $out; wall $(python3 -c "print(round($e-$s,2))") s" >> $L
done
for f in $R/ncu-*.csv; do echo "$f: $(grep -c twice $f) rows naming the kernel" >> $L; done
g() { local name=$1; shift; echo "== $name" >> $L
  ( time GRADER_TRACE=$R/$name.jsonl timeout 60 python3 -m grader "$@" --timings --json $R/$name.json ) > $R/$name.txt 2>&1
  grep -E "^│ (lab 0|total|timed)|Score|^real" $R/$name.txt >> $L; grep -E "│ (FAIL|NOT RUN)" $R/$name.txt >> $L; }
g all --submission solutions; python3 $E/gate.py $R/all.json "gate:" >> $L
g lab02 02 --submission solutions; python3 $E/gate.py $R/lab02.json "gate:" >> $L
g lab03 03 --submission solutions
g lab0001 00 01 --submission solutions
g gemm-all --submission solutions --kernel gemm; python3 $E/gate.py $R/gemm-all.json "gemm gate:" >> $L
cd $OUT && tar -czf r.tgz r && rm -rf r
