#!/usr/bin/env bash
# Evidence 2026-11-30d, call 5: the two GPU cases of decision 137 on the committed grader (a7724ec): the edited report
# measured again, and the hole kept open (the same report with its device name rewritten, strict xfail).
#   bash docs/data/evidence-2026-11-30d/call5/run.sh   (on the GPU machine, from the repository root; $OUT collects)
set -u
export PYTHONUNBUFFERED=1
L=$OUT/log.txt
python3 -m pip install -q --no-index --no-deps --no-compile --target /tmp/site .whl/*.whl && export PYTHONPATH=$PWD:/tmp/site
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee $L
git log --oneline -1 >> $L; git status --short >> $L
( time timeout 200 python3 -m pytest -q -m gpu --ignore=tests/docs -n 2 -p no:cacheprovider -rxX \
    -k "c08_report_values_edited_measured_again or c08_report_of_another_model_not_measured_again" ) >> $L 2>&1
