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
#  - the same through tools/cudaemu with --backend naive, whose kernel reduces the residual on the
#    device; naive programs with a residual half the user's (max and sum of squares) or the
#    tolerance off fail the check on the step count, one that sums the squares again in the
#    user's order at every step passes; a tolerance at the residual of step 50 exactly (max, and
#    the sum of squares, which the device's order cannot decide) stops both at step 50;
#  - the residual computed every K steps only (a block after the sweep: if (iter % 10 == 0)
#    { err = 0; <its nest> }), with the cpu and the naive backend, whose loop reduces and reads
#    back the residual on those steps alone: a naive program computing it on other steps fails
#    the check on the step count; a residual starting at 10 tol or 2 tol + 1 (at tol = 0 or -1
#    no step runs, as in the user's loop);
#  - --backend auto takes naive's best for a program (gen, run: the CPU path without a GPU), and
#    the cpu backend for gen --api;
#  - info (and info --json) shows what it recognised; model ranks naive alone and says why, and
#    model --backend n5d says that it refuses; the other backends (n5d, 25d, ssam), naive with tiles of
#    several cells, --mpi (each rank would stop at its own part's residual) and rewrite for a
#    CUDA target refuse clearly; gen --api and rewrite take it with the cpu backend.
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
converges print-error $c/converge_laplace2d_print_error.c 3000 -s 16x21 --param tol=1e-4
converges argv-tol tests/rewrite/converge_laplace2d_argv_tol.c 3000 --param tol=1e-2
# the residual computed every K steps only (if (iter % 10 == 0) { err = 0; <its nest> }),
# K counted from the counter's start ((it + 1) % 5 with it from 1; !(k % 4) in a do loop)
converges every-10 $c/converge_laplace2d_every_k.c 3000 -s 16 --param tol=1e-4
converges every-10-rect $c/converge_laplace2d_every_k.c 3000 -s 12x21 --param tol=3e-4
converges every-5-l2-swap $c/converge_poisson_every_l2_swap.c 3000 -s 13x17 --param tol=1e-3
converges every-4-do-3d $c/converge_jacobi3d_every_do.c 3000 --param eps=1e-3
# the residual starting at 10 tol (a multiple of the run-time tolerance)
converges start-10-tol $c/converge_heat_start_tol_multiple.c 100000 -s 20 --param tol=1e-4
# The same through tools/cudaemu with --backend naive: the residual reduced on the device (max
# by atomics on its bits, the sum of squares proven or summed again in the user's order).
converges naive-laplace2d $c/converge_laplace2d_tutorial.c 3000 -s 16 --param tol=1e-4 --backend naive
converges naive-laplace2d-rect $c/converge_laplace2d_tutorial.c 3000 -s 12x21 --param tol=3e-4 --backend naive
converges naive-swap-if $c/converge_poisson_swap_if_max.c 3000 -s 13x17 --param tol=1e-4 --backend naive
converges naive-do-max-macro $c/converge_do_while_max_macro.c 3000 --param eps=1e-3 --backend naive
converges naive-laplace3d $c/converge_laplace3d_for.c 1000 -s 12x14x16 --param tol=1e-3 --backend naive
converges naive-l2-sum-squares $c/converge_jacobi_l2_sum_squares.c 3000 -s 14 --param tol=1e-3 --backend naive
converges naive-rod-uncapped $c/converge_rod_uncapped.c 1000000 -s 20 --backend naive
converges naive-float $c/converge_jacobi_float.c 3000 -s 16 --param tol=1e-4 --backend naive
converges naive-residual-nest $c/converge_laplace_residual_nest.c 3000 -s 16x19 --param tol=1e-4 --backend naive
converges naive-every-10 $c/converge_laplace2d_every_k.c 3000 -s 16 --param tol=1e-4 --backend naive
converges naive-every-5-l2-swap $c/converge_poisson_every_l2_swap.c 3000 -s 13x17 --param tol=1e-3 --backend naive
converges naive-every-4-do-3d $c/converge_jacobi3d_every_do.c 3000 --param eps=1e-3 --backend naive
converges naive-start-10-tol $c/converge_heat_start_tol_multiple.c 100000 -s 20 --param tol=1e-4 --backend naive
# The program's RESULT line counts the steps its timed runs made, each from the same grid (a
# converged grid would stop at once), not the cap: on a grid that converges in a few hundred
# steps (check above: the user's loop), more than one step and fewer than the cap.
"$STENCILC" gen $c/converge_laplace2d_tutorial.c --backend cpu -o "$tmp/timed.c" 2>/dev/null &&
  cc -O2 -fopenmp -o "$tmp/timed" "$tmp/timed.c" -lm &&
  "$tmp/timed" -s 16 -t 3000 -r 3 --param tol=1e-4 >"$tmp/timed.log" 2>&1 &&
  n=$(sed -n 's/^RESULT .* steps=\([0-9]*\) reps=3 .*verify=PASS$/\1/p' "$tmp/timed.log") &&
  [ -n "$n" ] && [ "$n" -gt 1 ] && [ "$n" -lt 3000 ] && ok ||
  no "the RESULT line of a converging program: want 1 < steps < 3000" "$(grep RESULT "$tmp/timed.log")"
