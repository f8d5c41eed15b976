#!/usr/bin/env bash
# Evidence 2026-12-04d (session 53), call 3: make test-gpu's command at -n $JOBS (8 unless JOBS says otherwise) with
# decisions 207-209, again on call 2's machine, its caches kept (the issue's condition).
#   bash docs/data/evidence-2026-12-04d/call3/run.sh   (on the GPU machine, from the repository root)
source docs/_tools/device_call.sh
suite warm ${WARM_LIMIT_S:-420}
step done
