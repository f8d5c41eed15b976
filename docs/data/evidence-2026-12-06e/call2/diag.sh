#!/usr/bin/env bash
# Evidence 2026-12-06e (session 67), call 2: what slows the watched case in make test-gpu (a median 3.1 s there,
# about 1 s alone, call 1)? One Triton positive control's lab 03 graded alone, then beside each of three kinds of
# load, twice each, traced: CPU (six processes importing torch in a loop), CUDA contexts (six processes importing torch
# and making a context in a loop: the same CPU and a context about every second), and GPU kernels (one process copying
# 256 MB buffers back to back). Triton's cache is warm from the first grading. KINDS and REPS choose fewer.
source docs/_tools/device_call.sh
C=c12_triton_block_ptr_rows_rt44
python3 - $C <<'PY'
import sys; from pathlib import Path
sys.path.insert(0, "tests")
import test_adversarial as t
for c in t.CASES:
    if c.name in sys.argv[1:]:
        d = Path("/tmp/cases") / c.name; d.mkdir(parents=True, exist_ok=True); t.materialise(c, d)
PY
export GRADER_CACHE=/tmp/gcache
SUB=/tmp/cases/$C/submission
load() {  # load KIND: start it in the background, its pids in $LOADPIDS
  LOADPIDS=""
  case $1 in
    cpu) for i in 1 2 3 4 5 6; do setsid bash -c 'while true; do python3 -c "import torch"; done' & LOADPIDS="$LOADPIDS $!"; done ;;
    contexts) for i in 1 2 3 4 5 6; do setsid bash -c 'while true; do python3 -c "import torch; torch.cuda.synchronize()"; done' & LOADPIDS="$LOADPIDS $!"; done ;;
    kernels) setsid python3 -c "
import torch
a = torch.empty(64 << 20, device='cuda'); b = torch.empty_like(a)
while True:
    for _ in range(50): b.copy_(a)
    torch.cuda.synchronize()" & LOADPIDS="$!" ;;
  esac
  sleep 3
}
unload() { for p in $LOADPIDS; do kill -- -$p 2>/dev/null; done; wait 2>/dev/null; sleep 1; }  # each load its own group
grade warm 03 --submission $SUB
for kind in ${KINDS:-none cpu contexts kernels}; do
  for k in $(seq ${REPS:-2}); do
    [ $kind != none ] && load $kind
    grade "$kind-$k" 03 --submission $SUB
    [ $kind != none ] && unload
  done
done
python3 docs/data/evidence-2026-12-06d/watched_steps.py $R/*.jsonl >> $L
step done
