#!/usr/bin/env bash
# Evidence 2026-11-29e, call 2: the watched worker started outside the profiler lock. Every lab graded with --timings,
# lab 03 alone, six gradings of lab 03 at once (every watched check must list its kernels on the first try), then
# make test-gpu's command with eight workers, every grading traced.
#   bash docs/data/evidence-2026-11-29e/call2/run.sh   (on the GPU machine, from the repository root; $OUT collects)
set -u
export PYTHONUNBUFFERED=1
E=docs/data/evidence-2026-11-29
R=$OUT/r; mkdir -p $R/tt $R/six; L=$OUT/log.txt
finish() { cd $OUT && tar -czf r.tgz r && rm -rf r; }
trap finish EXIT
python3 -m pip install -q --no-index --no-deps --no-compile --target /tmp/site .whl/*.whl && export PYTHONPATH=$PWD:/tmp/site
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,memory.total --format=csv,noheader | tee $L
g() { local name=$1; shift; echo "== $name" >> $L
  ( time GRADER_TRACE=$R/$name.jsonl timeout 150 python3 -m grader "$@" --timings --json $R/$name.json ) > $R/$name.txt 2>&1
  grep -E "^│ (lab 0|total|  03.triton.own)|Score|^real" $R/$name.txt >> $L; grep -E "│ (FAIL|NOT RUN)" $R/$name.txt >> $L; }
g all --submission solutions; python3 $E/gate.py $R/all.json "gate:" >> $L
g lab03 03 --submission solutions
echo "== six gradings of lab 03 at once" >> $L
for i in 1 2 3 4 5 6; do
  ( GRADER_WORKROOT=/tmp/w$i GRADER_TRACE=$R/six/$i.jsonl timeout 200 python3 -m grader 03 --submission solutions --timings \
      --json $R/six/$i.json > $R/six/$i.txt 2>&1 ) &
done
wait
for i in 1 2 3 4 5 6; do echo "$i: $(grep -E 'Score|total' $R/six/$i.txt | tr -s ' ' | tr '\n' ' ') own: $(python3 -c "
import json,sys; d=json.load(open('$R/six/$i.json')); print([t['output'][:90] for t in d['tests'] if t['extra_data']['id']=='03.triton.own_kernels'])")" >> $L; done
( time GRADER_TEST_TRACE=$R/tt ADV_LOG=$R/adv-times.txt timeout 400 python3 -m pytest -q -m gpu --ignore=tests/docs -n 8 \
    --dist worksteal -p no:cacheprovider --durations=30 ) > $R/test-gpu.txt 2>&1
grep -vE "PytestBenchmarkWarning|warner\(" $R/test-gpu.txt | tail -40 >> $L
