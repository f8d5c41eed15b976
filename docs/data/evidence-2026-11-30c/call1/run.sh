#!/usr/bin/env bash
# Evidence 2026-11-30c, call 1: decision 132 on the GPU. The trace's kernel names beside c++filt's reading of the
# solutions' reports, lab 02 of both tracks with --timings (the solutions' profiles must still match their traced
# launch), and the two GPU-decided profile cases about launches at the representative size.
#   bash docs/data/evidence-2026-11-30c/call1/run.sh   (on the GPU machine, from the repository root; $OUT collects)
set -u
export PYTHONUNBUFFERED=1
R=$OUT/r; mkdir -p $R; L=$OUT/log.txt
python3 -m pip install -q --no-index --no-deps --no-compile --target /tmp/site .whl/*.whl && export PYTHONPATH=$PWD:/tmp/site
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,memory.total --format=csv,noheader | tee $L
git log -1 --format=%H >> $L 2>/dev/null
git status --short | head -30 >> $L 2>/dev/null
echo "c++filt: $(command -v c++filt) $(c++filt --version 2>&1 | head -1)" >> $L
c++filt -- _Z27softmax_row_in_block_kernelILi6EEvPKfPfii _Z18sgemm_tuned_kernelI4TileILi4ELi2ELi2ELi2ELi8ELi2EELb1ELb1EEvPKfS3_Pfiii >> $L
g() { local name=$1; shift; echo "== $name" >> $L
  ( time timeout 70 python3 -m grader "$@" --timings --json $R/$name.json ) > $R/$name.txt 2>&1
  grep -E "^│ (lab 0|total|timed)|Score|^real" $R/$name.txt >> $L; grep -E "│ (FAIL|NOT RUN)" $R/$name.txt >> $L
  python3 -c "
import json; d = json.load(open('$R/$name.json'))
for t in d['tests']:
    if t['extra_data']['id'].endswith('profile.kernel_matches'): print(t['extra_data']['id'], '|', t['output'].replace(chr(10), ' | '))
" >> $L 2>&1; }
g lab02 02 --submission solutions; python3 docs/data/evidence-2026-11-29/gate.py $R/lab02.json "gate:" >> $L 2>&1
g gemm02 02 --submission solutions --kernel gemm; python3 docs/data/evidence-2026-11-29/gate.py $R/gemm02.json "gemm gate:" >> $L 2>&1
( time timeout 300 python3 -m pytest -q -m gpu -p no:cacheprovider -n 2 tests/test_adversarial.py -rA \
    -k "c08_report_of_another_template_instance or c08_report_kernel_used_at_other_sizes or c08_reference_report_for_own_kernel" ) > $R/tests.txt 2>&1
grep -E "PASSED|FAILED|ERROR|passed|failed" $R/tests.txt | tail -8 >> $L
cd $OUT && tar -czf r.tgz r && rm -rf r
