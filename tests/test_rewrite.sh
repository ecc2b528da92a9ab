#!/bin/sh
# stencilc rewrite on complete programs (tests/rewrite/*.c, written as real codes are: benchmark
# harnesses that check the region against their own loop, programs printing checksums, grids of
# row pointers in one block (the library) or a row apart (the loop as written); single
# stencils, some reading run-time scalars (a parameter, a local dt c^2 / h^2, run-time locals
# from atof, sscanf and the grid size), and stencil
# programs: the acoustic wave with a velocity grid in the three-level and the leapfrog forms, its
# finite-difference weights computed at run time and passed as an array (or a 3x3 mask),
# variable-coefficient heat with a scalar, FDTD 2D, a sponge's 1D damping profiles passed by name, a sweep through fma() under loop hints). Each is
# compiled and run as written (the oracle: the user's own code), then rewritten for --target cpu
# (built with cc) and --target cuda (the backend its `cuda-backend:` line names, built through
# tools/cudaemu), and the rewritten program must print the same lines, numbers within 1e-4
# relative (prints and snapshots in the time loop included: the library runs in chunks between
# them). A program's `stencilc:` line gives the flags rewrite needs, each of its `run:` lines
# the arguments of one run (odd and even step counts: which buffer a pointer ends on). A
# `target: cpu` line (convergence loops, whose library only the cpu backend generates) skips the
# cuda rewrite, which must then refuse at the loop and write nothing; `compare: exact` asks for
# the same bytes (the iterations and the residual printed in full). Then the refusals: no -o, -o naming the input, a target and backend that disagree, a time loop inside #pragma omp parallel,
# a stencil program for a backend that does not take programs.
. "$(dirname "$0")/lib.sh"
make_tmp

# same_output WANT GOT: the same words, numbers within 1e-4 relative (1e-4 absolute near 0)
same_output() {
  awk 'NR == FNR { want[FNR] = $0; n = FNR; next }
       { got[FNR] = $0; m = FNR }
       END {
         if (n != m) { print "line count " m ", want " n; exit 1 }
         for (l = 1; l <= n; l++) {
           nw = split(want[l], w, /[ \t]+/); ng = split(got[l], g, /[ \t]+/);
           if (nw != ng) { print "line " l ": " got[l] " / want " want[l]; exit 1 }
           for (k = 1; k <= nw; k++) {
             if (w[k] == g[k]) continue;
             if (w[k] !~ /^[-+]?[0-9.]+([eE][-+]?[0-9]+)?,?$/) { print "line " l ": " got[l] " / want " want[l]; exit 1 }
             d = w[k] - g[k]; if (d < 0) d = -d
             s = w[k] < 0 ? -w[k] : w[k]; if (s < 1) s = 1
             if (d > 1e-4 * s) { print "line " l ": " got[l] " / want " want[l]; exit 1 }
           }
         }
       }' "$1" "$2"
}

# compare NAME TARGET EXE: EXE prints what the original prints for each `run:` line (one run
# without arguments when there is none)
compare() {
  sed -n 's/^ \* run: //p' "$src" >"$d/runs"
  [ -s "$d/runs" ] || echo >"$d/runs"
  while IFS= read -r args; do
    if ! "$d/orig" $args >"$d/want" 2>/dev/null; then no "$1: the original fails with '$args'"
    elif ! "$3" $args >"$d/got" 2>/dev/null; then no "$1: the $2 rewrite fails with '$args': $(tail -3 "$d/got")"
    elif [ "$exact" = exact ] && ! cmp -s "$d/want" "$d/got"; then
      no "$1: $2 prints other bytes with '$args': $(diff "$d/want" "$d/got" | head -4)"
    elif [ "$exact" = exact ] || diff=$(same_output "$d/want" "$d/got"); then ok
    else no "$1: $2 prints another result with '$args': $diff"; fi
  done <"$d/runs"
}

