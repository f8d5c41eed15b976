#!/usr/bin/env bash
# Evidence l, call 3: round 9, kernel 5 without its exchange (x_*, timing only) and its timeline (t_*).
#   bash docs/data/evidence-2026-11-27l/call3/run.sh   (on the GPU machine; $OUT collects the logs)
set -u
T=docs/_tools/softmax_limit; B=/tmp/b9; O=${OUT:-/tmp/out}; mkdir -p "$O"
nvidia-smi --query-gpu=name,driver_version --format=csv | tee "$O/gpu.txt"
JOBS=14 timeout 300 bash $T/round9/build.sh $B > "$O/build.log" 2>&1; echo "build rc $?"
SH=1024x50257,512x128256,128x524288
timeout 200 python3 $T/round9/pipe_timeline.py t_base=$B/t_base.so t_2sm=$B/t_2sm.so t_nowait=$B/t_nowait.so t_nowait_2sm=$B/t_nowait_2sm.so --shapes $SH 2>&1 | tee "$O/timeline.log"
timeout 200 python3 $T/round4/mb.py --so ref=$B/ref.so --so p_base=$B/p_base.so --so p_2sm=$B/p_2sm.so \
  --so x_nowait=$B/x_nowait.so --so x_nowait_2sm=$B/x_nowait_2sm.so --so x_nowait_k16=$B/x_nowait_k16.so \
  --no-fsoftmax --shapes $SH --out "$O/mb1.json" 2>&1 | tee "$O/mb1.log"
