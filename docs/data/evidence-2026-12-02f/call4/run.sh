#!/usr/bin/env bash
# Evidence 2026-12-02f, call 4: make test-gpu's command with session 41's grader and tests (e11eb77, carried as
# build/old41), on the machine of call 3, to compare with this session's 308.25 s and 308.88 s (calls 1 and 2) and
# session 41's 269.30 s (evidence-2026-12-02e, call 1).
#   bash docs/data/evidence-2026-12-02f/call4/run.sh   (on the GPU machine, from the repository root; $OUT collects)
source docs/_tools/device_call.sh
step "session 41's make test-gpu's command"
( cd build/old41 && time PYTHONPATH=$PWD:/tmp/site timeout 330 python3 -m pytest -q -m gpu \
    --ignore=tests/docs -n 8 --dist worksteal -p no:cacheprovider --durations=0 ) > $R/old-test-gpu.txt 2>&1
grep -vE "PytestBenchmarkWarning|warner\(" $R/old-test-gpu.txt | grep -E "passed|failed|error|^real|^FAILED|^ERROR" | tail -12 >> $L
step done
