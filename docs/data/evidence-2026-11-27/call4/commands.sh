#!/usr/bin/env bash
# Device call 4 (H100): why the GEMM grading stalled on the H200 (progress lines and a dump of every thread of the
# judge after 100 s), then the softmax figures on this GPU: bench with five gate repeats, the grader lab by lab.
set -u
export PYTHONUNBUFFERED=1
L=$OUT/log.txt
step() { echo "== $1 ($(date +%T), ${SECONDS}s)" | tee -a "$L"; }
timings() { grep -E "^│ (set-up|build|checks|timed|lab 0|total)|Score|FAIL|internal" "$1" >> "$L"; }
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,memory.total --format=csv,noheader >> "$L"

step "gemm solutions, every lab, with progress"
GRADER_PROGRESS=1 python3 -m grader --kernel gemm --submission solutions --timings --json "$OUT/sol-gemm.json" \
  > "$OUT/gemm.txt" 2>&1 &
pid=$!
for i in $(seq 1 100); do kill -0 $pid 2>/dev/null || break; sleep 1; done
if kill -0 $pid 2>/dev/null; then
  echo "still running after 100 s: dumping its threads" >> "$L"
  kill -USR1 $pid; sleep 3
  ps -eo pid,ppid,etimes,stat,args --forest | grep -v "ps -eo" | tail -60 >> "$OUT/gemm.txt"
  nvidia-smi >> "$OUT/gemm.txt" 2>&1
  sleep 25; kill $pid; sleep 2; kill -9 $pid 2>/dev/null
fi
wait $pid; echo "rc=$?" >> "$L"; timings "$OUT/gemm.txt"

step "bench: softmax solutions, 5 rounds, 5 gate repeats"
timeout 200 python3 -m grader.bench --gate-repeats 5 --out "$OUT/bench-softmax-h100.json" >> "$L" 2>&1
echo "rc=$?" >> "$L"

: > "$OUT/labs-alone.txt"
for labs in "" 03 02 "00 01" ""; do
  step "softmax solutions, lab(s) '${labs:-all}'"
  echo "######## LAB=${labs:-all}" >> "$OUT/labs-alone.txt"
  ( time timeout 100 python3 -m grader $labs --submission solutions --timings ) >> "$OUT/labs-alone.txt" 2>&1
done
grep -E "^######|^│ (set-up|build|checks|timed|lab 0|total)|Score|^real" "$OUT/labs-alone.txt" >> "$L"
step done
