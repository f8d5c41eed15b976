#!/usr/bin/env bash
# Evidence 2026-12-02d, call 5: call 4's tree, on call 4's machine: the solutions with --timings, labs 00 and 01
# together, lab 03 alone, lab 02 alone (issue 12's table).
#   bash docs/data/evidence-2026-12-02d/call5/run.sh   (on the GPU machine, from the repository root; $OUT collects)
set -u
export PYTHONUNBUFFERED=1
R=$OUT/r; mkdir -p $R; L=$OUT/log.txt
python3 -m pip install -q --upgrade --no-index --no-deps --no-compile --target /tmp/site .whl/*.whl 2>/dev/null
export PYTHONPATH=$PWD:/tmp/site
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee $L
for what in "00 01" "03" "02"; do
  name=lab${what// /-}
  echo "== $what: --submission solutions" >> $L
  ( time GRADER_TRACE=$R/$name.jsonl timeout 100 python3 -m grader $what --submission solutions --timings \
      --json $R/$name.json ) > $R/$name.txt 2>&1
  grep -E "^│ (lab 0|total|set-up|timed|checks)|Score|^real" $R/$name.txt >> $L
done
cd $OUT && tar -czf r.tgz r && rm -rf r
