#!/usr/bin/env bash
# Call 3's probe: where NVTX goes when Nsight Compute launches a process suspended and an attach measures it (call 2:
# `ncu --mode attach --nvtx` is refused). A: --nvtx at the launch, the NVTX filter and the rest at the attach; B: both
# at the launch. The target launches 4 kernels before an NVTX range and one inside it: a right filter profiles one.
# Arguments: the output folder.
out=$1; mkdir -p "$out"
NCU=$(command -v ncu || ls /usr/local/cuda*/bin/ncu | head -1)
target='import torch
x = torch.ones(1 << 20, device="cuda")
for i in range(3): y = x * 2
torch.cuda.nvtx.range_push("softmax_tuned")
y = x * 3
torch.cuda.synchronize()
torch.cuda.nvtx.range_pop()
print("target done", flush=True)'
run() {  # NAME "LAUNCH OPTIONS" "ATTACH OPTIONS"
  local k=$1 port=$2; echo "== variant $k: launch [$3] attach [$4]"
  timeout 40 "$NCU" --mode launch --target-processes all --port $port --max-connections 1 $3 python3 -c "$target" \
    > "$out/launch-$k.txt" 2>&1 &
  local lp=$! t0=$SECONDS try rc
  sleep 5
  for try in 1 2 3 4 5 6 7 8 9 10; do
    timeout 30 "$NCU" --mode attach --hostname 127.0.0.1 --port $port --max-connections 2 $4 --force-overwrite \
      --export "$out/$k.ncu-rep" --log-file "$out/attach-$k.log" > "$out/attach-$k.out" 2>&1
    rc=$?
    grep -q "No attachable process" "$out/attach-$k.log" 2>/dev/null || break
    sleep 0.5
  done
  wait $lp; echo "attach rc=$rc tries=$try, launch rc=$?, $((SECONDS - t0)) s"
  grep -c "==PROF== Profiling" "$out/attach-$k.log" | sed 's/^/kernels profiled: /'
  grep -E "ERROR|WARN|Profiling" "$out/attach-$k.log" "$out/attach-$k.out" | head -8
  ls -la "$out/$k.ncu-rep" 2>&1 | tail -1
}
run A 50402 "--nvtx" "--clock-control none --metrics gpu__time_duration.sum,dram__bytes_read.sum --nvtx-include softmax_tuned/ --launch-count 16"
run B 50404 "--nvtx --nvtx-include softmax_tuned/" "--clock-control none --metrics gpu__time_duration.sum,dram__bytes_read.sum --launch-count 16"