for src in tests/rewrite/*.c; do
  name=$(basename "$src" .c)
  d=$tmp/$name
  mkdir -p "$d"
  flags=$(sed -n 's/^ \* stencilc: //p' "$src")
  backend=$(sed -n 's/^ \* cuda-backend: //p' "$src")
  target=$(sed -n 's/^ \* target: //p' "$src")
  exact=$(sed -n 's/^ \* compare: //p' "$src")
  if ! cc -std=gnu11 -O1 -o "$d/orig" "$src" -lm >"$d/orig.log" 2>&1; then
    no "$name: the original does not build: $(head -3 "$d/orig.log")"; continue
  fi
  # --target cpu
  if ! "$STENCILC" rewrite "$src" -o "$d/cpu.c" --target cpu $flags >"$d/rw.log" 2>&1; then
    no "$name: rewrite --target cpu: $(head -3 "$d/rw.log")"
  elif ! cc -std=gnu11 -O1 -fopenmp -o "$d/cpu" "$d/cpu.c" "$d/cpu_stencil.c" -lm >"$d/cpu.log" 2>&1; then
    no "$name: the cpu rewrite does not build: $(head -5 "$d/cpu.log")"
  else compare "$name" "--target cpu" "$d/cpu"; fi
  # --target cuda, through cudaemu
  if [ "$target" = cpu ]; then
    "$STENCILC" rewrite "$src" -o "$d/gpu.c" --target cuda $flags >"$d/rw.log" 2>&1
    rc=$?
    if [ $rc = 2 ] && [ ! -e "$d/gpu.c" ] && grep -q "^$src:[0-9]*:[0-9]*: error: .*cpu backend only" "$d/rw.log"; then ok
    else no "$name: rewrite --target cuda: exit $rc, want a refusal: $(head -3 "$d/rw.log")"; fi
  elif ! "$STENCILC" rewrite "$src" -o "$d/gpu.c" --backend "${backend:-naive}" $flags >"$d/rw.log" 2>&1; then
    no "$name: rewrite --target cuda: $(head -3 "$d/rw.log")"
  elif ! emu_build "$d/gpu_stencil.cu" "$d/gpu_stencil.o" -c >"$d/gpu.log" 2>&1 ||
       ! cc -std=gnu11 -O1 -c -o "$d/gpu.o" "$d/gpu.c" >>"$d/gpu.log" 2>&1 ||
       ! g++ -fopenmp -o "$d/gpu" "$d/gpu.o" "$d/gpu_stencil.o" -lm >>"$d/gpu.log" 2>&1; then
    no "$name: the cuda rewrite does not build: $(head -5 "$d/gpu.log")"
  else compare "$name" "--target cuda (${backend:-naive})" "$d/gpu"; fi
done

# The rewritten file is the user's, but for the region: the text before and after it unchanged.
src=tests/rewrite/heat3d_timedim.c
"$STENCILC" rewrite "$src" -o "$tmp/h.c" --target cpu >/dev/null 2>"$tmp/h.err"
# --target cpu: the cpu backend, and no word of a GPU backend that auto would have picked
if grep -q 'backend auto\|n5d\|naive' "$tmp/h.err"; then no "rewrite --target cpu names a GPU choice: $(cat "$tmp/h.err")"
else ok; fi
if grep -q 'int main(int argc, char \*\*argv) {' "$tmp/h.c" && grep -q 'h_stencil_run_levels(' "$tmp/h.c" &&
  ! grep -q 'u\[(t + 1) % 2\]' "$tmp/h.c" && [ "$(tail -5 "$tmp/h.c")" = "$(tail -5 "$src")" ]; then ok
else no "the rewritten file is not the input with the region replaced"; fi

# PolyBench's A[N][N] swept by i < n - 1: the library is called when n == N, the loop as written
# runs otherwise (the runs above take both ways: their outputs match the original's).
src=tests/rewrite/jacobi2d_polybench4_bound.c
"$STENCILC" rewrite "$src" -o "$tmp/pb.c" --target cpu --function kernel_jacobi_2d >/dev/null 2>&1
if grep -A4 '^ *if ((long)(n) == 90L) { /\* stencilc rewrite' "$tmp/pb.c" | grep -q 'pb_stencil_run_levels(' &&
  grep -A3 '^ *} else {$' "$tmp/pb.c" | grep -q 'for (t = 0; t < _PB_TSTEPS; t++) {'; then ok
else no "the PolyBench-form rewrite does not guard the call with n == N: $(grep -n 'if (\|else' "$tmp/pb.c")"; fi

# tests/bad/rewrite/*.c: forms every command takes but rewrite refuses, at the place and with
# the message and hint of the file's first two lines (as tests/bad/, test_diagnostics.sh), writing
# nothing.
for f in tests/bad/rewrite/*.c; do
  want="$f:$(head -1 "$f" | sed 's#^// expect: ##')"
  hint=$(sed -n '2s#^// hint: #  hint: #p' "$f")
  rm -f "$tmp/bad.c" "$tmp/bad_stencil.c" "$tmp/bad_stencil.h"
  "$STENCILC" rewrite "$f" --target cpu -o "$tmp/bad.c" >"$tmp/bad.log" 2>&1
  rc=$?
  if [ $rc = 2 ] && grep -qF -- "$want" "$tmp/bad.log" && grep -qF -- "${hint:-  hint: }" "$tmp/bad.log" &&
    [ ! -e "$tmp/bad.c" ] && [ ! -e "$tmp/bad_stencil.c" ]; then ok
  else no "$f: rewrite exit $rc, expected '$want' and its hint: $(cat "$tmp/bad.log")"; fi
done

# Run-time locals (set once before the time loop from atof and from the size) are passed by
# name to the call; the library's header takes them as arguments of those names, r derived.
"$STENCILC" rewrite tests/rewrite/heat2d_argv_coefficient.c --target cpu -o "$tmp/rl.c" >/dev/null 2>&1
if grep -q 'rl_stencil_run_levels((double \*)(u), (double \*)(un), (long)(n), (long)(n), stencilc_steps, alpha, dt, dx);' "$tmp/rl.c" &&
  grep -q '^int rl_stencil_run(double \*buf0, double \*buf1, long e0, long e1, long steps, double alpha, double dt, double dx);$' "$tmp/rl_stencil.h"; then ok
else no "the run-time locals are not passed by name: $(grep -n '_run' "$tmp/rl.c" "$tmp/rl_stencil.h")"; fi

# A convergence loop's call: the tolerance and the cap in, the counter and the residual set after
# it; the loop itself gone.
"$STENCILC" rewrite tests/rewrite/converge_laplace2d_while.c --function laplace -o "$tmp/cv.c" >/dev/null 2>&1
if grep -q 'cv_stencil_run((double \*)(A), NULL, (long)(n), (long)(m), tol, stencilc_steps, &stencilc_iterations, &stencilc_residual);' "$tmp/cv.c" &&
  grep -q '^    if (stencilc_steps > 0) error = stencilc_residual;$' "$tmp/cv.c" &&
  grep -q '^    iter = 0L + stencilc_steps;$' "$tmp/cv.c" && ! grep -q 'while (error > tol' "$tmp/cv.c"; then ok
else no "the rewrite of a convergence loop: $(sed -n '/stencilc rewrite:/,/^  }/p' "$tmp/cv.c")"; fi

# Grids of row pointers (double **, double ***): the library steps them from their first cell
# when a test at run time finds each grid's rows in one block, one after the other; else the
# region runs as written (the runs above take both ways: laplace2d_row_pointers' "rows" runs
# allocate each row apart).
src=tests/rewrite/laplace2d_row_pointers.c
"$STENCILC" rewrite "$src" -o "$tmp/rp.c" --target cpu >/dev/null 2>&1
if grep -q 'stencilc_rows &= unew\[stencilc_i0\] == stencilc_next_unew;' "$tmp/rp.c" &&
  grep -q 'if (stencilc_rows) {' "$tmp/rp.c" && grep -q '^ *} else {$' "$tmp/rp.c" &&
  grep -q '_run_levels((double \*)(u\[0\]), (double \*)(unew\[0\])' "$tmp/rp.c"; then ok
else no "the row-pointer rewrite does not test the rows before the call: $(grep -n 'stencilc_rows\|_run' "$tmp/rp.c")"; fi
src=tests/rewrite/heat3d_f3tensor_swap.c
"$STENCILC" rewrite "$src" -o "$tmp/f3.c" --target cpu >/dev/null 2>&1
if grep -q 'stencilc_rows &= T\[stencilc_i0\]\[stencilc_i1\] == stencilc_next_T;' "$tmp/f3.c" &&
  grep -q '_run_levels((double \*)(T\[0\]\[0\]), (double \*)(Tn\[0\]\[0\])' "$tmp/f3.c"; then ok
else no "the 3D row-pointer rewrite does not test the rows before the call: $(grep -n 'stencilc_rows\|_run' "$tmp/f3.c")"; fi

cp tests/rewrite/global_fixed.c "$tmp/g.c"
expect 2 "rewrite without -o" "$STENCILC" rewrite "$tmp/g.c"
expect 2 "rewrite -o the input" "$STENCILC" rewrite "$tmp/g.c" -o "$tmp/g.c"
expect 2 "rewrite -o not a .c file" "$STENCILC" rewrite "$tmp/g.c" -o "$tmp/g.cu"
expect 2 "rewrite --target cpu --backend n5d" "$STENCILC" rewrite "$tmp/g.c" -o "$tmp/x.c" --target cpu --backend n5d
expect 2 "rewrite --target gpu" "$STENCILC" rewrite "$tmp/g.c" -o "$tmp/x.c" --target gpu
expect 2 "rewrite of a stencil program for n5d (no temporal blocking of programs)" \
  "$STENCILC" rewrite examples/programs/heat2d_var.c -o "$tmp/p.c" --backend n5d
# a time loop with a point source: the library has no source to read, so rewrite refuses it at
# the loop's line, naming the source, and writes nothing
"$STENCILC" rewrite tests/programs/acoustic2d_src.c -o "$tmp/s.c" >"$tmp/s.log" 2>&1
rc=$?
if [ $rc = 2 ] && [ ! -f "$tmp/s.c" ] &&
  grep -q "acoustic2d_src.c:7:1: error: stencilc rewrite does not replace a time loop with a point source ('wavelet' into 'p')" "$tmp/s.log"; then ok
else no "rewrite of a point source: exit $rc $(cat "$tmp/s.log")"; fi
# ... one whose value the time loop computes from its counter (Sullivan's Gaussian pulse)
"$STENCILC" rewrite tests/programs/fd1d_sullivan_pulse.c -o "$tmp/s.c" >"$tmp/s.log" 2>&1
rc=$?
if [ $rc = 2 ] && [ ! -f "$tmp/s.c" ] &&
  grep -q "fd1d_sullivan_pulse.c:13:1: error: stencilc rewrite does not replace a time loop with a point source (a value of the time step into 'ex')" "$tmp/s.log"; then ok
else no "rewrite of a point source computed from the counter: exit $rc $(cat "$tmp/s.log")"; fi
# a time loop with a boundary stage (Neumann edges set after the sweep): refused at its line
"$STENCILC" rewrite tests/programs/heat2d_neumann.c -o "$tmp/s.c" >"$tmp/s.log" 2>&1
rc=$?
if [ $rc = 2 ] && [ ! -f "$tmp/s.c" ] &&
  grep -q "heat2d_neumann.c:9:1: error: stencilc rewrite does not replace a time loop with a boundary stage" "$tmp/s.log"; then ok
else no "rewrite of a boundary stage: exit $rc $(cat "$tmp/s.log")"; fi
# a print between the sweep and the swap: the library's chunks end after a swap, so rewrite
# refuses it at the print's line (gen and check take it)
cat >"$tmp/between.c" <<'EOF'
#include <stdio.h>
void heat(int n, int nt, double *u, double *v) {
  for (int t = 0; t < nt; t++) {
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        v[i * n + j] = 0.25 * (u[(i - 1) * n + j] + u[(i + 1) * n + j] + u[i * n + j - 1] + u[i * n + j + 1]);
    if (t % 10 == 0) printf("%d %g\n", t, v[n + 1]);
    double *tmp = u;
    u = v;
    v = tmp;
  }
}
EOF
"$STENCILC" rewrite "$tmp/between.c" -o "$tmp/b.c" >"$tmp/s.log" 2>&1
rc=$?
if [ $rc = 2 ] && [ ! -f "$tmp/b.c" ] &&
  grep -q "between.c:7:5: error: stencilc rewrite cannot run this statement of the time loop between the library's chunks of steps: it stands between the sweep and the swap" "$tmp/s.log"; then ok
else no "rewrite of a print between the sweep and the swap: exit $rc $(cat "$tmp/s.log")"; fi
# ... copied back (Numerical Recipes' dmatrix, C89 counters): the interior copied from the first
# cell of one block to the other's
"$STENCILC" rewrite tests/check/relax_nr_copy_back.c -o "$tmp/rc.c" --target cpu >"$tmp/s.log" 2>&1
if grep -q 'if (stencilc_rows) {' "$tmp/rc.c" && grep -q '_run((double \*)(a\[0\]), NULL' "$tmp/rc.c" &&
  grep -q 'double \*stencilc_to = (double \*)(b\[0\]);' "$tmp/rc.c"; then ok
else no "rewrite of a copied-back grid of row pointers: $(cat "$tmp/s.log") $(grep -n 'stencilc_rows\|_run\|stencilc_to =' "$tmp/rc.c")"; fi
# a time loop inside #pragma omp parallel: every thread would call the library; refused at the
# pragma's line
for f in hotspot3d_omp:21 hotspot_omp_single:10; do
  "$STENCILC" rewrite "tests/programs/${f%:*}.c" -o "$tmp/o.c" --target cpu >"$tmp/s.log" 2>&1
  rc=$?
  if [ $rc = 2 ] && [ ! -f "$tmp/o.c" ] &&
    grep -q "${f%:*}.c:${f#*:}:1: error: the time loop lies in a #pragma omp parallel region" "$tmp/s.log"; then ok
  else no "rewrite of a time loop in a parallel region: exit $rc $(cat "$tmp/s.log")"; fi
done
if [ ! -f "$tmp/x.c" ] && [ ! -f "$tmp/p.c" ] && cmp -s "$tmp/g.c" tests/rewrite/global_fixed.c; then ok
else no "a refused rewrite wrote files or changed the input"; fi

# README, "Using stencilc in your program": its shell blocks, pasted as they are into a fresh
# folder with stencilc on PATH and an nvcc that builds through cudaemu, run without an error, and
# every program they build prints the original's line.
mkdir -p "$tmp/readme/bin"
ln -s "$PWD/$STENCILC" "$tmp/readme/bin/stencilc"
cat >"$tmp/readme/bin/nvcc" <<EOF
#!/bin/sh
out= src= objs=
while [ \$# -gt 0 ]; do case \$1 in -o) out=\$2; shift ;; *.cu) src=\$1 ;; *.o) objs="\$objs \$1" ;; esac; shift; done
if [ -n "\$src" ]; then exec sh "$PWD/tools/cudaemu/build.sh" "\$src" "\${out:-\$(basename "\${src%.cu}").o}" -O0 -c; fi
exec g++ -fopenmp -o "\$out" \$objs -lm
EOF
chmod +x "$tmp/readme/bin/nvcc"
awk '/^## Using stencilc in your program/ { on = 1; next } on && /^## / { on = 0 }
     on && /^```sh$/ { code = 1; next } on && /^```$/ { code = 0; next } on && code' README.md >"$tmp/readme/blocks.sh"
if [ "$(grep -c 'stencilc rewrite\|stencilc gen' "$tmp/readme/blocks.sh")" -ge 4 ] &&
  (cd "$tmp/readme" && PATH="$tmp/readme/bin:$PATH" sh -e blocks.sh) >"$tmp/readme/out" 2>"$tmp/readme/err"; then
  grep temperature "$tmp/readme/out" >"$tmp/readme/lines"
  head -1 "$tmp/readme/lines" >"$tmp/readme/first"
  n=$(wc -l <"$tmp/readme/lines") bad=0
  while read -r line; do echo "$line" >"$tmp/readme/one"; same_output "$tmp/readme/first" "$tmp/readme/one" >/dev/null || bad=1; done <"$tmp/readme/lines"
  if [ "$n" -eq 5 ] && [ $bad -eq 0 ]; then ok; else no "README examples print different results: $(cat "$tmp/readme/lines")"; fi
else
  no "README examples fail: $(tail -3 "$tmp/readme/err")"
fi

summary rewrite
