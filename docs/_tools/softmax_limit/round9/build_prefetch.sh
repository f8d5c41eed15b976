#!/usr/bin/env bash
# Build prefetch_variants.py's variants (ONLY="a b" for some) and the reference into OUT_DIR, with round 5's builder.
#   [ONLY="..."] bash docs/_tools/softmax_limit/round9/build_prefetch.sh OUT_DIR
set -eu
HERE=$(cd "$(dirname "$0")" && pwd)
GEN="$HERE/prefetch_variants.py" SRC=prefetch.cu exec bash "$HERE/../round5/build.sh" "$@"
