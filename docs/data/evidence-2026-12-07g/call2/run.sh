#!/usr/bin/env bash
# Evidence 2026-12-07g (session 78), call 2, on call 1's H100: make test-gpu's command at -n 8 (every GPU test), traced,
# on the tree with the attach's fix (grader/checks/ncu_watch.py, decision 261).
#   bash docs/data/evidence-2026-12-07g/call2/run.sh   (on the GPU machine, from the repository root; $OUT collects)
source docs/_tools/device_call.sh
suite n8 ${LIMIT_S:-420}
step done
cat "$L"
