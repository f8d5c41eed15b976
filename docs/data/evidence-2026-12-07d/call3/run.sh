#!/usr/bin/env bash
# Evidence 2026-12-07d (session 75), call 3, asked as nvidia-h200 (an H200 wanted; the H100 of calls 1-2, still held, ran it): call 1
# trimmed to what the device time left allows: round 16's lead variants and the two Triton builds once, then make
# bench's method for the softmax track (9 shapes, 5 gate repeats) on the patched solution.
#   bash docs/data/evidence-2026-12-07d/call3/run.sh   (on the GPU machine, from the repository root; $OUT collects)
source docs/_tools/device_call.sh
T=docs/_tools/softmax_limit
step "round 16: build"
ONLY="same b128r_x b256r_x" JOBS=12 bash $T/round16/build.sh $R/v > $R/build.txt 2>&1; echo "build rc=$?" >> $L
SO=""; for f in $R/v/*.so; do SO="$SO --so $(basename $f .so)=$f"; done
python3 $T/round16/round16_triton.py $R/t
step "round 16: mb.py"
timeout 100 python3 $T/round4/mb.py $SO --py tri_last=$R/t/tri_last.py --py tri=solutions/03-triton-and-pytorch/softmax_triton.py \
  --shapes 2048x32000,1024x50257,512x128256,128x524288 --out $OUT/mb1.json >> $L 2>&1
rm -rf $R/v
step "bench softmax --gate-repeats 5"
NAME=$(nvidia-smi --query-gpu=name --format=csv,noheader | grep -o 'H[12]00' | head -1 | tr H h)
( time timeout 150 python3 -m grader.bench --kernel softmax --gate-repeats 5 \
    --out $OUT/bench-softmax-$NAME.json ) > $R/bench-softmax.txt 2>&1
echo "rc=$?" >> $L; tail -16 $R/bench-softmax.txt >> $L
step done
