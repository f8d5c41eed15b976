#!/usr/bin/env bash
# Session 68, call 1: every lab of the solutions graded (--timings; the grader's first GPU run since decision 248),
# then make test-gpu's command at -n 8 with GRADER_WATCH_PAUSE_S=3 (decision 248's experiment), caches emptied first.
WARM=all PAUSE=3 JOBS=8 LIMIT_S=420 exec bash docs/data/evidence-2026-12-06e/ab_jobs.sh
