#!/usr/bin/env bash
# Evidence 2026-12-06b (session 64), call 4: why a watched case takes 1 s alone and up to 9 s in make test-gpu.
# ncu_case.py under Nsight Compute with the listing's options (--clock-control none --cache-control none --csv), with
# the listing's metric (gpu__time_duration.sum) and with a launch statistic (launch__grid_size), alone and beside
# three gpu_load.py processes; two runs each. With GRADE=1, lab 03 of the solutions graded with the listing's
# metric made launch__grid_size.
#   bash docs/data/evidence-2026-12-06b/call4/run.sh   (on the GPU machine, from the repository root; $OUT collects)
source docs/_tools/device_call.sh
E=docs/data/evidence-2026-12-06b
NCU=$(python3 -c "from grader.build import ncu_path; print(ncu_path())")
step "warm: ncu_case.py alone, no ncu ($NCU)"
python3 $E/ncu_case.py 2>&1 | tee -a "$L"
for k in 1 2; do
  for metric in gpu__time_duration.sum launch__grid_size; do
    for load in 0 3; do
      pids=()
      for _ in $(seq 1 $load); do python3 $E/gpu_load.py 40 > /dev/null 2>&1 & pids+=($!); done
      [ "$load" -gt 0 ] && sleep 4
      step "$metric, $load loads, run $k"
      s=$SECONDS
      "$NCU" --clock-control none --cache-control none --metrics "$metric" --csv \
        --log-file "$R/ncu-$metric-$load-$k.csv" python3 $E/ncu_case.py > "$R/case-$metric-$load-$k.txt" 2>&1
      echo "rc=$? wall $((SECONDS - s)) s; kernels listed: $(grep -c '"'"$metric"'"' "$R/ncu-$metric-$load-$k.csv")" >> "$L"
      grep -E "^(context|call|20 small)" "$R/case-$metric-$load-$k.txt" | tr '\n' ';' >> "$L"; echo >> "$L"
      for p in "${pids[@]}"; do kill $p 2>/dev/null; done; wait 2>/dev/null
    done
  done
done
if [ -n "${GRADE:-}" ]; then  # lab 03 of the solutions with the listing's metric a launch statistic
  sed -i 's/"--metrics", "gpu__time_duration.sum"/"--metrics", "launch__grid_size"/' grader/checks/ncu_watch.py
  git diff --stat grader >> "$L"
  grade lab03-grid-1 03 --submission solutions -v
  grep -A3 "own_kernels" "$R/lab03-grid-1.txt" | head -8 >> "$L"
  python3 docs/data/evidence-2026-12-06/watched_holds.py "$R/lab03-grid-1.jsonl" >> "$L"
fi
step done
