#!/usr/bin/env bash
# Evidence 2026-12-04b (session 51), call 4: make test-gpu's command at -n 8 once more, meant for call 3's machine with
# its caches; the device tool started a fresh one (it reported warm: false, and 68 s of start-up), so its caches were
# empty: a third run from empty caches. Run as one command line through the device tool:
source docs/_tools/device_call.sh; mkdir -p $R/tt-warm3; step "make test-gpu's command, -n 8, warm caches (call 3's machine)"; ( time env -u PYTHONDONTWRITEBYTECODE PYTHONPYCACHEPREFIX=$PWD/.venv/pycache GRADER_TEST_TRACE=$R/tt-warm3 timeout 320 python3 -m pytest -q -m gpu --ignore=tests/docs -n 8 --dist worksteal -p no:cacheprovider --durations=0 ) > $R/test-gpu-warm3.txt 2>&1; grep -vE "PytestBenchmarkWarning|warner\(" $R/test-gpu-warm3.txt | grep -E "passed|failed|error|^real|^FAILED|^ERROR" | tail -8 >> $L; python3 docs/data/evidence-2026-12-03d/holds.py $R/tt-warm3 | tail -2 >> $L; tail -8 $L
