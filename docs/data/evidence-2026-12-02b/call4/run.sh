#!/usr/bin/env bash
# Evidence 2026-12-02b, call 4: what Nsight Compute's sessions wait on when several run at once (call 2: outside a
# sandbox, one session held back the others for its whole life): the files an ncu session and its target hold open,
# and /tmp and /dev/shm during it; then four sessions at once with each target in a bwrap sandbox whose /tmp is its
# own, as the grader's watched workers are (docs/_tools/ncu_crosstalk --sandbox).
#   bash docs/data/evidence-2026-12-02b/call4/run.sh   (on the GPU machine, from the repository root; $OUT collects)
set -u
export PYTHONUNBUFFERED=1
R=$OUT/r; mkdir -p $R; L=$OUT/log.txt
python3 -m pip install -q --upgrade --no-index --no-deps --no-compile --target /tmp/site .whl/*.whl 2>/dev/null
export PYTHONPATH=$PWD:/tmp/site
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee $L
git log --oneline -1 >> $L
echo "== one session: what it holds" >> $L
ls -la /tmp /dev/shm > $R/before.txt 2>&1
ncu --target-processes all --metrics gpu__time_duration.sum --csv --log-file $R/one.csv python3 -c '
import time, torch
torch.ones(4, device="cuda").sum().item()
time.sleep(12)' > $R/one.txt 2>&1 &
sleep 9
ls -la /tmp /dev/shm > $R/during.txt 2>&1
diff $R/before.txt $R/during.txt | grep -E "^[<>]" | cut -c1-200 >> $L
for p in $(pgrep -f "ncu --target" ; pgrep -f "time.sleep(12)"); do echo "pid $p $(tr '\0' ' ' < /proc/$p/cmdline | cut -c1-80)"
  ls -l /proc/$p/fd 2>/dev/null | grep -vE "pipe:|socket:|anon_inode:|/dev/(null|pts|nvidia)" | awk '{print $NF}' | sort -u; done >> $L 2>&1
find /tmp /dev/shm -maxdepth 2 -newer $R/before.txt 2>/dev/null | grep -v "^$R" | head -20 >> $L
wait
echo "== four sessions at once, each target sandboxed" >> $L
( time timeout 150 python3 docs/_tools/ncu_crosstalk/crosstalk.py $R/xt --sandbox --modes default --sessions 4 --rounds 1 \
    --seconds 4 --limit 90 ) > $R/xt.txt 2>&1
grep -E '"wall_s"|^real' $R/xt.txt >> $L; grep '"session"' $R/xt.txt | cut -c1-330 >> $L
grep -h "waited for" $R/xt/*/out.txt | sort | uniq -c >> $L
grep -h "ERROR" $R/xt/*/ncu.csv | sort | uniq -c >> $L
cd $OUT && tar -czf r.tgz --exclude='triton-cache' r && rm -rf r
