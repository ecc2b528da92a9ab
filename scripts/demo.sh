#!/bin/sh
# The main job on an example, from a fresh machine: install what is missing, build stencilc, then
# generate the CUDA program for examples/j2d5pt.c, build it with nvcc, and run it on the GPU
# (verify against the CPU reference, time). Without a GPU the C + OpenMP program runs instead.
# Extra arguments go to 'stencilc run' (e.g. -s 4096 -t 100, or another example's path first).
set -e
cd "$(dirname "$0")/.."
sh scripts/setup.sh
. scripts/env.sh
make -s -j"$(nproc)"
case "$1" in *.c) example=$1; shift ;; *) example=examples/j2d5pt.c ;; esac
exec build/stencilc run "$example" "$@"
