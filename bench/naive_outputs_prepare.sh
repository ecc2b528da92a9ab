#!/bin/sh
# Runs here: writes naive's register-blocking variants (--outputs, cells per thread) of conv2d
# into bench/gen/naive_outputs/ (git-ignored, carried to the device) for bench/sweep_run.sh:
# the filters 3x3, 2x2 and 2x16 (scripts/conv2d.sh), float, each block shape with one cell per
# thread (o1x1, today's kernel) and with the tiles below. File names carry the parameters:
# conv2d-3x3-float__b1x128_o4x1.cu. Time them on the device with
#   SWEEP_DIR=bench/gen/naive_outputs sh bench/sweep_run.sh
# (8192^2, one step, median of 10, each verified first), carrying bench/gen/naive_outputs.
set -e
cd "$(dirname "$0")/.."
make -s -j2 all
out=bench/gen/naive_outputs
rm -rf $out && mkdir -p $out
src=$(mktemp -d)
trap 'rm -rf "$src"' EXIT
for f in 3x3 2x2 2x16; do
  sh scripts/conv2d.sh "${f%x*}" "${f#*x}" "$src" >/dev/null
  for b in 1x128 1x256 2x128 8x32; do
    for o in 1x1 1x4 2x4 4x4 8x1 4x2 4x1 2x1; do
      build/stencilc gen "$src/conv2d-$f.c" --backend naive --block $b --outputs $o \
        -o "$out/conv2d-$f-float__b${b}_o$o.cu" 2>/dev/null || echo "refused: conv2d-$f $b $o"
    done
  done
done
git rev-parse --short HEAD >$out/COMMIT
ls $out/*.cu | wc -l
