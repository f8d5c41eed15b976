#!/usr/bin/env bash
# Evidence 2026-12-06d (session 66), call 3: decision 247 as kept (the watched worker attached and its CUDA context made
# by a "cuda" command, outside the GPU lock; Triton's driver no longer warmed there) against the grader before it (the
# five grader files of the last commit), lab 03 of the softmax solutions graded alone, alternating, three times each
# after one grading that warms the machine; then the GEMM track's lab 03 with the change. The watched check's steps
# from each trace (watched_steps.py).
#   bash docs/data/evidence-2026-12-06d/call3/run.sh   (on the GPU machine, from the repository root; $OUT collects)
source docs/_tools/device_call.sh
FILES="grader/checks/ncu_watch.py grader/checks/own_kernels.py grader/checks/profile.py grader/workers/serve.py grader/workers/triton.py"
NEW=/tmp/decision247
mkdir -p "$NEW" && cp --parents $FILES "$NEW/"
use_old() { for f in $FILES; do git show "HEAD:$f" > "$f"; done; }
use_new() { for f in $FILES; do cp "$NEW/$f" "$f"; done; }
grade warm 03 --submission solutions
for i in 1 2 3; do
  use_old; grade old$i 03 --submission solutions
  use_new; grade new$i 03 --submission solutions
done
use_new
grade gemm03 03 --submission solutions --kernel gemm
step "the watched check's steps (s)"
python3 docs/data/evidence-2026-12-06d/watched_steps.py "$R"/warm.jsonl "$R"/old?.jsonl "$R"/new?.jsonl "$R"/gemm03.jsonl >> "$L"
step done
