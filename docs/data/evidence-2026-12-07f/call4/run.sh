#!/usr/bin/env bash
# Evidence 2026-12-07f (session 77), call 4, on call 1's H200: the rest of issue 12's §2 table graded on the H200
# (lab 03 alone, labs 00 and 01 together, every lab again with every cache warm), --timings.
#   bash docs/data/evidence-2026-12-07f/call4/run.sh   (on the GPU machine, from the repository root; $OUT collects)
source docs/_tools/device_call.sh
grade lab03 03 --submission solutions
grade lab0001 00 01 --submission solutions
grade all --submission solutions
step done
cat "$L"
