#!/usr/bin/env bash
# Evidence 2026-12-05 (session 56), call 3: the session's last grader changes (a refusal of Triton's front end that
# never loses its reason; a launch that fails in the interpreter fails its case even when the wrapper catches it; the
# ELF audit's console-output family) on the GPU machine: both tracks' solutions, every lab, --timings, then the GPU
# suite's Triton and port tests only (the device time left to the session did not hold the whole suite).
#   bash docs/data/evidence-2026-12-05/call3/run.sh   (on the GPU machine, from the repository root)
source docs/_tools/device_call.sh
grade softmax-all --submission solutions
grade gemm-all --submission solutions --kernel gemm
grep -hE "^│ 03\.(triton|port)\.(interpreter|gpu_shapes|gpu_sweep|own_kernels|runs|gpu)  " $R/softmax-all.txt $R/gemm-all.txt \
  | cut -c1-200 >> $L
step "GPU tests of lab 03 (-k 'triton or port'), -n 8"
( time env -u PYTHONDONTWRITEBYTECODE PYTHONPYCACHEPREFIX=$PWD/.venv/pycache timeout 200 python3 -m pytest -q -m gpu \
    --ignore=tests/docs -k "triton or port" -n 8 --dist worksteal -p no:cacheprovider --durations=5 ) \
  > "$R/test-gpu-lab03.txt" 2>&1
grep -E "passed|failed|error|^real|^FAILED|^ERROR" "$R/test-gpu-lab03.txt" | tail -12 >> $L
step done
