#!/usr/bin/env bash
# Build the round-18 variants (round18_variants.py's VARIANTS; ONLY="a b" for some), the reference and the held
# copies of diag_adm.cu into OUT_DIR, with round 5's builder.
#   [ONLY="..."] bash docs/_tools/softmax_limit/round18/build.sh OUT_DIR
set -eu
HERE=$(cd "$(dirname "$0")" && pwd)
mkdir -p "$1"
nvcc -O3 -gencode arch=compute_90,code=sm_90 -shared -Xcompiler -fPIC "$HERE/diag_adm.cu" -o "$1/diag_adm.so" &
GEN="$HERE/round18_variants.py" SRC=round18.cu bash "$HERE/../round5/build.sh" "$@"
wait
