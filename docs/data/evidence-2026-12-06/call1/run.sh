#!/usr/bin/env bash
# Evidence 2026-12-06 (session 63), call 1: make test-gpu's command at -n 8 after decision 240 (a watched check's cases
# pass the turnstile as every case does, no longer past a waiting measurement), traced; what its measurements waited
# for (drains.py), its measurements and the profiler lock's holds.
# The tree it ran on had gpu_lock_tried.patch applied (git apply docs/data/evidence-2026-12-06/gpu_lock_tried.patch).
#   bash docs/data/evidence-2026-12-06/call1/run.sh   (on the GPU machine, from the repository root; $OUT collects)
source docs/_tools/device_call.sh
NAME=${NAME:-after}
if [ "${LOCK:-}" = before ]; then  # the GPU lock as it was before decision 240, for the same machine's baseline
  git show 61e574d:grader/gpu_lock.py > grader/gpu_lock.py  # (it ran with a copy of that file from the folder)
  git diff --stat grader/gpu_lock.py >> "$L"
fi
suite "$NAME" ${LIMIT_S:-420}
python3 docs/data/evidence-2026-12-05e/measurements.py "$R/tt-$NAME" >> "$L"
python3 docs/data/evidence-2026-12-06/drains.py "$R/tt-$NAME" >> "$L"
echo "turnstile opened: $(cat "$R/tt-$NAME"/*.jsonl | grep -c 'turnstile opened')" >> "$L"
step done
