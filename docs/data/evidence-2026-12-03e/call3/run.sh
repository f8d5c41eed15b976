#!/usr/bin/env bash
# Evidence 2026-12-03e (session 47), call 3: call 2's grader plus decision 198 (a watched case has the GPU alone for up to 10 s), in make test-gpu's
# command, traced, and the solutions with --timings.
#   bash docs/data/evidence-2026-12-03e/call3/run.sh   (on the GPU machine, from the repository root)
source docs/_tools/device_call.sh
JOBS=${JOBS:-8}
nproc >> $L
mkdir -p $R/tt
step "make test-gpu's command, -n $JOBS"
vmstat -n 5 > $R/vmstat-$JOBS.txt 2>&1 & VM=$!
( while sleep 20; do echo "== ${SECONDS} s"; ps -eo pid,ppid,etimes,stat,pcpu,rss,wchan:20,args --sort=pid \
    | grep -E "python|bwrap|ncu|nvcc|cicc|ptxas|pytest" | grep -v grep | cut -c1-260; done ) > $R/ps.txt 2>&1 & PS=$!
( time GRADER_TEST_TRACE=$R/tt timeout ${SUITE_LIMIT_S:-400} python3 -m pytest -q -m gpu --ignore=tests/docs \
    -n $JOBS --dist worksteal -p no:cacheprovider --durations=0 ) > $R/test-gpu-$JOBS.txt 2>&1
kill $VM $PS
grep -vE "PytestBenchmarkWarning|warner\(" $R/test-gpu-$JOBS.txt | grep -E "passed|failed|error|^real|^FAILED|^ERROR" | tail -12 >> $L
awk 'NR>2 {us+=$13; sy+=$14; id+=$15; wa+=$16; n++} END {printf "cpu over %d samples: user %.0f%% system %.0f%% idle %.0f%% iowait %.0f%%\n", n, us/n, sy/n, id/n, wa/n}' $R/vmstat-$JOBS.txt >> $L
echo "turnstile openings: $(cat $R/tt/*.jsonl | grep -c 'turnstile opened')" >> $L
python3 docs/data/evidence-2026-12-03d/holds.py $R/tt | tail -3 >> $L
grade softmax-all --submission solutions
grade softmax-03 03 --submission solutions
grade softmax-02 02 --submission solutions
grade softmax-0001 00 01 --submission solutions
step done
