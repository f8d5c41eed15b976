#!/usr/bin/env bash
# Evidence 2026-12-05e (session 61), call 4: lab 03 of the softmax solutions with --timings after a failing Triton
# warm-up became a logged one (2aea7e3, decision 236); the Triton workers' logs searched for the warm-up's line.
#   bash docs/data/evidence-2026-12-05e/call4/run.sh   (on the GPU machine, from the repository root; $OUT collects)
source docs/_tools/device_call.sh
grade lab03 03 --submission solutions
grep -rhoE "\[harness\] warm-up: Triton [^|]*" build/grader 2>/dev/null | sort | uniq -c | head -5 | tee -a "$L"
step done
