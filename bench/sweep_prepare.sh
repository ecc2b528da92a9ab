#!/bin/sh
# Runs here: writes the n5d parameter sweep into bench/gen/sweep/ (git-ignored, carried to the
# device): for each of the 21 AN5D stencils in float, a handful of (bT, block) configurations
# (round 4: more rows in 3D, gradient2d with fast math; earlier rounds are in the history of
# this file and in results/n5d_sweep_rows_h200.csv). File names carry the parameters:
# NAME-float__bt8_bs256_rows2.cu.
set -e
cd "$(dirname "$0")/.."
make -s -j"$(nproc)"
out=bench/gen/sweep
rm -rf $out && mkdir -p $out
cfg() { # cfg NAME "BT..." "BS..." "ROWS..." [extra options]
  name=$1 bts=$2 bss=$3 rows=$4; shift 4
  for bt in $bts; do for bs in $bss; do for v in $rows; do
    tag="bt${bt}_bs${bs}_rows${v}$(echo "$*" | tr -d ' -')"
    build/stencilc gen examples/$name.c --backend n5d --bt $bt --bs $bs --rows $v "$@" \
      -o "$out/$name-float__$tag.cu" 2>/dev/null || echo "refused: $name $bt $bs $v $*"
  done; done; done
}
cfg gradient2d "12" "256" "2" --regs 64
cfg star3d4r "1" "32x32" "4 8"
cfg star3d2r "2" "32x32" "6 8"
cfg j3d27pt "2" "32x32" "8"
cfg box3d1r "2" "32x32" "8"
git rev-parse --short HEAD >$out/COMMIT
ls $out/*.cu | wc -l
