#!/usr/bin/env bash
# Evidence 2026-11-29e, call 5: the watched check's new retries (a lost start gets a fresh sandbox, 25/25/60 s) on the
# GPU, in the few seconds of device time left: lab 03 of the solutions, and c12_gemm_triton_tutorial's lab 03 (GEMM).
#   bash docs/data/evidence-2026-11-29e/call5/run.sh   (on the GPU machine, from the repository root; $OUT collects)
set -u
export PYTHONUNBUFFERED=1
L=$OUT/log.txt
python3 -m pip install -q --no-index --no-deps --no-compile --target /tmp/site .whl/*.whl && export PYTHONPATH=$PWD:/tmp/site
S=$(mktemp -d); cp -r tests/adversarial/c12_gemm_triton_tutorial $S/sub; rm $S/sub/expect.toml
( timeout 45 python3 -m grader 03 --submission solutions --timings > $OUT/lab03.txt 2>&1 ) &
sleep 1; ( timeout 55 python3 -m grader 03 --kernel gemm --submission $S/sub --timings > $OUT/gemm-tutorial.txt 2>&1 ) &
wait
for f in lab03 gemm-tutorial; do echo "== $f" >> $L; grep -E "own_kernels|Score|│ total" $OUT/$f.txt >> $L; done
