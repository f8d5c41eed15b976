#!/usr/bin/env bash
# Session 4, call 6: the CUDA reference before/after plain loads and stores, Triton variants (split stores
# without .cs, no memset per call) in the microbenchmark; then the repository's GPU tests on the tree
# (workers record one pair of events per block).
set -u
export PYTHONUNBUFFERED=1
R=$OUT; L=$R/log.txt
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,memory.total --format=csv,noheader | tee -a $L
B=.scratch-dev/r4; D=docs/_tools/softmax_limit/round4
args=(--so old=$B/old.so --so new=$B/new.so --py triton=solutions/03-triton-and-pytorch/softmax_triton.py)
for f in $B/triton_*.py; do n=$(basename $f .py); args+=(--py $n=$f); done
timeout 200 python3 $D/mb.py "${args[@]}" --out $R/mb6.json 2>&1 | tee -a $L
echo "rc=$?" | tee -a $L
python3 -m pip install -q --no-index --no-deps --no-compile --target /tmp/site .whl/*.whl && export PYTHONPATH=$PWD:/tmp/site
echo "== pytest -m gpu -n 6 ($(date +%T))" | tee -a $L
set -o pipefail
timeout 380 python3 -m pytest -q -m gpu --ignore=tests/docs -n 6 -p no:cacheprovider 2>&1 | tail -15 | tee -a $L
echo "rc=$? ($(date +%T))" | tee -a $L
