#!/usr/bin/env bash
# Evidence 2026-12-06e (session 67), call 3: call 2's diagnostic again on call 2's machine, kept warm, GPU kernels and
# no load only, once each. As run:
#   KINDS="kernels none" REPS=1 bash docs/data/evidence-2026-12-06e/call2/diag.sh
# (Its first step, making the case's submission, failed harmlessly: call 2 had made it on this machine.)
KINDS="kernels none" REPS=1 exec bash docs/data/evidence-2026-12-06e/call2/diag.sh
