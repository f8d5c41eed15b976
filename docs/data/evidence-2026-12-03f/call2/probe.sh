#!/usr/bin/env bash
# Call 2's probe: a process Nsight Compute launches suspended (as the grader does, no sandbox), then `ncu --mode attach`
# with lab 02's profiling options (its metrics, an NVTX range, --launch-count, --export), each variant once; prints
# what ncu said and whether the report was written. Arguments: the output folder.
out=$1; mkdir -p "$out"
NCU=$(command -v ncu || ls /usr/local/cuda*/bin/ncu | head -1)
target='import torch, time
x = torch.ones(1 << 20, device="cuda")
for i in range(3): y = x * 2
torch.cuda.nvtx.range_push("softmax_tuned")
y = x * 3
torch.cuda.synchronize()
torch.cuda.nvtx.range_pop()
print("target done", flush=True)'
k=0
for opts in "--metrics gpu__time_duration.sum" \
            "--metrics gpu__time_duration.sum --nvtx --nvtx-include softmax_tuned/" \
            "--clock-control none --metrics gpu__time_duration.sum,dram__bytes_read.sum --nvtx --nvtx-include softmax_tuned/ --launch-count 16 --force-overwrite --export $out/r2.ncu-rep"; do
  k=$((k+1)); port=$((50300 + 2*k))
  echo "== variant $k: $opts"
  "$NCU" --mode launch --target-processes all --port $port --max-connections 1 python3 -c "$target" > "$out/launch-$k.txt" 2>&1 &
  LP=$!
  sleep 6
  t0=$SECONDS
  for try in 1 2 3 4 5 6 7 8 9 10; do
    "$NCU" --mode attach --hostname 127.0.0.1 --port $port --max-connections 2 $opts --log-file "$out/attach-$k.log" \
      > "$out/attach-$k.out" 2>&1
    rc=$?
    grep -q "No attachable process" "$out/attach-$k.log" 2>/dev/null || break
    sleep 0.5
  done
  echo "attach rc=$rc tries=$try in $((SECONDS - t0)) s"
  wait $LP; echo "launch rc=$?"
  head -c 1500 "$out/attach-$k.log"; echo; head -c 600 "$out/attach-$k.out"; echo; tail -c 600 "$out/launch-$k.txt"; echo
  ls -la "$out"/*.ncu-rep 2>/dev/null
done
