#!/usr/bin/env bash
# Evidence 2026-12-03b (session 44), call 1: make test-gpu's command at -n 8, traced, the machine's CPU sampled every
# 5 s (vmstat), on the session's first grader (decision 190: the sweep's workers capped by the grading's check
# slots); it includes the tests session 43's call 3 was to run again (the BOM + CRLF Triton control, Triton's tutorial
# softmax, lab 03's solution, the look-alike folder). Then the solutions with --timings: every lab, lab 02 alone, lab
# 03 alone, labs 00 and 01.
#   bash docs/data/evidence-2026-12-03b/call1/run.sh   (on the GPU machine, from the repository root)
source docs/_tools/device_call.sh
JOBS=${JOBS:-8}
nproc >> $L
mkdir -p $R/tt
step "make test-gpu's command, -n $JOBS"
vmstat -n 5 > $R/vmstat-$JOBS.txt 2>&1 & VM=$!
( time GRADER_TEST_TRACE=$R/tt timeout ${SUITE_LIMIT_S:-400} python3 -m pytest -q -m gpu --ignore=tests/docs \
    -n $JOBS --dist worksteal -p no:cacheprovider --durations=0 ) > $R/test-gpu-$JOBS.txt 2>&1
kill $VM
grep -vE "PytestBenchmarkWarning|warner\(" $R/test-gpu-$JOBS.txt | grep -E "passed|failed|error|^real|^FAILED|^ERROR" | tail -12 >> $L
awk 'NR>2 {us+=$13; sy+=$14; id+=$15; wa+=$16; n++} END {printf "cpu over %d samples: user %.0f%% system %.0f%% idle %.0f%% iowait %.0f%%\n", n, us/n, sy/n, id/n, wa/n}' $R/vmstat-$JOBS.txt >> $L
grade softmax-all --submission solutions
grade softmax-02 02 --submission solutions
grade softmax-03 03 --submission solutions
grade softmax-0001 00 01 --submission solutions
step done
