#!/usr/bin/env bash
# Evidence 2026-12-02c, call 4: Nsight Compute's --mode launch / --mode attach (docs/_tools/ncu_attach/attach.py),
# each target in bwrap as the grader's watched workers are.
# (attach given two ports from the launch's, as call 3 found attach with one port finds nothing; each target in bwrap)
#   bash docs/data/evidence-2026-12-02c/call4/run.sh   (on the GPU machine, from the repository root; $OUT collects)
set -u
export PYTHONUNBUFFERED=1
L=$OUT/log.txt
python3 -m pip install -q --upgrade --no-index --no-deps --no-compile --target /tmp/site .whl/*.whl 2>/dev/null
export PYTHONPATH=$PWD:/tmp/site
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee $L
ncu --version | tail -1 >> $L
for mode in sandbox; do
  echo "== $mode" >> $L
  flag=""; [ $mode = sandbox ] && flag=--sandbox
  timeout -k 5 200 python3 docs/_tools/ncu_attach/attach.py /tmp/attach-$mode $flag --limit 40 --hosts 127.0.0.1 >> $L 2>&1
  echo "rc $?" >> $L
  pkill -9 -f 'ncu ' ; pkill -9 -f 't.py'; sleep 1
  echo "ncu left: $(pgrep -c -f 'ncu ' || true)" >> $L
done
