#!/usr/bin/env bash
# Session 68, call 2: on call 1's machine, kept warm: the same suite without the pause (the A/B's other arm).
JOBS=8 LIMIT_S=420 exec bash docs/data/evidence-2026-12-06e/ab_jobs.sh
