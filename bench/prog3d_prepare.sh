#!/bin/sh
# The 3D programs seismic and heat users run (acoustic3d, acoustic3d_leapfrog, heat3d_var) at the
# suite sizes (512^3, 200 steps), float and double: naive, and 25d's streaming kernel for stencil
# programs (one step per launch, the wave field's plane in shared memory and its column in
# registers, the velocity grid and level t-1 read once per cell) in several block shapes.
#
#   here:      sh bench/prog3d_prepare.sh        (writes bench/gen/prog3d/, git-ignored, COMMIT)
#   GPU side:  GEN_DIR=bench/gen/prog3d sh bench/programs_suite.sh run
#              (carry bench/gen/prog3d; ONLY=float for float only; $OUT/programs.csv, whose
#              strategy column is naive or 25d.YxX)
#
# The 25d shapes: 4x128 (its default, Zhang's long flat block), 8x64 and 16x32 (fewer halo
# cells per output at radius 4: (8+8)x(64+8) / 512 = 2.25 and (16+8)x(32+8) / 512 = 1.88 cells
# loaded per cell against (4+8)x(128+8) / 512 = 3.19). All 512 threads.
cd "$(dirname "$0")/.." || exit 1
set -e
export GEN_DIR=bench/gen/prog3d
programs="acoustic3d acoustic3d_leapfrog heat3d_var"
PROGRAMS=$programs BACKENDS=naive sh bench/programs_suite.sh prepare
for name in $programs; do
  for dt in float double; do
    for shape in ${SHAPES:-4x128 8x64 16x32}; do
      build/stencilc gen examples/programs/$name.c --backend 25d --block "$shape" --dtype $dt \
        -o $GEN_DIR/${name}_25d.$shape-$dt.cu
    done
  done
done
ls $GEN_DIR
