#!/usr/bin/env bash
# Evidence 2026-12-04b (session 51), call 3, a fresh machine: the GEMM track's solutions with --timings (every lab from
# empty caches, every lab again, lab 03 alone), then make test-gpu's command at -n 8 from empty caches once more.
#   bash docs/data/evidence-2026-12-04b/call3/run.sh   (on the GPU machine, from the repository root)
source docs/_tools/device_call.sh
rm -rf ~/.cache/phase24-grader .venv/pycache build/cache ~/.triton
grade gemm-all-cold --submission solutions --kernel gemm
grade gemm-all --submission solutions --kernel gemm
grade gemm-03 03 --submission solutions --kernel gemm
mkdir -p $R/tt-cold2; step "make test-gpu's command, -n 8, its compile caches empty (the bytecode folder kept)"
rm -rf .venv/pycache build/cache ~/.triton
( time env -u PYTHONDONTWRITEBYTECODE PYTHONPYCACHEPREFIX=$PWD/.venv/pycache GRADER_TEST_TRACE=$R/tt-cold2 \
    timeout $((585 - SECONDS)) python3 -m pytest -q -m gpu --ignore=tests/docs -n 8 --dist worksteal -p no:cacheprovider --durations=0 ) > $R/test-gpu-cold2.txt 2>&1
grep -vE "PytestBenchmarkWarning|warner\(" $R/test-gpu-cold2.txt | grep -E "passed|failed|error|^real|^FAILED|^ERROR" | tail -12 >> $L
grep -E "^[0-9.]+s " $R/test-gpu-cold2.txt | awk '{s+=$1} END {printf "tests summed: %.0f s\n", s}' >> $L
python3 docs/data/evidence-2026-12-03d/holds.py $R/tt-cold2 | tail -2 >> $L
step done
