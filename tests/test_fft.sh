#!/bin/sh
# The fft backend (each step one convolution through cuFFT, overlap-save over T x T tiles), run on
# the CPU through tools/cudaemu, whose cufft.h carries the transforms out with FFTW:
#  1. programs of 2D linear stencils verify against their CPU reference: conv2d filters with
#     run-time weights (odd and even sizes, float and double), a star with constant
#     coefficients, a one-sided upwind stencil (no halo above), a heat step whose centre
#     coefficient comes from a --param, a relaxation with a constant source term; sizes that are
#     no multiple of the tile's outputs, one step and several, explicit and default tiles;
#  2. stencilc check: the program against the user's own loop compiled by cc (independent of
#     stencilc's reference and bound);
#  3. a program whose filter lacks one point fails its own verification: the bound the
#     transform's error needs still sees a missing term;
#  4. refusals, with the messages written here: 3D, non-linear, --mpi, --api, tiles that are not
#     powers of two or keep no output;
#  5. the Compile: line links cuFFT, and nvcc (where installed) builds a program with it;
#  6. the model: fft is never the first choice for the suite's small stencils, and it is for a
#     32x32 filter at 8192^2 (its time does not grow with the filter: 1.38 to 1.44 ms from 9x9 to
#     20x20 on the H200, bench/results/conv2d_h200_8f75918.csv, while the direct backend's grows
#     with the filter's 1024 multiply-adds a cell, 1.26 ms at 20x20's 400).
. "$(dirname "$0")/lib.sh"
make_tmp

# ---- 1. programs through cudaemu, two at a time ----

# emu NAME SOURCE SIZE STEPS GEN-OPTIONS...: generate, build and verify at SIZE for each of the
# space-separated STEPS; the outcome in $tmp/NAME.status.
emu() {
  _n=$1 _src=$2 _size=$3 _steps=$4; shift 4
  (
    "$STENCILC" gen "$_src" --backend fft "$@" -o "$tmp/$_n.cu" &&
      emu_build "$tmp/$_n.cu" "$tmp/$_n" &&
      # shellcheck disable=SC2086
      emu_verify "$tmp/$_n" "$_size" $_steps
  ) >"$tmp/$_n.log" 2>&1
  echo $? >"$tmp/$_n.status"
}
cat >"$tmp/relax_source.c" <<'EOF'
/* Jacobi relaxation of -lap u = f with a uniform source, h^2 f = 0.01, written out. */
void relax(int ny, int nx, int steps, float u[2][ny][nx]) {
  for (int t = 0; t < steps; t++)
    for (int i = 1; i < ny - 1; i++)
      for (int j = 1; j < nx - 1; j++)
        u[(t + 1) % 2][i][j] = 0.25f * (u[t % 2][i - 1][j] + u[t % 2][i + 1][j] +
                                        u[t % 2][i][j - 1] + u[t % 2][i][j + 1] + 0.01f);
}
EOF
sh scripts/conv2d.sh 5 5 "$tmp" >/dev/null
emu conv5-float "$tmp/conv2d-5x5.c" 37x53 "1 4" --tile 16 &
emu conv47-double examples/conv2d-4x7.c 70x45 "1 3" --tile 32 --dtype double
wait
emu star2d2r-float examples/star2d2r.c 40x33 "1 5" --tile 16 &
emu upwind-double tests/inputs/upwind_advection.c 29x31 "2" --tile 16
wait
emu heat-param tests/inputs/heat2d_param_alpha.c 45x38 "3" --tile 16 &
emu relax-default "$tmp/relax_source.c" 70x90 "1 6"
wait
emu conv20-default examples/conv2d-20x20.c 97x60 "1"
for n in conv5-float conv47-double star2d2r-float upwind-double heat-param relax-default conv20-default; do
  if [ "$(cat "$tmp/$n.status")" = 0 ]; then ok; else no "fft $n" "$(tail -5 "$tmp/$n.log")"; fi
done
# the run-time scalar reaches the filter: another --param verifies too
if [ -x "$tmp/heat-param" ] && "$tmp/heat-param" -s 30 -t 2 -r 1 --check-size 30 --param alpha=2.5 | grep -q verify=PASS; then ok
else no "fft heat --param alpha=2.5"; fi
# the tile of the default rule: 64 for a radius-1 filter, 512 for 20x20 (16 x 19 = 304 rounded up)
grep -q '^#define FFT_T 64$' "$tmp/relax-default.cu" && ok || no "relax: default tile not 64"
grep -q '^#define FFT_T 512$' "$tmp/conv20-default.cu" && ok || no "conv2d-20x20: default tile not 512"

# ---- 2. stencilc check: the user's loop compiled by cc ----
check() {
  _n=$1; shift
  TMPDIR=$tmp "$STENCILC" check "$@" --backend fft >"$tmp/check-$_n.log" 2>&1
  if grep -q "^check: user's code against the program: .* PASS$" "$tmp/check-$_n.log"; then ok
  else no "check $_n" "$(tail -4 "$tmp/check-$_n.log")"; fi
}
check conv47 examples/conv2d-4x7.c -s 30x41 -t 3 --tile 16
check star2d1r examples/star2d1r.c -s 24 -t 5 --tile 16
check upwind tests/inputs/upwind_advection.c -s 21x26 -t 2 --tile 16

