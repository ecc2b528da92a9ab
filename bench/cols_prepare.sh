#!/bin/sh
# Runs here: writes the n5d --cols variant set into bench/gen/cols/ (git-ignored, carried to the
# device) for bench/sweep_run.sh: the 12 2D stencils of the AN5D table in float, each at its
# defaults and with --cols 1 (the default shape, inner blocks free of boundary tests), 2 and 4
# columns per thread at register caps that keep two to four blocks on an SM. File names carry
# the options: NAME-float__cols2_regs128.cu. The PTX mix of each (bench/ptx_mix.py) is in
# bench/README.md, "n5d: instructions per cell and level".
# usage: sh bench/cols_prepare.sh; on the GPU machine:
#   SWEEP_DIR=bench/gen/cols CHECK2D=331x2100 sh bench/sweep_run.sh [--filter REGEX]
# (2100 columns: the widest tile of the set, 1024 columns, has a block inside the interior, so
# the check of all the steps runs the inner blocks' path too)
set -e
cd "$(dirname "$0")/.."
make -s -j"$(nproc)"
out=bench/gen/cols
rm -rf $out && mkdir -p $out
# var NAME OPTIONS...: one program, its tag from the options ("default" without any)
var() {
  name=$1; shift
  tag=$(echo "$*" | sed 's/--//g; s/ \([0-9]\)/\1/g; s/ /_/g')
  build/stencilc gen "examples/$name.c" --backend n5d "$@" -o "$out/$name-float__${tag:-default}.cu"
}
# NAME, the default's register cap (what --cols 1 keeps), then the variants' options
while read -r name regs; do
  var "$name"
  var "$name" --cols 1 --regs "$regs"
  var "$name" --cols 2 --regs 128
  var "$name" --cols 4 --bs 128
done <<'LIST'
star2d1r 64
j2d5pt 64
star2d2r 80
j2d9pt 80
star2d3r 64
star2d4r 64
box2d1r 64
j2d9pt-gol 64
box2d2r 80
box2d3r 128
box2d4r 128
gradient2d 64
LIST
git rev-parse --short HEAD >$out/COMMIT
ls $out/*.cu | wc -l
