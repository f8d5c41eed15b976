#!/usr/bin/env bash
# Evidence 2026-12-06 (session 63), call 3: where a watched case's seconds go (watched_case.py), alone and under
# Nsight Compute with the listing's options, with a cold and a warm Triton cache; then the softmax solutions' lab 03
# graded with --timings and traced, for the watched check's own spans.
#   bash docs/data/evidence-2026-12-06/call3/run.sh   (on the GPU machine, from the repository root; $OUT collects)
source docs/_tools/device_call.sh
W=docs/data/evidence-2026-12-06/watched_case.py
NCU="$(python3 -c "from grader.build import ncu_path; print(ncu_path())") --target-processes all --clock-control none --cache-control none --metrics gpu__time_duration.sum --csv"
for shape in "16 65536" "1024 1024"; do
  export TRITON_CACHE_DIR=$(mktemp -d)
  step "alone, cold Triton cache: $shape"; python3 $W $shape >> "$L" 2>&1
  step "alone, warm: $shape"; python3 $W $shape >> "$L" 2>&1
  step "under ncu, warm: $shape"; $NCU --log-file "$R/ncu-${shape/ /x}.csv" python3 $W $shape >> "$L" 2>&1
  grep -c '"' "$R/ncu-${shape/ /x}.csv" >> "$L"
  step "under ncu, warm, again: $shape"; $NCU --log-file "$R/ncu2-${shape/ /x}.csv" python3 $W $shape >> "$L" 2>&1
done
unset TRITON_CACHE_DIR
grade lab03 03 --submission solutions
python3 - "$R/lab03.jsonl" >> "$L" <<'PY'
import json, sys
for line in open(sys.argv[1]):
    e = json.loads(line)
    if "ncu" in e.get("lane", "") + e.get("thread", ""):
        print(round(e["t"], 2), round(e["s"], 2), e["what"], e.get("key", ""))
PY
step done
