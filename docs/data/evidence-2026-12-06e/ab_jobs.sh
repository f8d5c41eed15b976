#!/usr/bin/env bash
# Evidence 2026-12-06e (session 67), prepared and not run (no machine could be started for it): make test-gpu's
# command at -n $JOBS, traced, Triton's compile caches (build/cache) emptied first so that two suites on one machine
# start alike, with the CPU time of every process sampled by role beside it (cpu_by_role.py) and nvidia-smi's
# utilization.
#   WARM=1 JOBS=10 bash docs/data/evidence-2026-12-06e/ab_jobs.sh; then JOBS=8 on the same machine (not run yet)
#   WARM=all grades every lab of the solutions first (make grade SUBMISSION=solutions, --timings), not lab 03 only.
#   PAUSE=3 JOBS=8 ...: the same with GRADER_WATCH_PAUSE_S=3 (decision 248's experiment; tests/helpers.jobs_env
#   passes it to every grading the suite starts), against PAUSE unset on the same machine (run in session 68; the
#   pause was removed after it, decision 249).
#   MEM=1: the GPU memory of every process by role sampled beside the suite too
#   (../evidence-2026-12-06f/gpu_mem_by_role.py), its summary added to the log.
source docs/_tools/device_call.sh
NAME=n${JOBS:-8}${PAUSE:+-pause$PAUSE}
if [ -n "${PAUSE:-}" ]; then export GRADER_WATCH_PAUSE_S=$PAUSE; fi
if [ "${WARM:-}" = all ]; then grade solutions --submission solutions
elif [ -n "${WARM:-}" ]; then grade warm 03 --submission solutions; fi
rm -rf build/cache
nvidia-smi --query-gpu=timestamp,utilization.gpu,memory.used --format=csv,noheader,nounits -lms 200 > "$R/smi-$NAME.csv" &
SMI=$!
python3 docs/data/evidence-2026-12-06e/cpu_by_role.py "$R/cpu-$NAME.txt" & CPU=$!
if [ -n "${MEM:-}" ]; then python3 docs/data/evidence-2026-12-06f/gpu_mem_by_role.py "$R/gpumem-$NAME.txt" & MEMPID=$!; fi
suite "$NAME" ${LIMIT_S:-480}
kill $SMI; kill -TERM $CPU; wait $CPU
cat "$R/cpu-$NAME.txt" >> "$L"
if [ -n "${MEM:-}" ]; then kill -TERM $MEMPID; wait $MEMPID; cat "$R/gpumem-$NAME.txt" >> "$L"; fi
summaries "$NAME"
step done
