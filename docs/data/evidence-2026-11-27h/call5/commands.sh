#!/usr/bin/env bash
# Session 8, calls 5 and 6: the unusual-but-right Triton case of decision 77, fixed after call 4 (its module constants are
# made with tl.constexpr(...): Triton's GPU compiler refused a plain float global that the interpreter accepted, and in
# call 5 an annotated one, X: tl.constexpr = ...), as the GPU
# positive control of the adversarial suite, and graded once as a learner's would be.
set -u
export PYTHONUNBUFFERED=1
R=$OUT/r; mkdir -p $R
L=$R/log.txt
finish() { tar -C $OUT -czf $OUT/r.tgz r; cp $L $OUT/log.txt; }
trap finish EXIT
python3 -m pip install -q --no-index --no-deps --no-compile --target /tmp/site .whl/*.whl && export PYTHONPATH=$PWD:/tmp/site
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,memory.total --format=csv,noheader | tee -a $L
grep -q "NEG_INF = tl.constexpr(" tests/adversarial/c12_triton_unusual_but_right/03-triton-and-pytorch/softmax_triton.py && echo "tree: constexpr constants" | tee -a $L
( time timeout 200 python3 -m pytest -q -m gpu -p no:cacheprovider tests/test_adversarial.py -k "c12_triton_unusual_but_right" ) > $R/pytest.txt 2>&1
echo "rc=$?" >> $L; tail -4 $R/pytest.txt >> $L
( time timeout 200 python3 -m grader 03 --submission tests/adversarial/c12_triton_unusual_but_right ) > $R/grade.txt 2>&1
grep -E "^│ 03\.triton|Score|^real" $R/grade.txt >> $L
