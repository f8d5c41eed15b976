# What every evidence script run on the GPU machine starts with (sourced, from the repository root, $OUT set by the
# device tool). Evidence scripts from 2026-12-02e on source it; the older ones keep their own copy, as ran.
#
#   source docs/_tools/device_call.sh      # the wheels of .whl/ (carried) into /tmp/site; $R (raw outputs), $L (log)
#   grade NAME [LABS...] [--flags...]      # python -m grader with --timings, traced, its summary lines into $L
#   step "what"                            # a header line in $L, with the seconds since the script began
#   (the raw outputs are packed into $OUT/r.tgz when the script exits)
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

_pack() { cd "$OUT" && tar -czf r.tgz r && rm -rf r; }
trap _pack EXIT
