#!/bin/sh
# Convergence loops (while (err > tol && iter < iter_max), the residual the largest |new - old|
# over the sweep's cells or their sum of squares): the user's own loop is the oracle.
#  - `check` with the cpu backend passes on the laplace2d tutorial (copy-back), a Poisson solver
#    on a flat grid (pointer swap, if (d > err) err = d), a do-while with a MAX macro, a 3D
#    for loop that counts and tests the residual, an L2 norm (sum of squares, sqrt(err) > tol),
#    a 1D loop with no cap and a constant tolerance, a float grid with a float residual
#    (fmaxf, fabsf) and tolerance, and the residual in a loop nest of its own between the sweep
#    and the copy-back (reset after the sweep): the grids match AND the step counts do,
#    the tolerances chosen so that each converges before its cap (the count is below it), and
#    once with a cap it reaches first;
#  - a residual that starts at or below the tolerance: neither runs a step;
#  - a program whose engine stops at half the tolerance (one built by hand from the generated
#    one) fails the check on the step count;
#  - info shows what it recognised; the other backends refuse clearly, and so does rewrite for a
#    CUDA target; gen --api and rewrite take it with the cpu backend.
. "$(dirname "$0")/lib.sh"
make_tmp
mkdir -p "$tmp/t"

# converges NAME FILE CAP ARGS...: check PASSes, its step counts agree and are below CAP.
converges() {
  _name=$1 _file=$2 _cap=$3; shift 3
  TMPDIR=$tmp/t "$STENCILC" check "$_file" -t "$_cap" "$@" >"$tmp/$_name.log" 2>&1
  _rc=$?
  _n=$(sed -n 's/^check: iterations until the residual converged: user \([0-9]*\) program \1 PASS$/\1/p' "$tmp/$_name.log")
  if [ $_rc = 0 ] && grep -q "^check: user's code against the program: .* PASS$" "$tmp/$_name.log" &&
     [ -n "$_n" ] && [ "$_n" -lt "$_cap" ] && [ "$_n" -gt 1 ]; then
    ok
  else
    no "check $_name: exit $_rc, steps '$_n' (cap $_cap)" "$(grep '^check' "$tmp/$_name.log")"
  fi
}

c=tests/check
converges laplace2d $c/converge_laplace2d_tutorial.c 3000 -s 16 --param tol=1e-4
converges laplace2d-rect $c/converge_laplace2d_tutorial.c 3000 -s 12x21 --param tol=3e-4
converges swap-if $c/converge_poisson_swap_if_max.c 3000 -s 13x17 --param tol=1e-4
converges do-max-macro $c/converge_do_while_max_macro.c 3000 --param eps=1e-3
converges laplace3d $c/converge_laplace3d_for.c 1000 -s 12x14x16 --param tol=1e-3
converges l2-sum-squares $c/converge_jacobi_l2_sum_squares.c 3000 -s 14 --param tol=1e-3
converges rod-uncapped $c/converge_rod_uncapped.c 1000000 -s 20
converges float $c/converge_jacobi_float.c 3000 -s 16 --param tol=1e-4
converges residual-nest $c/converge_laplace_residual_nest.c 3000 -s 16x19 --param tol=1e-4
# the cap reached first: both stop there
TMPDIR=$tmp/t "$STENCILC" check $c/converge_laplace2d_tutorial.c -s 16 -t 40 --param tol=1e-4 >"$tmp/cap.log" 2>&1 &&
  grep -q "^check: iterations until the residual converged: user 40 program 40 PASS$" "$tmp/cap.log" && ok ||
  no "check at the cap" "$(grep '^check' "$tmp/cap.log")"
# err = 1.0 is not above tol = 2: the while loop runs no step (the do loop one)
TMPDIR=$tmp/t "$STENCILC" check $c/converge_laplace2d_tutorial.c -s 16 -t 40 --param tol=2 >"$tmp/none.log" 2>&1 &&
  grep -q "^check: iterations until the residual converged: user 0 program 0 PASS$" "$tmp/none.log" && ok ||
  no "check with the residual below the tolerance at the start" "$(grep '^check' "$tmp/none.log")"
