#!/usr/bin/env bash
# Build the round-16 variants (round16_variants.py's VARIANTS; ONLY="a b" for some) and the reference into OUT_DIR,
# with round 5's builder.
#   [ONLY="..."] bash docs/_tools/softmax_limit/round16/build.sh OUT_DIR
set -eu
HERE=$(cd "$(dirname "$0")" && pwd)
GEN="$HERE/round16_variants.py" SRC=round16.cu exec bash "$HERE/../round5/build.sh" "$@"
