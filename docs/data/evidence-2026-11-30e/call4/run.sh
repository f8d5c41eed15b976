#!/usr/bin/env bash
# Evidence 2026-11-30e, call 4: the final timed phase (declaration order; the profiler lock given back once lab 02's
# kernel_matches is over). The solutions' lab 02 alone twice, every lab once, with --timings; then the two GPU tests
# that grade lab 02's report measured again (the solution, and the edited report), two at once.
#   bash docs/data/evidence-2026-11-30e/call4/run.sh   (on the GPU machine, from the repository root; $OUT collects)
set -u
export PYTHONUNBUFFERED=1
R=$OUT/r; mkdir -p $R; L=$OUT/log.txt
python3 -m pip install -q --no-index --no-deps --no-compile --target /tmp/site .whl/*.whl && export PYTHONPATH=$PWD:/tmp/site
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,memory.total --format=csv,noheader | tee $L
git log --oneline -1 >> $L; git status --short | head -30 >> $L
g() { local name=$1; shift; echo "== $name" >> $L
  ( time GRADER_TRACE=$R/$name.jsonl timeout 100 python3 -m grader "$@" --timings --json $R/$name.json ) > $R/$name.txt 2>&1
  grep -E "^│ (lab 0|total|timed|  02\.profile\.kernel|  02\.perf\.gate)|Score|^real" $R/$name.txt >> $L; grep -E "│ (FAIL|NOT RUN)" $R/$name.txt >> $L; }
g lab02a 02 --submission solutions
g lab02b 02 --submission solutions
g all --submission solutions; python3 docs/data/evidence-2026-11-29/gate.py $R/all.json "gate:" >> $L 2>&1
( time timeout 100 python3 -m pytest -q -m gpu -n 2 -p no:cacheprovider tests/test_adversarial.py tests/test_lab02_gate.py \
    -k "c08_report_values_edited_measured_again or test_lab02_solution_passes_every_check" ) > $R/tests.txt 2>&1
grep -vE "PytestBenchmarkWarning|warner\(" $R/tests.txt | grep -E "passed|failed|FAILED|^real" | tail -4 >> $L
cd $OUT && tar -czf r.tgz r && rm -rf r
