#!/usr/bin/env bash
# Evidence 2026-12-04c (session 52), call 3: make test-gpu's command at -n $JOBS (8 unless JOBS says otherwise) with
# decisions 205 and 206 (the red team's fixes), once from empty caches
# (no bytecode kept, no .venv/pycache, no build/cache, no ~/.triton),
# then the solutions of both tracks, every lab, with --timings (call 4 runs the suite again on this machine, warm).
#   bash docs/data/evidence-2026-12-04c/call3/run.sh   (on the GPU machine, from the repository root)
source docs/_tools/device_call.sh
JOBS=${JOBS:-8}
env | grep -E "^PYTHON" >> $L
du -sh ~/.cache/phase24-grader .venv/pycache build/cache ~/.triton >> $L 2>&1
rm -rf ~/.cache/phase24-grader .venv/pycache build/cache ~/.triton
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
suite cold ${COLD_LIMIT_S:-360}
du -sh ~/.cache/phase24-grader .venv/pycache build/cache >> $L 2>&1
[ $SECONDS -lt 500 ] && grade softmax-all --submission solutions
[ $SECONDS -lt 530 ] && grade gemm-all --submission solutions --kernel gemm
step done
