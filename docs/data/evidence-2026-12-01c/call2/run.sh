#!/usr/bin/env bash
# Evidence 2026-12-01c, call 2: the GPU halves of session 32's new positive controls, named one by one (call 1's
# make test-gpu ran out of its 345 s with one failure it had not yet named).
#   bash docs/data/evidence-2026-12-01c/call2/run.sh   (on the GPU machine, from the repository root)
python3 -m pip install -q --upgrade --no-index --no-deps --no-compile --target /tmp/site .whl/*.whl 2>/dev/null
export PYTHONPATH=$PWD:/tmp/site
timeout 400 python3 -m pytest -q -m gpu --ignore=tests/docs -n 4 -p no:cacheprovider -k "s32" -rA 2>&1 \
  | grep -vE "PytestBenchmarkWarning|warner\(" | grep -E "^(PASSED|FAILED|ERROR)|^E  .*(Assertion|refused|FAIL)|passed|failed" \
  | cut -c1-700 | head -30
