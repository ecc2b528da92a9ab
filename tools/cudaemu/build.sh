#!/bin/sh
# Builds a generated CUDA program for the CPU with cudaemu (see cuda_runtime.h here):
#   sh tools/cudaemu/build.sh PROGRAM.cu EXE [EXTRA C++ FLAGS...]
# Kernel launches `K<<<CONFIG>>>(ARGS)` become emu_launch(emu_config(CONFIG), K, ARGS) (K alone
# when there are no ARGS) and the
# dynamic shared-memory declaration a pointer to the block's allocation; the rest compiles as
# C++17; a program including <cufft.h> links FFTW (cufft.h here). Exit status: the compiler's.
src=$1 exe=$2
shift 2
dir=$(cd "$(dirname "$0")" && pwd)
tmp=$exe.emu.cpp
sed -e 's/\([A-Za-z_][A-Za-z0-9_]*\(<[^<>]*>\)\{0,1\}\)<<<\(.*\)>>>(/emu_launch(emu_config(\3), \1, /' \
    -e 's/\(emu_launch(emu_config(.*), [A-Za-z_][A-Za-z0-9_<>]*\), );/\1);/' \
    -e 's/extern __shared__ __align__([0-9]*) unsigned char \([A-Za-z0-9_]*\)\[\];/unsigned char *\1 = emu_dynamic_smem();/' \
    "$src" >"$tmp" || exit 1
# cuFFT (cufft.h here) is carried out by FFTW
libs=
grep -q '^#include <cufft.h>' "$src" && libs="-lfftw3f -lfftw3"
${CXX:-g++} -std=c++17 -O1 -g -fopenmp -I"$dir" "$@" -o "$exe" "$tmp" $libs -lm
