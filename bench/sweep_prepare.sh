#!/bin/sh
# Runs here: writes the n5d parameter sweep into bench/gen/sweep/ (git-ignored, carried to the
# device): for each of the 21 AN5D stencils in float, a handful of (bT, block) configurations
# around AN5D's published choices, each with 1, 2 and 4 rows per barrier. File names carry the
# parameters: NAME-float__bt8_bs256_rows2.cu.
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
for n in star2d1r; do cfg $n "8 12 16" "256" "2 4"; done
cfg j2d5pt "12 16" "256" "4 6"
cfg j2d5pt "12" "256" "4" --regs 64
cfg star2d2r "4 6 8" "256" "2 4"
for n in star2d3r star2d4r; do cfg $n "2 3 4" "256 512" "4"; done
cfg box2d2r "2 3" "256 512" "6"
cfg box2d2r "3" "256 512" "4"
cfg star3d1r "3 4 6" "32x32" "2 4"
cfg star3d1r "4" "16x64" "4"
cfg star3d2r "2 3" "32x32" "2 4"
for n in star3d3r star3d4r; do cfg $n "1 2" "32x32" "2 4"; done
cfg j3d27pt "1 2" "32x32" "2 4 6"
cfg box3d1r "2 3" "32x32" "6"
for n in box3d3r box3d4r; do cfg $n "1" "32x32" "4"; done
git rev-parse --short HEAD >$out/COMMIT
ls $out/*.cu | wc -l
