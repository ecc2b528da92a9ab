#!/bin/sh
# Installs what stencilc needs and is missing (Debian/Ubuntu, apt-get as root or through sudo):
# a C compiler with OpenMP and sanitizers, OpenMPI (MPI programs: gen --mpi, run --ranks), clang (its libFuzzer: tests/test_fuzz.sh), a C++
# compiler (tests run CUDA programs on the CPU through tools/cudaemu, cuFFT's calls on FFTW), make, libclang, python3
# (tests), and the CUDA toolkit's nvcc when none is found. Safe to run again: it installs nothing already present.
set -e
SUDO=
if [ "$(id -u)" != 0 ] && command -v sudo >/dev/null 2>&1; then SUDO=sudo; fi

missing=
need() { missing="$missing $1"; }
command -v cc >/dev/null 2>&1 || need gcc
command -v g++ >/dev/null 2>&1 || need g++
command -v make >/dev/null 2>&1 || need make
command -v clang >/dev/null 2>&1 || need clang
command -v python3 >/dev/null 2>&1 || need python3
ls /usr/lib/llvm-*/include/clang-c/Index.h >/dev/null 2>&1 || need libclang-dev
ls /usr/lib/llvm-*/lib/libclang.so >/dev/null 2>&1 || need libclang-dev
command -v mpicc >/dev/null 2>&1 || need "openmpi-bin libopenmpi-dev" # MPI programs (--ranks)
ls /usr/include/fftw3.h >/dev/null 2>&1 || need libfftw3-dev # fft programs under cudaemu (tools/cudaemu/cufft.h)

if [ -n "$missing" ]; then
  echo "setup: installing$missing"
  $SUDO apt-get update -qq
  # shellcheck disable=SC2086
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq $missing >/dev/null
fi

if ! command -v nvcc >/dev/null 2>&1 && [ ! -x /usr/local/cuda/bin/nvcc ]; then
  echo "setup: nvcc not found; trying the distribution's CUDA toolkit (nvidia-cuda-toolkit)"
  $SUDO apt-get update -qq || true
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq nvidia-cuda-toolkit >/dev/null ||
    echo "setup: could not install nvcc (enable the non-free/multiverse component or install the CUDA toolkit); CUDA builds will be skipped"
fi
echo "setup: ok"
