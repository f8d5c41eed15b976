#!/usr/bin/env bash
# Evidence 2026-12-03g (session 49), call 1: make test-gpu's command with decision 202 (bytecode kept in
# .venv/pycache; labs 00 and 01's solution now graded by a gpu test), at -n $JOBS (8, make test-gpu's default on a
# 16-core machine, unless JOBS says otherwise), traced; then labs 00 + 01, every lab, lab 02 and lab 03 with --timings.
#   JOBS=8 bash docs/data/evidence-2026-12-03g/call1/run.sh   (on the GPU machine, from the repository root)
source docs/_tools/device_call.sh
JOBS=${JOBS:-8}
env | grep -E "^PYTHON" >> $L
mkdir -p $R/tt
step "make test-gpu's command, -n $JOBS"
vmstat -n 5 > $R/vmstat-$JOBS.txt 2>&1 & VM=$!
( time env -u PYTHONDONTWRITEBYTECODE PYTHONPYCACHEPREFIX=$PWD/.venv/pycache GRADER_TEST_TRACE=$R/tt \
    timeout ${SUITE_LIMIT_S:-400} python3 -m pytest -q -m gpu --ignore=tests/docs \
    -n $JOBS --dist worksteal -p no:cacheprovider --durations=0 ) > $R/test-gpu-$JOBS.txt 2>&1
kill $VM
grep -vE "PytestBenchmarkWarning|warner\(" $R/test-gpu-$JOBS.txt | grep -E "passed|failed|error|^real|^FAILED|^ERROR" | tail -12 >> $L
grep -E "^[0-9.]+s call" $R/test-gpu-$JOBS.txt | head -5 >> $L
grep -E "^[0-9.]+s " $R/test-gpu-$JOBS.txt | awk '{s+=$1} END {printf "tests summed: %.0f s\n", s}' >> $L
awk 'NR>2 {us+=$13; sy+=$14; id+=$15; wa+=$16; n++} END {printf "cpu over %d samples: user %.0f%% system %.0f%% idle %.0f%% iowait %.0f%%\n", n, us/n, sy/n, id/n, wa/n}' $R/vmstat-$JOBS.txt >> $L
python3 docs/data/evidence-2026-12-03d/holds.py $R/tt | tail -2 >> $L
[ $SECONDS -lt ${GRADES_BEFORE_S:-460} ] && grade softmax-0001 00 01 --submission solutions
[ $SECONDS -lt ${GRADES_BEFORE_S:-460} ] && grade softmax-all --submission solutions
[ $SECONDS -lt 530 ] && grade softmax-02 02 --submission solutions
[ $SECONDS -lt 550 ] && grade softmax-03 03 --submission solutions
step done
