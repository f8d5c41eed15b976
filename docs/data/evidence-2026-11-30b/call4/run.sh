#!/usr/bin/env bash
# Evidence 2026-11-30b, call 4: the session's final grader (83a6721: the library's listed architectures decide the
# build for a report's GPU; the reader's budget) on the GPU: lab 02 of both tracks with --timings, and the GPU-decided
# profile case and lab 02's GPU tests.
#   bash docs/data/evidence-2026-11-30b/call4/run.sh   (on the GPU machine, from the repository root; $OUT collects)
set -u
export PYTHONUNBUFFERED=1
R=$OUT/r; mkdir -p $R; L=$OUT/log.txt
python3 -m pip install -q --no-index --no-deps --no-compile --target /tmp/site .whl/*.whl && export PYTHONPATH=$PWD:/tmp/site
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,memory.total --format=csv,noheader | tee $L
git status --short | head -30 >> $L 2>/dev/null
g() { local name=$1; shift; echo "== $name" >> $L
  ( time timeout 70 python3 -m grader "$@" --timings --json $R/$name.json ) > $R/$name.txt 2>&1
  grep -E "^│ (lab 0|total|timed)|Score|^real" $R/$name.txt >> $L; grep -E "│ (FAIL|NOT RUN)" $R/$name.txt >> $L
  python3 -c "
import json; d = json.load(open('$R/$name.json'))
for t in d['tests']:
    if t['extra_data']['id'].endswith('profile.kernel_matches'): print(t['extra_data']['id'], '|', t['output'].replace(chr(10), ' | '))
" >> $L 2>&1; }
g lab02 02 --submission solutions; python3 docs/data/evidence-2026-11-29/gate.py $R/lab02.json "gate:" >> $L 2>&1
g gemm02 02 --submission solutions --kernel gemm; python3 docs/data/evidence-2026-11-29/gate.py $R/gemm02.json "gemm gate:" >> $L 2>&1
( time timeout 300 python3 -m pytest -q -m gpu -p no:cacheprovider -n 4 tests/test_lab02_gate.py tests/test_adversarial.py \
    -k "lab02 or c08_" ) > $R/tests.txt 2>&1
tail -4 $R/tests.txt >> $L
cd $OUT && tar -czf r.tgz r && rm -rf r
