#!/usr/bin/env bash
# Evidence 2026-12-03e (session 47), call 2: spin.py again (call 1's placements A and B had ncu's mode and its
# argument apart: mended here), then decision 198 (Nsight Compute inside the sandbox for the worker it launches
# suspended, decision 191 again) in make test-gpu's command, traced, and the solutions with --timings.
#   bash docs/data/evidence-2026-12-03e/call2/run.sh   (on the GPU machine, from the repository root)
source docs/_tools/device_call.sh
JOBS=${JOBS:-8}
nproc >> $L
step "spin.py"
R=$R timeout 120 python3 docs/data/evidence-2026-12-03e/call2/spin.py 2 >> $L 2>&1
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
step done
