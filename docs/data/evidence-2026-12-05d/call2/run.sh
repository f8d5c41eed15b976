#!/usr/bin/env bash
# Evidence 2026-12-05d (session 60), call 2, on call 1's machine right after it (the tree unchanged): make test-gpu's
# command at -n 8 again, every compile cache as call 1's run of it left them ("warm caches", as the issue's §2 table
# asks): the same tests, the same checks; Triton finds each test case's kernels compiled already.
#   bash docs/data/evidence-2026-12-05d/call2/run.sh   (on the GPU machine, from the repository root; $OUT collects)
source docs/_tools/device_call.sh
echo "build/cache at start: $(ls build/cache/triton 2>/dev/null | wc -l) Triton cache folders, $(du -sh build/cache 2>/dev/null | cut -f1)" | tee -a "$L"
suite second ${LIMIT_S:-400}
step done
