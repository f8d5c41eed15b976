#!/usr/bin/env bash
# Build the round-12 variants (round12_variants.py's VARIANTS; ONLY="a b" for some) and the reference into OUT_DIR,
# with round 5's builder.
#   [ONLY="..."] bash docs/_tools/softmax_limit/round12/build.sh OUT_DIR
set -eu
HERE=$(cd "$(dirname "$0")" && pwd)
GEN="$HERE/round12_variants.py" SRC=round12.cu exec bash "$HERE/../round5/build.sh" "$@"
