#!/usr/bin/env bash
# Session 10, call 12: why did 03.triton.own_kernels list no kernel for c12_gemm_triton_tutorial under make test-gpu
# at 8 workers (call 11)? Six gradings of that submission's lab 03 at once (GEMM track), their work folders kept;
# the Nsight Compute records and worker logs of the watched runs are copied out.
set -u
export PYTHONUNBUFFERED=1
R=$OUT/r; mkdir -p $R; L=$R/log.txt
finish() { tar -C $OUT -czf $OUT/r.tgz r; cp $L $OUT/log.txt; }
trap finish EXIT
python3 -m pip install -q --no-index --no-deps --no-compile --target /tmp/site .whl/*.whl && export PYTHONPATH=$PWD:/tmp/site
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,memory.total --format=csv,noheader | tee -a $L
S=/tmp/sub; mkdir -p $S; cp -r tests/adversarial/c12_gemm_triton_tutorial/03-triton-and-pytorch $S/
for i in 1 2 3 4 5 6; do
  ( GRADER_WORKROOT=/tmp/w$i GRADER_JOBS=2 timeout 400 python3 -m grader 03 --kernel gemm --submission $S \
      --timings > $R/grade$i.txt 2>&1; echo "grading $i rc=$?" >> $L ) &
done
wait
for i in 1 2 3 4 5 6; do
  grep -E "own_kernels|Score" $R/grade$i.txt | head -3 >> $L
  for f in $(find /tmp/w$i -path "*triton-ncu*" -type f | head -20); do
    d=$R/w$i/$(echo $f | sed "s|/tmp/w$i/||; s|/|_|g"); mkdir -p $R/w$i; head -c 200000 $f > $d
  done
done
ls -R $R | head -80 >> $L
