#!/bin/sh
# Runs here (no GPU needed): writes the programs bench/conv2d_vs_cudnn.sh compares with cuDNN into
# bench/gen/conv2d/ (git-ignored; name it in the device call's carry): conv2d-MxN-DTYPE.cu for
# every square filter from 2x2 to 20x20 and eight others (odd and even, wide and tall):
# 3x5 5x3 4x7 7x4 2x16 16x2 12x20 20x11. The sources come from scripts/conv2d.sh (kept in
# bench/gen/conv2d/src/), the programs from stencilc gen --backend BACKEND (default naive) and
# the options given after it.
# usage: bench/conv2d_prepare.sh [BACKEND [GEN OPTIONS...]]
#   (DTYPE: $DTYPE, default float; CONV_DIR: the folder, default bench/gen/conv2d, so that two
#   backends can be prepared side by side)
set -e
cd "$(dirname "$0")/.."
backend=${1:-naive}
[ $# -gt 0 ] && shift
dtype=${DTYPE:-float}
out=${CONV_DIR:-bench/gen/conv2d}
make -s -j"$(nproc)"
rm -rf $out && mkdir -p $out/src
filters() { seq 2 20 | awk '{print $1, $1}'; printf '%s\n' "3 5" "5 3" "4 7" "7 4" "2 16" "16 2" \
  "12 20" "20 11"; }
filters | while read -r m n; do
  sh scripts/conv2d.sh "$m" "$n" $out/src >/dev/null
  build/stencilc gen "$out/src/conv2d-${m}x$n.c" --backend "$backend" --dtype "$dtype" "$@" \
    -o "$out/conv2d-${m}x$n-$dtype.cu" || echo "refused: conv2d-${m}x$n $*"
done
git rev-parse --short HEAD >$out/COMMIT
echo "$backend${*:+ $*}" >$out/BACKEND
ls $out/*.cu | wc -l
