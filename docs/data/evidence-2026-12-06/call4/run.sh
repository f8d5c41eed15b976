#!/usr/bin/env bash
# Evidence 2026-12-06 (session 63), call 4: decision 241 (Triton's key made at the watched worker's start) against the
# worker as it was (61e574d's grader/workers/triton.py, from git), on one machine: lab 03 of the softmax
# solutions graded six times, the two alternating, each traced; the watched check's spans (watched_holds.py). Then
# (with SUITE=1) make test-gpu's command at -n 8 with decision 241.
#   bash docs/data/evidence-2026-12-06/call4/run.sh   (on the GPU machine, from the repository root; $OUT collects)
source docs/_tools/device_call.sh
E=docs/data/evidence-2026-12-06
cp grader/workers/triton.py "$R/triton_after.py"
git show 61e574d:grader/workers/triton.py > "$R/triton_before.py"
for k in 1 2 3; do
  for which in after before; do
    cp "$R/triton_before.py" grader/workers/triton.py
    [ $which = after ] && cp "$R/triton_after.py" grader/workers/triton.py
    grade "lab03-$which-$k" 03 --submission solutions
  done
done
cp "$R/triton_after.py" grader/workers/triton.py
git status --short grader >> "$L"
for which in after before; do
  step "watched check, $which"; python3 $E/watched_holds.py "$R"/lab03-$which-*.jsonl >> "$L"
done
if [ -n "${SUITE:-}" ]; then
  suite after ${LIMIT_S:-400}
  python3 docs/data/evidence-2026-12-05e/measurements.py "$R/tt-after" >> "$L"
  python3 $E/drains.py "$R/tt-after" >> "$L"
fi
step done
