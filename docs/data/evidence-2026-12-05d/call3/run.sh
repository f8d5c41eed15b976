#!/usr/bin/env bash
# Evidence 2026-12-05d (session 60), call 3: call 1 again (both tracks' solutions with --timings, then make test-gpu's
# command at -n 8, each test case's own compile caches cold) after a case of Triton's interpreter stopped holding the
# GPU lock (decision 233: a worker on the CPU is judged on the CPU, grader/checks/kernels.py run_case).
#   bash docs/data/evidence-2026-12-05d/call3/run.sh   (on the GPU machine, from the repository root; $OUT collects)
source docs/_tools/device_call.sh
echo "build/cache at start: $(ls build/cache/triton 2>/dev/null | wc -l) Triton cache folders" | tee -a "$L"
grade softmax-all --submission solutions
grade gemm-all --submission solutions --kernel gemm
suite first ${LIMIT_S:-400}
step done
