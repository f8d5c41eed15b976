#!/usr/bin/env bash
# Session 8, call 4: the second round of fixes (decision 78) on a GPU, on the tree of commit 329785f. 1) Two of round
# 2's submissions (tests/adversarial: c05_triton_tensor_class_alias, which could have taken every Triton point on a
# GPU, and c05_triton_inspect_through_triton, which ran subprocess in the worker) and the unusual-but-right
# c12_triton_unusual_but_right, graded as a learner's would be; 2) every lab of the solutions, both tracks, with
# --timings (the stricter audits must still pass them); 3) make test-gpu's selection, six at once.
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
grep -q "def _class_places" grader/audit/python_ast.py && echo "tree: grader/audit/python_ast.py has _class_places (decision 78)" | tee -a $L
for c in c05_triton_tensor_class_alias c05_triton_inspect_through_triton c12_triton_unusual_but_right; do
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
