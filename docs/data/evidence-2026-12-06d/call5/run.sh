#!/usr/bin/env bash
# Evidence 2026-12-06d (session 66), call 5: the final commit's harness (serve.cuda_context, shared by warm_cuda and
# the watched worker's "cuda" command) on the GPU: the test that every GPU worker's warm-up makes CUDA's context, then
# lab 03 of the solutions graded with --timings (its watched check's steps from the trace).
#   bash docs/data/evidence-2026-12-06d/call5/run.sh   (on the GPU machine, from the repository root; $OUT collects)
source docs/_tools/device_call.sh
step "test_cuda_context_is_made_by_the_harness_warm_up_and_not_by_torch_cuda_init"
timeout 100 python3 -m pytest -q -p no:cacheprovider \
  "tests/test_gpu_lock.py::test_cuda_context_is_made_by_the_harness_warm_up_and_not_by_torch_cuda_init" 2>&1 \
  | tail -2 >> "$L"
GRADE_LIMIT_S=60 grade lab03 03 --submission solutions
python3 docs/data/evidence-2026-12-06d/watched_steps.py "$R"/lab03.jsonl >> "$L"
step done
