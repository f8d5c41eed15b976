#!/usr/bin/env bash
# Evidence 2026-12-06d (session 66), call 4: on call 3's machine, kept warm, with the tree of decision 247 as kept
# (call 3's "new"): call 2's script, the suite only, its outputs named "final". As run:
#   NAME=final SUITE_ONLY=1 LIMIT_S=420 bash docs/data/evidence-2026-12-06d/call2/run.sh
NAME=final SUITE_ONLY=1 LIMIT_S=420 exec bash docs/data/evidence-2026-12-06d/call2/run.sh
