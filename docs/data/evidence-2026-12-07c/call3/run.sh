#!/usr/bin/env bash
# Evidence 2026-12-07c (session 74), call 3, the H100 of calls 1-2 (still warm): round 16's exchange (XCHG) in other
# blocks, built one by one with the flags that round16_variants.py now lists under "call 3", checked in fp64, timed
# twice with mb.py at the three long-row shapes and 2048x32000. The command as it ran (one line in the device call,
# unfolded here); its `ref` is the solution of commit 8a7a767 (the counter exchange).
T=docs/_tools/softmax_limit; V=$OUT/v; python3 $T/round16/round16_variants.py $V
NV="nvcc -O3 -gencode arch=compute_90,code=sm_90 -shared -Xcompiler -fPIC"; W="-DSPLIT_T=32 -DSPLIT_VREG=16 -DSPLIT_MIN=16"
$NV solutions/02-tuned-kernel/softmax_tuned.cu -o $V/ref.so &
$NV -DXCHG=1 $V/round16.cu -o $V/ref_x.so &
$NV -DXCHG=1 -DMEMSET=1 $V/round16.cu -o $V/ref_xm.so &
$NV $W -DSPLIT_VSMEM=0 -DXCHG=1 -DSPLIT_OCC=16 $V/round16.cu -o $V/w1_xo.so &
$NV $W -DSPLIT_VSMEM=16 -DXCHG=1 -DSPLIT_OCC=16 $V/round16.cu -o $V/w1s_xo.so &
$NV $W -DSPLIT_VSMEM=16 -DXCHG=1 $V/round16.cu -o $V/w1s_x.so &
$NV -DSPLIT_T=64 -DSPLIT_VREG=16 -DSPLIT_MIN=8 -DSPLIT_VSMEM=16 -DXCHG=1 -DSPLIT_OCC=8 $V/round16.cu -o $V/w2s_xo.so &
$NV -DSPLIT_T=128 -DSPLIT_VREG=8 -DSPLIT_MIN=8 -DSPLIT_VSMEM=8 -DXCHG=1 $V/round16.cu -o $V/b128_x.so &
$NV -DSPLIT_T=256 -DSPLIT_VREG=8 -DSPLIT_MIN=4 -DSPLIT_VSMEM=8 -DXCHG=1 -DLDPLAIN=1 $V/round16.cu -o $V/ref_xl.so &
wait
SO=""; for f in $V/*.so; do SO="$SO --so $(basename $f .so)=$f"; done
python3 $T/round5/check.py $SO 2>&1 | tee $OUT/log.txt
for r in 1 2; do
  timeout 150 python3 $T/round4/mb.py $SO --py tri=solutions/03-triton-and-pytorch/softmax_triton.py \
    --shapes 1024x50257,512x128256,128x524288,2048x32000 --out $OUT/mb$r.json 2>&1 | tee -a $OUT/log.txt
done
rm -rf $V
