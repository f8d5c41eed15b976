#!/usr/bin/env bash
# Evidence 2026-12-07g (session 78), call 3, for an H200 (runs nothing elsewhere): round 18's held copies and the
# admission builds that led on the H100 (call 1), beside the CUDA reference, once, at two long rows.
#   bash docs/data/evidence-2026-12-07g/call3/run.sh   (on the GPU machine, from the repository root; $OUT collects)
source docs/_tools/device_call.sh
T=docs/_tools/softmax_limit
nvidia-smi --query-gpu=name --format=csv,noheader | grep -q H200 || { step "not an H200: nothing run"; cat "$L"; exit 0; }
step "round 18: build"
ONLY="k2 k3 p5k3" JOBS=12 bash $T/round18/build.sh $R/v > $R/build.txt 2>&1; tail -1 $R/build.txt >> $L
SO=""; for n in ref k2 k3 p5k3; do SO="$SO --so $n=$R/v/$n.so"; done
for k in copy_v16 copy_v16_k1 copy_v16_k2 copy_v4_o4 copy_v4_o16_k4 copy_v8_o8_k2; do SO="$SO --so $k=$R/v/diag_adm.so:$k"; done
step "round 18: mb.py"
timeout 100 python3 $T/round4/mb.py $SO --shapes 128x524288,1024x50257 --out $OUT/mb1.json >> $L 2>&1
step done
cat "$L"
