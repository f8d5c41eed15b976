#!/usr/bin/env bash
# Session 69, call 1: session 68's prepared call 4 (decision 249's changes on a GPU for the first time: torch's CUDA
# notes out of the lessons, idle GPU memory given back after each case, a lost start tried again), with every lab of
# the solutions graded first (WARM=all), then make test-gpu's command at -n 8, Triton's caches emptied, the GPU memory
# of every process by role sampled beside it.
WARM=all MEM=1 JOBS=8 LIMIT_S=420 exec bash docs/data/evidence-2026-12-06e/ab_jobs.sh
