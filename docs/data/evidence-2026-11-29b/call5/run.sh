#!/usr/bin/env bash
# Evidence 2026-11-29b, call 5: the four new positive controls of lab 03 (decision 98) graded on the GPU by the
# adversarial test's GPU positive-control test, with the commit's grader.
#   bash docs/data/evidence-2026-11-29b/call5/run.sh   (on the GPU machine, from the repository root; $OUT collects)
set -u
python3 -m pip install -q --no-index --no-deps --no-compile --target /tmp/site .whl/*.whl && export PYTHONPATH=$PWD:/tmp/site
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee $OUT/log.txt
( time timeout 200 python3 -m pytest -q -m gpu --ignore=tests/docs -n 4 -p no:cacheprovider tests/test_adversarial.py \
    -k "c12_triton_math_on_constants or c12_triton_int_of_constexpr_expression or c12_triton_fstring_of_constexpr or c12_triton_entry_config_default" ) >> $OUT/log.txt 2>&1
