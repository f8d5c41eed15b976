#!/usr/bin/env bash
# Evidence 2026-12-01g, call 3: the solution's exchange in PTX (red.release, ld.acquire, ld.relaxed; no <cuda/atomic>),
# the build's stages in --timings. The old (1969738) and new CUDA references side by side at the 9 sweep shapes
# (grader.bench, 5 rounds, no Triton), then the solutions graded with --timings: lab 02 alone twice, every lab.
#   bash docs/data/evidence-2026-12-01g/call3/run.sh   (on the GPU machine, from the repository root; $OUT collects)
# .whl/orig/softmax_tuned.cu: the solution before this session (git show 1969738:solutions/02-tuned-kernel/softmax_tuned.cu).
set -u
export PYTHONUNBUFFERED=1
R=$OUT/r; mkdir -p $R; L=$OUT/log.txt
python3 -m pip install -q --upgrade --no-index --no-deps --no-compile --target /tmp/site .whl/*.whl 2>/dev/null
export PYTHONPATH=$PWD:/tmp/site
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee $L
git status --short | head -20 >> $L
echo "== bench: old (1969738) and new CUDA reference, 9 shapes, 5 rounds" >> $L
( time timeout 240 python3 -m grader.bench --kernel softmax --no-triton --cuda .whl/orig/softmax_tuned.cu \
    --cuda solutions/02-tuned-kernel/softmax_tuned.cu --out $OUT/bench-old-new.json ) > $R/bench.txt 2>&1
tail -16 $R/bench.txt >> $L
g() { local name=$1; shift; echo "== $name: $*" >> $L
  ( time GRADER_TRACE=$R/$name.jsonl timeout 100 python3 -m grader "$@" --timings --json $R/$name.json ) > $R/$name.txt 2>&1
  grep -E "^│ (lab 0|total|timed|build|set-up|checks|  [a-zA-Z]|  0[0-3]\.sanitizer)|Score|^real|Graded only" $R/$name.txt >> $L
  grep -E "│ (FAIL|NOT RUN)" $R/$name.txt >> $L; }
g lab02 --submission solutions 02; python3 docs/data/evidence-2026-11-29/gate.py $R/lab02.json "gate:" >> $L 2>&1
g lab02b --submission solutions 02; python3 docs/data/evidence-2026-11-29/gate.py $R/lab02b.json "gate:" >> $L 2>&1
g all --submission solutions; python3 docs/data/evidence-2026-11-29/gate.py $R/all.json "gate:" >> $L 2>&1
cd $OUT && tar -czf r.tgz r && rm -rf r
