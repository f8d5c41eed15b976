#!/usr/bin/env bash
# Evidence 2026-12-06b (session 64), call 1: decision 243 (the grader leaves by os._exit once its result is written)
# against grader/__main__.py as it was (5e6c8a9's, from git), on one machine: labs 00 and 01 of the softmax solutions
# graded four times, the two alternating, each timed around the command (exit_gap.py). Then issue 12 §2's table with
# --timings: every lab, lab 02 alone, lab 03 alone, labs 00 + 01.
#   bash docs/data/evidence-2026-12-06b/call1/run.sh   (on the GPU machine, from the repository root; $OUT collects)
source docs/_tools/device_call.sh
E=docs/data/evidence-2026-12-06b
cp grader/__main__.py "$R/main_after.py"
git show 5e6c8a9:grader/__main__.py > "$R/main_before.py"
grade warm 00 01 --submission solutions   # caches (nvcc's, Triton's, the bytecode) as a grading leaves them
for k in 1 2 3 4; do
  for which in after before; do
    cp "$R/main_$which.py" grader/__main__.py
    s=$(date +%s.%N)
    GRADER_TRACE=$R/exit-$which-$k.jsonl python3 -m grader 00 01 --submission solutions --json "$R/exit-$which-$k.json" \
      > "$R/exit-$which-$k.txt" 2>&1
    rc=$?; e=$(date +%s.%N)
    echo "$which $k rc=$rc $(python3 $E/exit_gap.py "$s" "$e" "$R/exit-$which-$k.jsonl")" | tee -a "$L"
    grep -E "Score" "$R/exit-$which-$k.txt" >> "$L"
  done
done
cp "$R/main_after.py" grader/__main__.py
git status --short grader >> "$L"
grade all --submission solutions
grade lab02 02 --submission solutions
grade lab03 03 --submission solutions
grade lab0001 00 01 --submission solutions
step done
