#!/usr/bin/env bash
# Evidence 2026-12-04e (session 54), call 2: make test-gpu's command at -n 8 on call 1's machine, caches kept (the
# issue's condition), with decisions 210-214.
#   bash docs/data/evidence-2026-12-04e/call2/run.sh   (on the GPU machine, from the repository root)
source docs/_tools/device_call.sh
suite warm ${WARM_LIMIT_S:-420}
step done
