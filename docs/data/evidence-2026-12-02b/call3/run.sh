#!/usr/bin/env bash
# Evidence 2026-12-02b, call 3: make test-gpu's command under timeout 420, every grading traced, on a machine with no
# Nsight Compute process left over (call 2's crosstalk run was cut by its timeout, which killed its Python process but
# not the ncu sessions it had started: its make test-gpu ran beside them). Then the solutions, every lab.
#   bash docs/data/evidence-2026-12-02b/call3/run.sh   (on the GPU machine, from the repository root; $OUT collects)
set -u
export PYTHONUNBUFFERED=1
R=$OUT/r; mkdir -p $R/tt; L=$OUT/log.txt
python3 -m pip install -q --upgrade --no-index --no-deps --no-compile --target /tmp/site .whl/*.whl 2>/dev/null
export PYTHONPATH=$PWD:/tmp/site
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee $L
git log --oneline -1 >> $L; git status --short | head -20 >> $L
echo "ncu processes before: $(pgrep -c -f 'ncu ' || true)" >> $L
( time GRADER_TEST_TRACE=$R/tt timeout 420 python3 -m pytest -q -m gpu --ignore=tests/docs \
    -n 8 --dist worksteal -p no:cacheprovider --durations=0 ) > $R/test-gpu.txt 2>&1
grep -vE "PytestBenchmarkWarning|warner\(" $R/test-gpu.txt | grep -E "passed|failed|error|^real|^FAILED|^ERROR" | tail -12 >> $L
python3 docs/data/evidence-2026-11-29f/locks.py $R/tt >> $L 2>&1
grep -h '"watched start lost' $R/tt/*.jsonl | wc -l | sed 's/^/watched starts lost: /' >> $L
echo "== all: --submission solutions" >> $L
( time timeout 100 python3 -m grader --submission solutions --timings --json $R/all.json ) > $R/all.txt 2>&1
grep -E "^│ (lab 0|total)|Score|^real" $R/all.txt >> $L
python3 docs/data/evidence-2026-11-29/gate.py $R/all.json "gate:" >> $L 2>&1
cd $OUT && tar -czf r.tgz r && rm -rf r
