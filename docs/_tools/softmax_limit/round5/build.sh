#!/usr/bin/env bash
# Build the round-5 variants (round5_variants.py's VARIANTS; ONLY="a b" for some) and the reference into OUT_DIR.
#   [ONLY="..."] bash docs/_tools/softmax_limit/round5/build.sh OUT_DIR
# Later rounds reuse it with their own generator: GEN=.../roundN_variants.py SRC=roundN.cu (round8/build.sh).
set -eu
HERE=$(cd "$(dirname "$0")" && pwd); REPO=$(cd "$HERE/../../../.." && pwd); OUT=$1
GEN=${GEN:-$HERE/round5_variants.py}; SRC=${SRC:-round5.cu}
python3 "$GEN" "$OUT"
NV="nvcc -O3 -gencode arch=compute_90,code=sm_90 -shared -Xcompiler -fPIC"
$NV "$REPO/solutions/02-tuned-kernel/softmax_tuned.cu" -o "$OUT/ref.so" &
while read -r name flags; do
  if [ -n "${ONLY:-}" ] && ! [[ " $ONLY " == *" $name "* ]]; then continue; fi
  $NV $flags "$OUT/$SRC" -o "$OUT/$name.so" &
  while [ "$(jobs -r | wc -l)" -ge "${JOBS:-2}" ]; do sleep 0.2; done
done < "$OUT/variants.txt"
wait
strip "$OUT"/*.so
ls "$OUT"/*.so | wc -l
