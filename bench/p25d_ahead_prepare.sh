#!/bin/sh
# Runs here: writes the 25d programs of the cp.async sweep into bench/gen/ahead/ (git-ignored,
# carried to the device): each 3D suite stencil in float and double under its best 25d
# placement and block so far (results/p25d_double_h200_4f853da.csv, tune_suite_h200.csv), with
# the next plane through registers (ahead0, the default) and 2 or 4 planes copied ahead by
# cp.async (--ahead). Run them with SWEEP_DIR=bench/gen/ahead sh bench/sweep_run.sh.
set -e
cd "$(dirname "$0")/.."
make -s -j"$(nproc)"
out=bench/gen/ahead
rm -rf $out && mkdir -p $out
cfg() { # cfg NAME DTYPE PLACEMENT BLOCK
  for a in 0 ${AHEAD:-2 4}; do
    opt=$([ $a = 0 ] || echo "--ahead $a")
    # shellcheck disable=SC2086
    build/stencilc gen examples/$1.c --backend 25d --dtype $2 --placement $3 --block $4 $opt \
      -o "$out/$1-$2__$3_$4_ahead$a.cu" 2>/dev/null || echo "refused: $*"
  done
}
for dt in double float; do
  cfg star3d1r $dt hybrid 4x128
  cfg star3d2r $dt shared 8x64
  cfg star3d3r $dt shared 8x64
  cfg star3d4r $dt shared 8x64
  cfg box3d1r $dt hybrid 4x128
  cfg j3d27pt $dt hybrid 4x128
  cfg box3d2r $dt hybrid 8x64
  cfg box3d3r $dt hybrid 8x64
done
cfg box3d4r float hybrid 8x64
git rev-parse --short HEAD >$out/COMMIT
ls $out/*.cu | wc -l
