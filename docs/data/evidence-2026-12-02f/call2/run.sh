#!/usr/bin/env bash
# Evidence 2026-12-02f, call 2: call 1 again in session 41's order (make test-gpu's command first, then the solutions'
# gradings on the caches it warmed), to compare with evidence-2026-12-02e/call1 like for like. Call 1 had graded first,
# on a fresh machine, and timed make test-gpu at 308.25 s.
#   bash docs/data/evidence-2026-12-02f/call2/run.sh   (on the GPU machine, from the repository root; $OUT collects)
source docs/_tools/device_call.sh
mkdir -p $R/tt
step "make test-gpu's command"
( time GRADER_TEST_TRACE=$R/tt timeout 330 python3 -m pytest -q -m gpu --ignore=tests/docs \
    -n 8 --dist worksteal -p no:cacheprovider --durations=0 ) > $R/test-gpu.txt 2>&1
grep -vE "PytestBenchmarkWarning|warner\(" $R/test-gpu.txt | grep -E "passed|failed|error|^real|^FAILED|^ERROR" | tail -12 >> $L
grade softmax-all --submission solutions
grade gemm-all --submission solutions --kernel gemm
grade lab02 02 --submission solutions
grade lab03 03 --submission solutions
grade labs0001 00 01 --submission solutions
step done