# the cap reached first: both stop there
TMPDIR=$tmp/t "$STENCILC" check $c/converge_laplace2d_tutorial.c -s 16 -t 40 --param tol=1e-4 >"$tmp/cap.log" 2>&1 &&
  grep -q "^check: iterations until the residual converged: user 40 program 40 PASS$" "$tmp/cap.log" && ok ||
  no "check at the cap" "$(grep '^check' "$tmp/cap.log")"
# err = 1.0 is not above tol = 2: the while loop runs no step (the do loop one)
TMPDIR=$tmp/t "$STENCILC" check $c/converge_laplace2d_tutorial.c -s 16 -t 40 --param tol=2 >"$tmp/none.log" 2>&1 &&
  grep -q "^check: iterations until the residual converged: user 0 program 0 PASS$" "$tmp/none.log" && ok ||
  no "check with the residual below the tolerance at the start" "$(grep '^check' "$tmp/none.log")"
# err = 10 tol is not above tol = 0 (nor -1): no step, as the user's loop computes its start
for t in 0 -1; do
  TMPDIR=$tmp/t "$STENCILC" check $c/converge_heat_start_tol_multiple.c -s 20 -t 40 --param tol=$t >"$tmp/none.log" 2>&1 &&
    grep -q "^check: iterations until the residual converged: user 0 program 0 PASS$" "$tmp/none.log" && ok ||
    no "check with the residual's start 10 tol at tol=$t" "$(grep '^check' "$tmp/none.log")"
done
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

# naive programs changed by hand (sed, one line each), built through cudaemu: a residual that
# is half the user's in the kernel (max |new - old| and the sum of squares), and a tolerance
# off in the host's test. Each passes its own check (its reference makes its steps); check
# fails each on the step count: the user's loop is the oracle. The sum of squares summed
# again in the user's order at every step (the exact path, taken only where the device's sum
# cannot decide the test) passes.
wrong_naive() { # NAME FILE SED PARAM CHECK-ARGS...: the program generated with --param PARAM
  _name=$1 _file=$2 _sed=$3 _param=$4; shift 4
  set -- --param "$_param" "$@"
  "$STENCILC" gen "$_file" --backend naive --param "$_param" -o "$tmp/$_name-good.cu" 2>/dev/null || no "gen $_name"
  sed "$_sed" "$tmp/$_name-good.cu" >"$tmp/$_name.cu"
  [ "$(diff "$tmp/$_name-good.cu" "$tmp/$_name.cu" | grep -c '^>')" = 1 ] || no "$_name: the sed did not change one line"
  emu_build "$tmp/$_name.cu" "$tmp/$_name" || no "building $_name"
  "$tmp/$_name" -t 3000 -r 1 "$@" 2>&1 | grep -q 'verify=PASS' || no "$_name should pass its own check"
  TMPDIR=$tmp/t "$STENCILC" check "$_file" --program "$tmp/$_name" -t 3000 "$@" >"$tmp/$_name.log" 2>&1
}
failed_steps() { # NAME RC
  [ "$2" = 1 ] && grep -q "^check: iterations until the residual converged: user [0-9]* program [0-9]* FAIL$" "$tmp/$1.log" && ok ||
    no "check of $1: exit $2, want 1 and a FAIL on the step count" "$(grep '^check' "$tmp/$1.log")"
}
wrong_naive half-max $c/converge_laplace2d_tutorial.c 's/^    r = fmax(r, fabs(dv));$/    r = fmax(r, 0.5 * fabs(dv));/' tol=1e-4 -s 16
failed_steps half-max $?
wrong_naive tol-off $c/converge_laplace2d_tutorial.c 's/^  while (k < steps \&\& r > tol) {$/  while (k < steps \&\& r > 2 * tol) {/' tol=1e-4 -s 16
failed_steps tol-off $?
wrong_naive half-sum $c/converge_jacobi_l2_sum_squares.c '0,/^    r = __dadd_rn(r, __dmul_rn(dv, dv));$/s//    r = __dadd_rn(r, __dmul_rn(dv, 0.5 * dv));/' tol=1e-3 -s 14
failed_steps half-sum $?
wrong_naive exact-sum $c/converge_jacobi_l2_sum_squares.c 's/^  if (!conv_sum_decides(r, tol, g)) {$/  if (1) {/' tol=1e-3 -s 14
rc=$?
[ $rc = 0 ] && grep -q "^check: iterations until the residual converged: user \([0-9]*\) program \1 PASS$" "$tmp/exact-sum.log" && ok ||
  no "check of the sum in the user's order at every step: exit $rc" "$(grep '^check' "$tmp/exact-sum.log")"

