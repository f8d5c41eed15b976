#!/usr/bin/env bash
# Evidence 2026-12-06c (session 65), call 3, on a fresh machine: decision 245 (lab 02's report measured a second time
# where only figures disagree). First make test-gpu's command at -n 8 (the machine's first suite), then the GEMM
# track's lab 02 solution graded alone twice and twice beside four loops that each start a process making a CUDA
# context and zeroing 64 MB (CUDA set-up of the kind that holds no GPU lock, decision 238), each grading's measured
# reports read back with ncu for the DRAM bytes written.
#   bash docs/data/evidence-2026-12-06c/call3/run.sh   (on the GPU machine, from the repository root; $OUT collects)
source docs/_tools/device_call.sh
NAME=${NAME:-final}
suite "$NAME" ${LIMIT_S:-400}
written() {  # the DRAM bytes written of every measured report of grading $1
  for rep in /tmp/w-$1/02-tuned-kernel/runs/profile-measured/measured-*.ncu-rep; do
    [ -f "$rep" ] || continue
    echo "$1 $(basename $rep): $(ncu -i "$rep" --page raw --csv --metrics dram__bytes_write.sum 2>&1 | tail -1 | tr -d '\r' | awk -F'","' '{print $NF}')" | tee -a "$L"
  done
  grep -E "02.profile.kernel_matches" -A3 "$R/$1.txt" | head -8 >> "$L"
}
load() { while :; do python3 -c "import torch; x = torch.empty(1 << 24, device='cuda'); x.zero_(); torch.cuda.synchronize()"; done; }
for k in 1 2; do
  GRADER_WORKROOT=/tmp/w-alone$k grade alone$k 02 --submission solutions --kernel gemm; written alone$k
done
pids=""; for j in 1 2 3 4; do load > /dev/null 2>&1 & pids="$pids $!"; done
for k in 1 2; do
  GRADER_WORKROOT=/tmp/w-loaded$k grade loaded$k 02 --submission solutions --kernel gemm; written loaded$k
done
for p in $pids; do pkill -P $p; kill $p; done
step done
