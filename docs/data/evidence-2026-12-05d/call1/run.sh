#!/usr/bin/env bash
# Evidence 2026-12-05d (session 60), call 1: the solutions of both tracks with --timings, then make test-gpu's command
# at -n 8 with the caches as those two gradings left them (every test case's own compile caches cold), as in session 59.
# Call 2 runs on the same machine right after it, with every cache this call left: the "warm caches".
#   bash docs/data/evidence-2026-12-05d/call1/run.sh   (on the GPU machine, from the repository root; $OUT collects)
source docs/_tools/device_call.sh
echo "build/cache at start: $(ls build/cache/triton 2>/dev/null | wc -l) Triton cache folders" | tee -a "$L"
grade softmax-all --submission solutions
grade gemm-all --submission solutions --kernel gemm
suite first ${LIMIT_S:-420}
echo "build/cache at end: $(ls build/cache/triton 2>/dev/null | wc -l) Triton cache folders, $(du -sh build/cache | cut -f1)" | tee -a "$L"
step done
