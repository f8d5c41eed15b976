#!/usr/bin/env bash
# Evidence 2026-12-05b (session 57), call 3, an H100: decisions 222-224's tree. The solutions of both tracks, every
# lab, --timings (which warms the caches); then make test-gpu's command at -n 8, traced, with the case that names its
# report's GPU model (c08_report_values_edited_measured_again) among its tests.
#   bash docs/data/evidence-2026-12-05b/call3/run.sh   (on the GPU machine, from the repository root; $OUT collects)
source docs/_tools/device_call.sh
grade softmax-all --submission solutions
grade gemm-all --submission solutions --kernel gemm
suite warm ${WARM_LIMIT_S:-400}
grep -E "c08_report_values_edited_measured_again|c12_cub_own_names" $R/test-gpu-warm.txt | head -4 >> $L
step done
