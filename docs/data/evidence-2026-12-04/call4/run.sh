#!/usr/bin/env bash
# Evidence 2026-12-04 (session 50), call 4: as call 3, the warm-up in a process of its own (in call 3, started by the
# judge's runner inside pytest's process, it swept pytest-xdist's workers), at -n $JOBS (10 unless JOBS says
# otherwise); then the warm-up's imports alone from an empty folder, one core and every core.
#   JOBS=10 bash docs/data/evidence-2026-12-04/call4/run.sh   (on the GPU machine, from the repository root)
source docs/_tools/device_call.sh
JOBS=${JOBS:-10}
env | grep -E "^PYTHON" >> $L
# as on the fresh machine of call 2: no bytecode kept, none in .venv/pycache, no compile caches
du -sh ~/.cache/phase24-grader .venv/pycache build/cache ~/.triton >> $L 2>&1
rm -rf ~/.cache/phase24-grader .venv/pycache build/cache ~/.triton
mkdir -p $R/tt
step "make test-gpu's command, -n $JOBS"
vmstat -n 5 > $R/vmstat-$JOBS.txt 2>&1 & VM=$!
( time env -u PYTHONDONTWRITEBYTECODE PYTHONPYCACHEPREFIX=$PWD/.venv/pycache GRADER_TEST_TRACE=$R/tt \
    timeout ${SUITE_LIMIT_S:-400} python3 -m pytest -q -m gpu --ignore=tests/docs \
    -n $JOBS --dist worksteal -p no:cacheprovider --durations=0 ) > $R/test-gpu-$JOBS.txt 2>&1
kill $VM
grep -vE "PytestBenchmarkWarning|warner\(" $R/test-gpu-$JOBS.txt | grep -E "passed|failed|error|^real|^FAILED|^ERROR" | tail -12 >> $L
grep -E "^[0-9.]+s call" $R/test-gpu-$JOBS.txt | head -5 >> $L
grep -E "^[0-9.]+s " $R/test-gpu-$JOBS.txt | awk '{s+=$1} END {printf "tests summed: %.0f s\n", s}' >> $L
awk 'NR>2 {us+=$13; sy+=$14; id+=$15; wa+=$16; n++} END {printf "cpu over %d samples: user %.0f%% system %.0f%% idle %.0f%% iowait %.0f%%\n", n, us/n, sy/n, id/n, wa/n}' $R/vmstat-$JOBS.txt >> $L
python3 docs/data/evidence-2026-12-03d/holds.py $R/tt | tail -2 >> $L
ls -d ~/.cache/phase24-grader/pycache/stamp-* >> $L 2>&1; du -sh ~/.cache/phase24-grader/pycache >> $L 2>&1
# the watched workers' starts: torch and torch._dynamo imported, seconds since each process began
grep -ho 'imported: [0-9.]* s' $R/tt/*.jsonl | awk '{s+=$2; n++; if ($2>m) m=$2} END {printf "watched starts: %d, imports %.2f s on average, %.2f s at most\n", n, s/n, m}' >> $L
step "the warm-up's imports alone, from an empty folder: one core, then every core"
for cores in 999 8; do
  rm -rf /tmp/pcw; mkdir -m 700 /tmp/pcw
  ( time env -u PYTHONDONTWRITEBYTECODE PYTHONPYCACHEPREFIX=/tmp/pcw python3 -c \
      "import grader.bytecode as b; b.PARALLEL_FROM_CORES = $cores; b._import_all()" > /dev/null ) 2>&1 | tr '\n' ' ' >> $L
  echo " (compileall from $cores cores): $(find /tmp/pcw -name '*.pyc' | wc -l) files" >> $L
done
step done
