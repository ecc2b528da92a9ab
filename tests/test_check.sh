#!/bin/sh
# stencilc check (issue 17, item 8): stencilc's program against the user's own code compiled by
# cc, on the same random input. The oracle is the user's loop, not stencilc's emitter:
#  - every example passes with the cpu backend, and a representative subset through
#    tools/cudaemu with naive and n5d (step counts that are no multiple of n5d's bT);
#  - a program whose kernel AND reference carry the same wrong coefficient passes its own check
#    but fails `check` (the built-in check cannot see it; the user's code can);
#  - the hand-written inputs of tests/check/ (VLA parameters, PolyBench-style loop counters,
#    a global array of #define'd size, anisotropic 3D sizes, C89 counters and an index declared
#    first and assigned in the loop body, on cpu and naive; the whole grid copied back with
#    memcpy or memmove; two grids picked by the step's parity, src = (t % 2 == 0) ? u : v, or by
#    an if on it into pointers declared in the loop or before it; the levels in an array of two
#    pointers, grid[cur], or taken from it, cur = grid[t & 1]; 2D and 3D grids of row pointers,
#    double ** and double ***; 1D coefficient arrays of one axis, kz[iz], inv_dx[i], 3D depth
#    profiles, a global float damp_x[NX], on cpu and naive) pass;
#  - every accepted input of tests/inputs/ passes with the cpu backend (with the C flags of its
#    '// check:' line, when it has one: -D sizes smaller than the source's), and a subset through
#    tools/cudaemu with naive (1D, copy-back 3D, pointer swap at radius 4) and n5d (a time loop
#    from 1, two sweeps per step, a 3D index macro) and naive (an index computed into a local,
#    row pointers, a grid padded with its halo swept 1 <= i <= n, a plane stride computed before
#    the time loop; a helper function called in the update, a 't != nt' time loop), radius and
#    filter loops over const coefficient tables (naive in 2D, n5d in 3D and on a 5x5 box) and
#    n5d (a sweep function called twice, the grids swapped) and naive (integer weight tables:
#    int, signed Sobel, unsigned char products, short with integer division) and values C
#    rounds to float inside double stencils (naive, n5d: a (float) update, float arithmetic of
#    float parameters, a float accumulator), an update through fma() (naive), loops under
#    #pragma GCC unroll / #pragma clang loop and a coefficient hoisted between the loops (n5d),
#    the inner loop a function called per row with pointers to the rows (naive);
#  - integer image grids compared exactly (tests/check: uint8 Gaussian / 16, uint16 5x5 box in
#    float rounded with + 0.5f, clamped float sharpen on uint8, an int field smoothed with a
#    shift) on cpu and naive, and a program whose kernel and reference both divide by 15 in
#    place of 16 fails;
#  - sizes or step counts that contradict the source are refused (exit 2), a failing compiler is
#    exit 3, and the temporary folder is gone after a PASS.
# Runs two checks at a time (CI has 2 cores).
. "$(dirname "$0")/lib.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$tmp/t"

# check_bg NAME ARGS...: stencilc check in the background, its log and exit code under $tmp.
check_bg() {
  _name=$1; shift
  (TMPDIR=$tmp/t "$STENCILC" check "$@" >"$tmp/$_name.log" 2>&1; echo $? >"$tmp/$_name.rc") &
  running=$((running + 1))
  if [ "$running" -ge 2 ]; then wait; running=0; fi
}
running=0

# passed NAME: the check exited 0 and printed the harness's PASS line.
passed() {
  if [ "$(cat "$tmp/$1.rc")" = 0 ] && grep -q "^check: user's code against the program: .* PASS$" "$tmp/$1.log"; then
    ok
  else
    no "check $1: exit $(cat "$tmp/$1.rc")" "$(tail -4 "$tmp/$1.log")"
  fi
}

