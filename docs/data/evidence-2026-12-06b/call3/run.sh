#!/usr/bin/env bash
# Evidence 2026-12-06b (session 64), call 3: call 2 again on the same machine, its caches warm (see call2/run.sh).
#   bash docs/data/evidence-2026-12-06b/call3/run.sh   (on the GPU machine, from the repository root; $OUT collects)
NAME=second bash docs/data/evidence-2026-12-06b/call2/run.sh
