#!/usr/bin/env bash
# Evidence 2026-12-02d, call 2: every watched start that lab 03's prepare launched (ncu --mode launch) was lost in call 1,
# its inner bwrap running and no Python begun. Lab 03 of the solutions alone, four times, alternating this tree and the
# commit before this session's change (9cc6e45, checked out into /tmp/old), each traced; after each, the watched starts
# lost and the sockets listening on the watched workers' ports (50200-50263).
#   bash docs/data/evidence-2026-12-02d/call2/run.sh   (on the GPU machine, from the repository root; $OUT collects)
set -u
export PYTHONUNBUFFERED=1
R=$OUT/r; mkdir -p $R; L=$OUT/log.txt
python3 -m pip install -q --upgrade --no-index --no-deps --no-compile --target /tmp/site .whl/*.whl 2>/dev/null
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee $L
uname -r >> $L; nproc >> $L
git worktree add -f /tmp/old 9cc6e45 > /dev/null 2>&1 || echo "no worktree of 9cc6e45" >> $L
listening() {  # sockets listening on 50200-50263 (hex C3F8-C437), and ncu processes
  awk 'NR>1 && $4=="0A" {split($2,a,":"); p=strtonum("0x" a[2]); if (p>=50200 && p<50264) print "listening", p}' \
      /proc/net/tcp /proc/net/tcp6
  echo "ncu processes: $(pgrep -c -f 'ncu ' || true), bwrap: $(pgrep -c bwrap || true)"
}
listening >> $L
for round in 1 2; do
  for tree in new old; do
    dir=$PWD; [ $tree = old ] && dir=/tmp/old
    [ -d $dir/grader ] || continue
    echo "== round $round, $tree ($(cd $dir && git log --oneline -1 | cut -c1-60))" >> $L
    ( cd $dir && export PYTHONPATH=$dir:/tmp/site && time GRADER_TRACE=$R/$tree-$round.jsonl timeout 100 \
        python3 -m grader 03 --submission solutions --timings ) > $R/$tree-$round.txt 2>&1
    grep -E "03.triton.own_kernels  |^│ total|^real" $R/$tree-$round.txt | cut -c1-160 >> $L
    grep -o '"what": "watched start[a-z ]*"' $R/$tree-$round.jsonl | sort | uniq -c >> $L
    listening >> $L
  done
done
cd $OUT && tar -czf r.tgz r && rm -rf r
