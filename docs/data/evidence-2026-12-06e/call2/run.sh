#!/usr/bin/env bash
# Evidence 2026-12-06e (session 67), call 2: the diagnostic of diag.sh, one grading beside each load. As run:
#   KINDS="none kernels contexts" REPS=1 bash docs/data/evidence-2026-12-06e/call2/diag.sh
KINDS="none kernels contexts" REPS=1 exec bash docs/data/evidence-2026-12-06e/call2/diag.sh
