#!/usr/bin/env bash
# Evidence 2026-12-04 (session 50), call 2: make test-gpu's command with decision 203 (the workers' bytecode kept
# by the judge, read-only in the sandbox), at -n $JOBS (8, make test-gpu's default on a
# 16-core machine, unless JOBS says otherwise), traced; then labs 00 + 01, every lab, lab 02 and lab 03 with --timings.
#   JOBS=8 bash docs/data/evidence-2026-12-04/call2/run.sh   (on the GPU machine, from the repository root)
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
ls -d ~/.cache/phase24-grader/pycache/stamp-* >> $L 2>&1; du -sh ~/.cache/phase24-grader/pycache >> $L 2>&1
# the watched workers' starts: torch and torch._dynamo imported, seconds since each process began
grep -ho 'imported: [0-9.]* s' $R/tt/*.jsonl | awk '{s+=$2; n++; if ($2>m) m=$2} END {printf "watched starts: %d, imports %.2f s on average, %.2f s at most\n", n, s/n, m}' >> $L
[ $SECONDS -lt ${GRADES_BEFORE_S:-460} ] && grade softmax-0001 00 01 --submission solutions
[ $SECONDS -lt ${GRADES_BEFORE_S:-460} ] && grade softmax-all --submission solutions
[ $SECONDS -lt 530 ] && grade softmax-02 02 --submission solutions
[ $SECONDS -lt 550 ] && grade softmax-03 03 --submission solutions
step done
