#!/usr/bin/env bash
# Evidence 2026-12-05f (session 62), call 1: decision 238 (CUDA's context made at every GPU worker's start and the
# judge's CUDA warmed at set-up, both outside the GPU lock). The context check alone (torch.cuda.init() vs warm_cuda vs
# warm_judge), the softmax solutions with --timings (every lab), then make test-gpu's command at -n 8 with each test
# case's own compile caches cold, and what the first GPU work held of the lock.
#   bash docs/data/evidence-2026-12-05f/call1/run.sh   (on the GPU machine, from the repository root; $OUT collects)
source docs/_tools/device_call.sh
step "the context check"
timeout 200 python3 -m pytest -q -p no:cacheprovider tests/test_gpu_lock.py -k cuda_context_is_made 2>&1 | tail -3 >> "$L"
grade softmax-all --submission solutions
suite first ${LIMIT_S:-420}
python3 docs/data/evidence-2026-12-05e/measurements.py "$R/tt-first" >> "$L"
python3 docs/data/evidence-2026-12-05f/first_gpu_work.py "$R/tt-first" >> "$L"
step done
