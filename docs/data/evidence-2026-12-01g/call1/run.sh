#!/usr/bin/env bash
# Evidence 2026-12-01g, call 1: the build made faster (the solution's fences instead of <cuda/atomic>, a realpath cache
# in the CUB check, stage spans in the trace). The solutions graded with --timings (every lab, lab 02 alone twice),
# the old and new CUDA references side by side (grader.bench --quick --no-triton, the gate shape and the long rows),
# decision 173's test on this machine, then make test-gpu's command under timeout 330.
#   bash docs/data/evidence-2026-12-01g/call1/run.sh   (on the GPU machine, from the repository root; $OUT collects)
# .whl/orig/softmax_tuned.cu: the solution before this call's change (git show 1969738:solutions/02-tuned-kernel/...).
set -u
export PYTHONUNBUFFERED=1
R=$OUT/r; mkdir -p $R/tt; L=$OUT/log.txt
python3 -m pip install -q --upgrade --no-index --no-deps --no-compile --target /tmp/site .whl/*.whl 2>/dev/null
export PYTHONPATH=$PWD:/tmp/site
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee $L
nproc >> $L; git status --short | head -20 >> $L
g() { local name=$1; shift; echo "== $name: $*" >> $L
  ( time GRADER_TRACE=$R/$name.jsonl timeout 100 python3 -m grader "$@" --timings --json $R/$name.json ) > $R/$name.txt 2>&1
  grep -E "^│ (lab 0|total|timed|build|set-up|checks|  0[0-3]\.sanitizer)|Score|^real|Graded only" $R/$name.txt >> $L
  grep -E "│ (FAIL|NOT RUN)" $R/$name.txt >> $L
  python3 - $R/$name.jsonl >> $L <<'PY'
import json, sys
for l in open(sys.argv[1]):
    r = json.loads(l)
    if r["what"].startswith("build:"): print(f"  {r['what']} {r.get('file', '')}: {r['s']:.2f} s")
PY
}
g all --submission solutions; python3 docs/data/evidence-2026-11-29/gate.py $R/all.json "gate:" >> $L 2>&1
g lab02 --submission solutions 02; python3 docs/data/evidence-2026-11-29/gate.py $R/lab02.json "gate:" >> $L 2>&1
g lab02b --submission solutions 02; python3 docs/data/evidence-2026-11-29/gate.py $R/lab02b.json "gate:" >> $L 2>&1
echo "== bench: old (1969738) and new CUDA reference" >> $L
( time timeout 150 python3 -m grader.bench --kernel softmax --quick --no-triton --cuda .whl/orig/softmax_tuned.cu \
    --cuda solutions/02-tuned-kernel/softmax_tuned.cu --shapes 16384x4096,1024x50257,512x128256,128x524288 \
    --out $OUT/bench-old-new.json ) > $R/bench.txt 2>&1
tail -30 $R/bench.txt >> $L
echo "== decision 173's test here" >> $L
( time timeout 90 python3 -m pytest -q -p no:cacheprovider tests/test_triton_memory_guard.py ) > $R/guard.txt 2>&1
grep -E "passed|failed|error|^real" $R/guard.txt >> $L
cd $OUT && tar -czf r.tgz r && rm -rf r
