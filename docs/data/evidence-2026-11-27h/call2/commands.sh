#!/usr/bin/env bash
# Session 8, call 2 (H100): the variants of rounds 3, 4 and 6 that were measured only on an H200, on an H100, where the
# CUDA reference misses 95% of copy by under half a point at 1024x50257 and 128x524288. Built on the CPU machine for
# sm_90 from the solution as committed (39e483b): round 3's cluster and stagger variants (cluster_variants.py, into
# .scratch-dev/s8/b), round 6's wide variants (wide_variants.py + round6/build.sh, .scratch-dev/s8/w), round 4's load
# and store hints (round4/build.sh, .scratch-dev/s8/r4). 1) every build against torch's softmax in fp64; 2) mb.py, all
# interleaved, twice.
set -u
export PYTHONUNBUFFERED=1
R=$OUT/r; mkdir -p $R
L=$R/log.txt
step() { echo "== $1 ($(date +%T), ${SECONDS}s)" | tee -a "$L"; }
finish() { tar -C $OUT -czf $OUT/r.tgz r; cp $L $OUT/log.txt; }
trap finish EXIT
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,memory.total --format=csv,noheader | tee -a $L
md5sum solutions/02-tuned-kernel/softmax_tuned.cu | tee -a $L
D=docs/_tools/softmax_limit; S=.scratch-dev/s8
sos=(--so ref=$S/ref.so)
for f in $S/b/*.so $S/w/t*.so $S/r4/ld*.so; do sos+=(--so $(basename $f .so)=$f); done
step check
timeout 90 python3 $D/round5/check.py "${sos[@]}" 2>&1 | tee -a $L
for i in 1 2; do
  step "mb $i"
  timeout 200 python3 $D/round4/mb.py "${sos[@]}" --no-fsoftmax \
    --shapes 1024x50257,128x524288,512x128256 --out $R/mb$i.json 2>&1 | tee -a $L
done
step done
