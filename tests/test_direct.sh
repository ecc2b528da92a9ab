#!/bin/sh
# The direct backend (a 2D linear stencil as a direct convolution: the block's input tile in
# shared memory, a register tile of cells per thread, the filter's rows in a rolled loop), run on
# the CPU through tools/cudaemu under the random schedule (a missing barrier fails there):
#  1. programs of 2D linear stencils verify against their CPU reference: conv2d filters with
#     run-time weights (odd, even, not square, float and double), a star with constant
#     coefficients (zeros in the filter's box), a one-sided upwind stencil, a heat step whose
#     coefficient comes from a --param (and another --param verifies too), a relaxation with a
#     constant source term; sizes that are no multiple of a block's cells, one step and several,
#     the defaults and other tiles and warps;
#  2. stencilc check: the program against the user's own loop compiled by cc;
#  3. a program whose filter lacks one weight fails its own verification;
#  4. refusals, with the messages written here;
#  5. the model: direct is the first choice for conv2d-16x16 and 20x20 at 8192^2 (measured on
#     the H200: 0.86 and 1.26 ms, against ssam's 2.9 and 5.5 and cuFFT's 2.1), not for the
#     suite's small stencils.
. "$(dirname "$0")/lib.sh"
make_tmp

# ---- 1. programs through cudaemu, two at a time ----

# emu NAME SOURCE SIZE STEPS GEN-OPTIONS...: generate, build and verify at SIZE for each of the
# space-separated STEPS; the outcome in $tmp/NAME.status.
emu() {
  _n=$1 _src=$2 _size=$3 _steps=$4; shift 4
  (
    "$STENCILC" gen "$_src" --backend direct "$@" -o "$tmp/$_n.cu" &&
      emu_build "$tmp/$_n.cu" "$tmp/$_n" &&
      # shellcheck disable=SC2086
      emu_verify "$tmp/$_n" "$_size" $_steps
  ) >"$tmp/$_n.log" 2>&1
  echo $? >"$tmp/$_n.status"
}
cat >"$tmp/relax_source.c" <<'EOF2'
/* Jacobi relaxation of -lap u = f with a uniform source, h^2 f = 0.01, written out. */
void relax(int ny, int nx, int steps, float u[2][ny][nx]) {
  for (int t = 0; t < steps; t++)
    for (int i = 1; i < ny - 1; i++)
      for (int j = 1; j < nx - 1; j++)
        u[(t + 1) % 2][i][j] = 0.25f * (u[t % 2][i - 1][j] + u[t % 2][i + 1][j] +
                                        u[t % 2][i][j - 1] + u[t % 2][i][j + 1] + 0.01f);
}
EOF2
sh scripts/conv2d.sh 6 6 "$tmp" >/dev/null
emu conv6-float "$tmp/conv2d-6x6.c" 37x131 "1 3" &
emu conv47-double examples/conv2d-4x7.c 70x45 "1 3" --dtype double --outputs 3x2 --warps 3
wait
emu star2d4r-float examples/star2d4r.c 40x33 "1 5" --outputs 2x8 --warps 1 &
emu upwind-double tests/inputs/upwind_advection.c 29x31 "2" --dtype double
wait
emu heat-param tests/inputs/heat2d_param_alpha.c 45x38 "3" --outputs 16x4 &
emu relax-default "$tmp/relax_source.c" 70x90 "1 6"
wait
emu conv20-default examples/conv2d-20x20.c 97x60 "1" &
emu conv20-double examples/conv2d-20x20.c 41x37 "2" --dtype double --warps 2
wait
for n in conv6-float conv47-double star2d4r-float upwind-double heat-param relax-default conv20-default \
  conv20-double; do
  if [ "$(cat "$tmp/$n.status")" = 0 ]; then ok; else no "direct $n" "$(tail -5 "$tmp/$n.log")"; fi
done
# the run-time scalar reaches the filter: another --param verifies too
if [ -x "$tmp/heat-param" ] && "$tmp/heat-param" -s 30 -t 2 -r 1 --check-size 30 --param alpha=2.5 | grep -q verify=PASS; then ok
else no "direct heat --param alpha=2.5"; fi

