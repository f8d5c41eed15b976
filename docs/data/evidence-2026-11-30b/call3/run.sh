#!/usr/bin/env bash
# Evidence 2026-11-30b, call 3: the session's last grader (decision 130: the copy ceiling measured again before a kernel is
# called impossible): make test-gpu's command with eight workers first (so that the gradings after it
# find warm caches, as the issue's table asks), then the solutions' gradings with --timings, lab 02 alone twice.
#   bash docs/data/evidence-2026-11-30b/call3/run.sh   (on the GPU machine, from the repository root; $OUT collects)
set -u
export PYTHONUNBUFFERED=1
R=$OUT/r; mkdir -p $R/tt; L=$OUT/log.txt
python3 -m pip install -q --no-index --no-deps --no-compile --target /tmp/site .whl/*.whl && export PYTHONPATH=$PWD:/tmp/site
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,memory.total --format=csv,noheader | tee $L
git log -1 --format=%H >> $L 2>/dev/null
git status --short | head -30 >> $L 2>/dev/null
NCUPY=$(python3 -c "from grader.workers.ncu_read import _ncu_python_dirs; print(_ncu_python_dirs()[0])")
PYTHONPATH= python3 -c "import sys; sys.path.insert(0, '$NCUPY'); import ncu_report as m; print('ncu install reader:', m.__file__, 'sass_by_pc:', hasattr(m.IAction, 'sass_by_pc'))" >> $L 2>&1
python3 - >> $L 2>&1 <<'PY'
import sys; from pathlib import Path
from grader.workers import ncu_read
m, loader = ncu_read.import_reader()
for rep in ("solutions/02-tuned-kernel/profile/softmax_tuned.ncu-rep", "solutions/02-tuned-kernel/profile/sgemm_tuned.ncu-rep"):
    out = ncu_read.load(m, loader, Path(rep), [])
    print(loader["source"], rep, {k: (len(v.get("instructions", [])), v.get("missing")) for k, v in out.get("sass", {}).items()})
PY
g() { local name=$1; shift; echo "== $name" >> $L
  ( time GRADER_TRACE=$R/$name.jsonl timeout 70 python3 -m grader "$@" --timings --json $R/$name.json ) > $R/$name.txt 2>&1
  grep -E "^│ (lab 0|total|timed)|Score|^real" $R/$name.txt >> $L; grep -E "│ (FAIL|NOT RUN)" $R/$name.txt >> $L
  python3 -c "
import json; d = json.load(open('$R/$name.json'))
for t in d['tests']:
    if t['extra_data']['id'].endswith('profile.kernel_matches'): print(t['extra_data']['id'], '|', t['output'].replace(chr(10), ' | '))
" >> $L 2>&1; }
( time GRADER_TEST_TRACE=$R/tt ADV_LOG=$R/adv-times.txt timeout 330 python3 -m pytest -q -m gpu --ignore=tests/docs -n 8 \
    --dist worksteal -p no:cacheprovider --durations=15 ) > $R/test-gpu.txt 2>&1
grep -vE "PytestBenchmarkWarning|warner\(" $R/test-gpu.txt | tail -25 >> $L
g all --submission solutions; python3 docs/data/evidence-2026-11-29/gate.py $R/all.json "gate:" >> $L 2>&1
g lab02 02 --submission solutions; python3 docs/data/evidence-2026-11-29/gate.py $R/lab02.json "gate:" >> $L 2>&1
g lab02b 02 --submission solutions; python3 docs/data/evidence-2026-11-29/gate.py $R/lab02b.json "gate:" >> $L 2>&1
g lab03 03 --submission solutions
g lab0001 00 01 --submission solutions
g gemm-all --submission solutions --kernel gemm; python3 docs/data/evidence-2026-11-29/gate.py $R/gemm-all.json "gemm gate:" >> $L 2>&1
python3 docs/data/evidence-2026-11-29f/locks.py $R/tt >> $L 2>&1
# gradings whose copy was measured twice (decision 130): two inits of a worker in the copy-ceiling lane
python3 - $R/tt >> $L 2>&1 <<'PY'
import json, sys, pathlib
twice = []
for f in sorted(pathlib.Path(sys.argv[1]).glob("*.jsonl")):
    inits = [e for e in map(json.loads, f.read_text().splitlines()) if e.get("lane") == "copy-ceiling" and e.get("what") == "worker cuda: init"]
    if len(inits) > 1: twice.append(f.name)
print("copy measured twice in", len(twice), "gradings:", twice)
PY
cd $OUT && tar -czf r.tgz r && rm -rf r
