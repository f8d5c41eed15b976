#!/usr/bin/env bash
# Evidence 2026-12-02c, call 3: why call 2's attaches found no process. One target launched with ncu --mode launch
# (no sandbox), suspended at its first CUDA call: which sockets listen then (/proc/net/tcp, tcp6 and unix, with the
# process owning each), and whether ncu --mode attach finds it with ncu's default port range on both sides, or with
# the launch's single port and the attach's default range.
#   bash docs/data/evidence-2026-12-02c/call3/run.sh   (on the GPU machine, from the repository root; $OUT collects)
set -u
export PYTHONUNBUFFERED=1
L=$OUT/log.txt
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee $L
D=/tmp/attach3; mkdir -p $D
python3 - > $D/t.py <<'PY'
import re
src = open("docs/_tools/ncu_attach/attach.py").read()
print(eval(re.search(r"TARGET = ('''.*?''')", src, re.S).group(1)).format(i=0, launches=40))
PY
listen() {  # listening TCP sockets (state 0A) and their owners
  for f in /proc/net/tcp /proc/net/tcp6; do awk 'NR>1 && $4=="0A" {print FILENAME, $2, $10}' $f; done | while read f a inode; do
    port=$((16#${a##*:}))
    pid=$(for p in /proc/[0-9]*; do ls -l $p/fd 2>/dev/null | grep -q "socket:\[$inode\]" && { echo ${p#/proc/}; break; }; done)
    echo "  listen $f port $port pid $pid $(tr '\0' ' ' < /proc/$pid/cmdline 2>/dev/null | cut -c1-100)"; done
}
try() {  # $1: name, $2: launch's port options, $3: attach's port options
  echo "== $1: launch [$2] attach [$3]" >> $L
  ( cd $D && exec ncu --mode launch --target-processes all $2 python3 $D/t.py > $D/$1.out 2>&1 ) &
  for i in $(seq 1 100); do grep -q '^imported' $D/$1.out 2>/dev/null && break; sleep 0.1; done; sleep 2
  cat $D/$1.out >> $L; listen >> $L
  s=$(date +%s%N)
  timeout -k 2 30 ncu --mode attach --hostname 127.0.0.1 $3 --metrics gpu__time_duration.sum --csv --log-file $D/$1.csv
  echo "attach rc $? in $(( ($(date +%s%N) - s) / 1000000 )) ms" >> $L
  head -c 1500 $D/$1.csv >> $L; echo >> $L
  sleep 1; tail -2 $D/$1.out >> $L
  pkill -9 -f "$D/t.py"; pkill -9 -f 'ncu '; sleep 1
}
try defaults "" ""
try launch-port "--port 50500 --max-connections 1" ""
try launch-port-attach-port "--port 50600 --max-connections 1" "--port 50600 --max-connections 1"
try attach-range "--port 50700 --max-connections 1" "--port 50700"
