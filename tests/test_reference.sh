#!/bin/sh
# The CPU reference (reference_step, its terms added chunk by chunk over a row, emit.c) against
# the same expression written cell by cell (the cpu backend's stencil_step) in double, where the
# two must agree bit for bit: the same operations in the same order for every cell. Stencils
# of every shape: first and high order, 1D to 3D, run-time weights, non-linear (sqrt, products),
# a top-level difference, a division at the top, a sum from 0 (conv2d); odd sizes that leave a
# partial chunk; compiled with -Wall -Wextra -Werror.
. "$(dirname "$0")/lib.sh"
make_tmp
cat >"$tmp/driver.c" <<'C'
#define main program_main
#include PROGRAM
#undef main
int main(int argc, char **argv) {
  if (argc != 4) return 2;
  long n[3] = {atol(argv[1]), atol(argv[2]), atol(argv[3])};
  RtOptions o;
  memset(&o, 0, sizeof o);
  o.seed = 5;
  for (int k = 0; k < rt_stencil.nscalars; k++) o.scalar[k] = rt_stencil.scalars[k].value;
  if (rt_stencil.nscalars) rt_stencil.derive(o.scalar);
  rt_setup_weights(&o);
  RtGrid g = rt_grid_make(&rt_stencil, n);
  rt_real *in = rt_alloc_grid(&g), *ref = rt_alloc_grid(&g), *cell = rt_alloc_grid(&g);
  rt_fill_random(in, g.cells, 5);
  memcpy(ref, in, (size_t)g.cells * sizeof *in);
  memcpy(cell, in, (size_t)g.cells * sizeof *in);
  reference_step(in, ref, &g);
  stencil_step(in, cell, &g);
  long differ = 0;
  for (long c = 0; c < g.cells; c++) differ += memcmp(&ref[c], &cell[c], sizeof *ref) != 0;
  printf("%ld of %ld cells differ\n", differ, g.cells);
  return differ != 0;
}
C
check() { # FILE SIZE0 SIZE1 SIZE2
  b=$tmp/$(basename "$1" .c)
  if "$STENCILC" gen "$1" --backend cpu --dtype double -o "$b.c" >/dev/null 2>"$b.err" &&
    cc -std=c11 -O2 -Wall -Wextra -Werror -fopenmp -DPROGRAM="\"$b.c\"" -o "$b" "$tmp/driver.c" -lm 2>>"$b.err" &&
    "$b" "$2" "$3" "$4" >"$b.out" 2>&1; then ok; else no "$1: $(cat "$b.err" "$b.out" 2>/dev/null | tail -3)"; fi
}
check examples/j2d5pt.c 300 37 1
check examples/star2d4r.c 41 517 1
check examples/box2d3r.c 29 300 1
check examples/gradient2d.c 33 257 1
check examples/j2d9pt-gol.c 31 90 1
check examples/conv2d-4x7.c 23 301 1
check examples/conv2d-5x5.c 19 260 1
check examples/star3d2r.c 9 11 300
check examples/box3d2r.c 7 13 259
check examples/fdd5.c 5 6 270
# runs of 32 terms and more are added from a table (emit.c, REF_TABLE_MIN): subtracted
# constants (fdd7), run-time weights (conv2d-11x11), 3D offsets (box3d3r)
check examples/fdd7.c 7 8 263
check examples/conv2d-11x11.c 23 270 1
check examples/box3d3r.c 7 9 261
check tests/inputs/heat1d_levels_r2.c 1000 1 1
check tests/inputs/heat2d_param_alpha.c 40 300 1
# ... in one loop over the table, not one loop per term: conv2d-20x20's reference (0 + 400 terms) has its first
# term's loop, the table's (over the terms and over the chunk) and the store's
"$STENCILC" gen examples/conv2d-20x20.c --backend cpu -o "$tmp/c20.c" >/dev/null 2>&1 &&
  [ "$(sed -n '/^static void reference_step/,/^}/p' "$tmp/c20.c" | grep -c 'for (')" -eq 5 ] &&
  grep -q 'rt_ref_t1\[400\]' "$tmp/c20.c" && ok || no "conv2d-20x20: the reference's 400 weighted terms not from one table"
summary reference
