#!/usr/bin/env bash
# Evidence 2026-12-03f (session 48), call 2: the attach's options probed outside the grader (probe.sh), then lab 02
# alone with decision 201 (mended: a closer's argument; a worker closed by another thread while its init waits is
# WorkerGone), its run folder's logs kept.
#   bash docs/data/evidence-2026-12-03f/call2/run.sh   (on the GPU machine, from the repository root)
source docs/_tools/device_call.sh
step "probe"
timeout 150 bash docs/data/evidence-2026-12-03f/call2/probe.sh $R/probe >> $L 2>&1
export GRADER_WORKROOT=$R/work
grade softmax-02a 02 --submission solutions
grep -E "02.profile.kernel_matches|measured again|FAIL" $R/softmax-02a.txt | head -6 | cut -c1-400 >> $L
find $R/work -name "ncu-*.log" -o -name "internal-error.log" | head -5 | while read f; do echo "-- $f"; head -c 1500 "$f"; done >> $L
find $R/work -name "*.ncu-rep" -size +1M -delete
step done
