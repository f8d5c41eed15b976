#!/usr/bin/env bash
# Evidence 2026-12-03c (session 45), call 1: the grader that landed in session 44 (9379644: decision 190, red team
# rt44's mends, decision 191 reverted) had run on the GPU only in an earlier form. make test-gpu's command at -n 8,
# traced, with the CPU sampled every 5 s (vmstat) and the process table every 20 s (ps), so that a stall like call 2
# of 2026-12-03b shows which process held on. Then the solutions with --timings: every lab, lab 02, lab 03, 00 + 01.
#   bash docs/data/evidence-2026-12-03c/call1/run.sh   (on the GPU machine, from the repository root)
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
grade softmax-all --submission solutions
grade softmax-02 02 --submission solutions
grade softmax-03 03 --submission solutions
grade softmax-0001 00 01 --submission solutions
step done
