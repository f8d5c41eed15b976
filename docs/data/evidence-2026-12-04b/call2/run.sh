#!/usr/bin/env bash
# Evidence 2026-12-04b, call 2: on call 1's machine, its caches kept: lab 03, labs 00 + 01, lab 02 and every lab with
# --timings (the solutions), then make test-gpu's command once more with warm caches.
#   bash docs/data/evidence-2026-12-04b/call2/run.sh   (on the GPU machine, from the repository root, right after call 1;
#   written there by the device command itself, and committed here as it ran)
source docs/_tools/device_call.sh
du -sh ~/.cache/phase24-grader .venv/pycache build/cache >> $L 2>&1
grade softmax-03 03 --submission solutions
grade softmax-0001 00 01 --submission solutions
grade softmax-02 02 --submission solutions
grade softmax-all --submission solutions
mkdir -p $R/tt-warm2; step "make test-gpu's command, -n 8, warm caches again"
( time env -u PYTHONDONTWRITEBYTECODE PYTHONPYCACHEPREFIX=$PWD/.venv/pycache GRADER_TEST_TRACE=$R/tt-warm2 \
    timeout $((585 - SECONDS)) python3 -m pytest -q -m gpu --ignore=tests/docs -n 8 --dist worksteal -p no:cacheprovider --durations=0 ) > $R/test-gpu-warm2.txt 2>&1
grep -vE "PytestBenchmarkWarning|warner\(" $R/test-gpu-warm2.txt | grep -E "passed|failed|error|^real|^FAILED|^ERROR" | tail -12 >> $L
python3 docs/data/evidence-2026-12-03d/holds.py $R/tt-warm2 | tail -2 >> $L
step done
