#!/bin/sh
# An experiment on the naive kernels of stencil programs (what --backend auto runs for every
# program), float, at the suite sizes: the program as generated, and hand edits of its text:
#   R       __restrict__ on every kernel pointer (single-stencil naive kernels have it; program
#           kernels did not, so loads could not go through the read-only path)
#   R.YxX   the same with 2D blocks of Y x X threads (the generated 32x8)
#   R.ZxYxX the same with 3D blocks (the generated 2x4x32, written z x y x x)
#
#   here:      sh bench/prognaive_prepare.sh       (writes bench/gen/prognaive/, git-ignored)
#   GPU side:  GEN_DIR=bench/gen/prognaive ONLY=float sh bench/programs_suite.sh run
cd "$(dirname "$0")/.." || exit 1
set -e
export GEN_DIR=bench/gen/prognaive
PROGRAMS=${PROGRAMS:-"acoustic2d acoustic2d_leapfrog fdtd2d heat2d_rk2 heat2d_var acoustic3d acoustic3d_leapfrog heat3d_var"}
export PROGRAMS
BACKENDS=naive sh bench/programs_suite.sh prepare >/dev/null
restrict() { sed -e '/_kernel(/s/rt_real \*/rt_real *__restrict__ /g' "$1"; }
for f in $GEN_DIR/*_naive-float.cu; do
  rm -f "${f%-float.cu}-double.cu"
  b=$(basename "$f" _naive-float.cu)
  restrict "$f" >"$GEN_DIR/${b}_naiveR-float.cu"
  if grep -q 'dim3 block(32, 8);' "$f"; then
    for s in 16x32 4x64 8x64; do
      y=${s%x*} x=${s#*x}
      restrict "$f" | sed -e "s/dim3 block(32, 8);/dim3 block($x, $y);/" \
        -e "s/rt_cuda_blocks(n\[1\], 32, 2147483647L \/ 32)/rt_cuda_blocks(n[1], $x, 2147483647L \/ $x)/" \
        -e "s/rt_cuda_blocks(n\[0\], 8, 65535L)/rt_cuda_blocks(n[0], $y, 65535L)/" \
        -e "s/__launch_bounds__(256)/__launch_bounds__($((x * y)))/" >"$GEN_DIR/${b}_naiveR.$s-float.cu"
    done
  else
    for s in 1x8x32 1x4x64 2x8x32; do
      z=${s%%x*} r=${s#*x}; y=${r%x*} x=${r#*x}
      restrict "$f" | sed -e "s/dim3 block(32, 4, 2);/dim3 block($x, $y, $z);/" \
        -e "s/rt_cuda_blocks(n\[2\], 32, 2147483647L \/ 32)/rt_cuda_blocks(n[2], $x, 2147483647L \/ $x)/" \
        -e "s/rt_cuda_blocks(n\[1\], 4, 65535L)/rt_cuda_blocks(n[1], $y, 65535L)/" \
        -e "s/rt_cuda_blocks(n\[0\], 2, 65535L)/rt_cuda_blocks(n[0], $z, 65535L)/" \
        -e "s/__launch_bounds__(256)/__launch_bounds__($((x * y * z)))/" >"$GEN_DIR/${b}_naiveR.$s-float.cu"
    done
  fi
done
ls $GEN_DIR | grep -c '\.cu$'
