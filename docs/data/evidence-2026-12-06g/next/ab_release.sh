#!/usr/bin/env bash
# Prepared in session 69, NOT RUN (no device time left): the A/B that decides decision 249's release of idle GPU
# memory. Two calls on one machine, the second within the first's idle window so the machine stays the same:
#   bash docs/data/evidence-2026-12-06g/next/ab_release.sh              # the tree as it is (release on)
#   RELEASE=off bash docs/data/evidence-2026-12-06g/next/ab_release.sh  # the limit raised past any GPU: never released
# Each: make test-gpu's command at -n 8, Triton's caches emptied, the GPU memory by role beside it (ab_jobs.sh's MEM=1).
# RELEASE=off edits the machine's copy of the tree only (the device tool copies the tracked files again at each call);
# the log's status lines show grader/workers/idle_gpu.py modified. Call 1 of this folder (326.17 s, six gradings
# ending early, a fresh machine) cannot say whether the release costs time.
if [ "${RELEASE:-on}" = off ]; then
  sed -i 's/^IDLE_GPU_CACHE_BYTES = 256 << 20/IDLE_GPU_CACHE_BYTES = 1 << 62/' grader/workers/idle_gpu.py
  grep -q "^IDLE_GPU_CACHE_BYTES = 1 << 62" grader/workers/idle_gpu.py || { echo "the release's limit was not found"; exit 2; }
fi
MEM=1 JOBS=8 LIMIT_S=420 exec bash docs/data/evidence-2026-12-06e/ab_jobs.sh
