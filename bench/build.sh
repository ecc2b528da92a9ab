#!/bin/sh
# Builds the generated CUDA programs named on standard input, JOBS (default 16) at a time, for sm_90:
# BIN/<name> with its compiler output in BIN/<name>.log and its build time in seconds in
# BIN/<name>.seconds; a failure prints "BUILD FAILED <file>". A program that includes <cufft.h>
# (--backend fft) links cuFFT.
# usage: ls DIR/*.cu | sh bench/build.sh BIN [EXTRA NVCC FLAGS...]
bin=$1; shift
mkdir -p "$bin"
xargs -P "${JOBS:-16}" -I{} sh -c 'b=$(basename "$1" .cu); shift
  start=$(date +%s.%N)
  libs=; grep -q "^#include <cufft.h>" "$0" && libs=-lcufft
  nvcc -O3 -gencode=arch=compute_90,code=sm_90 -Xcompiler -fopenmp "$@" -o "'"$bin"'/$b" "$0" \
    -lgomp $libs >"'"$bin"'/$b.log" 2>&1 || echo "BUILD FAILED $0"
  awk -v a="$start" -v b="$(date +%s.%N)" "BEGIN { printf \"%.1f\\n\", b - a }" >"'"$bin"'/$b.seconds"' {} {} "$@"
