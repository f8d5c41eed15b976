#!/usr/bin/env bash
# Evidence 2026-12-02b, call 1: what Nsight Compute calls a Triton kernel, torch's softmax and cuBLAS's matmul
# (own_kernels.is_mine, decision 176); the solutions graded with --timings on the grader of this tree (lab 03 alone,
# labs 00 and 01, lab 02 alone, every lab); then whether concurrent ncu sessions cross their records, with ncu's
# default ports and with a port range of each session's own (docs/_tools/ncu_crosstalk).
#   bash docs/data/evidence-2026-12-02b/call1/run.sh   (on the GPU machine, from the repository root; $OUT collects)
set -u
export PYTHONUNBUFFERED=1
R=$OUT/r; mkdir -p $R; L=$OUT/log.txt
python3 -m pip install -q --upgrade --no-index --no-deps --no-compile --target /tmp/site .whl/*.whl 2>/dev/null
export PYTHONPATH=$PWD:/tmp/site
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee $L
git log --oneline -1 >> $L; git status --short | head -20 >> $L
echo "== names" >> $L
timeout 200 python3 docs/_tools/ncu_crosstalk/crosstalk.py $R/names-run --names --modes "" 2>&1 | cut -c1-400 >> $L
g() { local name=$1; shift; echo "== $name: $*" >> $L
  ( time GRADER_TRACE=$R/$name.jsonl timeout 100 python3 -m grader "$@" --timings --json $R/$name.json ) > $R/$name.txt 2>&1
  grep -E "^│ (lab 0|total|timed|build|set-up|checks|  [a-zA-Z])|Score|^real|Graded only" $R/$name.txt >> $L
  grep -E "│ (FAIL|NOT RUN)" $R/$name.txt >> $L
  grep -E "own_kernels" $R/$name.txt | head -3 >> $L; }
g lab03 --submission solutions 03
g lab0001 --submission solutions 00 01
g lab02 --submission solutions 02; python3 docs/data/evidence-2026-11-29/gate.py $R/lab02.json "gate:" >> $L 2>&1
g all --submission solutions; python3 docs/data/evidence-2026-11-29/gate.py $R/all.json "gate:" >> $L 2>&1
echo "== crosstalk" >> $L
( time timeout 300 python3 docs/_tools/ncu_crosstalk/crosstalk.py $R/xt --sessions 8 --rounds 2 --seconds 6 ) > $R/xt.txt 2>&1
grep -E '"wall_s"|^real' $R/xt.txt >> $L; grep '"crossed": true' $R/xt.txt | head -20 >> $L
cd $OUT && tar -czf r.tgz --exclude='triton-cache' r && rm -rf r
