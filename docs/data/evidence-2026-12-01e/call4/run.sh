#!/usr/bin/env bash
# Evidence 2026-12-01e, call 4: eight of the mistakes34 helper's learner-style wrong files (subs/) that only a GPU
# decides, graded on the session's last grader (CUDA labs whole; lab 03 with --check 03.triton.gpu_shapes), each under
# timeout 120, from an untracked folder s34subs/ (removed since: each file is a lab's solution with one mistake, and
# docs/ is published, so they are not kept here; the README says what each one got wrong).
set -u
python3 -m pip install -q --upgrade --no-index --no-deps --no-compile --target /tmp/site .whl/*.whl 2>/dev/null
export PYTHONPATH=$PWD:/tmp/site
for s in c08_default_stream:00 c10_kernel_host_ptr_deref:00 c12_sync_in_branch:01 c13_double_exp_int_index:01 t01_mask_off_by_one:03 t03_stride_is_block:03 t09_rows_cols_swapped:03 t12_no_mask_on_store:03; do
  n=${s%%:*}; l=${s##*:}; echo "=== $n (lab $l)"
  c=""; [ $l = 03 ] && c="--check 03.triton.gpu_shapes"
  GRADER_WORKROOT=/tmp/w-$n timeout 120 python3 -m grader --submission s34subs/$n $l -v $c > $OUT/$n.txt 2>&1
  grep -E "^0[0-3]\.[a-z_]+\.[a-z_]+: (FAIL|NOT RUN)" -A5 $OUT/$n.txt | head -24; grep -E "^Score" $OUT/$n.txt
done
