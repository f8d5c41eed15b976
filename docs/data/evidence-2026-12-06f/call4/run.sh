#!/usr/bin/env bash
# Session 68, call 4, prepared and NOT RUN (after calls 1-3, four calls found no machine, and the 267 s of device
# time left were too little to start one): the session's last tree (decision 249: the watch pause removed, torch's
# CUDA notes out of the lessons, idle GPU memory given back after each case), make test-gpu's command at -n 8 with
# Triton's caches emptied, the GPU memory of every process by role (gpu_mem_by_role.py) and nvidia-smi's utilization
# beside it (ab_jobs.sh's MEM=1).
MEM=1 JOBS=8 LIMIT_S=420 exec bash docs/data/evidence-2026-12-06e/ab_jobs.sh