# Every 10 steps: naive's loop reduces and reads back the residual on the steps that compute it
# alone (the plain sweep on the others); a program computing it on the steps after those, or on
# every step, passes its own check, and check fails it on the step count.
"$STENCILC" gen $c/converge_laplace2d_every_k.c --backend naive -o "$tmp/every.cu" 2>/dev/null &&
  [ "$(grep -c 'conv_step(buf\[src\]' "$tmp/every.cu")" = 1 ] &&
  grep -B1 '^      r = conv_step(buf\[src\], buf\[1 - src\], g, tol);$' "$tmp/every.cu" | grep -q '^    if ((k + 0L) % 10L == 0L) {' &&
  grep -A2 '^      r = conv_step(' "$tmp/every.cu" | grep -q '^      stencil_step(buf\[src\], buf\[1 - src\], g);' && ok ||
  no "naive's loop of a residual every 10 steps" "$(grep -n -A12 'static int stencil_advance(rt_real' "$tmp/every.cu" | tail -12)"
wrong_naive every-shifted $c/converge_laplace2d_every_k.c 's/^    if ((k + 0L) % 10L == 0L) {/    if ((k + 1L) % 10L == 0L) {/' tol=1e-4 -s 16
failed_steps every-shifted $?
wrong_naive every-step $c/converge_laplace2d_every_k.c 's/^    if ((k + 0L) % 10L == 0L) {/    if (1) {/' tol=1e-4 -s 16
failed_steps every-step $?

# The tolerance at the residual of step 50 exactly, as the user's loop computes it (the cpu
# program's, in the user's order, printed by a line added after it; its first run is at the
# size check dumps): the loop's test (max > tol, or sqrt(sum) > tol) is false there for the first
# time, and it stops at step 50; the naive program stops there too, the sum of squares (the
# device's order too close to the tolerance to decide) summed again in the user's order.
at_step_50() { # NAME FILE PRINTED SIZE
  "$STENCILC" gen "$2" --backend cpu -o "$tmp/$1-cpu.c" 2>/dev/null || no "gen $1 --backend cpu"
  sed "s|^    r = conv_residual(e->buf\[src\], e->buf\[1 - src\], &e->g);\$|&\n    fprintf(stderr, \"residual %ld %.17g\\\\n\", k + 1, $3);|" \
    "$tmp/$1-cpu.c" >"$tmp/$1-print.c"
  cc -O2 -fopenmp -o "$tmp/$1-print" "$tmp/$1-print.c" -lm || no "building $1's printing program"
  _tol=$("$tmp/$1-print" -s "$4" -t 60 -r 1 --param tol=0 2>&1 | sed -n 's/^residual 50 //p' | head -1)
  TMPDIR=$tmp/t "$STENCILC" check "$2" --backend naive -s "$4" -t 3000 --param "tol=$_tol" >"$tmp/$1.log" 2>&1
  _rc=$?
  [ $_rc = 0 ] && grep -q "^check: iterations until the residual converged: user 50 program 50 PASS$" "$tmp/$1.log" && ok ||
    no "check of $1 at tol=$_tol: exit $_rc, want the 50 steps of both" "$(grep '^check' "$tmp/$1.log")"
}
at_step_50 at-50-max $c/converge_laplace2d_tutorial.c r 16
at_step_50 at-50-sum $c/converge_jacobi_l2_sum_squares.c 'sqrt(r)' 14

