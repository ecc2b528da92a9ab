#!/bin/sh
# Runs here (no GPU needed): builds stencilc and writes the CUDA programs of every example for
# one backend into bench/gen/<backend>/, which the device call carries (bench/gen is ignored).
# usage: bench/prepare.sh BACKEND [DTYPE...]   (25d: $PLACEMENTS, default all four)
set -e
cd "$(dirname "$0")/.."
backend=${1:-naive}; shift || true
dtypes=${*:-float double}
make -s -j"$(nproc)"
mkdir -p "bench/gen/$backend"
rm -f "bench/gen/$backend"/*.cu
# 25d: the 3D examples only, one program per placement (NAME_PLACEMENT-DTYPE.cu); a placement
# that refuses a stencil (too much shared memory or too many registers) is reported and skipped
if [ "$backend" = 25d ]; then
  for f in examples/*3d*.c examples/fdd*.c; do
    for pl in ${PLACEMENTS:-global shared hybrid register}; do
      for dt in $dtypes; do
        build/stencilc gen "$f" --backend 25d --placement "$pl" --dtype "$dt" \
          -o "bench/gen/25d/$(basename "$f" .c)_$pl-$dt.cu" || echo "skipped: $f $pl $dt"
      done
    done
  done
else
  for f in examples/*.c; do
    for dt in $dtypes; do
      build/stencilc gen "$f" --backend "$backend" --dtype "$dt" -o "bench/gen/$backend/$(basename "$f" .c)-$dt.cu"
    done
  done
fi
# n5d: also the modes the suite never picks by itself (forced off optimisations), so that the
# correctness matrix covers the associative path on stars and the general path in 2D and 3D
if [ "$backend" = n5d ]; then
  for m in "star2d2r assoc --no-diag-opt" "j3d13pt assoc --no-diag-opt" \
           "star2d2r general --no-diag-opt --no-assoc-opt" "gradient2d general --no-diag-opt" \
           "box3d1r general --no-assoc-opt"; do
    set -- $m
    name=$1 mode=$2; shift 2
    for dt in $dtypes; do
      build/stencilc gen "examples/$name.c" --backend n5d --dtype "$dt" "$@" -o "bench/gen/n5d/${name}_$mode-$dt.cu"
    done
  done
fi
git rev-parse --short HEAD >"bench/gen/$backend/COMMIT"
ls "bench/gen/$backend" | wc -l