# 1. Every example with the cpu backend.
for f in examples/*.c; do
  b=$(basename "$f" .c)
  case $b in *3d*|fdd*) s=12 ;; *) s=24 ;; esac
  check_bg "cpu-$b" "$f" -s $s -t 5
done
# 2. Through tools/cudaemu: naive and n5d on 2D and 3D stencils, weights included; 7 steps with
#    bT 4 and 5 steps with star3d2r's default bT 2 leave a shorter last launch.
check_bg naive-j2d5pt examples/j2d5pt.c --backend naive -s 24 -t 5
check_bg naive-star3d1r examples/star3d1r.c --backend naive -s 16 -t 4
check_bg naive-conv2d-3x3 examples/conv2d-3x3.c --backend naive -s 24x20 -t 3
check_bg n5d-j2d5pt examples/j2d5pt.c --backend n5d --bt 4 -s 24 -t 7
check_bg n5d-star3d2r examples/star3d2r.c --backend n5d -s 16 -t 5
# 3. The hand-written inputs.
check_bg hand-heat2d tests/check/heat2d_polybench.c -s 30 -t 6
check_bg hand-jacobi2d tests/check/jacobi2d_global.c
check_bg hand-heat3d tests/check/heat3d_aniso.c -s 9x11x14 -t 4
check_bg hand-blur2d tests/check/blur2d_radius2.c -s 17x23 -t 3
check_bg hand-heat2d-c89 tests/check/heat2d_c89_index.c -s 19x26 -t 4
check_bg hand-heat2d-c89-naive tests/check/heat2d_c89_index.c --backend naive -s 19x26 -t 3
check_bg hand-heat2d-double-as-float tests/check/heat2d_polybench.c --dtype float -s 21 -t 3
# the time loop in an OpenMP parallel region, the shared pointers swapped in omp master
check_bg hand-heat2d-omp-master tests/check/heat2d_omp_master.c -s 19x26 -t 5
# prints and snapshots in the time loop (left out of the check's copy of the region): a print
# under if (t % 10 == 0) beside A[(t + 1) % 2], a textbook solver's progress lines before and
# after the swap, and a stencil program writing snapshots through a const float * function
check_bg hand-levels-printf tests/check/heat_levels_printf.c -s 19 -t 12
check_bg hand-heat2d-progress tests/check/heat2d_progress.c --backend naive -s 23 -t 7
check_bg hand-acoustic-snapshots tests/check/acoustic2d_snapshots.c --function fwd2d -s 30 -t 9
# weights in array parameters that are no single stencil's filter (a pointer, two arrays, a
# product): a stencil program's run-time scalars W[k], the arrays rebuilt for the user's code
check_bg hand-weights-pointer tests/check/weights_pointer.c -s 19 -t 4
check_bg hand-weights-two-arrays tests/check/weights_two_arrays.c --backend naive -s 19 -t 3
check_bg hand-product-filter tests/check/product_filter_weights.c -s 19 -t 3
# integer image grids, compared exactly: a 3x3 Gaussian on uint8 with / 16, a 5x5 box on uint16
# averaged in float and rounded with + 0.5f, a clamped float sharpen on uint8, an int field
# smoothed with a shift over swapped levels; on cpu and naive (cudaemu)
for f in gauss3x3_u8 box5x5_u16 sharpen_u8_clamp smooth_int_shift; do
  case $f in sharpen*) s= ;; smooth*) s="-s 29" ;; *) s="-s 29x23" ;; esac
  check_bg "int-$f" tests/check/$f.c $s -t 4
  check_bg "int-naive-$f" tests/check/$f.c --backend naive $s -t 3
done
# the whole grid copied back with memcpy or memmove, halo included (SHOC's Stencil2D; a size
# n * n * sizeof *a; a float size_t local): both buffers hold one halo, so the copy-back
check_bg hand-shoc-memcpy tests/check/shoc_memcpy_copy_back.c -s 19x26 -t 4
check_bg hand-jacobi2d-memcpy-naive tests/check/jacobi2d_memcpy_sizeof.c --backend naive -s 21 -t 3
check_bg hand-heat1d-memmove tests/check/heat1d_memmove_float.c -s 300 -t 5
check_bg hand-shoc-stencil2d-n5d tests/rewrite/shoc_stencil2d_memcpy.c --backend n5d -s 24x30 -t 5
# two grids picked by the step's parity into pointers declared in the time loop, never swapped
# (t & 1 from t = 1 into const row pointers, through cudaemu; a toggled level index compared
# with 0; a flat heat code with different halos): the result is in the one the last step wrote
check_bg hand-jacobi2d-ternary-and tests/check/jacobi2d_ternary_and.c -s 19 -t 5
check_bg hand-jacobi2d-ternary-and-naive tests/check/jacobi2d_ternary_and.c --backend naive -s 19 -t 4
check_bg hand-heat1d-ternary-toggle tests/check/heat1d_ternary_toggle.c -s 300 -t 5
check_bg hand-heat2d-ternary-n5d tests/rewrite/heat2d_ternary_levels.c --backend n5d --bt 4 -s 24 -t 7
# the pick written as statements at the top of the step: an if on t % 2 == 0 (the pointers
# declared in the loop), if (it & 1) from it = 1 into pointers declared before the loop (3D), an
# if on a flag flipped each step, ternaries assigned to pointers declared before the loop; on
# cpu (odd and even step counts) and naive
check_bg hand-jacobi2d-if-parity tests/check/jacobi2d_if_parity.c -s 19 -t 5
check_bg hand-jacobi2d-if-parity-even tests/check/jacobi2d_if_parity.c -s 19 -t 4
check_bg hand-jacobi2d-if-parity-naive tests/check/jacobi2d_if_parity.c --backend naive -s 19 -t 3
check_bg hand-heat3d-if-odd-before tests/check/heat3d_if_odd_before.c -s 9x10x12 -t 4
check_bg hand-heat3d-if-odd-before-naive tests/check/heat3d_if_odd_before.c --backend naive -s 9x10x12 -t 3
# run-time locals as coefficients (set once before the time loop, given the program's value in
# the user's code): dx from the size and r from it (cpu, naive), a weight read by fscanf from a
# file (cpu, n5d), the wave equation's c2 = (c dt / dx)^2 from argv values in a stencil program
# (dx = 1 / (n - 1) and c2 computed by the user's code from the size and the values given to c
# and courant), 1D FDTD's two fields with courant read by sscanf and imp0 by atof
check_bg rtlocal-heat2d-dx tests/check/heat2d_dx_from_size.c -s 30 -t 6
check_bg rtlocal-heat2d-dx-naive tests/check/heat2d_dx_from_size.c --backend naive -s 23 -t 5 --param k=0.01 --param dt=0.001
check_bg rtlocal-jacobi3d-file tests/check/jacobi3d_weight_file.c
check_bg rtlocal-jacobi3d-file-n5d tests/check/jacobi3d_weight_file.c --backend n5d --param w=0.1
check_bg rtlocal-wave2d-argv tests/rewrite/wave2d_argv_courant.c --function main -s 30 -t 7 --param c=1 --param courant=0.5
check_bg rtlocal-fdtd1d-sscanf tests/check/fdtd1d_sscanf_courant.c -t 9 --param courant=1 --param imp0=377
check_bg hand-heat1d-flag-if tests/check/heat1d_flag_if.c -s 300 -t 5
check_bg hand-heat1d-flag-if-naive tests/check/heat1d_flag_if.c --backend naive -s 300 -t 4
check_bg hand-jacobi2d-ternary-before tests/check/jacobi2d_ternary_before.c -s 19x23 -t 4
check_bg hand-jacobi2d-ternary-before-naive tests/check/jacobi2d_ternary_before.c --backend naive -s 19x23 -t 5
check_bg hand-heat2d-if-parity-before-n5d tests/rewrite/heat2d_if_parity_before.c --backend n5d --bt 4 -s 24x27 -t 7
# time levels in an array of two pointers, grid[cur][i * ny + j] (a parameter double *grid[2];
# a local array set from the arguments, u[t % 2][i]; float *T[2] in 3D, indices swapped, on
# cpu and n5d): the driver points the entries at two levels
check_bg hand-pointer-array-levels tests/check/pointer_array_levels.c -s 20x23 -t 5
check_bg hand-pointer-array-levels-naive tests/check/pointer_array_levels.c --backend naive -s 20x23 -t 4
check_bg hand-heat1d-pointer-levels-local tests/check/heat1d_pointer_levels_local.c -s 200 -t 5
# the levels of an array of two pointers assigned to pointers at the top of each step
check_bg hand-heat2d-levels-assigned tests/check/heat2d_levels_assigned.c -s 17x22 -t 5
check_bg hand-heat2d-levels-assigned-even tests/check/heat2d_levels_assigned.c -s 17x22 -t 4
check_bg hand-heat2d-levels-assigned-naive tests/check/heat2d_levels_assigned.c --backend naive -s 17x22 -t 3
check_bg hand-relax1d-levels-assigned-before tests/check/relax1d_levels_assigned_before.c -s 100 -t 5
check_bg hand-heat3d-pointer-levels tests/check/heat3d_pointer_levels.c -s 9x10x12 -t 3
check_bg hand-heat3d-pointer-levels-n5d tests/check/heat3d_pointer_levels.c --backend n5d -s 12x13x14 -t 5
# ... the levels taken into pointers at the top of each step: double *cur = grid[t & 1], *nxt =
# grid[(t + 1) & 1] (a parameter, run-time scalars, cpu and naive); const float *in = T[t % 2]
# from a local float *T[2] = {a, b} in 3D (cpu and n5d)
check_bg hand-heat2d-level-locals tests/check/heat2d_level_locals.c -s 19x23 -t 5
check_bg hand-heat2d-level-locals-naive tests/check/heat2d_level_locals.c --backend naive -s 19x23 -t 4
check_bg hand-heat3d-level-locals-mod tests/check/heat3d_level_locals_mod.c -s 9x10x12 -t 4
check_bg hand-heat3d-level-locals-mod-n5d tests/check/heat3d_level_locals_mod.c --backend n5d -s 12x13x14 -t 5
# 2D grids of row pointers, double ** read as u[i][j] (swapped; copied back): the driver points
# the rows at one block
check_bg hand-row-pointer-grid tests/check/row_pointer_grid.c -s 20 -t 5
check_bg hand-row-pointer-grid-naive tests/check/row_pointer_grid.c --backend naive -s 20 -t 4
check_bg hand-relax-nr-copy-back tests/check/relax_nr_copy_back.c -s 17x22 -t 4
# 3D grids of row pointers (Numerical Recipes' f3tensor, double ***T read as T[i][j][k]; float
# *** copied back): the driver points the planes at rows of one block
check_bg hand-heat3d-f3tensor tests/check/heat3d_f3tensor.c -s 9x10x12 -t 5
check_bg hand-heat3d-f3tensor-naive tests/check/heat3d_f3tensor.c --backend naive -s 9x10x12 -t 4
check_bg hand-jacobi3d-rows-copy-back tests/check/jacobi3d_rows_copy_back.c -s 11 -t 4
check_bg hand-jacobi3d-rows-copy-back-n5d tests/check/jacobi3d_rows_copy_back.c --backend n5d -s 12 -t 5
# the level of u[2][n][n] named by a local toggled each step (cur ^= 1), through cudaemu
check_bg emu-n5d-level-toggled tests/inputs/heat2d_level_toggled.c --backend n5d -s 27 -t 7
# 6. Every input of tests/inputs/ (issue 17 item 8), then the cudaemu subset.
for f in tests/inputs/*.c; do
  # shellcheck disable=SC2046
  check_bg "input-$(basename "$f" .c)" "$f" $(sed -n '2s|^// check: ||p' "$f")
done
check_bg emu-naive-jacobi1d tests/inputs/jacobi1d_polybench.c --backend naive -DN=300 -DTSTEPS=3
check_bg emu-naive-heat1d-r2 tests/inputs/heat1d_levels_r2.c --backend naive -s 500 -t 4
check_bg emu-naive-copyback-3d tests/inputs/copyback_3d.c --backend naive -s 12 -t 3
check_bg emu-naive-wave2d-r4 tests/inputs/wave2d_r4_single_field.c --backend naive -s 30 -t 3
check_bg emu-n5d-time-from-one tests/inputs/time_from_one.c --backend n5d -s 24 -t 5
check_bg emu-n5d-two-sweeps tests/inputs/jacobi2d_two_sweeps.c --backend n5d --bt 4 -s 24 -t 6
check_bg emu-n5d-stencilprobe tests/inputs/stencilprobe_index3d.c --backend n5d -s 12 -t 3
check_bg emu-naive-idx-local tests/inputs/jacobi2d_idx_local_float.c --backend naive -s 24 -t 3
check_bg emu-naive-row-pointers tests/inputs/heat3d_row_pointers_chain.c --backend naive -s 9x10x12 -t 3
check_bg emu-naive-halo-one-based tests/inputs/heat3d_idx_halo_one_based.c --backend naive -s 9x10x12 -t 3
check_bg emu-naive-radius-loop tests/inputs/acoustic2d_r4_radius_loop.c --backend naive -s 26x24 -t 3
check_bg emu-n5d-radius-loop-3d tests/inputs/seismic3d_r4_const_double.c --backend n5d -s 12x13x14 -t 3
# loops counting down (long counters; a constant start, --i, j -= 1), a 27-point box of grouped
# coefficients, one cell summed per axis into a local, run-time dx and dy
check_bg emu-naive-counting-down tests/inputs/jacobi2d_long_counting_down.c --backend naive -s 24x20 -t 3
check_bg emu-n5d-down-const tests/inputs/jacobi2d_down_const_copyback.c --backend n5d -t 5
check_bg emu-naive-nas-mg-27pt tests/inputs/nas_mg_27pt_grouped_coefs.c --backend naive -s 9x10x12 -t 3
check_bg emu-n5d-acc-per-axis tests/inputs/laplace2d_acc_per_axis.c --backend n5d -s 24 -t 5
check_bg emu-naive-dx-dy tests/inputs/heat2d_vla_params_dx_dy.c --backend naive -s 24 -t 3
check_bg emu-naive-incomplete-first-dim tests/inputs/jacobi2d_incomplete_first_dim_swap.c --backend naive -t 3
check_bg emu-n5d-filter-loops tests/inputs/gaussian5x5_filter_loops.c --backend n5d -s 24 -t 3
# PolyBench 4's default form (arrays of the constant size N, loops bounded by the run-time n,
# which the check binds to N): naive through cudaemu, and with POLYBENCH_USE_SCALAR_LB (loops
# bounded by N itself); a stencil program of two stages in the same form
check_bg emu-naive-pb4-jacobi1d tests/inputs/polybench4_jacobi1d.c --backend naive -DMINI_DATASET
check_bg emu-naive-pb4-jacobi2d tests/inputs/polybench4_jacobi2d.c --backend naive -DMINI_DATASET
check_bg emu-naive-pb4-heat3d tests/inputs/polybench4_heat3d.c --backend naive -DMINI_DATASET
check_bg pb4-jacobi2d-scalar-lb tests/inputs/polybench4_jacobi2d.c -DMINI_DATASET -DPOLYBENCH_USE_SCALAR_LB
check_bg pb-bound-program tests/rewrite/smooth2d_polybench_bound.c -t 6
check_bg emu-naive-pb-bound-program tests/rewrite/smooth2d_polybench_bound.c --backend naive -t 5
check_bg emu-naive-helper-call tests/inputs/heat2d_helper_call.c --backend naive -s 24 -t 3
check_bg emu-n5d-swap-by-calls tests/inputs/jacobi2d_swap_by_calls.c --backend n5d --bt 4 -s 24 -t 6
check_bg emu-naive-ne-time-loop tests/inputs/heat1d_ne_time_loop.c --backend naive -s 300 -t 4
check_bg emu-naive-plane-before-loop tests/inputs/heat3d_plane_before_loop.c --backend naive -s 9x10x12 -t 3
check_bg emu-naive-int-table tests/inputs/blur3x3_int_table.c --backend naive -s 26x31 -t 3
check_bg emu-naive-int-sobel tests/inputs/sobel_int_tables.c --backend naive -s 24x29 -t 2
check_bg emu-naive-uchar-table tests/inputs/binomial5x5_uchar_table.c --backend naive -s 22x27 -t 3
check_bg emu-naive-int-division tests/inputs/smooth1d_int_division.c --backend naive -s 300 -t 4
check_bg emu-naive-int-table-casts tests/inputs/int_table_cast_items.c --backend naive -s 300 -t 3
check_bg emu-naive-float-cast-constants tests/inputs/double_float_cast_constants.c --backend naive -s 300 -t 3
# values rounded to float inside double stencils: a (float) update, float arithmetic of float
# parameters, a float accumulator
check_bg emu-naive-float-cast-update tests/inputs/double_float_cast_update.c --backend naive -s 24 -t 3
check_bg emu-n5d-float-arith-params tests/inputs/double_float_arith_params.c --backend n5d --bt 4 -s 24 -t 6
check_bg emu-naive-float-accumulator tests/inputs/double_float_accumulator.c --backend naive -t 3
# fma() read as a product and a sum (naive), loops under #pragma GCC unroll / clang loop and a
# coefficient hoisted between the loops (n5d)
check_bg emu-naive-fma-copyback tests/inputs/jacobi2d_fma_copyback.c --backend naive -s 24 -t 3
check_bg emu-n5d-loop-hints tests/inputs/heat2d_loop_hints.c --backend n5d --bt 4 -s 24 -t 6
check_bg emu-n5d-hoisted-row-coef tests/inputs/smooth2d_hoisted_row_coef.c --backend n5d --bt 4 -s 24 -t 5
check_bg emu-naive-row-function tests/inputs/jacobi2d_row_function.c --backend naive -s 20x27 -t 3
# 1D coefficient arrays of one axis: a conductivity by row in the single-stencil form, a 1D
# non-uniform grid's inverse widths, 3D profiles by depth over a flat grid copied back
check_bg hand-heat2d-layers-kz tests/check/heat2d_layers_kz.c -s 17x23 -t 4
check_bg hand-heat2d-layers-kz-naive tests/check/heat2d_layers_kz.c --backend naive -s 17x23 -t 3
check_bg hand-advect1d-nonuniform tests/check/advect1d_nonuniform.c -s 45 -t 5
check_bg hand-advect1d-nonuniform-naive tests/check/advect1d_nonuniform.c --backend naive -s 45 -t 5
check_bg hand-diffuse3d-depth-profiles tests/check/diffuse3d_depth_profiles.c -s 9x10x12 -t 3
check_bg hand-diffuse3d-depth-profiles-naive tests/check/diffuse3d_depth_profiles.c --backend naive -s 9x10x12 -t 3
# a global profile of the axis' extent (float damp_x[NX]): the check fills its NX values
check_bg hand-sponge2d-global-profile tests/check/sponge2d_global_profile.c -t 4
check_bg hand-sponge2d-global-profile-naive tests/check/sponge2d_global_profile.c --backend naive -t 3
wait
for f in examples/*.c; do passed "cpu-$(basename "$f" .c)"; done
for f in tests/inputs/*.c; do passed "input-$(basename "$f" .c)"; done
for n in naive-jacobi1d naive-heat1d-r2 naive-copyback-3d naive-wave2d-r4 n5d-time-from-one \
         n5d-two-sweeps n5d-stencilprobe naive-idx-local naive-row-pointers naive-halo-one-based \
         naive-radius-loop n5d-radius-loop-3d n5d-filter-loops naive-helper-call n5d-swap-by-calls \
         naive-ne-time-loop naive-plane-before-loop naive-pb4-jacobi1d naive-pb4-jacobi2d \
         naive-pb4-heat3d naive-pb-bound-program naive-int-table naive-int-sobel naive-uchar-table \
         naive-int-division naive-counting-down n5d-down-const naive-nas-mg-27pt n5d-acc-per-axis \
         naive-dx-dy naive-incomplete-first-dim naive-float-cast-update n5d-float-arith-params \
         naive-float-accumulator naive-int-table-casts naive-float-cast-constants \
         naive-fma-copyback n5d-loop-hints n5d-hoisted-row-coef naive-row-function; do
  passed "emu-$n"
done
passed pb4-jacobi2d-scalar-lb
passed pb-bound-program
for n in naive-j2d5pt naive-star3d1r naive-conv2d-3x3 n5d-j2d5pt n5d-star3d2r hand-heat2d \
         hand-jacobi2d hand-heat3d hand-blur2d hand-heat2d-double-as-float hand-heat2d-c89 \
         hand-heat2d-c89-naive hand-weights-pointer hand-weights-two-arrays hand-product-filter \
         emu-n5d-level-toggled hand-heat2d-omp-master hand-levels-printf hand-heat2d-progress \
         hand-acoustic-snapshots \
         hand-shoc-memcpy hand-jacobi2d-memcpy-naive \
         hand-heat1d-memmove hand-shoc-stencil2d-n5d hand-jacobi2d-ternary-and \
         hand-jacobi2d-ternary-and-naive hand-heat1d-ternary-toggle hand-heat2d-ternary-n5d \
         hand-jacobi2d-if-parity hand-jacobi2d-if-parity-even hand-jacobi2d-if-parity-naive \
         hand-heat3d-if-odd-before hand-heat3d-if-odd-before-naive hand-heat1d-flag-if \
         hand-heat1d-flag-if-naive hand-jacobi2d-ternary-before hand-jacobi2d-ternary-before-naive \
         hand-heat2d-if-parity-before-n5d \
         hand-heat2d-level-locals hand-heat2d-level-locals-naive hand-heat3d-level-locals-mod \
         hand-heat3d-level-locals-mod-n5d \
         hand-pointer-array-levels hand-pointer-array-levels-naive hand-heat1d-pointer-levels-local \
         hand-heat2d-levels-assigned hand-heat2d-levels-assigned-even hand-heat2d-levels-assigned-naive \
         hand-relax1d-levels-assigned-before \
         hand-heat3d-pointer-levels hand-heat3d-pointer-levels-n5d hand-row-pointer-grid \
         hand-row-pointer-grid-naive hand-relax-nr-copy-back hand-heat3d-f3tensor \
         hand-heat3d-f3tensor-naive hand-jacobi3d-rows-copy-back hand-jacobi3d-rows-copy-back-n5d \
         hand-heat2d-layers-kz hand-heat2d-layers-kz-naive hand-advect1d-nonuniform \
         hand-advect1d-nonuniform-naive hand-diffuse3d-depth-profiles \
         hand-diffuse3d-depth-profiles-naive hand-sponge2d-global-profile \
         hand-sponge2d-global-profile-naive; do
  passed "$n"
done
for f in gauss3x3_u8 box5x5_u16 sharpen_u8_clamp smooth_int_shift; do
  passed "int-$f"
  passed "int-naive-$f"
done
for n in rtlocal-heat2d-dx rtlocal-heat2d-dx-naive rtlocal-jacobi3d-file rtlocal-jacobi3d-file-n5d \
         rtlocal-wave2d-argv rtlocal-fdtd1d-sscanf; do
  passed "$n"
done
grep -q "^check: run-time scalar dx = 0.0322580645, as the user's code computes it$" "$tmp/rtlocal-wave2d-argv.log" &&
  grep -q "^check: run-time scalar c2 = 0.25, as the user's code computes it$" "$tmp/rtlocal-wave2d-argv.log" && ok ||
  no "the check does not compute dx and c2 from the size and the run-time locals c, courant as the user's code does"
grep -q "size=38x38 steps=7" "$tmp/hand-jacobi2d.log" && ok ||
  no "the constant size and step count of jacobi2d_global.c are the check's defaults"
[ -z "$(ls "$tmp/t")" ] && ok || no "temporary folders left after a PASS: $(ls "$tmp/t")"

# 4. Independence: the same wrong coefficient in the kernel and in the program's reference.
"$STENCILC" gen examples/j2d5pt.c --backend cpu -o "$tmp/good.c" 2>/dev/null || no "gen j2d5pt"
sed -e '/stencilc:kernel-begin/,/stencilc:kernel-end/s/1\.13f \* in\[c\]/1.31f * in[c]/' \
    -e '/^static void reference_step/,/^}/s/(rt_real)1\.13 \* /(rt_real)1.31 * /' \
    "$tmp/good.c" >"$tmp/broken.c"
[ "$(diff "$tmp/good.c" "$tmp/broken.c" | grep -c '^>')" = 2 ] && ok ||
  no "the coefficient was not changed in both the kernel and the reference"
cc -O2 -fopenmp -o "$tmp/good" "$tmp/good.c" -lm && cc -O2 -fopenmp -o "$tmp/broken" "$tmp/broken.c" -lm ||
  no "building the programs"
"$tmp/broken" -s 24 -t 5 -r 1 2>&1 | grep -q 'verify=PASS' && ok ||
  no "the broken program should pass its own check (its reference carries the same change)"
expect 0 "check --program of the unchanged program" env TMPDIR="$tmp/t" "$STENCILC" check examples/j2d5pt.c --program "$tmp/good" -s 24 -t 5
TMPDIR=$tmp/t "$STENCILC" check examples/j2d5pt.c --program "$tmp/broken" -s 24 -t 5 >"$tmp/broken.log" 2>&1
rc=$?
[ $rc = 1 ] && grep -q "^check: user's code against the program: .* FAIL$" "$tmp/broken.log" && ok ||
  no "check of the broken program: exit $rc, want 1 and a FAIL line" "$(tail -3 "$tmp/broken.log")"

# The same for an integer grid, where the comparison is exact: a divisor of 15 in place of 16
# in both the kernel and the reference shifts few pixels by one level, and check sees them.
"$STENCILC" gen tests/check/gauss3x3_u8.c --backend cpu -o "$tmp/good_u8.c" 2>/dev/null || no "gen gauss3x3_u8"
sed 's#) / 16);$#) / 15);#' "$tmp/good_u8.c" >"$tmp/broken_u8.c"
[ "$(diff "$tmp/good_u8.c" "$tmp/broken_u8.c" | grep -c '^>')" = 2 ] && ok ||
  no "the divisor was not changed in both the kernel and the reference"
cc -O2 -fopenmp -o "$tmp/broken_u8" "$tmp/broken_u8.c" -lm || no "building the broken uint8 program"
TMPDIR=$tmp/t "$STENCILC" check tests/check/gauss3x3_u8.c --program "$tmp/broken_u8" -s 24 -t 2 >"$tmp/broken_u8.log" 2>&1
rc=$?
[ $rc = 1 ] && grep -q "^check: user's code against the program: .* FAIL$" "$tmp/broken_u8.log" && ok ||
  no "check of the broken uint8 program: exit $rc, want 1 and a FAIL line" "$(tail -3 "$tmp/broken_u8.log")"

# 5. Refusals and failures.
expect 2 "-s contradicting the constant extent" "$STENCILC" check tests/check/jacobi2d_global.c -s 20
expect 2 "-t contradicting the constant step count" "$STENCILC" check tests/check/jacobi2d_global.c -t 3
expect 2 "-s giving two sizes to axes that share n" "$STENCILC" check tests/check/heat2d_polybench.c -s 20x26
expect 2 "-s with two sizes for a 3D stencil" "$STENCILC" check tests/check/heat3d_aniso.c -s 20x26
expect 2 "a file that is no stencil" "$STENCILC" check tests/check/no_such_file.c
expect 2 "--fast-math with an integer grid" "$STENCILC" check tests/check/gauss3x3_u8.c --backend naive --fast-math -s 20
expect 3 "a C compiler that fails" env CC=false TMPDIR="$tmp/t" "$STENCILC" check examples/j2d5pt.c -s 16 -t 2
"$STENCILC" check --help | grep -q -- '--program EXE' && ok || no "check --help"

summary check