# ---- 3. a filter without one point fails ----
if [ -f "$tmp/conv5-float.cu" ]; then
  # the first line that places a point of the filter, gone
  awk '/^  f\[[0-9]+\] \+= / && !done { done = 1; next } { print }' "$tmp/conv5-float.cu" >"$tmp/drop.cu"
  if cmp -s "$tmp/conv5-float.cu" "$tmp/drop.cu"; then no "drop: no filter line found"
  elif emu_build "$tmp/drop.cu" "$tmp/drop" >/dev/null 2>&1 &&
       ! "$tmp/drop" -s 37x53 -t 1 -r 1 --check-size 37x53 >"$tmp/drop.log" 2>&1 &&
       grep -q '^check a: .* over=[0-9]* FAIL$' "$tmp/drop.log"; then ok
  else no "a filter without one point passes its verification"; fi
fi

# ---- 4. refusals ----
refused() { # refused WHAT EXPECTED-TEXT GEN-ARGS...
  _what=$1 _want=$2; shift 2
  "$STENCILC" gen "$@" -o "$tmp/refused.cu" >"$tmp/refused.log" 2>&1
  _rc=$?
  if [ $_rc = 2 ] && grep -qF "$_want" "$tmp/refused.log"; then ok
  else no "$_what: exit $_rc, want 2 and '$_want'" "$(cat "$tmp/refused.log")"; fi
}
refused 3D "fft: the fft backend convolves 2D grids; this stencil is 3D" examples/j3d7pt.c --backend fft
refused 1D "fft: the fft backend convolves 2D grids; this stencil is 1D" tests/inputs/jacobi1d_polybench.c --backend fft
refused nonlinear "fft: the stencil is not linear (not a sum of coefficient x point), so it is no convolution that a Fourier transform computes" \
  examples/gradient2d.c --backend fft
refused mpi "fft: the fft backend runs on one process" examples/j2d5pt.c --backend fft --mpi
refused api "the fft backend makes programs only, not a library (--api)" examples/j2d5pt.c --backend fft --api
refused tile-100 "fft: a tile of 100 is not a power of two from 16 to 4096" examples/j2d5pt.c --backend fft --tile 100
refused tile-8192 "fft: a tile of 8192 is not a power of two from 16 to 4096" examples/j2d5pt.c --backend fft --tile 8192
refused tile-8 "fft: a tile of 8 is not a power of two from 16 to 4096" examples/j2d5pt.c --backend fft --tile 8
refused tile-16 "fft: a tile of 16 cells along axis 0 keeps no output of a filter reaching 9 + 10 cells" \
  examples/conv2d-20x20.c --backend fft --tile 16
# ssam's refusal is the same shared test, its reason its own
refused ssam-nonlinear "ssam: the stencil is not linear (not a sum of coefficient x point), so it cannot be split" \
  examples/gradient2d.c --backend ssam

# ---- 5. linking cuFFT ----
"$STENCILC" gen examples/j2d5pt.c --backend fft -o "$tmp/j2d5pt.cu" &&
  grep -q "^ \* Compile: nvcc .* -o j2d5pt_fft THIS_FILE.cu -lcufft$" "$tmp/j2d5pt.cu" && ok ||
  no "the Compile: line of an fft program does not link -lcufft"
if command -v nvcc >/dev/null 2>&1; then
  if nvcc -O3 -gencode=arch=compute_90,code=sm_90 -Xcompiler -fopenmp -o "$tmp/j2d5pt-nv" "$tmp/j2d5pt.cu" \
       -lgomp -lcufft >"$tmp/nvcc.log" 2>&1; then ok
  else no "nvcc of an fft program" "$(tail -5 "$tmp/nvcc.log")"; fi
else
  echo "NOTE: nvcc not found: no CUDA compile of an fft program"
fi

# ---- 6. the model ----
for f in j2d5pt star2d1r box2d1r box2d5r conv2d-3x3 conv2d-5x5 conv2d-11x11 gaussian2d; do
  for dt in float double; do
    first=$("$STENCILC" model "examples/$f.c" --dtype $dt --top 1 | awk 'NR == 3 { print $2 }')
    [ -n "$first" ] && [ "$first" != fft ] && ok || no "model ranks ${first:-nothing} first for $f $dt"
  done
done
sh scripts/conv2d.sh 32 32 "$tmp" >/dev/null
first=$("$STENCILC" model "$tmp/conv2d-32x32.c" -s 8192 -t 1 --top 1 | awk 'NR == 3 { print $2 }')
[ "$first" = fft ] && ok || no "model ranks $first first for conv2d-32x32 at 8192^2, not fft"

summary fft
