#!/usr/bin/env bash
# Evidence 2026-12-01c, call 5: lab 03's Triton GPU tests on the final grader (decision 154's type checks at
# control-flow merges, which came after call 3): every Triton and GEMM positive control's GPU half, the solutions'
# Triton files, the GPU-only hostile Triton cases.
#   bash docs/data/evidence-2026-12-01c/call5/run.sh   (on the GPU machine, from the repository root)
python3 -m pip install -q --upgrade --no-index --no-deps --no-compile --target /tmp/site .whl/*.whl 2>/dev/null
export PYTHONPATH=$PWD:/tmp/site
( time timeout 330 python3 -m pytest -q -m gpu --ignore=tests/docs -n 8 --dist worksteal -p no:cacheprovider \
    -k "triton or gemm" -rA ) 2>&1 | grep -vE "PytestBenchmarkWarning|warner\(" \
  | grep -E "^(PASSED|FAILED|ERROR)|passed|failed|^real" | cut -c1-300