TMPDIR=$tmp/t "$STENCILC" check $c/converge_do_while_max_macro.c -t 40 --param eps=2 >"$tmp/once.log" 2>&1 &&
  grep -q "^check: iterations until the residual converged: user 1 program 1 PASS$" "$tmp/once.log" && ok ||
  no "check of a do loop whose first step converges" "$(grep '^check' "$tmp/once.log")"

# A program that stops at half the tolerance: its own check passes (its reference makes its
# steps), the user's loop stops sooner.
"$STENCILC" gen $c/converge_laplace2d_tutorial.c --backend cpu -o "$tmp/good.c" 2>/dev/null || no "gen laplace2d"
sed 's/^  while (k < steps \&\& r > tol) {$/  while (k < steps \&\& r > 0.5 * tol) {/' "$tmp/good.c" >"$tmp/late.c"
[ "$(diff "$tmp/good.c" "$tmp/late.c" | grep -c '^>')" = 1 ] && ok || no "the stopping test was not changed once"
cc -O2 -fopenmp -o "$tmp/late" "$tmp/late.c" -lm || no "building the changed program"
"$tmp/late" -s 16 -t 3000 -r 1 --param tol=1e-4 2>&1 | grep -q 'verify=PASS' && ok ||
  no "the changed program should pass its own check"
TMPDIR=$tmp/t "$STENCILC" check $c/converge_laplace2d_tutorial.c --program "$tmp/late" -s 16 -t 3000 --param tol=1e-4 >"$tmp/late.log" 2>&1
rc=$?
[ $rc = 1 ] && grep -q "^check: iterations until the residual converged: user [0-9]* program [0-9]* FAIL$" "$tmp/late.log" && ok ||
  no "check of the late program: exit $rc, want 1 and a FAIL on the step count" "$(grep '^check' "$tmp/late.log")"
[ -z "$(ls "$tmp/t")" ] || [ "$(ls "$tmp/t" | wc -l)" = 1 ] && ok || no "temporary folders left after the PASSes: $(ls "$tmp/t")"

# What info recognised.
"$STENCILC" info $c/converge_jacobi_l2_sum_squares.c | grep -q "^converge     while sqrt(residual) > tol, norm = sum of (new - old)^2 over the sweep's cells, counter iter$" && ok || no "info of the sum of squares"
"$STENCILC" info $c/converge_rod_uncapped.c | grep -q "^converge     while residual > 0.0001, change = max |new - old| over the sweep's cells, no cap, counter sweeps$" && ok || no "info of the uncapped loop"
"$STENCILC" info $c/converge_do_while_max_macro.c | grep -q "^steps        maxit (the cap)$" && ok || no "info of the cap"

# Refusals: the backends that do not generate them, the library, rewrite.
for b in naive n5d 25d ssam; do
  "$STENCILC" gen $c/converge_laplace2d_tutorial.c --backend $b -o "$tmp/x.cu" 2>"$tmp/err"
  rc=$?
  [ $rc = 2 ] && [ ! -e "$tmp/x.cu" ] && grep -q "convergence loops are generated by --backend cpu only" "$tmp/err" && ok ||
    no "gen --backend $b of a convergence loop: exit $rc: $(cat "$tmp/err")"
done
# gen --api and rewrite take them with the cpu backend (tests/test_api.sh, tests/test_rewrite.sh
# check what they compute); rewrite for a CUDA target refuses at the loop.
"$STENCILC" gen --api $c/converge_laplace2d_tutorial.c --backend cpu -o "$tmp/lib" 2>"$tmp/err" &&
  grep -q "^int lib_run(double \*buf0, double \*buf1, long e0, long e1, double tol, long max_iter,$" "$tmp/lib.h" && ok ||
  no "gen --api of a convergence loop: $(cat "$tmp/err")"
"$STENCILC" rewrite $c/converge_laplace2d_tutorial.c --target cuda -o "$tmp/r.c" 2>"$tmp/err"
[ $? = 2 ] && [ ! -e "$tmp/r.c" ] && grep -q "converge_laplace2d_tutorial.c:7:1: error: .*rewrite --target cuda does not take it, the library of a convergence loop is generated by the cpu backend only" "$tmp/err" && ok ||
  no "rewrite --target cuda of a convergence loop: $(cat "$tmp/err")"

summary converge
