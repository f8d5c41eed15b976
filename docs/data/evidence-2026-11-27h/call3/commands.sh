#!/usr/bin/env bash
# Session 8, call 3: the red team's fixes (decision 77) on a GPU. 1) The three submissions that took lab 03's Triton
# points on an H200 before the fixes (tests/adversarial: c05_triton_coding_cookie, c05_triton_rebound_jit_cpu_copy,
# c05_triton_parameter_named_functools), graded as a learner's would be; 2) every lab of the solutions, both
# tracks, with --timings (the stricter audit must still pass them); 3) make test-gpu's selection, six at once.
set -u
export PYTHONUNBUFFERED=1
R=$OUT/r; mkdir -p $R
L=$R/log.txt
step() { echo "== $1 ($(date +%T), ${SECONDS}s)" | tee -a "$L"; }
summ() { grep -E "^isolation|^│ 0[0-3]\.triton|^│ 0[0-3]\.port\.is_port|Score|FAIL|internal|^real" "$1" >> "$L"; }
finish() { tar -C $OUT -czf $OUT/r.tgz r; cp $L $OUT/log.txt; }
trap finish EXIT
python3 -m pip install -q --no-index --no-deps --no-compile --target /tmp/site .whl/*.whl && export PYTHONPATH=$PWD:/tmp/site
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,memory.total --format=csv,noheader | tee -a $L
grep -q "def _rebinding" grader/audit/python_ast.py && echo "tree: grader/audit/python_ast.py has _rebinding (decision 77)" | tee -a $L
for c in c05_triton_coding_cookie c05_triton_rebound_jit_cpu_copy c05_triton_parameter_named_functools; do
  step "$c"
  ( time timeout 150 python3 -m grader 03 --submission tests/adversarial/$c --json $R/$c.json ) > $R/$c.txt 2>&1
  echo "rc=$?" >> $L; summ $R/$c.txt
done
g() { local name=$1; shift; step "$name"
  ( time timeout 150 python3 -m grader "$@" --timings ) > $R/$name.txt 2>&1; echo "rc=$?" >> $L; summ $R/$name.txt; }
g all --submission solutions
g gemm --kernel gemm --submission solutions
step "make test-gpu's selection"
( time timeout 330 python3 -m pytest -q -m gpu --ignore=tests/docs -n 6 -p no:cacheprovider ) > $R/test-gpu.txt 2>&1
echo "rc=$?" >> $L; tail -15 $R/test-gpu.txt >> $L
step done
