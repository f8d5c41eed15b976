#!/usr/bin/env bash
# Evidence 2026-12-06c (session 65), call 4, on a fresh machine: the new hostile case
# c08_gemm_report_values_edited_measured_again (a GEMM report recorded on an H100, its DRAM bytes written doubled)
# through its test, then graded directly with --check, so that the message of a report measured twice shows.
#   bash docs/data/evidence-2026-12-06c/call4/run.sh   (on the GPU machine, from the repository root; $OUT collects)
source docs/_tools/device_call.sh
step "the case's test"
timeout 150 python3 -m pytest -q -m gpu -p no:cacheprovider tests/test_adversarial.py \
  -k "c08_gemm_report_values_edited_measured_again" > "$R/pytest.txt" 2>&1
tail -3 "$R/pytest.txt" >> "$L"
python3 - "$R/case" <<'PY'
import sys
from pathlib import Path
sys.path.insert(0, "tests")
import test_adversarial as t
case = next(c for c in t.CASES if c.name == "c08_gemm_report_values_edited_measured_again")
Path(sys.argv[1]).mkdir(parents=True)
print(t.materialise(case, Path(sys.argv[1])))
PY
GRADER_WORKROOT=/tmp/w-case grade case 02 --kernel gemm --submission "$R/case/submission" --check 02.profile.kernel_matches
grep -E "kernel_matches|measured again|the report has" -A1 "$R/case.txt" | head -20 >> "$L"
ls /tmp/w-case/02-tuned-kernel/runs/profile-measured/ >> "$L" 2>&1
step done
