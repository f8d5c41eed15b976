#!/usr/bin/env bash
# Makes the submissions call 1 graded, subs/NAME/03-triton-and-pytorch/sgemm_triton.py: the lab 03 GEMM solution with
# NAME.diff applied (call 1 ran copies committed nowhere else; these are byte for byte the same files).
#   bash docs/data/evidence-2026-12-04d/subs/make.sh   (from the repository root)
set -eu
S=docs/data/evidence-2026-12-04d/subs
for diff in "$S"/*.diff; do
  name=$(basename "$diff" .diff)
  mkdir -p "$S/$name/03-triton-and-pytorch"
  patch -s -o "$S/$name/03-triton-and-pytorch/sgemm_triton.py" solutions/03-triton-and-pytorch/sgemm_triton.py "$diff"
done
