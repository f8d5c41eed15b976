#!/usr/bin/env bash
# Evidence 2026-12-02, call 2: are watched starts lost when Nsight Compute sessions start at once, and does a port
# range of each session's own change it? ncu's options for its connection, who listens on loopback during the starts,
# then docs/_tools/ncu_starts/starts.py (3 rounds of 8 starts at once, each variant).
#   bash docs/data/evidence-2026-12-02/call2/run.sh   (on the GPU machine, from the repository root; $OUT collects)
set -u
export PYTHONUNBUFFERED=1
R=$OUT/r; mkdir -p $R; L=$OUT/log.txt
python3 -m pip install -q --upgrade --no-index --no-deps --no-compile --target /tmp/site .whl/*.whl 2>/dev/null
export PYTHONPATH=$PWD:/tmp/site
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee $L
NCU=$(python3 -c "from grader.build import ncu_path; print(ncu_path())")
echo "ncu: $NCU" >> $L
$NCU --version >> $L 2>&1
$NCU --help 2>&1 | grep -iE -B1 -A3 "port|connection|hostname|lock" >> $L
( sleep 4; echo "== listening during round 0 (shared)"; awk '$4=="0A"{print $2}' /proc/net/tcp /proc/net/tcp6 | sort | uniq -c | head -80 ) > $R/listen.txt 2>&1 &
timeout 400 python3 docs/_tools/ncu_starts/starts.py $R/starts --rounds 3 --at-once 8 >> $L 2>&1
wait
cat $R/listen.txt >> $L
grep -l "" $R/starts/*/worker.log 2>/dev/null | head -3 | while read f; do echo "== $f"; tail -5 "$f"; done >> $L
cd $OUT && tar -czf r.tgz r && rm -rf r
