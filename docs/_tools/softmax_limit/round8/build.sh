#!/usr/bin/env bash
# Build the round-8 variants (round8_variants.py's VARIANTS; ONLY="a b" for some) and the reference into OUT_DIR.
#   [ONLY="..."] bash docs/_tools/softmax_limit/round8/build.sh OUT_DIR
set -eu
HERE=$(cd "$(dirname "$0")" && pwd); REPO=$(cd "$HERE/../../../.." && pwd); OUT=$1
python3 "$HERE/round8_variants.py" "$OUT"
NV="nvcc -O3 -gencode arch=compute_90,code=sm_90 -shared -Xcompiler -fPIC"
$NV "$REPO/solutions/02-tuned-kernel/softmax_tuned.cu" -o "$OUT/ref.so" &
while read -r name flags; do
  if [ -n "${ONLY:-}" ] && ! [[ " $ONLY " == *" $name "* ]]; then continue; fi
  $NV $flags "$OUT/round8.cu" -o "$OUT/$name.so" &
  while [ "$(jobs -r | wc -l)" -ge "${JOBS:-2}" ]; do sleep 0.2; done
done < "$OUT/variants.txt"
wait
ls "$OUT"/*.so | wc -l
