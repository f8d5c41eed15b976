#!/usr/bin/env bash
# Device call 5 (H100): catch the intermittent stall. Gradings in a row, each watched: still running after 75 s ->
# a dump of every judge thread (SIGUSR1), the process tree, the flock table, the GPU's processes; then killed.
set -u
export PYTHONUNBUFFERED=1
L=$OUT/log.txt
n=0
for track in gemm softmax gemm softmax; do
  n=$((n + 1)); f=$OUT/run$n.txt
  echo "== run $n: $track ($(date +%T), ${SECONDS}s)" >> "$L"
  GRADER_PROGRESS=1 python3 -m grader --kernel $track --submission solutions --timings > "$f" 2>&1 &
  pid=$!
  for i in $(seq 1 75); do kill -0 $pid 2>/dev/null || break; sleep 1; done
  if kill -0 $pid 2>/dev/null; then
    echo "run $n STALLED" >> "$L"
    kill -USR1 $pid; sleep 2
    { echo "#### ps"; ps -eo pid,ppid,etimes,stat,wchan:20,args --forest | grep -v "ps -eo" | tail -70
      echo "#### /proc/locks"; cat /proc/locks; ls -li /tmp/*.lock 2>/dev/null
      echo "#### nvidia-smi"; nvidia-smi; } >> "$f" 2>&1
    kill $pid; sleep 2; kill -9 $pid 2>/dev/null; wait $pid
    cp "$f" "$OUT/stalled.txt"; break
  fi
  wait $pid; echo "rc=$? $(grep -E '^Score' "$f")" >> "$L"
done
echo "== done (${SECONDS}s)" >> "$L"
