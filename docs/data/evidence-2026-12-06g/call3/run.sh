#!/usr/bin/env bash
# Session 69, call 3 (on call 2's H100, warm; as ran, one command line through the device tool): the rest of the GPU
# suite, the 103 tests call 2 did not run, at -n 10 under a 245 s limit (the device time left: 334 s), -v so that
# each test's result is in the output as it ends, even where the limit cuts the run.
source docs/_tools/device_call.sh >/dev/null 2>&1; rm -rf build/cache; ( time timeout 245 env -u PYTHONDONTWRITEBYTECODE PYTHONPYCACHEPREFIX=$PWD/.venv/pycache python3 -m pytest -v -m gpu --ignore=tests/docs -n 10 --dist worksteal -p no:cacheprovider -k "not (lab02 or c08_ or memory_goes_back or c12_triton_autotune or port_type_in_error)" ) > $OUT/part2.txt 2>&1; echo rc=$?; grep -cE "\] (PASSED|XFAIL)" $OUT/part2.txt; grep -E "\] (FAILED|ERROR)|passed|failed|^real" $OUT/part2.txt | tail -15
