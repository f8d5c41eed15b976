#!/usr/bin/env bash
# Session 3, device call 2: torch.profiler's costs; staggered-first-wave CUDA variants; lab 02 alone x2, traced,
# with the worker's case phases.
set -u
export PYTHONUNBUFFERED=1 GRADER_BLOCK_TIMEOUT_S=20
LIMIT=${1:-570}
R=$OUT/r; mkdir -p $R
L=$R/log.txt
step() { echo "== $1 ($(date +%T), ${SECONDS}s)" | tee -a "$L"; }
left() { echo $((LIMIT - SECONDS)); }
summ() { grep -E "^isolation|^│ (set-up|build|checks|timed|lab 0|total|  0)|Score|FAIL|internal|^real" "$1" >> "$L"; }
finish() { cp -r build/grader/internal-error.log $R/ 2>/dev/null; tar -C $OUT -czf $OUT/r.tgz r; cp $L $OUT/log.txt; }
trap finish EXIT
g() { # name, args...
  local name=$1; shift
  step "$name"
  ( time GRADER_TRACE=$R/trace-$name.jsonl timeout 120 python3 -m grader "$@" --timings ) > $R/$name.txt 2>&1
  summ $R/$name.txt
}
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,memory.total --format=csv,noheader >> "$L"
step "profiler costs"
python3 .scratch-dev/prof_cost.py >> "$L" 2>&1
python3 .scratch-dev/prof_cost.py >> "$L" 2>&1
g lab02 02 --submission solutions
g lab02b 02 --submission solutions
python3 docs/_tools/softmax_limit/cluster_variants.py build/v3 > /dev/null
S=solutions/02-tuned-kernel/softmax_tuned.cu
step "bench: CUDA stagger variants"
args=(--cuda $S); for f in build/v3/stagger/*/softmax_tuned.cu; do args+=(--cuda "$f"); done
timeout $(( $(left) > 200 ? 200 : $(left) - 20 )) python3 -m grader.bench --quick --no-triton "${args[@]}" \
  --shapes 4096x16384,2048x32000,1024x50257,512x128256,128x524288 --out "$R/bench-cuda-stagger.json" >> "$L" 2>&1
echo "rc=$?" >> "$L"
step done
