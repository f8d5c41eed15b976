#!/usr/bin/env bash
# Evidence 2026-12-03f (session 48), call 1: decision 201 (the profiler holder's cases past the GPU lock's turnstile;
# lab 02's measured worker launched suspended, started as its report is read, attached under the profiler lock with
# the report's metrics and exported). Lab 02 alone first (the attach's report must be read and compared), then
# make test-gpu's command at -n 8, traced, then every lab and lab 02 again, with --timings.
#   bash docs/data/evidence-2026-12-03f/call1/run.sh   (on the GPU machine, from the repository root)
source docs/_tools/device_call.sh
JOBS=${JOBS:-8}
nproc >> $L
grade softmax-02a 02 --submission solutions
grep -E "02.profile.kernel_matches|measured again" $R/softmax-02a.txt | head -4 | cut -c1-300 >> $L
mkdir -p $R/tt
step "make test-gpu's command, -n $JOBS"
vmstat -n 5 > $R/vmstat-$JOBS.txt 2>&1 & VM=$!
( time GRADER_TEST_TRACE=$R/tt timeout ${SUITE_LIMIT_S:-400} python3 -m pytest -q -m gpu --ignore=tests/docs \
    -n $JOBS --dist worksteal -p no:cacheprovider --durations=0 ) > $R/test-gpu-$JOBS.txt 2>&1
kill $VM
grep -vE "PytestBenchmarkWarning|warner\(" $R/test-gpu-$JOBS.txt | grep -E "passed|failed|error|^real|^FAILED|^ERROR" | tail -12 >> $L
awk 'NR>2 {us+=$13; sy+=$14; id+=$15; wa+=$16; n++} END {printf "cpu over %d samples: user %.0f%% system %.0f%% idle %.0f%% iowait %.0f%%\n", n, us/n, sy/n, id/n, wa/n}' $R/vmstat-$JOBS.txt >> $L
python3 docs/data/evidence-2026-12-03d/holds.py $R/tt | tail -3 >> $L
python3 docs/data/evidence-2026-12-03e/parts.py $R/tt | tail -1 >> $L
python3 docs/data/evidence-2026-12-03f/ahead.py $R/tt >> $L
grade softmax-all --submission solutions
grade softmax-02b 02 --submission solutions
grade softmax-03 03 --submission solutions
step done
