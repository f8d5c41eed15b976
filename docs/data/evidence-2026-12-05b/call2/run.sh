#!/usr/bin/env bash
# Evidence 2026-12-05b (session 57), call 2, the same H100 if still warm: make test-gpu's command at -n 8 (caches as
# call 1 left them), traced; the first GPU run of decision 218's last changes (commit 3217444 onward).
#   bash docs/data/evidence-2026-12-05b/call2/run.sh   (on the GPU machine, from the repository root; $OUT collects)
source docs/_tools/device_call.sh
suite warm ${WARM_LIMIT_S:-400}
step done
