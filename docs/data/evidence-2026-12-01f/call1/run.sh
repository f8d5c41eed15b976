#!/usr/bin/env bash
# Evidence 2026-12-01f, call 1: compute-sanitizer as a grader check (decision 168), first run on a GPU.
# Raw tool output for three learner mistakes, then the check through the grader (sandboxed), then the solutions
# graded with --timings (every lab, both tracks) to see what the new lane costs.
#   bash docs/data/evidence-2026-12-01f/call1/run.sh   (on the GPU machine, from the repository root; $OUT collects)
set -u
export PYTHONUNBUFFERED=1
R=$OUT/r; mkdir -p $R; L=$OUT/log.txt
python3 -m pip install -q --upgrade --no-index --no-deps --no-compile --target /tmp/site .whl/*.whl 2>/dev/null
export PYTHONPATH=$PWD:/tmp/site
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee $L
git log --oneline -1 >> $L; git status --short | head -30 >> $L
SAN=$(python3 -c "from grader.build import sanitizer_path; print(sanitizer_path())")
echo "sanitizer: $SAN" >> $L; $SAN --version 2>&1 | tail -2 >> $L
# 1. raw: each mistake built here, run bare under each tool
for s in oob_read shared_race divergent_barrier; do
  nvcc -O3 -lineinfo -std=c++17 -Xcompiler -fPIC -shared -arch=native -o /tmp/$s.so tests/submissions/$s/01-naive-kernel/softmax_naive.cu
  echo "{\"op\": \"softmax\", \"library\": \"/tmp/$s.so\", \"dims\": [{\"rows\": 3, \"cols\": 1025}, {\"rows\": 13, \"cols\": 129}], \"seed\": 1}" > /tmp/$s.json
  for t in memcheck racecheck synccheck; do
    ( time timeout 60 $SAN --tool $t --print-limit 20 --show-backtrace no python3 -m grader.workers.sanitized /tmp/$s.json ) > $R/raw-$s-$t.txt 2>&1
    echo "== raw $s $t: rc $? $(grep -E '^real' $R/raw-$s-$t.txt) $(grep -c '=========' $R/raw-$s-$t.txt) lines" >> $L
  done
done
# 2. through the grader
g() { local name=$1; shift; echo "== $name: $*" >> $L
  ( time GRADER_WORKROOT=$R/w-$name timeout 150 python3 -m grader "$@" --timings -v --json $R/$name.json ) > $R/$name.txt 2>&1
  grep -E "^│ (lab 0|total)|Score|^real" $R/$name.txt >> $L
  grep -E "│ (FAIL|NOT RUN|SKIP)" $R/$name.txt >> $L
  python3 - $R/$name.json >> $L 2>&1 <<'PY'
import json, sys
for t in json.load(open(sys.argv[1])).get("tests", []):
    if "sanitizer" in t.get("name", ""):
        print("   ", t["name"], t.get("status"), "|", t.get("output", "")[:1500].replace("\n", " / "))
PY
}
for s in oob_read shared_race divergent_barrier; do g $s --submission tests/submissions/$s 01; done
g oob_write --submission tests/submissions/out_of_bounds 00 --check 00.sanitizer.clean
g illegal --submission tests/submissions/illegal_address 01 --check 01.sanitizer.clean
g all --submission solutions
g gemm-all --submission solutions --kernel gemm
find $R -path "*sanitizer*" -name "*.log" | head -40 | while read f; do echo "---- $f"; head -c 3000 "$f"; done > $R/sanitizer-logs.txt
cd $OUT && tar -czf r.tgz r && rm -rf r
