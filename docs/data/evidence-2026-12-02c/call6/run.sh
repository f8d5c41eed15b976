#!/usr/bin/env bash
# Evidence 2026-12-02c, call 6: decision 178's watched worker (launched suspended by ncu --mode launch with the lab,
# attached under the profiler lock by its check) on the GPU: lab 03 of the solutions alone, make test-gpu's command
# under timeout 330 with every grading traced (the device time left allowed no more, nor every lab after it). Stops after lab 03 if its
# 03.triton.own_kernels does not pass.
# The attach now runs beside the init, tried again while ncu finds no process: call 5 attached right after the start,
# before the worker had reached its first CUDA call, and found none.
#   bash docs/data/evidence-2026-12-02c/call6/run.sh   (on the GPU machine, from the repository root; $OUT collects)
set -u
export PYTHONUNBUFFERED=1
R=$OUT/r; mkdir -p $R/tt; L=$OUT/log.txt
python3 -m pip install -q --upgrade --no-index --no-deps --no-compile --target /tmp/site .whl/*.whl 2>/dev/null
export PYTHONPATH=$PWD:/tmp/site
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee $L
git log --oneline -1 >> $L; git status --short | head -20 >> $L
echo "ncu processes before: $(pgrep -c -f 'ncu ' || true)" >> $L
echo "== lab 03: --submission solutions" >> $L
( time GRADER_TRACE=$R/lab03.jsonl timeout 100 python3 -m grader 03 --submission solutions --timings --json $R/lab03.json ) > $R/lab03.txt 2>&1
grep -E "own_kernels|^│ (lab 0|total)|Score|^real" $R/lab03.txt >> $L
python3 - $R/lab03.json >> $L 2>&1 <<'PY' || { tail -60 $R/lab03.txt >> $L; cd $OUT && tar -czf r.tgz r && rm -rf r; exit 0; }
import json, sys
t = {x["extra_data"]["id"]: x for x in json.load(open(sys.argv[1]))["tests"]}["03.triton.own_kernels"]
print("own_kernels:", t["extra_data"]["grader_status"], t["output"][:400])
sys.exit(t["extra_data"]["grader_status"] != "PASS")
PY
( time GRADER_TEST_TRACE=$R/tt timeout 330 python3 -m pytest -q -m gpu --ignore=tests/docs \
    -n 8 --dist worksteal -p no:cacheprovider --durations=0 ) > $R/test-gpu.txt 2>&1
grep -vE "PytestBenchmarkWarning|warner\(" $R/test-gpu.txt | grep -E "passed|failed|error|^real|^FAILED|^ERROR" | tail -12 >> $L
python3 docs/data/evidence-2026-11-29f/locks.py $R/tt >> $L 2>&1
grep -h '"watched start lost' $R/tt/*.jsonl | wc -l | sed 's/^/watched starts lost: /' >> $L
cat $R/tt/*.jsonl | python3 -c "
import json, sys
s = sorted(json.loads(l)['s'] for l in sys.stdin if '\"ncu attach\"' in l)
print('ncu attaches:', len(s), 'seconds each', ', '.join(f'{x:.1f}' for x in s))" >> $L 2>&1
echo "ncu processes after: $(pgrep -c -f 'ncu ' || true)" >> $L
cd $OUT && tar -czf r.tgz r && rm -rf r
