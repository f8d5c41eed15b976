#!/usr/bin/env bash
# Evidence 2026-12-03, call 1 (and call 2, with JOBS=8 GEMM_TOO=1, session 43's later grader, another machine): make test-gpu's command with JOBS
# pytest-xdist workers (make test-gpu's GPU_TEST_JOBS), traced, with the machine's CPU use sampled every 5 s (vmstat);
# then every lab of the solutions with --timings. Session 43's grader (one "not started" rule, notes read once per
# lab, Ctrl-C outside the grading).
#   JOBS=12 bash docs/data/evidence-2026-12-03/call1/run.sh   (on the GPU machine, from the repository root)
source docs/_tools/device_call.sh
JOBS=${JOBS:-12}
nproc >> $L
mkdir -p $R/tt
step "make test-gpu's command, -n $JOBS"
vmstat -n 5 > $R/vmstat-$JOBS.txt 2>&1 & VM=$!
( time GRADER_TEST_TRACE=$R/tt timeout 420 python3 -m pytest -q -m gpu --ignore=tests/docs \
    -n $JOBS --dist worksteal -p no:cacheprovider --durations=0 ) > $R/test-gpu-$JOBS.txt 2>&1
kill $VM
grep -vE "PytestBenchmarkWarning|warner\(" $R/test-gpu-$JOBS.txt | grep -E "passed|failed|error|^real|^FAILED|^ERROR" | tail -12 >> $L
awk 'NR>2 {us+=$13; sy+=$14; id+=$15; wa+=$16; n++} END {printf "cpu over %d samples: user %.0f%% system %.0f%% idle %.0f%% iowait %.0f%%\n", n, us/n, sy/n, id/n, wa/n}' $R/vmstat-$JOBS.txt >> $L
[ "${GRADE_TOO:-1}" = 1 ] && grade softmax-all --submission solutions
[ "${GEMM_TOO:-0}" = 1 ] && grade gemm-03 03 --submission solutions --kernel gemm
grep -h "row_stride" $R/*.txt | head -4 >> $L
step done
