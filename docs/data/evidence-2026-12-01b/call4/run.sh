#!/usr/bin/env bash
# Evidence 2026-12-01b, call 4: after the Triton worker's second-round change (every assignment made tl values, a
# constexpr local bound once), lab 03's GPU tests: the Triton and port positive controls and solutions on the GPU.
#   bash docs/data/evidence-2026-12-01b/call4/run.sh   (on the GPU machine, from the repository root; $OUT collects)
set -u
export PYTHONUNBUFFERED=1
L=$OUT/log.txt
python3 -m pip install -q --upgrade --no-index --no-deps --no-compile --target /tmp/site .whl/*.whl 2>/dev/null
export PYTHONPATH=$PWD:/tmp/site
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee $L
git log --oneline -1 >> $L
( time timeout 330 python3 -m pytest -q -m gpu --ignore=tests/docs -n 8 --dist worksteal -p no:cacheprovider \
    -k "triton or lab03 or c12_port_new_tensor" --durations=0 ) > $OUT/pytest.txt 2>&1
grep -E "passed|failed|error|^real|^FAILED|^ERROR" $OUT/pytest.txt | tail -12 >> $L
