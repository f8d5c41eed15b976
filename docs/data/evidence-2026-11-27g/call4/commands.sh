#!/usr/bin/env bash
# Session 7, call 4 (H100): why Nsight Compute's first try sometimes gets no answer (call 2's warm GEMM grading:
# "listed on try 2; the first: no answer in 40 s"). Grades lab 03 of the GEMM track again and again, each in a
# fresh work root, while a sampler records every 2 s the processes under ncu (state, kernel wait channel, threads'
# wait channels) and the loopback sockets; keeps the work root, the samples and the report of every run whose
# first Nsight Compute try failed.
set -u
export PYTHONUNBUFFERED=1
R=$OUT/r; mkdir -p $R; L=$R/log.txt
finish() { tar -C $OUT -czf $OUT/r.tgz r; cp $L $OUT/log.txt; }
trap finish EXIT
python3 -m pip install -q --no-index --no-deps --no-compile --target /tmp/site .whl/*.whl && export PYTHONPATH=$PWD:/tmp/site
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee -a $L
sample() {  # $1: file
  while :; do
    { echo "--- $(date +%T.%N)"
      for p in $(pgrep -f "ncu|grader.workers.triton" ); do
        [ -r /proc/$p/stat ] || continue
        echo "pid $p ppid $(awk '{print $4}' /proc/$p/stat) state $(awk '{print $3}' /proc/$p/stat) wchan $(cat /proc/$p/wchan 2>/dev/null) :: $(tr '\0' ' ' < /proc/$p/cmdline | cut -c1-160)"
        for t in /proc/$p/task/*; do printf '%s:%s ' "$(cat $t/comm 2>/dev/null)" "$(cat $t/wchan 2>/dev/null)"; done; echo
      done
      ss -tanp 2>/dev/null | grep -E "ncu|python" | head -20
    } >> "$1"; sleep 2
  done
}
i=0
while [ $SECONDS -lt 380 ]; do
  i=$((i+1)); W=/tmp/wr$i; S=$R/samples-$i.txt
  sample $S & SP=$!
  ( time GRADER_WORKROOT=$W timeout 150 python3 -m grader 03 --kernel gemm --submission solutions --timings ) > $R/run-$i.txt 2>&1
  kill $SP 2>/dev/null; wait $SP 2>/dev/null
  t=$(grep -E "^real" $R/run-$i.txt); k=$(grep -o "listed on try [0-9][^│]*" $R/run-$i.txt | head -1)
  echo "run $i: $t ${k:-listed on try 1}" | tee -a $L
  if grep -q "listed on try 2\|could not list" $R/run-$i.txt; then
    tar -C $W --exclude="*.so" --exclude="*.npy" --exclude="*.bin" -czf $R/workroot-$i.tgz . 2>/dev/null
  else
    rm -f $S $R/run-$i.txt
  fi
done
echo "runs: $i" | tee -a $L
