#!/usr/bin/env bash
# Evidence 2026-12-02f, call 1: session 42's grader (decisions 185-186) on the GPU: make test-gpu's command, traced;
# the solutions with --timings (every lab, GEMM every lab, lab 02 alone, lab 03 alone, labs 00 and 01); a lab 02 file
# with kernel 3 left as the stub (decision 186: graded as it is, the note named beside each failing check); the
# learners' copy (make learner-copy) grading its untouched stubs and the solutions' lab 00 file on the GPU.
#   bash docs/data/evidence-2026-12-02f/call1/run.sh   (on the GPU machine, from the repository root; $OUT collects)
source docs/_tools/device_call.sh
grade softmax-all --submission solutions
grade gemm-all --submission solutions --kernel gemm
grade lab02 02 --submission solutions
grade lab03 03 --submission solutions
grade labs0001 00 01 --submission solutions
step "half-filled lab 02 (kernel 3 as the stub)"
python3 -c "
import sys; sys.path.insert(0, 'tests')
from pathlib import Path
from helpers import half_filled
half_filled(Path('solutions/02-tuned-kernel/softmax_tuned.cu'), {4, 5}, Path('/tmp/half02/02-tuned-kernel'))
" && cp -r solutions/02-tuned-kernel/profile /tmp/half02/02-tuned-kernel/
grade half02 02 --submission /tmp/half02
grep -E "note: softmax_tuned.cu|not filled yet" $R/half02.txt | head -4 >> $L
step "learners' copy"
python3 -m grader.learner_copy /tmp/lcopy >> $L 2>&1
mkdir -p /tmp/lsub/00-hello-cuda && cp solutions/00-hello-cuda/vector_add.cu /tmp/lsub/00-hello-cuda/
( cd /tmp/lcopy && GRADER_WORKROOT=/tmp/lcopy-work timeout 120 python3 -m grader 00 ) > $R/lcopy-stub.txt 2>&1
grep -E "Score|not started" $R/lcopy-stub.txt | head -3 >> $L
( cd /tmp/lcopy && GRADER_WORKROOT=/tmp/lcopy-work timeout 120 python3 -m grader 00 --submission /tmp/lsub ) \
    > $R/lcopy-solution.txt 2>&1
grep -E "Score" $R/lcopy-solution.txt >> $L
mkdir -p $R/tt
step "make test-gpu's command"
( time GRADER_TEST_TRACE=$R/tt timeout 330 python3 -m pytest -q -m gpu --ignore=tests/docs \
    -n 8 --dist worksteal -p no:cacheprovider --durations=0 ) > $R/test-gpu.txt 2>&1
grep -vE "PytestBenchmarkWarning|warner\(" $R/test-gpu.txt | grep -E "passed|failed|error|^real|^FAILED|^ERROR" | tail -12 >> $L
step done
