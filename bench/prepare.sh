#!/bin/sh
# Runs here (no GPU needed): builds stencilc and writes the CUDA programs of every example for
# one backend into bench/gen/<backend>/, which the device call carries (bench/gen is ignored).
# An example the backend refuses (ssam: a stencil that is not linear; 25d: a placement that does
# not fit) is skipped with its reason.
# usage: bench/prepare.sh BACKEND [DTYPE...]   (25d: $PLACEMENTS, default all four)
set -e
cd "$(dirname "$0")/.."
backend=${1:-naive}; shift || true
dtypes=${*:-float double}
make -s -j"$(nproc)"
mkdir -p "bench/gen/$backend"
rm -f "bench/gen/$backend"/*.cu
msg=$(mktemp)
trap 'rm -f "$msg"' EXIT
# gen NAME DTYPE OUTNAME [OPTIONS...]: one program; exit 2 (refused) skips it, anything else stops
gen() {
  name=$1 dt=$2 as=$3; shift 3
  build/stencilc gen "examples/$name.c" --backend "$backend" --dtype "$dt" "$@" \
    -o "bench/gen/$backend/$as-$dt.cu" 2>"$msg" ||
    { [ $? -eq 2 ] && echo "skipped $as-$dt: $(head -1 "$msg")"; } || { cat "$msg"; exit 1; }
}
# 25d: the 3D examples only, one program per placement (NAME_PLACEMENT-DTYPE.cu)
if [ "$backend" = 25d ]; then
  for f in examples/*3d*.c examples/fdd*.c; do
    for pl in ${PLACEMENTS:-global shared hybrid register}; do
      for dt in $dtypes; do gen "$(basename "$f" .c)" "$dt" "$(basename "$f" .c)_$pl" --placement "$pl"; done
    done
  done
else
  for f in examples/*.c; do
    for dt in $dtypes; do gen "$(basename "$f" .c)" "$dt" "$(basename "$f" .c)"; done
  done
fi
# Configurations the suite's defaults never pick, so that the correctness matrix covers them.
# n5d: the forced-off optimisations (associative on stars, general in 2D and 3D). ssam: P that
# divides nothing, fewer or more warps, bT near the halo limit, 3D boxes with a plane stride.
case $backend in
n5d) extra="star2d2r star2d2r_assoc --no-diag-opt
j3d13pt j3d13pt_assoc --no-diag-opt
star2d2r star2d2r_general --no-diag-opt --no-assoc-opt
gradient2d gradient2d_general --no-diag-opt
box3d1r box3d1r_general --no-assoc-opt" ;;
ssam) extra="j2d5pt j2d5pt_bt7p5 --bt 7 --p 5 --bs 64
box2d2r box2d2r_bt3p3 --bt 3 --p 3 --bs 256
box2d5r box2d5r_bt2 --bt 2 --p 4
star3d2r star3d2r_w6 --bt 1 --p 5 --bs 6x32
box3d1r box3d1r_bt2w5 --bt 2 --p 3 --bs 5x32
j3d27pt j3d27pt_bt3 --bt 3 --p 4 --bs 16x32" ;;
*) extra= ;;
esac
echo "$extra" | while read -r name as opts; do
  [ -n "$name" ] || continue
  # shellcheck disable=SC2086
  for dt in $dtypes; do gen "$name" "$dt" "$as" $opts; done
done
git rev-parse --short HEAD >"bench/gen/$backend/COMMIT"
ls "bench/gen/$backend" | wc -l
