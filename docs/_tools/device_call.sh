# What every evidence script run on the GPU machine starts with (sourced, from the repository root, $OUT set by the
# device tool). Evidence scripts from 2026-12-02e on source it; the older ones keep their own copy, as ran.
#
#   source docs/_tools/device_call.sh      # the wheels of .whl/ (carried) into /tmp/site; $R (raw outputs), $L (log)
#   grade NAME [LABS...] [--flags...]      # python -m grader with --timings, traced, its summary lines into $L
#   step "what"                            # a header line in $L, with the seconds since the script began
#   suite NAME LIMIT_S                     # make test-gpu's command at -n $JOBS (default 8), traced, timed, summarised
#                                          # ($SUITE_K, where set: pytest -k "$SUITE_K", a part of the suite)
#   summaries NAME                         # the measurements, drains, GPU utilization and watched steps of suite NAME
#   (the raw outputs are packed into $OUT/r.tgz when the script exits)
# Sourced a second time in one script (ab_jobs.sh after a grade), it does nothing: the first source's log, raw folder
# and exit trap stay (session 73 lost a grading's output to a second source that started them anew).
if [ -n "${DEVICE_CALL_SOURCED:-}" ]; then return 0; fi
DEVICE_CALL_SOURCED=1
set -u
export PYTHONUNBUFFERED=1
R=$OUT/r; L=$OUT/log.txt
mkdir -p "$R"
python3 -m pip install -q --upgrade --no-index --no-deps --no-compile --target /tmp/site .whl/*.whl 2>/dev/null
export PYTHONPATH=$PWD:/tmp/site
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee "$L"
{ git log --oneline -1; git status --short | head -20; } >> "$L"

step() { echo "== $1 (${SECONDS} s)" | tee -a "$L"; }

# grade NAME ARGS...: grade with --timings under a 150 s limit; the trace, the JSON and the output go to $R/NAME.*
grade() {
  local name=$1; shift
  step "grade $name: $*"
  ( time GRADER_TRACE=$R/$name.jsonl timeout "${GRADE_LIMIT_S:-150}" python3 -m grader "$@" --timings \
      --json "$R/$name.json" ) > "$R/$name.txt" 2>&1
  echo "rc=$?" >> "$L"
  grep -E "^│ (lab 0|total|set-up|timed|checks)|Score|FAIL|internal|gate|^real" "$R/$name.txt" >> "$L"
  grep -o '"what": "watched start[a-z ]*"' "$R/$name.jsonl" 2>/dev/null | sort | uniq -c >> "$L"
}

# suite NAME LIMIT_S: make test-gpu's command at -n $JOBS, --dist worksteal, traced (GRADER_TEST_TRACE), every test's
# duration kept, vmstat beside it; its result, slowest tests, summed time, CPU and the profiler lock's holds into $L.
# (Scripts from 2026-12-04 to 2026-12-04c hold their own copy, as ran.)
suite() {
  local name=$1 jobs=${JOBS:-8}
  mkdir -p "$R/tt-$name"
  step "make test-gpu's command, -n $jobs, $name caches"
  vmstat -n 5 > "$R/vmstat-$name.txt" 2>&1 & local vm=$!
  ( time env -u PYTHONDONTWRITEBYTECODE PYTHONPYCACHEPREFIX=$PWD/.venv/pycache GRADER_TEST_TRACE=$R/tt-$name \
      timeout "$2" python3 -m pytest -q -m gpu --ignore=tests/docs \
      -n "$jobs" --dist worksteal -p no:cacheprovider --durations=0 ${SUITE_K:+-k "$SUITE_K"} ) > "$R/test-gpu-$name.txt" 2>&1
  kill $vm
  grep -vE "PytestBenchmarkWarning|warner\(" "$R/test-gpu-$name.txt" | grep -E "passed|failed|error|^real|^FAILED|^ERROR" \
    | tail -12 >> "$L"
  grep -E "^[0-9.]+s call" "$R/test-gpu-$name.txt" | head -5 >> "$L"
  grep -E "^[0-9.]+s " "$R/test-gpu-$name.txt" | awk '{s+=$1} END {printf "tests summed: %.0f s\n", s}' >> "$L"
  awk 'NR>2 {us+=$13; sy+=$14; id+=$15; wa+=$16; n++} END {printf "cpu over %d samples: user %.0f%% system %.0f%% idle %.0f%% iowait %.0f%%\n", n, us/n, sy/n, id/n, wa/n}' "$R/vmstat-$name.txt" >> "$L"
  python3 docs/data/evidence-2026-12-03d/holds.py "$R/tt-$name" | tail -2 >> "$L"
}

# summaries NAME: what the evidence folders' tools read from suite NAME's traces into $L: the measurements, their
# drains, the GPU's utilization (where nvidia-smi sampled it into $R/smi-NAME.csv) and the watched checks' steps.
summaries() {
  local name=$1
  python3 docs/data/evidence-2026-12-05e/measurements.py "$R/tt-$name" >> "$L"
  python3 docs/data/evidence-2026-12-06/drains.py "$R/tt-$name" >> "$L"
  if [ -s "$R/smi-$name.csv" ]; then
    python3 docs/data/evidence-2026-12-06d/gpu_busy.py "$R/smi-$name.csv" "$R/tt-$name" >> "$L"
  fi
  python3 docs/data/evidence-2026-12-06d/watched_steps.py "$R"/tt-$name/*.jsonl | awk '$3 != "-" {n++; a+=$3; c+=$5; k+=$9; h+=$11} END {if (n) printf "watched checks %d: attach %.2f cuda %.2f case %.2f hold %.2f s (means)\n", n, a/n, c/n, k/n, h/n}' >> "$L"
}

_pack() { cd "$OUT" && tar -czf r.tgz r && rm -rf r; }
trap _pack EXIT
