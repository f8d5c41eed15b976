#!/usr/bin/env bash
# Evidence 2026-12-02f, call 3: calls 1 and 2 measured every grading 15-25 % slower than session 41's (e.g. lab 02 alone
# 28.0 s against 24.1 s, make test-gpu 308.9 s against 269.3 s). Is it this session's grader or the machine? Session 41's
# final grader (e11eb77: grader/, solutions/, labs/ by git archive, carried as build/old41) and this one grade the same
# solutions on the same machine, alternating.
#   bash docs/data/evidence-2026-12-02f/call3/run.sh   (on the GPU machine, from the repository root; $OUT collects)
source docs/_tools/device_call.sh
old() {  # old NAME ARGS...: as grade, with session 41's grader
  local name=$1; shift
  step "session 41's grader, $name: $*"
  ( cd build/old41 && time GRADER_WORKROOT=/tmp/old41-work timeout 150 env PYTHONPATH=$PWD:/tmp/site python3 -m grader \
      "$@" --timings ) > "$R/$name.txt" 2>&1
  grep -E "^│ (lab 0|total|set-up|timed|checks)|Score|^real" "$R/$name.txt" >> "$L"
}
old old-lab02-a 02 --submission solutions
grade new-lab02-a 02 --submission solutions
old old-lab02-b 02 --submission solutions
grade new-lab02-b 02 --submission solutions
old old-all --submission solutions
grade new-all --submission solutions
step done
