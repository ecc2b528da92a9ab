#!/bin/sh
# Runs here (no GPU needed): builds stencilc and writes the CUDA programs of every example for
# one backend into bench/gen/<backend>/, which the device call carries (bench/gen is ignored).
# usage: bench/prepare.sh BACKEND [DTYPE...]
set -e
cd "$(dirname "$0")/.."
backend=${1:-naive}; shift || true
dtypes=${*:-float double}
make -s -j"$(nproc)"
mkdir -p "bench/gen/$backend"
rm -f "bench/gen/$backend"/*.cu
for f in examples/*.c; do
  for dt in $dtypes; do
    build/stencilc gen "$f" --backend "$backend" --dtype "$dt" -o "bench/gen/$backend/$(basename "$f" .c)-$dt.cu"
  done
done
git rev-parse --short HEAD >"bench/gen/$backend/COMMIT"
ls "bench/gen/$backend" | wc -l
