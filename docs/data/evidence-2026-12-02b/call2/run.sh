#!/usr/bin/env bash
# Evidence 2026-12-02b, call 2: concurrent ncu sessions, each session's kernel launched by all at once (after every
# session is ready), with ncu's default ports and with a port range of each session's own (the call 1 run never
# overlapped: its fixed start came before most sessions were ready); then make test-gpu's command under timeout 420,
# every grading traced, on the grader of this tree (decision 176's own_kernels.is_mine).
#   bash docs/data/evidence-2026-12-02b/call2/run.sh   (on the GPU machine, from the repository root; $OUT collects)
set -u
export PYTHONUNBUFFERED=1
R=$OUT/r; mkdir -p $R/tt; L=$OUT/log.txt
python3 -m pip install -q --upgrade --no-index --no-deps --no-compile --target /tmp/site .whl/*.whl 2>/dev/null
export PYTHONPATH=$PWD:/tmp/site
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee $L
git log --oneline -1 >> $L; git status --short | head -20 >> $L
echo "== crosstalk" >> $L
( time timeout 200 python3 docs/_tools/ncu_crosstalk/crosstalk.py $R/xt --sessions 8 --rounds 1 --seconds 8 ) > $R/xt.txt 2>&1
grep -E '"wall_s"|^real' $R/xt.txt >> $L; grep '"session"' $R/xt.txt | cut -c1-330 >> $L
grep -h "waited for" $R/xt/*/out.txt | sort | uniq -c >> $L
echo "== make test-gpu" >> $L
( time GRADER_TEST_TRACE=$R/tt timeout 420 python3 -m pytest -q -m gpu --ignore=tests/docs \
    -n 8 --dist worksteal -p no:cacheprovider --durations=0 ) > $R/test-gpu.txt 2>&1
grep -vE "PytestBenchmarkWarning|warner\(" $R/test-gpu.txt | grep -E "passed|failed|error|^real|^FAILED|^ERROR" | tail -12 >> $L
python3 docs/data/evidence-2026-11-29f/locks.py $R/tt >> $L 2>&1
grep -h '"watched start lost' $R/tt/*.jsonl | wc -l | sed 's/^/watched starts lost: /' >> $L
cd $OUT && tar -czf r.tgz --exclude='triton-cache' r && rm -rf r
