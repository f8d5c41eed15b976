#!/usr/bin/env bash
# Session 7, call 6: call 5 again, done right. Call 5's make profile wrote into solutions/ while solutions/ was being
# graded, and the grading was voided (exit 4: the grader's tree changed), as it must be. Here make profile records the
# report of a copy of the solutions outside the repository, and starts first, so that lab 03's Nsight Compute check
# must wait for its profiler lock. Every output line of make profile is stamped with the epoch time; the grading's
# trace gives its times from the grading's start, whose epoch time is printed too.
set -u
export PYTHONUNBUFFERED=1
R=$OUT; L=$R/log.txt
python3 -m pip install -q --no-index --no-deps --no-compile --target /tmp/site .whl/*.whl && export PYTHONPATH=$PWD:/tmp/site
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee -a $L
grep -q "def run_ncu" grader/profile.py && echo "tree: grader/profile.py has run_ncu (decision 75)" | tee -a $L
cp -r solutions /tmp/sub
stamp() { while IFS= read -r line; do echo "$(date +%s.%N) $line"; done; }
( timeout 200 python3 -m grader.profile 02 --submission /tmp/sub 2>&1 | stamp > $R/profile.txt ) &
P=$!
sleep 6
echo "grading starts at $(date +%s.%N)" | tee -a $L
( time GRADER_TRACE=$R/trace-lab03.jsonl timeout 200 python3 -m grader 03 --submission solutions ) > $R/lab03.txt 2>&1
echo "grading rc=$?" >> $L
wait $P
cut -c1-200 $R/profile.txt | grep -E "\\$ |wrote|failed" >> $L
grep -E "03\.triton\.own_kernels|Score|^real" $R/lab03.txt >> $L
python3 - "$R/trace-lab03.jsonl" <<'PY' >> $L
import json, sys
for line in open(sys.argv[1]):
    e = json.loads(line)
    if "ncu" in e.get("thread", "") or e.get("check") == "03.triton.own_kernels":
        print(f"trace: t={e['t']:.1f} s={e['s']:.1f} {e['what']} {e.get('check', '')}")
PY
