#!/usr/bin/env bash
# Evidence 2026-11-29g, call 3: the grader of session 20 after its red teams (decisions 119-120: the CUDA build
# empties <iostream> and turns CCCL's NVTX ranges off, the port may test inspect.signature of torch's callables and set torch.backends flags, the
# Triton wrapper may call its own methods): make test-gpu's command with eight workers, then the solutions' grading.
#   bash docs/data/evidence-2026-11-29g/call3/run.sh   (on the GPU machine, from the repository root; $OUT collects)
set -u
export PYTHONUNBUFFERED=1
E=docs/data/evidence-2026-11-29
R=$OUT/r; mkdir -p $R/tt; L=$OUT/log.txt
python3 -m pip install -q --no-index --no-deps --no-compile --target /tmp/site .whl/*.whl && export PYTHONPATH=$PWD:/tmp/site
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,memory.total --format=csv,noheader | tee $L
git log -1 --format=%H >> $L 2>/dev/null
git status --short | head -20 >> $L 2>/dev/null
( time GRADER_TEST_TRACE=$R/tt ADV_LOG=$R/adv-times.txt timeout 340 python3 -m pytest -q -m gpu --ignore=tests/docs -n 8 \
    --dist worksteal -p no:cacheprovider --durations=20 ) > $R/test-gpu.txt 2>&1
grep -vE "PytestBenchmarkWarning|warner\(" $R/test-gpu.txt | tail -30 >> $L
grep -E "c12_cub_block_load|c12_port_nanogpt|c12_triton|c05_triton" $R/adv-times.txt >> $L 2>/dev/null
g() { local name=$1; shift; echo "== $name" >> $L
  ( time GRADER_TRACE=$R/$name.jsonl timeout 60 python3 -m grader "$@" --timings --json $R/$name.json ) > $R/$name.txt 2>&1
  grep -E "^│ (lab 0|total|timed)|Score|^real" $R/$name.txt >> $L; grep -E "│ (FAIL|NOT RUN)" $R/$name.txt >> $L; }
g all --submission solutions; python3 $E/gate.py $R/all.json "gate:" >> $L
g lab0001 00 01 --submission solutions
g gemm-all --submission solutions --kernel gemm; python3 $E/gate.py $R/gemm-all.json "gemm gate:" >> $L
cd $OUT && tar -czf r.tgz r && rm -rf r
