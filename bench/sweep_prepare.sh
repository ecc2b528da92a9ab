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
for n in star2d1r j2d5pt gradient2d; do cfg $n "8 12" "256" "1 2 4"; done
for n in star2d2r j2d9pt; do cfg $n "4 6" "256" "1 2 4"; done
for n in star2d3r star2d4r; do cfg $n "2 3" "256 512" "1 2 4"; done
for n in box2d1r j2d9pt-gol; do cfg $n "4 6" "256" "1 2 4"; done
for n in box2d2r box2d3r box2d4r; do cfg $n "2" "256 512" "1 2 4"; done
cfg star3d1r "4" "16x32 32x32" "1 2 4"
cfg star3d2r "2" "16x32 32x32" "1 2 4"
for n in star3d3r star3d4r; do cfg $n "1" "16x32 32x32" "1 2 4"; done
for n in box3d1r j3d27pt; do cfg $n "2" "16x32 32x32" "1 2 4"; done
cfg box3d2r "1" "16x32 32x32" "1 2 4"
for n in box3d3r box3d4r; do cfg $n "1" "16x32 32x32" "1 2"; done
git rev-parse --short HEAD >$out/COMMIT
ls $out/*.cu | wc -l
