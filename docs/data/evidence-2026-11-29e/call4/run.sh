#!/usr/bin/env bash
# Evidence 2026-11-29e, call 4: why Nsight Compute's watched run of c12_gemm_triton_tutorial fails under load (call 3:
# the first try's worker ended during its case, the second try's start never answered). Four gradings of that
# submission's lab 03 at once (GEMM track), each in a work folder of its own, whose Nsight Compute logs and watched
# workers' logs are kept.
#   bash docs/data/evidence-2026-11-29e/call4/run.sh   (on the GPU machine, from the repository root; $OUT collects)
set -u
export PYTHONUNBUFFERED=1
R=$OUT/r; mkdir -p $R; L=$OUT/log.txt
python3 -m pip install -q --no-index --no-deps --no-compile --target /tmp/site .whl/*.whl && export PYTHONPATH=$PWD:/tmp/site
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee $L
S=$(mktemp -d); cp -r tests/adversarial/c12_gemm_triton_tutorial $S/sub; rm $S/sub/expect.toml
for i in 1 2 3 4; do
  ( GRADER_WORKROOT=/tmp/w$i GRADER_TRACE=$R/t$i.jsonl timeout 150 python3 -m grader 03 --kernel gemm --submission $S/sub \
      --timings --json $R/g$i.json > $R/g$i.txt 2>&1 ) &
done
wait
for i in 1 2 3 4; do echo "$i: $(grep -E 'own_kernels' $R/g$i.txt | head -1 | tr -s ' ')" >> $L
  mkdir -p $R/logs$i; find /tmp/w$i -path '*triton-ncu*' -type f \( -name '*.log' -o -name '*.csv' -o -name '*.txt' \) \
      -exec cp --parents {} $R/logs$i/ \; 2>/dev/null; done
find $R -name '*.csv' -o -name '*.log' | head -20 >> $L
for f in $(find $R -path '*triton-ncu*' -type f | head -8); do echo "--- $f" >> $L; tail -c 1500 $f >> $L; done
cd $OUT && tar -czf r.tgz r && rm -rf r
