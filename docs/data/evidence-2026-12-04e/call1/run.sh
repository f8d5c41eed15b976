#!/usr/bin/env bash
# Evidence 2026-12-04e (session 54), call 1: decisions 210-214 on the GPU machine. text2num imported from the carried
# wheel; the build that wrote a 1 GB object (c01_build_fills_disk_s54, made here from the lab 01 GEMM solution) under
# the GPU machine's sandbox; the solutions of both tracks, every lab, --timings; then make test-gpu's command at -n 8
# from empty caches.
#   bash docs/data/evidence-2026-12-04e/call1/run.sh   (on the GPU machine, from the repository root)
source docs/_tools/device_call.sh
python3 -c "import text_to_num, sys; print('text2num from', text_to_num.__file__, 'python', sys.version.split()[0])" >> $L
F=/tmp/fills; rm -rf $F; mkdir -p $F; cp -r solutions/* $F/
printf '\nasm(".pushsection .data.pad,\\"aw\\",@progbits\\n.fill 0x8000000, 8, 0\\n.popsection");\n' \
  >> $F/01-naive-kernel/sgemm_naive.cu
tail -2 $F/01-naive-kernel/sgemm_naive.cu >> $L
grade fills --kernel gemm --submission $F 01 --check 01.build.compiles
grep -E "stopped writing|^│ 01.build.compiles" $R/fills.txt | cut -c1-200 >> $L
echo "files over 100 MB under build/ and /tmp after it:" >> $L; find build /tmp -xdev -size +100M 2>/dev/null >> $L
rm -rf $F
grade softmax-all --submission solutions
grade gemm-all --submission solutions --kernel gemm
grep -hE "^│ 02.profile.analysis|^│ 03.learner" $R/softmax-all.txt $R/gemm-all.txt | cut -c1-200 >> $L
rm -rf ~/.cache/phase24-grader .venv/pycache build/cache ~/.triton
[ $SECONDS -lt 200 ] && suite cold ${COLD_LIMIT_S:-390}
step done
