#!/usr/bin/env bash
# Evidence 2026-12-06c (session 65), call 5: call 4's script again on the final commit (5f95741), whose message for a
# report measured twice was reworded after call 4.
#   bash docs/data/evidence-2026-12-06c/call5/run.sh   (on the GPU machine, from the repository root; $OUT collects)
bash docs/data/evidence-2026-12-06c/call4/run.sh
