#!/usr/bin/env bash
# Evidence 2026-12-04d (session 53), call 1: session 53's red team on the GPU. Three right GEMM-track kernels and one
# softmax kernel whose 03.triton.own_kernels had called them "not yours" (made by `f = triton.jit(f)`, or under
# `from triton import jit as triton_jit`; the fourth is the Unsloth-style positive control, graded on the CPU in the
# suite); a GEMM whose tl.dot asks input_precision="tf32x3"; then the solutions of both tracks, every lab, --timings.
#   bash docs/data/evidence-2026-12-04d/call1/run.sh   (on the GPU machine, from the repository root)
source docs/_tools/device_call.sh
S=docs/data/evidence-2026-12-04d/subs
rows() { grep -E "^│ 03\.triton|^  (expected|found)" "$R/$1.txt" | cut -c1-200 >> "$L"; }
grade jit-by-call --kernel gemm --submission $S/own_kernels_jit_by_call 03 --check 03.triton.own_kernels; rows jit-by-call
grade jit-alias --kernel gemm --submission $S/own_kernels_jit_imported_alias 03 --check 03.triton.own_kernels
rows jit-alias
grade unsloth --submission tests/adversarial/c12_triton_unsloth_jit_by_calls 03 --check 03.triton.own_kernels
rows unsloth
grade tf32x3 --kernel gemm --submission $S/gemm_tf32x3_accepted_as_fp32 03 --check 03.triton; rows tf32x3
[ $SECONDS -lt 480 ] && grade softmax-all --submission solutions
[ $SECONDS -lt 530 ] && grade gemm-all --submission solutions --kernel gemm
step done