# ---- 2. stencilc check: the user's loop compiled by cc ----
check() {
  _n=$1; shift
  TMPDIR=$tmp "$STENCILC" check "$@" --backend direct >"$tmp/check-$_n.log" 2>&1
  if grep -q "^check: user's code against the program: .* PASS$" "$tmp/check-$_n.log"; then ok
  else no "check $_n" "$(tail -4 "$tmp/check-$_n.log")"; fi
}
check conv47 examples/conv2d-4x7.c -s 30x141 -t 3
check star2d1r examples/star2d1r.c -s 24 -t 5 --outputs 4x4 --warps 2
check upwind tests/inputs/upwind_advection.c -s 21x26 -t 2

# ---- 3. a filter without one weight fails ----
if [ -f "$tmp/conv6-float.cu" ]; then
  # the weight kernel's first entry of the filter, zero
  sed '0,/^  direct_wt\[0\] = .*;$/s//  direct_wt[0] = 0.0f;/' "$tmp/conv6-float.cu" >"$tmp/drop.cu"
  if cmp -s "$tmp/conv6-float.cu" "$tmp/drop.cu"; then no "drop: no weight line found"
  elif emu_build "$tmp/drop.cu" "$tmp/drop" >/dev/null 2>&1 &&
       ! "$tmp/drop" -s 37x53 -t 1 -r 1 --check-size 37x53 >"$tmp/drop.log" 2>&1 &&
       grep -q '^check a: .* FAIL$' "$tmp/drop.log"; then ok
  else no "a filter without one weight passes its verification"; fi
fi

# ---- 4. refusals ----
refused() { # refused WHAT EXPECTED-TEXT GEN-ARGS...
  _what=$1 _want=$2; shift 2
  "$STENCILC" gen "$@" -o "$tmp/refused.cu" >"$tmp/refused.log" 2>&1
  _rc=$?
  if [ $_rc = 2 ] && grep -qF "$_want" "$tmp/refused.log"; then ok
  else no "$_what: exit $_rc, want 2 and '$_want'" "$(cat "$tmp/refused.log")"; fi
}
refused 3D "direct: a 3D stencil: the direct backend computes 2D stencils only" examples/j3d7pt.c --backend direct
refused nonlinear "direct: the stencil is not linear (not a sum of coefficient x point), so it has no filter to convolve with" \
  examples/gradient2d.c --backend direct
refused cols "direct: 6 columns a thread are not a multiple of the 4 elements of a 16-byte load" \
  examples/j2d5pt.c --backend direct --outputs 2x6
refused cells "direct: 128 cells a thread are over the limit of 64 (registers)" \
  examples/j2d5pt.c --backend direct --outputs 32x4
refused one-count "direct: --outputs takes two counts, rows then columns" examples/j2d5pt.c --backend direct --outputs 4
refused smem "direct: a block's input tile and filter take 640400 bytes of shared memory, over the 232448 of a block" \
  examples/conv2d-20x20.c --backend direct --outputs 16x4 --warps 32 --dtype double

# ---- 5. the model ----
first=$("$STENCILC" model examples/conv2d-20x20.c -s 8192 -t 1 --top 1 | awk 'NR == 3 { print $2 }')
[ "$first" = direct ] && ok || no "model ranks $first first for conv2d-20x20 at 8192^2, not direct"
sh scripts/conv2d.sh 16 16 "$tmp" >/dev/null
first=$("$STENCILC" model "$tmp/conv2d-16x16.c" -s 8192 -t 1 --top 1 | awk 'NR == 3 { print $2 }')
[ "$first" = direct ] && ok || no "model ranks $first first for conv2d-16x16 at 8192^2, not direct"
for f in j2d5pt star2d1r box2d1r conv2d-3x3 conv2d-5x5 gaussian2d; do
  first=$("$STENCILC" model "examples/$f.c" --top 1 | awk 'NR == 3 { print $2 }')
  [ -n "$first" ] && [ "$first" != direct ] && ok || no "model ranks ${first:-nothing} first for $f"
done

summary direct
