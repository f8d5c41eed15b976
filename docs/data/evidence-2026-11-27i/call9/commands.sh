#!/usr/bin/env bash
# Session 9, call 9 (H200): the positive control added after call 7, Triton's tutorial matmul in fp32
# (tests/adversarial/c12_gemm_triton_tutorial), through every GPU check of lab 03's Triton part.
python3 -m pip install -q --no-index --no-deps --no-compile --target /tmp/site .whl/*.whl && export PYTHONPATH=$PWD:/tmp/site && mkdir -p $OUT && (time timeout 300 python3 -m pytest -q -m gpu -p no:cacheprovider tests/test_adversarial.py -k "c12_gemm_triton_tutorial") 2>&1 | tail -15 | tee $OUT/log.txt
