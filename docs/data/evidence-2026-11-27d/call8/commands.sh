#!/usr/bin/env bash
# Session 4, call 8 (H200): the solution's Nsight Compute profile re-recorded (kernels 1-2 now store plainly);
# make bench's full run with 5 gate repeats; issue 12's grading table with --timings.
set -u
export PYTHONUNBUFFERED=1
R=$OUT/r; mkdir -p $R
L=$R/log.txt
step() { echo "== $1 ($(date +%T), ${SECONDS}s)" | tee -a "$L"; }
summ() { grep -E "^isolation|^│ (set-up|build|checks|timed|lab 0|total|  0)|Score|FAIL|internal|^real" "$1" >> "$L"; }
finish() { tar -C $OUT -czf $OUT/r.tgz r; cp $L $OUT/log.txt; }
trap finish EXIT
python3 -m pip install -q --no-index --no-deps --no-compile --target /tmp/site .whl/*.whl && export PYTHONPATH=$PWD:/tmp/site
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,memory.total --format=csv,noheader | tee -a $L
step "make profile LAB=02 SUBMISSION=solutions"
timeout 200 python3 -m grader.profile 02 --submission solutions > $R/profile.txt 2>&1; echo "rc=$?" >> $L
P=solutions/02-tuned-kernel/profile/softmax_tuned.ncu-rep
cp $P $OUT/ 2>/dev/null
ncu --import $P --page details --section SpeedOfLight --section Occupancy --section LaunchStats --section MemoryWorkloadAnalysis > $R/profile-details.txt 2>&1
ncu --import $P --page raw --metrics dram__bytes_read.sum,dram__bytes_write.sum,launch__registers_per_thread,gpu__time_duration.sum > $R/profile-raw.txt 2>&1
step "bench --gate-repeats 5"
timeout 260 python3 -m grader.bench --gate-repeats 5 --out $OUT/bench-softmax-h200-2026-11-27.json > $R/bench.txt 2>&1; echo "rc=$?" >> $L
tail -14 $R/bench.txt >> $L
g() { local name=$1; shift; step "$name"
  ( time GRADER_TRACE=$R/trace-$name.jsonl timeout 150 python3 -m grader "$@" --timings ) > $R/$name.txt 2>&1; summ $R/$name.txt; }
g all --submission solutions
g lab02 02 --submission solutions
g lab02b 02 --submission solutions
g lab03 03 --submission solutions
g lab0001 00 01 --submission solutions
step done
