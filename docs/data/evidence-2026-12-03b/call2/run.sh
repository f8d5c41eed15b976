#!/usr/bin/env bash
# Evidence 2026-12-03b, call 2 (decision 191): lab 03's watched worker with Nsight Compute around the sandbox and
# inside it, 8 starts at once under load (starts.py); then make test-gpu's command at -n 8, traced, on the grader that
# puts ncu inside, with the watched starts counted from the traces.
#   bash docs/data/evidence-2026-12-03b/call2/run.sh   (on the GPU machine, from the repository root)
source docs/_tools/device_call.sh
step "watched starts, ncu outside and inside the sandbox (starts.py)"
timeout 200 python3 docs/data/evidence-2026-12-03b/call2/starts.py $R ${ROUNDS:-6} ${LOAD:-12} > $R/starts.txt 2>&1
tail -4 $R/starts.txt >> $L
mkdir -p $R/tt
step "make test-gpu's command, -n 8"
vmstat -n 5 > $R/vmstat-8.txt 2>&1 & VM=$!
( time GRADER_TEST_TRACE=$R/tt timeout ${SUITE_LIMIT_S:-360} python3 -m pytest -q -m gpu --ignore=tests/docs \
    -n 8 --dist worksteal -p no:cacheprovider --durations=0 ) > $R/test-gpu-8.txt 2>&1
kill $VM
grep -vE "PytestBenchmarkWarning|warner\(" $R/test-gpu-8.txt | grep -E "passed|failed|error|^real|^FAILED|^ERROR" | tail -12 >> $L
awk 'NR>2 {us+=$13; sy+=$14; id+=$15; wa+=$16; n++} END {printf "cpu over %d samples: user %.0f%% system %.0f%% idle %.0f%% iowait %.0f%%\n", n, us/n, sy/n, id/n, wa/n}' $R/vmstat-8.txt >> $L
cat $R/tt/*.jsonl 2>/dev/null | grep -o '"what": "watched start[a-z ]*"' | sort | uniq -c >> $L
step done