# What info recognised.
"$STENCILC" info $c/converge_jacobi_l2_sum_squares.c | grep -q "^converge     while sqrt(residual) > tol, norm = sum of (new - old)^2 over the sweep's cells, counter iter$" && ok || no "info of the sum of squares"
"$STENCILC" info $c/converge_rod_uncapped.c | grep -q "^converge     while residual > 0.0001, change = max |new - old| over the sweep's cells, no cap, counter sweeps$" && ok || no "info of the uncapped loop"
"$STENCILC" info $c/converge_do_while_max_macro.c | grep -q "^steps        maxit (the cap)$" && ok || no "info of the cap"
"$STENCILC" info $c/converge_poisson_every_l2_swap.c | grep -q "^converge     while sqrt(residual) > tol, norm = sum of (new - old)^2 over the sweep's cells, counter it, computed every 5 steps (step k from 0 when (k + 2) % 5 == 0)$" && ok || no "info of the residual every 5 steps"

# info --json: the residual's kind, the tolerance's name (or constant), the cap.
"$STENCILC" info --json $c/converge_jacobi_l2_sum_squares.c | python3 -c 'import json, sys
c = json.load(sys.stdin)["converge"]
sys.exit(not (c["residual"] == "sum_squares" and c["variable"] == "norm" and c["tol"] == "tol" and
              c["cap"] == "maxit" and c["counter"] == "iter" and c["test"] == "sqrt(residual) > tol"))' && ok ||
  no "info --json of the sum of squares"
"$STENCILC" info --json $c/converge_rod_uncapped.c | python3 -c 'import json, sys
c = json.load(sys.stdin)["converge"]
sys.exit(not (c["residual"] == "max_abs" and c["tol"] == 0.0001 and c["cap"] is None))' && ok ||
  no "info --json of the uncapped loop"
"$STENCILC" info --json $c/converge_poisson_every_l2_swap.c | python3 -c 'import json, sys
c = json.load(sys.stdin)["converge"]
sys.exit(not (c["check_every"] == 5 and c["first"] == "2 * tol + 1"))' && ok ||
  no "info --json of the residual every 5 steps, from 2 tol + 1"
"$STENCILC" info --json examples/j2d5pt.c | python3 -c 'import json, sys
sys.exit(json.load(sys.stdin)["converge"] is not None)' && ok || no "info --json of a fixed step count"

# model: only naive's candidates, and a line that says why; a backend that refuses says so.
"$STENCILC" model $c/converge_laplace2d_tutorial.c -s 256 >"$tmp/model.out" 2>&1
[ $? = 0 ] && grep -q "^note: the time loop runs until the residual 'error' drops to the tolerance: convergence loops are generated by .*naive.* only, so the ranking leaves out n5d, 25d, ssam" "$tmp/model.out" &&
  [ "$(grep -c '^ *[0-9][0-9]*  naive ' "$tmp/model.out")" -ge 1 ] && [ "$(grep -c '^ *[0-9][0-9]*  ' "$tmp/model.out")" = "$(grep -c '^ *[0-9][0-9]*  naive ' "$tmp/model.out")" ] && ok ||
  no "model of a convergence loop" "$(cat "$tmp/model.out")"
# the predictions count the read-back of each step that computes the residual: fewer with one
# step in 10, so the same candidate is predicted faster
"$STENCILC" model $c/converge_laplace2d_every_k.c -s 256 >"$tmp/every.model" 2>&1
"$STENCILC" model $c/converge_laplace2d_tutorial.c -s 256 >"$tmp/all.model" 2>&1
every=$(sed -n 's/^ *1  naive  *--block 1x32  *\([0-9.]*\) .*/\1/p' "$tmp/every.model")
all=$(sed -n 's/^ *1  naive  *--block 1x32  *\([0-9.]*\) .*/\1/p' "$tmp/all.model")
grep -q "^note: .*the predictions count, beside the sweep, the residual's read-back after each step that computes it (one step in 10, as the source): [0-9]* us each" "$tmp/every.model" &&
  grep -q "^note: .*(every step): [0-9]* us each.*--backend auto (gen, run) takes the best of them, rewrite and gen --api the cpu backend" "$tmp/all.model" &&
  [ -n "$every" ] && [ -n "$all" ] && python3 -c "import sys; sys.exit(not ($every > 2 * $all))" && ok ||
  no "model of a residual every 10 steps: $every GCells/s against $all every step" "$(head -3 "$tmp/every.model")"
