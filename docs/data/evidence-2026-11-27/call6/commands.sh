#!/usr/bin/env bash
# Device call 6 (nvidia-h100-x1), from the repository root, $OUT an empty folder: the tree with lab 02's
# profile cross-check among the timed checks, a fresh machine (empty caches).
python3 -m pip install -q --no-index --no-deps --no-compile --target /tmp/site .whl/*.whl && export PYTHONPATH=$PWD:/tmp/site || exit 1
export PYTHONUNBUFFERED=1
timeout 60 python3 -m grader 02 --kernel gemm --submission solutions --timings > $OUT/gemm02.txt 2>&1
timeout 70 python3 -m grader --submission solutions --timings > $OUT/softmax.txt 2>&1
