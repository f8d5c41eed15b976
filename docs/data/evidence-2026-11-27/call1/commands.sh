#!/usr/bin/env bash
# The device call (nvidia-h200), from the repository root, $OUT an empty folder:
python3 -m pip install -q --no-index --no-deps --no-compile --target /tmp/site .whl/*.whl && export PYTHONPATH=$PWD:/tmp/site
bash docs/_tools/softmax_limit/explore.sh 470