# --backend auto: naive's best for a program (gen; run builds it and runs the CPU path without a
# GPU), the cpu backend for the library (gen --api, rewrite)
"$STENCILC" gen $c/converge_laplace2d_tutorial.c -o "$tmp/auto.cu" 2>"$tmp/auto.err" &&
  grep -q "^stencilc: --backend auto: model's best for h200 (not tuned): --backend naive" "$tmp/auto.err" &&
  grep -q "naive_conv_kernel" "$tmp/auto.cu" && ok || no "gen --backend auto of a convergence loop: $(cat "$tmp/auto.err")"
"$STENCILC" gen --api $c/converge_laplace2d_tutorial.c -o "$tmp/autolib" 2>"$tmp/auto.err" && [ -e "$tmp/autolib.c" ] && ok ||
  no "gen --api --backend auto of a convergence loop: $(cat "$tmp/auto.err")"
TMPDIR=$tmp/t "$STENCILC" run $c/converge_laplace2d_tutorial.c -s 16 -t 3000 -r 1 --param tol=1e-4 >"$tmp/run.log" 2>&1 &&
  n=$(sed -n 's/^RESULT .* steps=\([0-9]*\) reps=1 .*verify=PASS$/\1/p' "$tmp/run.log") && [ -n "$n" ] && [ "$n" -lt 3000 ] && ok ||
  no "run --backend auto of a convergence loop (naive, or the CPU path without a GPU)" "$(tail -5 "$tmp/run.log")"
"$STENCILC" model $c/converge_laplace2d_tutorial.c --backend n5d >"$tmp/model.out" 2>&1
[ $? = 2 ] && grep -q "it refuses the stencil (n5d: the time loop runs until the residual 'error' drops" "$tmp/model.out" && ok ||
  no "model --backend n5d of a convergence loop" "$(cat "$tmp/model.out")"
"$STENCILC" model examples/j2d5pt.c -s 256 | grep -q "^note: the time loop runs" && no "model of a fixed step count notes a convergence loop" || ok

# Refusals: the backends that do not generate them (at the loop's line, with the two that do),
# naive's tiles of several cells (its kernel reduces one cell's residual per thread), the
# library, rewrite.
for b in n5d 25d ssam; do
  "$STENCILC" gen $c/converge_laplace2d_tutorial.c --backend $b -o "$tmp/x.cu" 2>"$tmp/err"
  rc=$?
  [ $rc = 2 ] && [ ! -e "$tmp/x.cu" ] &&
    grep -q "^tests/check/converge_laplace2d_tutorial.c:[0-9]*:[0-9]*: error: $b: .*convergence loops are generated by --backend cpu and naive only" "$tmp/err" &&
    grep -q "^  hint: use --backend cpu or naive" "$tmp/err" && ok ||
    no "gen --backend $b of a convergence loop: exit $rc: $(cat "$tmp/err")"
done
"$STENCILC" gen $c/converge_laplace2d_tutorial.c --backend naive --outputs 2x1 -o "$tmp/x.cu" 2>"$tmp/err"
rc=$?
[ $rc = 2 ] && [ ! -e "$tmp/x.cu" ] && grep -q "error: naive: --outputs of 2 cells per thread with a convergence loop" "$tmp/err" && ok ||
  no "gen --backend naive --outputs 2x1 of a convergence loop: exit $rc: $(cat "$tmp/err")"
for b in cpu naive; do
  "$STENCILC" gen $c/converge_laplace2d_tutorial.c --backend $b --mpi -o "$tmp/x.c" 2>"$tmp/err"
  rc=$?
  [ $rc = 2 ] && [ ! -e "$tmp/x.c" ] && grep -q "^tests/check/converge_laplace2d_tutorial.c:[0-9]*:[0-9]*: error: $b: --mpi with a convergence loop: each rank would stop at the residual of its own part" "$tmp/err" && ok ||
    no "gen --backend $b --mpi of a convergence loop: exit $rc: $(cat "$tmp/err")"
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
