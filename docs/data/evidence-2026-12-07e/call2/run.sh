#!/usr/bin/env bash
# Evidence 2026-12-07e (session 76), call 2, on call 1's H200 kept warm: round 16's reference before and after the
# exchange, b128_x, and Triton's reference and `tri_last` timed again (mb.py's second run); every lab graded.
#   bash docs/data/evidence-2026-12-07e/call2/run.sh   (on the GPU machine, from the repository root; $OUT collects)
source docs/_tools/device_call.sh; T=docs/_tools/softmax_limit
step "build"
ONLY="same b128_x" JOBS=12 bash $T/round16/build.sh $R/v > $R/build.txt 2>&1; echo "build rc=$?" >> $L; ls $R/v >> $L
SO=""; for f in $R/v/*.so; do SO="$SO --so $(basename $f .so)=$f"; done
python3 $T/round16/round16_triton.py $R/t
step "mb.py run 2"
timeout 150 python3 $T/round4/mb.py $SO --py tri_last=$R/t/tri_last.py --py tri=solutions/03-triton-and-pytorch/softmax_triton.py \
  --shapes 1024x50257,512x128256,128x524288 --out $OUT/mb2.json >> $L 2>&1
rm -rf $R/v
grade all --submission solutions
step done; cat $L | tail -40
