#!/usr/bin/env bash
# Evidence 2026-12-05f (session 62), call 2: whether contexts made beside a measurement disturb it
# (context_stress.py: a 256 MB copy timed launch by launch, alone, beside 8 processes making contexts, alone again);
# then, after decision 239 (ARMED_S 15.3 s, above the longest ordinary case), make test-gpu's command at -n 8 with each
# test case's own compile caches cold, what the first GPU work held, and how often the turnstile opened.
#   bash docs/data/evidence-2026-12-05f/call2/run.sh   (on the GPU machine, from the repository root; $OUT collects)
source docs/_tools/device_call.sh
step "contexts beside a copy"
timeout 60 python3 docs/data/evidence-2026-12-05f/context_stress.py 8 5 >> "$L" 2>&1
suite second ${LIMIT_S:-420}
python3 docs/data/evidence-2026-12-05e/measurements.py "$R/tt-second" >> "$L"
python3 docs/data/evidence-2026-12-05f/first_gpu_work.py "$R/tt-second" >> "$L"
echo "turnstile opened: $(cat "$R"/tt-second/*.jsonl | grep -c 'turnstile opened')" >> "$L"
step done
