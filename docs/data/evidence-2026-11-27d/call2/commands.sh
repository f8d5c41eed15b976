#!/usr/bin/env bash
# Session 4, call 2: the microbenchmark again (event records between launches, interleaved pieces of kernel 3,
# held-copy diagnostics by occupancy and interleaving, the Triton reference), then grader.bench --quick of both
# references with the workers' per-launch events removed.
set -u
export PYTHONUNBUFFERED=1 GRADER_BLOCK_TIMEOUT_S=20
R=$OUT; L=$R/log.txt
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,memory.total --format=csv,noheader | tee -a $L
B=.scratch-dev/r4
args=()
for f in $B/*.so; do n=$(basename $f .so); [ $n = diag ] && continue; args+=(--so $n=$f); done
for s in copy_v1 copy_v4 copy_v16 copy_v16_occ1 copy_v16_occ2 copy_v4_occ2 copy_v4_occ4 copy_v16_il8 copy_v16_il32 copy_v4_il32 copy_v8_il16; do
  args+=(--so $s=$B/diag.so:$s); done
timeout 300 python3 docs/_tools/softmax_limit/round4/mb.py "${args[@]}" --py triton=solutions/03-triton-and-pytorch/softmax_triton.py \
  --events ref --events triton --timeline tl_il@128x524288 --timeline tl_ref@128x524288 --out $R/mb2.json 2>&1 | tee -a $L
echo "rc=$?" | tee -a $L
python3 -m pip install -q --no-index --no-deps --no-compile --target /tmp/site .whl/*.whl && export PYTHONPATH=$PWD:/tmp/site
echo "== grader.bench --quick ($(date +%T))" | tee -a $L
timeout 250 python3 -m grader.bench --quick --out $R/bench2.json 2>&1 | tail -40 | tee -a $L
echo "rc=$?" | tee -a $L
