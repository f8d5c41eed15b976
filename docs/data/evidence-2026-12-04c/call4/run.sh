#!/usr/bin/env bash
# Evidence 2026-12-04c (session 52), call 4: make test-gpu's command at -n $JOBS (8 unless JOBS says otherwise) with
# decisions 205 and 206 (the red team's fixes), on call 3's machine with the caches that call left (warm caches:
# the condition).
#   bash docs/data/evidence-2026-12-04c/call4/run.sh   (on the GPU machine, from the repository root)
source docs/_tools/device_call.sh
JOBS=${JOBS:-8}
env | grep -E "^PYTHON" >> $L
suite() {  # suite NAME LIMIT_S
  local name=$1
  mkdir -p $R/tt-$name
  step "make test-gpu's command, -n $JOBS, $name caches"
  vmstat -n 5 > $R/vmstat-$name.txt 2>&1 & VM=$!
  ( time env -u PYTHONDONTWRITEBYTECODE PYTHONPYCACHEPREFIX=$PWD/.venv/pycache GRADER_TEST_TRACE=$R/tt-$name \
      timeout $2 python3 -m pytest -q -m gpu --ignore=tests/docs \
      -n $JOBS --dist worksteal -p no:cacheprovider --durations=0 ) > $R/test-gpu-$name.txt 2>&1
  kill $VM
  grep -vE "PytestBenchmarkWarning|warner\(" $R/test-gpu-$name.txt | grep -E "passed|failed|error|^real|^FAILED|^ERROR" | tail -12 >> $L
  grep -E "^[0-9.]+s call" $R/test-gpu-$name.txt | head -5 >> $L
  grep -E "^[0-9.]+s " $R/test-gpu-$name.txt | awk '{s+=$1} END {printf "tests summed: %.0f s\n", s}' >> $L
  awk 'NR>2 {us+=$13; sy+=$14; id+=$15; wa+=$16; n++} END {printf "cpu over %d samples: user %.0f%% system %.0f%% idle %.0f%% iowait %.0f%%\n", n, us/n, sy/n, id/n, wa/n}' $R/vmstat-$name.txt >> $L
  python3 docs/data/evidence-2026-12-03d/holds.py $R/tt-$name | tail -2 >> $L
}
suite warm $(( ${CALL_LIMIT_S:-590} - SECONDS - 5 ))
step done
