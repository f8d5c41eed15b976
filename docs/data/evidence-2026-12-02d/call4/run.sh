#!/usr/bin/env bash
# Evidence 2026-12-02d, call 4: as call 3, with lab 02's measured worker loaded before the timed phase (profile.measured_ready), the copy worker readied beside the hooks, a kept watched start lost at 3 s; and the first try's watched worker kept (own_kernels.KeptStart: a start lost before its check replaced then); a worker's start waited for without the GPU lock, its init under it
# (kernel_checks.init_on_gpu), lab 02's trace initialised before the timed phase (profile.trace_ready).
# make test-gpu's command with every grading traced, then the solutions with --timings: lab 02 alone, every lab.
#   bash docs/data/evidence-2026-12-02d/call4/run.sh   (on the GPU machine, from the repository root; $OUT collects)
set -u
export PYTHONUNBUFFERED=1
R=$OUT/r; mkdir -p $R/tt; L=$OUT/log.txt
python3 -m pip install -q --upgrade --no-index --no-deps --no-compile --target /tmp/site .whl/*.whl 2>/dev/null
export PYTHONPATH=$PWD:/tmp/site
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee $L
git log --oneline -1 >> $L; git status --short | head -20 >> $L
( time GRADER_TEST_TRACE=$R/tt timeout 380 python3 -m pytest -q -m gpu --ignore=tests/docs \
    -n 8 --dist worksteal -p no:cacheprovider --durations=0 ) > $R/test-gpu.txt 2>&1
grep -vE "PytestBenchmarkWarning|warner\(" $R/test-gpu.txt | grep -E "passed|failed|error|^real|^FAILED|^ERROR" | tail -12 >> $L
python3 docs/data/evidence-2026-11-29f/locks.py $R/tt >> $L 2>&1
python3 docs/data/evidence-2026-12-02d/holds.py $R/tt >> $L 2>&1
cat $R/tt/*.jsonl | grep -o '"what": "watched start[a-z ]*"' | sort | uniq -c >> $L
echo "ncu processes after the suite: $(pgrep -c -f 'ncu ' || true)" >> $L
for what in "02" ""; do
  name=lab${what:-all}
  echo "== ${what:-every lab}: --submission solutions" >> $L
  ( time GRADER_TRACE=$R/$name.jsonl timeout 150 python3 -m grader $what --submission solutions --timings \
      --json $R/$name.json ) > $R/$name.txt 2>&1
  grep -E "^│ (lab 0|total|set-up|timed|checks)|Score|^real" $R/$name.txt >> $L
  grep -o '"what": "watched start[a-z ]*"' $R/$name.jsonl | sort | uniq -c >> $L
done
cd $OUT && tar -czf r.tgz r && rm -rf r
