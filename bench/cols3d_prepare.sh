#!/bin/sh
# Runs here: writes the 3D n5d --cols variant set into bench/gen/cols3d/ (git-ignored, carried
# to the device) for bench/sweep_run.sh: the 3D stencils of the AN5D table in float (star3d1r-4r,
# box3d1r-3r, j3d27pt) and star3d1r, star3d2r, box3d1r and j3d27pt in double, each at its
# defaults and with 2 or 4 columns per thread under shapes the register estimate of the 3D
# column kernel admits (src/codegen/n5d.c wide_registers: 512-thread blocks leave 128 registers
# a thread, the 32x32 default 64); the rows per barrier are the most that registers and shared
# memory hold (no --rows). File names carry the options: star3d1r-float__cols2_bt3_bs32x16.cu
# (--bs is YxX: 32x16 with 2 columns is a 32x32 tile).
# usage: sh bench/cols3d_prepare.sh; on the GPU machine:
#   SWEEP_DIR=bench/gen/cols3d CHECK3D=101x77x291 sh bench/sweep_run.sh [--filter REGEX]
# (77x291: the 32-row and 128-column tiles of the set have blocks inside the interior, so the
# check of all the steps runs the inner blocks' path too; the 3-step check at 512^3 does anyway)
set -e
cd "$(dirname "$0")/.."
make -s -j"$(nproc)"
out=bench/gen/cols3d
rm -rf $out && mkdir -p $out
# var NAME DTYPE OPTIONS...: one program, its tag from the options ("default" without any)
var() {
  name=$1 dt=$2; shift 2
  tag=$(echo "$*" | sed 's/--//g; s/ \([0-9]\)/\1/g; s/ /_/g')
  build/stencilc gen "examples/$name.c" --backend n5d --dtype "$dt" "$@" -o "$out/$name-${dt}__${tag:-default}.cu"
}
# NAME DTYPE, then the variants as COLS:BT:BS ("-" alone: the defaults; COLS:-:- the default shape)
while read -r name dt variants; do
  for v in $variants; do
    if [ "$v" = - ]; then var "$name" "$dt"; continue; fi
    c=${v%%:*} rest=${v#*:} bt=${v#*:}; bt=${bt%%:*} bs=${rest#*:}
    set -- --cols "$c"
    [ "$bt" != - ] && set -- "$@" --bt "$bt"
    [ "$bs" != - ] && set -- "$@" --bs "$bs"
    var "$name" "$dt" "$@"
  done
done <<'LIST'
star3d1r float - 2:-:- 2:3:32x16 2:6:32x16 4:3:32x16 4:4:16x32 4:5:32x16 4:3:16x32
star3d2r float - 2:2:32x16 4:2:32x16 2:3:32x16
star3d3r float - 2:1:32x16 4:1:32x16
star3d4r float - 2:1:32x16 4:1:32x16
box3d1r float - 2:2:32x16 2:3:32x16 4:2:32x16 4:3:16x32
box3d2r float - 2:1:32x16 4:1:32x16
box3d3r float - 2:1:32x16
j3d27pt float - 2:2:32x16 4:2:32x16 2:3:32x16
star3d1r double - 2:3:32x16 4:2:32x16
star3d2r double - 2:2:32x16
box3d1r double - 2:2:32x16
j3d27pt double - 2:2:32x16
LIST
git rev-parse --short HEAD >$out/COMMIT
ls $out/*.cu | wc -l
