#!/usr/bin/env bash
# Evidence 2026-12-05 (session 56), call 2: the sandbox's private-folder test, which failed in call 1 (it had never
# run on the GPU machine: it is no GPU test), run with its output, then again with --disable-userns taken out of this
# copy's grader/sandbox.py (restored after), to tell the sandbox change from the machine; then the session's later
# changes (Triton's front end for sm_90 in the interpreter check, each file a worker writes limited to 512 MiB, the
# audit's pin_memory and set_num_threads rules) on both tracks' solutions, every lab, and make test-gpu's command.
#   bash docs/data/evidence-2026-12-05/call2/run.sh   (on the GPU machine, from the repository root)
source docs/_tools/device_call.sh
step "the private-folder test, as committed"
python3 -m pytest -q -p no:cacheprovider tests/test_adversarial_runner.py -k "private_folder or namespace" -x 2>&1 \
  | grep -vE "^\s*$" | tail -40 >> $L
cp grader/sandbox.py /tmp/sandbox.py.kept
sed -i 's/\*self._no_nested_namespaces(),//' grader/sandbox.py
step "the private-folder test, without --disable-userns"
python3 -m pytest -q -p no:cacheprovider tests/test_adversarial_runner.py -k "private_folder" 2>&1 | tail -3 >> $L
cp /tmp/sandbox.py.kept grader/sandbox.py
git diff --stat grader/sandbox.py >> $L
grade softmax-all --submission solutions
grade gemm-all --submission solutions --kernel gemm
grep -hE "^│ 03\.(triton|port)\.(interpreter|runs|is_port)" $R/softmax-all.txt $R/gemm-all.txt | cut -c1-200 >> $L
[ $SECONDS -lt 200 ] && suite warm ${WARM_LIMIT_S:-390}
step done
