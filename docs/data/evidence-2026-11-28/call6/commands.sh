#!/usr/bin/env bash
# Evidence 2026-11-28, call 6: the gate's spread with the output buffers taken in turn (timing.plan_outputs), lab 02
# of the solutions on both tracks, three times each, and the timing tests.
set -u
export PYTHONUNBUFFERED=1
python3 -m pip install -q --no-index --no-deps --no-compile --target /tmp/site .whl/*.whl && export PYTHONPATH=$PWD:/tmp/site
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee $OUT/log.txt
for k in 1 2 3; do
  for track in softmax gemm; do
    timeout 150 python3 -m grader 02 --kernel $track --submission solutions > $OUT/$track-$k.txt 2>&1
    echo "$track $k: $(grep -A1 '02.perf.gate' $OUT/$track-$k.txt | tr -s ' │' ' ' | head -2 | tr '\n' ' ')" | tee -a $OUT/log.txt
  done
done
( timeout 200 python3 -m pytest -q -m gpu -p no:cacheprovider tests/test_timing_gpu.py tests/test_fresh_inputs.py ) > $OUT/tests.txt 2>&1
echo "tests rc=$?: $(tail -1 $OUT/tests.txt)" | tee -a $OUT/log.txt
