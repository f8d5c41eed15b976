#!/usr/bin/env bash
# Evidence 2026-12-05 (session 56), call 1: session 55's grader (decisions 215-217: the port's torch kept as found,
# also on CUDA in 03.port.gpu; the Triton audit's GPU-compiler rules) on the GPU machine. The solutions of both
# tracks, every lab, --timings; then make test-gpu's command at -n 8 from empty caches. First, session 56's
# sandbox change (--disable-userns): its test, and the sandbox's own probe, on the GPU machine.
#   bash docs/data/evidence-2026-12-05/call1/run.sh   (on the GPU machine, from the repository root)
source docs/_tools/device_call.sh
python3 -c "import text_to_num, sys; print('text2num from', text_to_num.__file__, 'python', sys.version.split()[0])" >> $L
step "sandbox: no namespace of its own"
python3 -c "from grader import sandbox; b = sandbox.probe(); print(b.describe()); print(b.wrap(['true'])[0][:8])" >> $L 2>&1
python3 -m pytest -q -p no:cacheprovider tests/test_adversarial_runner.py -k "namespace or sandbox" 2>&1 | tail -3 >> $L
grade softmax-all --submission solutions
grade gemm-all --submission solutions --kernel gemm
grep -hE "^│ 02.profile.analysis|^│ 03\.(port|triton)" $R/softmax-all.txt $R/gemm-all.txt | cut -c1-200 >> $L
rm -rf ~/.cache/phase24-grader .venv/pycache build/cache ~/.triton
[ $SECONDS -lt 200 ] && suite cold ${COLD_LIMIT_S:-390}
step done
