#!/usr/bin/env bash
# Evidence 2026-12-03f (session 48), call 3: probe.sh (where NVTX goes for a launched-suspended process), then lab 02
# alone with decision 201 (--nvtx at the launch); if its measured check does not pass, lab 02's measured worker goes
# back to the landed one (grader/checks/profile.py of HEAD: ncu outside the sandbox, started in the timed phase) and
# lab 02 is graded again. Then make test-gpu's command at -n 8, traced, every lab, lab 02 and lab 03 with --timings.
#   bash docs/data/evidence-2026-12-03f/call3/run.sh   (on the GPU machine, from the repository root)
source docs/_tools/device_call.sh
JOBS=${JOBS:-8}
step "probe"
bash docs/data/evidence-2026-12-03f/call3/probe.sh $R/probe >> $L 2>&1
rm -f $R/probe/*.ncu-rep
grade softmax-02a 02 --submission solutions
grep -E "02.profile.kernel_matches|measured again" $R/softmax-02a.txt | head -3 | cut -c1-300 >> $L
if ! grep -q "02.profile.kernel_matches *│ PASS" $R/softmax-02a.txt; then
  step "fallback: HEAD's grader/checks/profile.py"
  git show HEAD:grader/checks/profile.py > grader/checks/profile.py && git log --oneline -1 >> $L
  grade softmax-02f 02 --submission solutions
fi
mkdir -p $R/tt
step "make test-gpu's command, -n $JOBS"
vmstat -n 5 > $R/vmstat-$JOBS.txt 2>&1 & VM=$!
( time GRADER_TEST_TRACE=$R/tt timeout ${SUITE_LIMIT_S:-360} python3 -m pytest -q -m gpu --ignore=tests/docs \
    -n $JOBS --dist worksteal -p no:cacheprovider --durations=0 ) > $R/test-gpu-$JOBS.txt 2>&1
kill $VM
grep -vE "PytestBenchmarkWarning|warner\(" $R/test-gpu-$JOBS.txt | grep -E "passed|failed|error|^real|^FAILED|^ERROR" | tail -12 >> $L
awk 'NR>2 {us+=$13; sy+=$14; id+=$15; wa+=$16; n++} END {printf "cpu over %d samples: user %.0f%% system %.0f%% idle %.0f%% iowait %.0f%%\n", n, us/n, sy/n, id/n, wa/n}' $R/vmstat-$JOBS.txt >> $L
python3 docs/data/evidence-2026-12-03d/holds.py $R/tt | tail -2 >> $L
python3 docs/data/evidence-2026-12-03e/parts.py $R/tt | tail -1 >> $L
python3 docs/data/evidence-2026-12-03f/ahead.py $R/tt >> $L
grade softmax-all --submission solutions
[ $SECONDS -lt 500 ] && grade softmax-02b 02 --submission solutions
[ $SECONDS -lt 530 ] && grade softmax-03 03 --submission solutions
step done
