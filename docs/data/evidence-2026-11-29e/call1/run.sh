#!/usr/bin/env bash
# Evidence 2026-11-29e, call 1: where `make test-gpu`'s time goes now. The solutions graded alone with --timings and
# a trace; Nsight Compute's start measured on its own (torch's import and CUDA's set-up with and without ncu); then
# make test-gpu's command with eight workers, every grading traced (GRADER_TEST_TRACE; the lock waits are in the
# traces since this commit), every test's duration.
#   bash docs/data/evidence-2026-11-29e/call1/run.sh   (on the GPU machine, from the repository root; $OUT collects)
set -u
export PYTHONUNBUFFERED=1
E=docs/data/evidence-2026-11-29
R=$OUT/r; mkdir -p $R/tt; L=$OUT/log.txt
finish() { cd $OUT && tar -czf r.tgz r && rm -rf r; }
trap finish EXIT
python3 -m pip install -q --no-index --no-deps --no-compile --target /tmp/site .whl/*.whl && export PYTHONPATH=$PWD:/tmp/site
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,memory.total --format=csv,noheader | tee $L
echo "nsys: $(command -v nsys || ls /usr/local/cuda/bin/nsys /opt/nvidia/nsight-systems/*/bin/nsys 2>/dev/null || echo none)" >> $L
( time GRADER_TRACE=$R/all.jsonl timeout 150 python3 -m grader --submission solutions --timings --json $R/all.json ) > $R/all.txt 2>&1
grep -E "^│ (lab 0|total|  03)|Score|^real" $R/all.txt >> $L; grep -E "│ (FAIL|NOT RUN)" $R/all.txt >> $L
python3 $E/gate.py $R/all.json "gate:" >> $L
NCU=$(command -v ncu || ls /usr/local/cuda*/bin/ncu | head -1)
P='import time; t=time.time(); import torch; a=time.time(); torch.cuda.init(); x=torch.ones(4,device="cuda"); (x+1).sum().item(); print(f"import {a-t:.2f} cuda {time.time()-a:.2f}")'
for i in 1 2; do echo "plain: $( { /usr/bin/time -f '%e s' python3 -c "$P"; } 2>&1 | tr '\n' ' ')" >> $L; done
for i in 1 2; do echo "ncu: $( { /usr/bin/time -f '%e s' $NCU --target-processes all --clock-control none --metrics gpu__time_duration.sum --csv --log-file /tmp/n$i.csv python3 -c "$P"; } 2>&1 | grep -v PROF | tr '\n' ' ')" >> $L; done
( time GRADER_TEST_TRACE=$R/tt ADV_LOG=$R/adv-times.txt timeout 400 python3 -m pytest -q -m gpu --ignore=tests/docs -n 8 \
    --dist worksteal -p no:cacheprovider --durations=40 ) > $R/test-gpu.txt 2>&1
grep -vE "PytestBenchmarkWarning|warner\(" $R/test-gpu.txt | tail -50 >> $L
