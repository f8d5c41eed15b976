#!/usr/bin/env bash
# Evidence 2026-12-03e (session 47), call 1: where a watched worker's CPU goes while it waits (spin.py), and Nsight
# Compute's options for the processes it follows.
#   bash docs/data/evidence-2026-12-03e/call1/run.sh   (on the GPU machine, from the repository root)
source docs/_tools/device_call.sh
nproc >> $L
step "ncu --help: target processes"
ncu --version | tail -1 >> $L
ncu --help | grep -A14 -E "^ +--target-processes" >> $L
step "spin.py"
R=$R timeout 400 python3 docs/data/evidence-2026-12-03e/call1/spin.py 3 >> $L 2>&1
step done
