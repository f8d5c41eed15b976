#!/usr/bin/env bash
# Build round 6's variants (ring.cu, or resident2.cu for names starting with res2 resident.cu for other names starting with res, and
# wide_variants.py's wide.cu (written into OUT_DIR first) for names t<threads>..., with the -D flags of variants.txt; ONLY="a b" for some) and the reference, for sm_90.
#   [ONLY="..."] [VARIANTS=FILE] bash docs/_tools/softmax_limit/round6/build.sh OUT_DIR
# Each call's list is in docs/data/evidence-2026-11-27f/callN/variants.txt; variants.txt here is the last one (call 7).
set -eu
HERE=$(cd "$(dirname "$0")" && pwd); REPO=$(cd "$HERE/../../../.." && pwd); OUT=$1
mkdir -p "$OUT"
NV="nvcc -O3 -gencode arch=compute_90,code=sm_90 -shared -Xcompiler -fPIC"
$NV "$REPO/solutions/02-tuned-kernel/softmax_tuned.cu" -o "$OUT/ref.so" &
while read -r name flags; do
  [ -z "$name" ] && continue
  if [ -n "${ONLY:-}" ] && ! [[ " $ONLY " == *" $name "* ]]; then continue; fi
  src=$HERE/ring.cu; case $name in res2*) src=$HERE/resident2.cu;; res*) src=$HERE/resident.cu;; t[0-9]*) src=$OUT/wide.cu;; esac
  $NV $flags "$src" -o "$OUT/$name.so" &
  while [ "$(jobs -r | wc -l)" -ge "${JOBS:-2}" ]; do sleep 0.2; done
done < <(grep -v '^#' "${VARIANTS:-$HERE/variants.txt}")
wait
strip "$OUT"/*.so
ls "$OUT"/*.so | wc -l
