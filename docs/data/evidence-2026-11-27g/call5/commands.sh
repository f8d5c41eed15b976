#!/usr/bin/env bash
# Session 7, call 5: make profile with the grader's locks (decision 75) on a GPU. First alone: it records lab 02's
# report, and lab 02's profile checks grade the new report. Then beside a grading of lab 03 (whose Nsight Compute
# check takes the same profiler lock): both must finish, and the check list the kernels on its first try.
set -u
export PYTHONUNBUFFERED=1
R=$OUT; L=$R/log.txt
step() { echo "== $1 ($(date +%T), ${SECONDS}s)" | tee -a "$L"; }
python3 -m pip install -q --no-index --no-deps --no-compile --target /tmp/site .whl/*.whl && export PYTHONPATH=$PWD:/tmp/site
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee -a $L
grep -q "def run_ncu" grader/profile.py && echo "tree: grader/profile.py has run_ncu (decision 75)" | tee -a $L
REP=solutions/02-tuned-kernel/profile/softmax_tuned.ncu-rep
md5sum $REP | tee -a $L
step "make profile alone"
( time timeout 200 python3 -m grader.profile 02 --submission solutions ) > $R/profile-alone.txt 2>&1; echo "rc=$?" >> $L
grep -E "^wrote|failed|^real|Error" $R/profile-alone.txt >> $L; md5sum $REP | tee -a $L
step "lab 02 graded on the new report"
( time timeout 120 python3 -m grader 02 --submission solutions ) > $R/lab02.txt 2>&1; echo "rc=$?" >> $L
grep -E "02\.profile|Score|^real" $R/lab02.txt >> $L
step "make profile beside a grading of lab 03"
( time GRADER_TRACE=$R/trace-lab03.jsonl timeout 200 python3 -m grader 03 --submission solutions ) > $R/lab03.txt 2>&1 &
G=$!
sleep 3
( time timeout 200 python3 -m grader.profile 02 --submission solutions ) > $R/profile-beside.txt 2>&1; echo "profile rc=$?" >> $L
wait $G; echo "grading rc=$?" >> $L
grep -E "^wrote|failed|^real" $R/profile-beside.txt >> $L
grep -E "03\.triton\.own_kernels|Score|^real" $R/lab03.txt >> $L
python3 - "$R/trace-lab03.jsonl" <<'PY' >> $L
import json, sys
for line in open(sys.argv[1]):
    e = json.loads(line)
    if "ncu" in e.get("thread", "") or e.get("check") == "03.triton.own_kernels":
        print(f"trace: t={e['t']:.1f} s={e['s']:.1f} {e['what']} {e.get('check', '')}")
PY
step done
