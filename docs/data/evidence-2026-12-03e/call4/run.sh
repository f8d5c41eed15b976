#!/usr/bin/env bash
# Evidence 2026-12-03e (session 47), call 4: the grader that lands (decision 198, without call 3's change), lab 02's
# solution graded alone twice with --timings (call 3's machine took 32.2 s), then labs 00 and 01.
#   bash docs/data/evidence-2026-12-03e/call4/run.sh   (on the GPU machine, from the repository root)
source docs/_tools/device_call.sh
GRADE_LIMIT_S=60
grade softmax-02a 02 --submission solutions
grade softmax-02b 02 --submission solutions
grade softmax-0001 00 01 --submission solutions
step done
