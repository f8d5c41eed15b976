#!/usr/bin/env bash
# Session 8, call 7: the final tree (decisions 77-79, commit ec7f3c5) on a GPU: every lab of the solutions on both
# tracks with --timings (the ELF audit's new rules on this machine's toolchain, the stricter Python audits), and the
# adversarial suite's GPU positive controls (right submissions that must pass every GPU check).
set -u
export PYTHONUNBUFFERED=1
R=$OUT/r; mkdir -p $R
L=$R/log.txt
step() { echo "== $1 ($(date +%T), ${SECONDS}s)" | tee -a "$L"; }
summ() { grep -E "^isolation|build\.honest|^│ 03\.triton\.(method|own)|Score|FAIL|internal|^real" "$1" >> "$L"; }
finish() { tar -C $OUT -czf $OUT/r.tgz r; cp $L $OUT/log.txt; }
trap finish EXIT
python3 -m pip install -q --no-index --no-deps --no-compile --target /tmp/site .whl/*.whl && export PYTHONPATH=$PWD:/tmp/site
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,memory.total --format=csv,noheader | tee -a $L
grep -q "toolchain_named" grader/audit/elf.py && echo "tree: grader/audit/elf.py has toolchain_named (decision 79)" | tee -a $L
g() { local name=$1; shift; step "$name"
  ( time timeout 150 python3 -m grader "$@" --timings ) > $R/$name.txt 2>&1; echo "rc=$?" >> $L; summ $R/$name.txt; }
g all --submission solutions
g gemm --kernel gemm --submission solutions
step "GPU positive controls"
( time timeout 200 python3 -m pytest -q -m gpu -n 4 -p no:cacheprovider tests/test_adversarial.py -k positive_control ) \
  > $R/positives.txt 2>&1
echo "rc=$?" >> $L; grep -E "passed|failed|^FAILED" $R/positives.txt | tail -5 >> $L
step done
