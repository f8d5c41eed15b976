#!/usr/bin/env bash
# Evidence 2026-11-30, call 2: the final grader of session 22 (after the third lab 03 round and the second ELF round)'s red teams (decisions 126-127: lab 03's audit, two rounds on
# the port and the Triton file and a false-failure hunt; the ELF audit's reading as Intel and AMD decode, far transfers,
# relocations into code, size caps): make test-gpu's command with eight workers, then the solutions' gradings with --timings.
#   bash docs/data/evidence-2026-11-30/call2/run.sh   (on the GPU machine, from the repository root; $OUT collects)
set -u
export PYTHONUNBUFFERED=1
R=$OUT/r; mkdir -p $R/tt; L=$OUT/log.txt
python3 -m pip install -q --no-index --no-deps --no-compile --target /tmp/site .whl/*.whl && export PYTHONPATH=$PWD:/tmp/site
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,memory.total --format=csv,noheader | tee $L
git log -1 --format=%H >> $L 2>/dev/null
git status --short | head -20 >> $L 2>/dev/null
gcc --version | head -1 >> $L
( time GRADER_TEST_TRACE=$R/tt ADV_LOG=$R/adv-times.txt timeout 340 python3 -m pytest -q -m gpu --ignore=tests/docs -n 8 \
    --dist worksteal -p no:cacheprovider --durations=20 ) > $R/test-gpu.txt 2>&1
grep -vE "PytestBenchmarkWarning|warner\(" $R/test-gpu.txt | tail -30 >> $L
# The session's ELF cases on this host's processor (an Intel Xeon) and compiler: each must be refused here too.
lscpu | grep -m1 "Model name" >> $L
( time timeout 200 python3 -m pytest -q -p no:cacheprovider tests/test_adversarial.py tests/test_audit_elf_startup.py \
    -k "c01_operand_size or c01_text_relocation or c01_registration_far or c10_section_scan or c01_call_once or c01_direct_jump or c01_symbol_inside or c01_cpu_number or c01_landing_pad or elf_startup" ) \
    > $R/elf-cases.txt 2>&1; tail -3 $R/elf-cases.txt >> $L
g() { local name=$1; shift; echo "== $name" >> $L
  ( time GRADER_TRACE=$R/$name.jsonl timeout 60 python3 -m grader "$@" --timings --json $R/$name.json ) > $R/$name.txt 2>&1
  grep -E "^│ (lab 0|total|timed)|Score|^real" $R/$name.txt >> $L; grep -E "│ (FAIL|NOT RUN)" $R/$name.txt >> $L; }
g all --submission solutions; python3 docs/data/evidence-2026-11-29/gate.py $R/all.json "gate:" >> $L 2>&1
g lab02 02 --submission solutions; python3 docs/data/evidence-2026-11-29/gate.py $R/lab02.json "gate:" >> $L 2>&1
g lab03 03 --submission solutions
g lab0001 00 01 --submission solutions
g gemm-all --submission solutions --kernel gemm; python3 docs/data/evidence-2026-11-29/gate.py $R/gemm-all.json "gemm gate:" >> $L 2>&1
python3 docs/data/evidence-2026-11-29f/locks.py $R/tt >> $L 2>&1
cd $OUT && tar -czf r.tgz r && rm -rf r
