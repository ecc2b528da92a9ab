#!/bin/sh
# stencilc check on stencil programs (several fields, stages, time levels, coefficient grids):
# stencilc's program against the user's own time loop compiled by cc, every buffer of every
# written field compared. The oracle is the user's code, not stencilc's emitter:
#  - every example of examples/programs/ and every input of tests/programs/ passes with the cpu
#    backend (three levels in one array, leapfrog, rotated pointers, flat levels, in-place FDTD
#    fields, a Runge-Kutta temporary in a static global, 1D, grids of row pointers in 2D and 3D);
#  - through tools/cudaemu: naive on a 2D and a 3D program, on hotspot_calls (its sweep a
#    function called from the time loop), on hotspot3d (nine run-time scalars) and on two
#    programs assigning several grids in one loop nest (elastic velocity-stress, 3D Yee), on the
#    C89 forms (tests/programs/*_c89*: counters and indices declared first, do and while time
#    loops), on 3D elastic velocity-stress (12 grids, 9 stages) and SOFI3D's viscoelastic form (24
#    grids, 16 stages: the limits), on 1D coefficient arrays of one axis (damping profiles,
#    CPML coefficients, a stretched grid's spacings), n5d on
#    a 2D one; programs with radius loops (tests/programs/*radius*, elastic2d_staggered): naive on
#    the flat 3D one, the 2D table and the three staggered stages, n5d on the 2D flat one, the 2D
#    table (the in-place leapfrog) and the 3D loop per axis; a 3x3 mask parameter read as
#    lap9[a + 1][b + 1] (tests/programs/acoustic2d_mask_param.c): naive and n5d;
#  - a program whose kernel AND reference carry the same wrong coefficient passes its own check
#    but fails `check`, naming the field and its first differing cell;
#  - --param reaches the program (the value in its input dump, which the user's code runs with);
#  - locals computed before the time loop are bound by a copy of their declaration;
#  - run-time scalars the user's code computes before the time loop (Rodinia's hotspot: float
#    locals from non-const globals and the grid's sizes, a global read only by a called
#    function) take the user's values, which the program is generated with; a program built
#    without them is refused naming the value; locals declared without a value and assigned in
#    a chain before the loop (hotspot3D's ce = cw = stepDivCap / Rx;) too, against values
#    computed by hand;
#  - the time loop inside #pragma omp parallel (tests/programs/*omp*): cpu and naive pass;
#  - point sources (tests/programs/acoustic*_src.c): cpu and naive pass; a program injecting the
#    wavelet's next sample, kernel and reference alike, fails; a source index moved by --param
#    passes, one outside the grid stops the generated program with a message;
#  - point sources whose value is a constant or computed from the time loop's counter (FDTD
#    hard and soft sources, Sullivan's Gaussian pulse with its step counter T, a Ricker wavelet
#    computed in the loop: tests/programs/fdtd2d_hard_const.c, fd1d_sullivan_pulse.c,
#    fd2d_gauss_inline.c, acoustic2d_ricker_inline.c, acoustic3d_ricker_top.c,
#    fdtd2d_sin_soft.c): cpu and naive pass; a
#    program whose wavelet reads the next step's time, kernel and reference alike, fails;
#  - boundary stages (tests/programs/heat2d_neumann.c, advect1d_periodic.c, heat2d_inflow.c,
#    fdtd2d_polybench.c, heat3d_faces.c, heat2d_robin_edges.c, acoustic2d_edges_src.c, flat ones:
#    heat2d_flat_neumann.c, heat2d_flat_fixed_edges.c, heat3d_flat_faces.c, ghost layers:
#    wave1d_ghost.c, heat2d_ghost2.c, heat2d_periodic_ghost_before.c: a periodic domain's ghost
#    layer refilled before the sweep): cpu and naive pass, the boundary cells compared; a shot moved onto the edge a boundary loop sets
#    before it passes (the source is added after that loop, in the user's order);
#  - refusals: a variable the check cannot bind (named), 33 run-time scalars (the program front
#    end's message), -s/-t against the source's constants.
# Two checks at a time (CI has 2 cores).
. "$(dirname "$0")/lib.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$tmp/t"

check_bg() {
  _name=$1; shift
  (TMPDIR=$tmp/t "$STENCILC" check "$@" >"$tmp/$_name.log" 2>&1; echo $? >"$tmp/$_name.rc") &
  running=$((running + 1))
  if [ "$running" -ge 2 ]; then wait; running=0; fi
}
running=0

# passed NAME FIELDS...: exit 0, the verdict line PASS, and a PASS line for each field named.
passed() {
  _n=$1; shift
  _good=1
  [ "$(cat "$tmp/$_n.rc")" = 0 ] && grep -q "^check: user's code against the program: .* PASS$" "$tmp/$_n.log" || _good=0
  for _f in "$@"; do grep -q "^check: field $_f (.* PASS$" "$tmp/$_n.log" || _good=0; done
  if [ $_good = 1 ]; then ok; else no "check $_n: exit $(cat "$tmp/$_n.rc")" "$(grep -v '^+' "$tmp/$_n.log" | tail -4)"; fi
}

# 1. cpu: the examples (free sizes small; fixed ones at the source's sizes, few steps) ...
check_bg cpu-acoustic2d examples/programs/acoustic2d.c -s 24x28 -t 6
check_bg cpu-acoustic2d_leapfrog examples/programs/acoustic2d_leapfrog.c -s 24 -t 5
check_bg cpu-acoustic3d examples/programs/acoustic3d.c -s 12x10x14 -t 4
check_bg cpu-acoustic3d_leapfrog examples/programs/acoustic3d_leapfrog.c -s 12 -t 4
check_bg cpu-fdtd2d examples/programs/fdtd2d.c -t 3
check_bg cpu-heat2d_rk2 examples/programs/heat2d_rk2.c -t 2
check_bg cpu-heat2d_var examples/programs/heat2d_var.c -s 24 -t 5
check_bg cpu-heat3d_var examples/programs/heat3d_var.c -t 2
# ... and the hand-written programs of tests/programs/ (acoustic3d_flat_stride and acoustic3d_rows
# compute the plane's stride in a local before the time loop: a copy of its declaration binds it)
for f in tests/programs/*.c; do
  b=$(basename "$f" .c)
  case $b in *.oracle) continue ;; esac
  check_bg "cpu-$b" "$f"
done
# 2. Through tools/cudaemu: naive 2D and 3D, n5d 2D (5 steps: no multiple of its bT).
check_bg naive-acoustic2d examples/programs/acoustic2d.c --backend naive -s 24 -t 4
check_bg naive-acoustic3d_leapfrog examples/programs/acoustic3d_leapfrog.c --backend naive -s 12 -t 3
check_bg n5d-acoustic2d_leapfrog examples/programs/acoustic2d_leapfrog.c --backend n5d -s 24 -t 5
check_bg naive-acoustic2d_src tests/programs/acoustic2d_src.c --backend naive -s 17x23 -t 4
check_bg naive-acoustic3d_src tests/programs/acoustic3d_src.c --backend naive -s 9x11x10 -t 3
check_bg naive-hotspot_calls tests/programs/hotspot_calls.c --backend naive -s 24x19 -t 4
check_bg naive-hotspot3d tests/programs/hotspot3d.c --backend naive -s 9x10x12 -t 3
# fields in grids of row pointers (Numerical Recipes' double ** rotated, float *** swapped, each
# with a coefficient grid of its own rows): the driver points the rows at the field's buffers
check_bg naive-wave2d_nr_rows tests/programs/wave2d_nr_rows.c --backend naive -s 17x23 -t 4
check_bg naive-acoustic3d_f3tensor tests/programs/acoustic3d_f3tensor.c --backend naive -s 11x12x13 -t 3
# C89 forms: counters and indices declared first (in the cell or at the function's top), the
# time loop do { ... } while (++i < numiter) and while (it < nsteps) { ...; it++; }
check_bg naive-hotspot3d_c89 tests/programs/hotspot3d_c89.c --backend naive -s 9x10x12 -t 3
check_bg naive-heat3d_c89_top tests/programs/heat3d_c89_top.c --backend naive -s 10x9x11 -t 4
check_bg naive-heun2d_c89 tests/programs/heun2d_c89.c --backend naive -s 17x26 -t 4
check_bg naive-acoustic3d_radius_flat tests/programs/acoustic3d_radius_flat.c --backend naive -s 11x13x10 -t 3
check_bg naive-acoustic2d_radius_table2 tests/programs/acoustic2d_radius_table2.c --backend naive -s 17x23 -t 4
check_bg naive-elastic2d_staggered tests/programs/elastic2d_staggered.c --backend naive -s 19x22 -t 4
check_bg n5d-acoustic2d_radius tests/programs/acoustic2d_radius.c --backend n5d -s 24x30 -t 5
check_bg n5d-acoustic2d_radius_table2 tests/programs/acoustic2d_radius_table2.c --backend n5d -s 21x26 -t 5
# a 3x3 mask passed as const float lap9[3][3], read as lap9[a + 1][b + 1]: nine run-time scalars
check_bg naive-acoustic2d_mask_param tests/programs/acoustic2d_mask_param.c --backend naive -s 19x24 -t 4
check_bg n5d-acoustic2d_mask_param tests/programs/acoustic2d_mask_param.c --backend n5d -s 22x17 -t 5
check_bg n5d-wave3d_radius_axes tests/programs/wave3d_radius_axes.c --backend n5d -s 11x12x13 -t 3
# boundary stages: edges, a periodic wrap, an inflow row, fdtd's source row and 3D faces
check_bg naive-heat2d_neumann tests/programs/heat2d_neumann.c --backend naive -s 17x23 -t 4
check_bg naive-advect1d_periodic tests/programs/advect1d_periodic.c --backend naive -s 45 -t 5
# ghost cells refilled from the opposite edges before the sweep (bounds n + 1 over grids of
# n + 2); a leapfrog written through fma()
check_bg naive-heat2d_periodic_ghost_before tests/programs/heat2d_periodic_ghost_before.c --backend naive -s 17x17 -t 4
check_bg naive-wave1d_fma_velocity tests/programs/wave1d_fma_velocity.c --backend naive -s 45 -t 5
# a separable blur in two passes, accessor macros U(i, j) over a padded flat array
check_bg naive-blur_separable_two_passes tests/programs/blur_separable_two_passes.c --backend naive -s 17x23 -t 3
check_bg naive-poisson_accessor_macros tests/programs/poisson_accessor_macros.c --backend naive -s 17x23 -t 3
check_bg naive-heat2d_inflow tests/programs/heat2d_inflow.c --backend naive -t 4
check_bg naive-fdtd2d_polybench tests/programs/fdtd2d_polybench.c --backend naive -s 17x23 -t 4
check_bg naive-heat3d_faces tests/programs/heat3d_faces.c --backend naive -s 9x10x12 -t 3
check_bg naive-heat2d_flat_neumann tests/programs/heat2d_flat_neumann.c --backend naive -s 17x23 -t 4
check_bg naive-heat3d_flat_faces tests/programs/heat3d_flat_faces.c --backend naive -s 9x10x12 -t 3
check_bg naive-wave1d_ghost tests/programs/wave1d_ghost.c --backend naive -s 45 -t 5
check_bg naive-heat2d_ghost2 tests/programs/heat2d_ghost2.c --backend naive -s 17x23 -t 4
# a heater between the sweep and the edge loops, moved onto the first row the loops then copy
check_bg cpu-heater-edge tests/programs/heat2d_neumann_src.c --param sy=0 --param sx=3 -s 17x23 -t 4
check_bg naive-heater-edge tests/programs/heat2d_neumann_src.c --backend naive --param sy=0 --param sx=3 -s 17x23 -t 4
check_bg naive-heat2d_robin_edges tests/programs/heat2d_robin_edges.c --backend naive -s 17x23 -t 4
check_bg naive-acoustic2d_edges_src tests/programs/acoustic2d_edges_src.c --backend naive -s 17x23 -t 4
# the shot on the edge the boundary loop zeroes before it: added after that loop, as written
check_bg cpu-edge-shot tests/programs/acoustic2d_edges_src.c --param sx=0 --param sz=5 -s 17x23 -t 4
check_bg naive-edge-shot tests/programs/acoustic2d_edges_src.c --backend naive --param sx=0 --param sz=5 -s 17x23 -t 4
# PolyBench 4's fdtd-2d as shipped: A[NX][NY] from one macro, loops bounded by nx, ny
check_bg cpu-small-fdtd2d_polybench4 tests/programs/fdtd2d_polybench4.c -DNX=40 -DNY=50 -t 5
check_bg naive-fdtd2d_polybench4 tests/programs/fdtd2d_polybench4.c --backend naive -DNX=23 -DNY=31 -t 4
# Rodinia's hotspot as shipped: constants computed before the time loop from globals and the
# grid's sizes (naive, n5d, and the cpu program in double against the user's float code), the
# 3D form's coefficients assigned before the loop
check_bg naive-hotspot_rodinia tests/programs/hotspot_rodinia.c --backend naive -s 17x23 -t 4
check_bg n5d-hotspot_rodinia_calls tests/programs/hotspot_rodinia_calls.c --backend n5d -s 21x26 -t 5
check_bg double-hotspot_rodinia tests/programs/hotspot_rodinia.c --dtype double -s 20x24 -t 3
check_bg naive-hotspot3d_rodinia tests/programs/hotspot3d_rodinia.c --backend naive -s 9x10x12 -t 3
# the time loop inside #pragma omp parallel (hotspot3D's computeTempOMP as shipped, each thread
# swapping its own pointers; hotspot's step with shared pointers swapped in omp single): the
# user's region runs on one thread of the check's harness, the refused forms are tests/bad/omp_*
check_bg naive-hotspot3d_omp tests/programs/hotspot3d_omp.c --backend naive -s 9x10x12 -t 3
check_bg naive-hotspot_omp_single tests/programs/hotspot_omp_single.c --backend naive -s 17x23 -t 4
# the chained coefficients from thermal parameters of hand-picked values: dt / Cap = 0.25,
# ce = cw = 0.25 / 0.5, cn = cs = 0.25 / 1, ct = cb = 0.25 / 2.5, cc = 1 - (2 ce + 2 cn + 3 ct)
check_bg hotspot3d_omp-chain tests/programs/hotspot3d_omp.c -s 9x10x12 -t 3 --param dt=0.5 \
  --param Cap=2 --param Rx=0.5 --param Ry=1 --param Rz=2.5
# several grids assigned in one loop nest (stages over the same loops): 2D flat, 3D with axes
check_bg naive-elastic2d_vs_fused tests/programs/elastic2d_vs_fused.c --backend naive -s 13x17 -t 3
check_bg naive-yee3d_fused tests/programs/yee3d_fused.c --backend naive -t 2
# point sources computed from the time loop's counter, or constant
check_bg naive-fdtd2d_hard_const tests/programs/fdtd2d_hard_const.c --backend naive -t 3
check_bg naive-fd1d_sullivan_pulse tests/programs/fd1d_sullivan_pulse.c --backend naive -t 4
check_bg naive-fd2d_gauss_inline tests/programs/fd2d_gauss_inline.c --backend naive -t 4
check_bg naive-acoustic2d_ricker_inline tests/programs/acoustic2d_ricker_inline.c --backend naive -s 17x23 -t 4
check_bg naive-fdtd2d_sin_soft tests/programs/fdtd2d_sin_soft.c --backend naive -s 17x23 -t 4
check_bg naive-acoustic3d_ricker_top tests/programs/acoustic3d_ricker_top.c --backend naive -s 9x11x10 -t 3
# 3D elastic velocity-stress: a nest per field, SOFI3D's two fused nests, and its viscoelastic
# form at the limits (24 grids, 16 stages)
check_bg naive-elastic3d_staggered tests/programs/elastic3d_staggered.c --backend naive -s 9x10x12 -t 3
check_bg naive-elastic3d_sofi_fused tests/programs/elastic3d_sofi_fused.c --backend naive -s 9x10x12 -t 3
check_bg naive-viscoelastic3d_sofi tests/programs/viscoelastic3d_sofi.c --backend naive -s 9x10x12 -t 3
# 1D coefficient arrays of one axis: a sponge's damping profiles, CPML coefficients per axis
# (read at ix and ix - 1), a bottom layer along depth, a stretched grid's spacings
check_bg naive-acoustic2d_sponge tests/programs/acoustic2d_sponge.c --backend naive -s 17x23 -t 4
check_bg naive-cpml2d_profiles tests/programs/cpml2d_profiles.c --backend naive -s 17x23 -t 4
check_bg naive-acoustic3d_damp_z tests/programs/acoustic3d_damp_z.c --backend naive -s 9x10x12 -t 3
check_bg naive-heat2d_stretched tests/programs/heat2d_stretched.c --backend naive -s 17x23 -t 4
# two grids per field picked by the step's parity into pointers, never swapped: by an if, by ?:
# where they are declared (two fields), assigned by t & 1 in a loop from 1; odd and even counts
check_bg naive-heat2d_var_parity_if tests/programs/heat2d_var_parity_if.c --backend naive -s 17x23 -t 3
check_bg n5d-heat2d_var_parity_if tests/programs/heat2d_var_parity_if.c --backend n5d -s 21x26 -t 5
check_bg naive-grayscott2d_parity_pick tests/programs/grayscott2d_parity_pick.c --backend naive -s 19 -t 4
check_bg naive-heat3d_var_pick_and1 tests/programs/heat3d_var_pick_and1.c --backend naive -s 9x10x12 -t 3
check_bg even-heat3d_var_pick_and1 tests/programs/heat3d_var_pick_and1.c -s 9x10x12 -t 4
wait
for n in acoustic2d acoustic2d_leapfrog heat2d_var; do passed "cpu-$n"; done
passed cpu-acoustic3d u
passed cpu-acoustic3d_leapfrog p
passed cpu-fdtd2d ex ey hz
passed cpu-heat2d_rk2 k1 u
passed cpu-heat3d_var u
for f in tests/programs/*.c; do
  b=$(basename "$f" .c)
  case $b in *.oracle) continue ;; esac
  passed "cpu-$b"
done
passed naive-acoustic2d u
passed naive-acoustic3d_leapfrog p
passed naive-acoustic2d_sponge p
passed naive-cpml2d_profiles psi_px psi_pz vx vz psi_vx psi_vz p
passed naive-acoustic3d_damp_z u
passed naive-heat2d_stretched u
passed n5d-acoustic2d_leapfrog p
passed naive-acoustic2d_src p
passed naive-acoustic3d_src p
passed naive-hotspot_calls temp
passed naive-hotspot3d tIn_t
passed naive-wave2d_nr_rows u
passed naive-acoustic3d_f3tensor p
passed naive-hotspot3d_c89 tIn
passed naive-heat3d_c89_top u
passed naive-heun2d_c89 k1 u
passed naive-acoustic3d_radius_flat p
passed naive-acoustic2d_radius_table2 pcur
passed naive-elastic2d_staggered vx vz p
passed n5d-acoustic2d_radius p
passed n5d-acoustic2d_radius_table2 pcur
passed naive-acoustic2d_mask_param cur
passed n5d-acoustic2d_mask_param cur
passed n5d-wave3d_radius_axes p
for n in acoustic2d_radius acoustic2d_radius_table2 wave3d_radius_axes; do
  grep -q "backend=n5d size=" "$tmp/n5d-$n.log" && ok || no "n5d did not run $n"
done
passed naive-heat2d_neumann un u
passed naive-advect1d_periodic u
passed naive-heat2d_periodic_ghost_before u un
passed naive-wave1d_fma_velocity u
passed naive-heat2d_inflow u
passed naive-fdtd2d_polybench ex ey hz
passed naive-heat3d_faces a
passed naive-blur_separable_two_passes tmp img
passed naive-poisson_accessor_macros u
passed naive-heat2d_flat_neumann u
passed naive-heat3d_flat_faces a
passed naive-wave1d_ghost u
passed naive-heat2d_ghost2 u
passed cpu-heater-edge un u
passed naive-heater-edge un u
passed naive-heat2d_robin_edges un u
passed naive-acoustic2d_edges_src p
passed cpu-edge-shot p
passed naive-edge-shot p
passed cpu-small-fdtd2d_polybench4 ex ey hz
passed naive-fdtd2d_polybench4 ex ey hz
passed naive-hotspot_rodinia temp
passed n5d-hotspot_rodinia_calls temp
passed double-hotspot_rodinia temp
passed naive-hotspot3d_rodinia tIn_t
passed naive-hotspot3d_omp tIn_t
passed naive-hotspot_omp_single temp
passed hotspot3d_omp-chain tIn_t
for c in "ce 0.5" "cw 0.5" "cn 0.25" "cs 0.25" "ct 0.1" "cb 0.1" "cc -0.8"; do
  set -- $c
  awk -v n="$1" -v want="$2" '$1 == "check:" && $3 == "scalar" && $4 == n {
      v = $6; sub(/,$/, "", v); d = v - want; if (d < 0) d = -d; found = d <= 1e-6 }
    END { exit !found }' "$tmp/hotspot3d_omp-chain.log" && ok ||
    no "hotspot3d_omp: $1 is not the user's $2" "$(grep "scalar $1 " "$tmp/hotspot3d_omp-chain.log")"
done
passed naive-elastic2d_vs_fused vx vz sxx szz sxz
passed naive-heat2d_var_parity_if src
passed n5d-heat2d_var_parity_if src
passed naive-grayscott2d_parity_pick u v
passed naive-heat3d_var_pick_and1 cur
passed even-heat3d_var_pick_and1 cur
passed naive-yee3d_fused hx hy hz ex ey ez
passed naive-fdtd2d_hard_const ez hx hy
passed naive-fd1d_sullivan_pulse ex hy
passed naive-fd2d_gauss_inline ez hx hy
passed naive-acoustic2d_ricker_inline p
passed naive-fdtd2d_sin_soft ez hx hy
passed naive-acoustic3d_ricker_top p
passed naive-elastic3d_staggered vx vy vz sxx syy szz sxy sxz syz
passed naive-elastic3d_sofi_fused vx vy vz sxx syy szz sxy syz sxz
passed naive-viscoelastic3d_sofi vx vy vz sxx syy szz sxy syz sxz rxx ryy rzz rxy ryz rxz p
[ "$("$STENCILC" info tests/programs/hotspot3d.c | grep -c '^scalar .* (run time)$')" = 9 ] && ok ||
  no "hotspot3d does not read its nine run-time scalars"
grep -q "backend=n5d size=24 steps=5" "$tmp/n5d-acoustic2d_leapfrog.log" && ok || no "n5d ran"
grep -q "tools/cudaemu\|emu" "$tmp/naive-acoustic2d.log" && ok || no "naive did not run through cudaemu"
grep -q "size=64x48 steps=20" "$tmp/cpu-heat2d_fixed.log" && ok ||
  no "the constant sizes and step count of heat2d_fixed.c are the check's defaults"
[ -z "$(ls "$tmp/t")" ] && ok || no "temporary folders left after a PASS: $(ls "$tmp/t")"

# 3. Independence: the same wrong coefficient (0.7 -> 0.7007, the 4th significant digit) in
#    fdtd2d's kernel and in its reference. The program passes its own check; check fails, names
#    hz (the stage the coefficient is in) and the first cell that differs.
"$STENCILC" gen examples/programs/fdtd2d.c --backend cpu -o "$tmp/good.c" 2>/dev/null || no "gen fdtd2d"
sed -e 's/(rt_real)0\.7 \*/(rt_real)0.7007 */' "$tmp/good.c" >"$tmp/broken.c"
[ "$(diff "$tmp/good.c" "$tmp/broken.c" | grep -c '^>')" = 2 ] && ok ||
  no "the coefficient was not changed in both the kernel and the reference"
cc -O2 -fopenmp -o "$tmp/good" "$tmp/good.c" -lm && cc -O2 -fopenmp -o "$tmp/broken" "$tmp/broken.c" -lm ||
  no "building the programs"
"$tmp/broken" -t 3 -r 1 2>&1 | grep -q 'verify=PASS' && ok ||
  no "the broken program should pass its own check (its reference carries the same change)"
expect 0 "check --program of the unchanged program" env TMPDIR="$tmp/t" "$STENCILC" check examples/programs/fdtd2d.c --program "$tmp/good" -t 3
TMPDIR=$tmp/t "$STENCILC" check examples/programs/fdtd2d.c --program "$tmp/broken" -t 3 >"$tmp/broken.log" 2>&1
rc=$?
[ $rc = 1 ] && grep -q "^check: user's code against the program: .* FAIL$" "$tmp/broken.log" && ok ||
  no "check of the broken program: exit $rc, want 1 and a FAIL line" "$(tail -3 "$tmp/broken.log")"
grep -q "^check: field hz (1 buffer): .* FAIL$" "$tmp/broken.log" && ok || no "the field hz is not named as failing"
grep -q "^check: field hz: buffer 0 differs first at cell \[[0-9]*\]\[[0-9]*\]: program .* user " "$tmp/broken.log" && ok ||
  no "the first differing cell of hz is not named" "$(grep field "$tmp/broken.log")"

# 3b. The same for a point source: the generated program injects wavelet[it + 1] in its kernel
#     and its reference; it passes its own check, and check, whose user code reads wavelet[it],
#     fails on p.
"$STENCILC" gen tests/programs/acoustic2d_src.c --backend cpu -o "$tmp/src.c" 2>/dev/null || no "gen acoustic2d_src"
sed -e 's/rt_prog_source_value(0, t)/rt_prog_source_value(0, t + 1)/' "$tmp/src.c" >"$tmp/src-broken.c"
[ "$(diff "$tmp/src.c" "$tmp/src-broken.c" | grep -c '^>')" = 2 ] && ok ||
  no "the source's time index was not changed in both the kernel and the reference"
cc -O2 -fopenmp -o "$tmp/src" "$tmp/src.c" -lm && cc -O2 -fopenmp -o "$tmp/src-broken" "$tmp/src-broken.c" -lm ||
  no "building the source programs"
"$tmp/src-broken" -s 20 -t 4 -r 1 2>&1 | grep -q 'verify=PASS' && ok ||
  no "the broken source program should pass its own check"
expect 0 "check --program of the unchanged source program" env TMPDIR="$tmp/t" "$STENCILC" check tests/programs/acoustic2d_src.c --program "$tmp/src" -s 20 -t 4
TMPDIR=$tmp/t "$STENCILC" check tests/programs/acoustic2d_src.c --program "$tmp/src-broken" -s 20 -t 4 >"$tmp/src-broken.log" 2>&1
rc=$?
[ $rc = 1 ] && grep -q "^check: field p (3 buffers): .* FAIL$" "$tmp/src-broken.log" && ok ||
  no "check of the program injecting the wrong sample: exit $rc, want 1 and p failing" "$(tail -3 "$tmp/src-broken.log")"
# the Ricker wavelet computed from the time loop's counter: a program computing it at it + 1,
# kernel and reference alike, passes its own check and fails check
"$STENCILC" gen tests/programs/acoustic2d_ricker_inline.c --backend cpu -o "$tmp/ricker.c" 2>/dev/null || no "gen acoustic2d_ricker_inline"
sed -e 's/(rt_real)t \*/(rt_real)(t + 1) */g; s/(double)t \*/(double)(t + 1) */g' "$tmp/ricker.c" >"$tmp/ricker-broken.c"
[ "$(diff "$tmp/ricker.c" "$tmp/ricker-broken.c" | grep -c '^>')" = 2 ] && ok ||
  no "the wavelet's time was not changed in both the kernel and the reference"
cc -O2 -fopenmp -o "$tmp/ricker" "$tmp/ricker.c" -lm && cc -O2 -fopenmp -o "$tmp/ricker-broken" "$tmp/ricker-broken.c" -lm ||
  no "building the Ricker programs"
"$tmp/ricker-broken" -s 20 -t 4 -r 1 2>&1 | grep -q 'verify=PASS' && ok ||
  no "the broken Ricker program should pass its own check"
expect 0 "check --program of the unchanged Ricker program" env TMPDIR="$tmp/t" "$STENCILC" check tests/programs/acoustic2d_ricker_inline.c --program "$tmp/ricker" -s 20 -t 4
TMPDIR=$tmp/t "$STENCILC" check tests/programs/acoustic2d_ricker_inline.c --program "$tmp/ricker-broken" -s 20 -t 4 >"$tmp/ricker-broken.log" 2>&1
rc=$?
[ $rc = 1 ] && grep -q "^check: field p (2 buffers): .* FAIL$" "$tmp/ricker-broken.log" && ok ||
  no "check of the program computing the wavelet one step late: exit $rc, want 1 and p failing" "$(tail -3 "$tmp/ricker-broken.log")"
# the shot moved by --param (the dump holds it, the user's code runs with it) ...
TMPDIR=$tmp/t "$STENCILC" check tests/programs/acoustic2d_src.c --param sx=7 --param sz=3 -s 12x15 -t 3 >"$tmp/shot.log" 2>&1 &&
  grep -q "^check: user's code against the program: .* PASS$" "$tmp/shot.log" && ok || no "check --param sx=7 sz=3" "$(tail -2 "$tmp/shot.log")"
# ... and put outside the grid: the generated program stops, naming the source and the axis
"$STENCILC" gen tests/programs/acoustic2d_src.c --backend cpu --param sx=40 -o "$tmp/far.c" 2>/dev/null &&
  cc -O1 -fopenmp -o "$tmp/far" "$tmp/far.c" -lm || no "building the program with its shot at sx=40"
"$tmp/far" -s 20 -t 2 -r 1 >"$tmp/far.log" 2>&1
rc=$?
[ $rc = 2 ] && grep -q "the point source into 'p' is at index 40 along axis 1, outside the grid (0 .. 21" "$tmp/far.log" && ok ||
  no "a shot outside the grid: exit $rc, want 2 and the message" "$(tail -2 "$tmp/far.log")"
expect 2 "--param of a source index that is no whole number" "$STENCILC" gen tests/programs/acoustic2d_src.c --param sx=2.5 -o "$tmp/x.c"

# 4. --param: the value reaches the generated program's input dump (scalar 'r', read back here),
#    which is what the user's code runs with; an unknown name is refused.
TMPDIR=$tmp/t "$STENCILC" check examples/programs/heat2d_var.c --param r=0.125 -s 16 -t 3 --workdir "$tmp/param" --keep >"$tmp/param.log" 2>&1 &&
  grep -q "^check: user's code against the program: .* PASS$" "$tmp/param.log" && ok || no "check --param r=0.125"
python3 - "$tmp/param/heat2d_var.input.dump" <<'PY' && ok || no "--param r=0.125 is not the dumped scalar"
import struct, sys
d = open(sys.argv[1], 'rb').read()
h = struct.unpack('<8q', d[8:72])
cells = h[5] * h[6] * h[7]
off = 72 + h[3] * 48
fields = [struct.unpack('<q', d[72 + 48 * i + 32:72 + 48 * i + 40])[0] for i in range(h[3])]
off += sum(fields) * cells * h[0]
name, value = d[off:off + 32].rstrip(b'\0'), struct.unpack('<d', d[off + 32:off + 40])[0]
sys.exit(0 if (name, value) == (b'r', 0.125) else 1)
PY
expect 2 "--param of a name that is no scalar" "$STENCILC" check examples/programs/heat2d_var.c --param q=1
"$STENCILC" gen examples/programs/heat2d_var.c --param r=0.125 -o "$tmp/param.c" 2>/dev/null &&
  grep -q '^#define RT_PROG_PARAM_VALUES {0.125}$' "$tmp/param.c" && ok || no "gen --param r=0.125"

# 5. Locals computed before the time loop: the harness computes them with the user's declaration
#    copied (its initializer's text), once what they read is bound.
TMPDIR=$tmp/t "$STENCILC" check tests/programs/acoustic3d_rows.c -s 12 -t 2 --workdir "$tmp/rows" --keep >/dev/null 2>&1
grep -q "^  const long plane = nx \* ny;$" "$tmp/rows/stencilc-check-region.c" && ok ||
  no "the declaration of 'plane' is not copied into the harness"
# 6. Run-time scalars the user's code computes before the time loop (Rodinia's hotspot): the
#    check takes them from the user's code and runs the program with them. At -s 20x24 the grid
#    is 22 x 26 with its edges: Cap_1 = step / Cap = 0.000744791701 and Rx_1 = 0.118181817 in
#    float, as cc computes Rodinia's formulas for row = 22, col = 26; amb_temp is the global's 80
#    (read in single_iteration only, in the calls form).
TMPDIR=$tmp/t "$STENCILC" check tests/programs/hotspot_rodinia.c -s 20x24 -t 3 >"$tmp/hr.log" 2>&1
grep -q "^check: run-time scalar Cap_1 = 0.000744791701, as the user's code computes it$" "$tmp/hr.log" &&
  grep -q "^check: run-time scalar Rx_1 = 0.118181817, as the user's code computes it$" "$tmp/hr.log" &&
  grep -q "^check: run-time scalar amb_temp = 80, as the user's code computes it$" "$tmp/hr.log" &&
  grep -q "^check: user's code against the program: .* PASS$" "$tmp/hr.log" && ok ||
  no "hotspot_rodinia: the user's constants" "$(grep -v '^+' "$tmp/hr.log" | tail -4)"
grep -q "^check: run-time scalar amb_temp = 80, as the user's code computes it$" "$tmp/cpu-hotspot_rodinia_calls.log" && ok ||
  no "hotspot_rodinia_calls: amb_temp, read only by single_iteration, is not the user's"
# the 3D form assigns its coefficients after declaring them (ce = cw = stepDivCap / Rx;): the
# user's code computes them too (a chain gives its names one value); the global amb_temp is the
# user's (hand-picked thermal parameters: hotspot3d_omp-chain above)
_l=$tmp/cpu-hotspot3d_rodinia.log
grep -q "^check: run-time scalar amb_temp = 80, as the user's code computes it$" "$_l" &&
  grep -q "^check: run-time scalar cc = .*, as the user's code computes it$" "$_l" &&
  [ "$(grep "^check: run-time scalar ce = " "$_l" | sed 's/.* = //')" = \
    "$(grep "^check: run-time scalar cw = " "$_l" | sed 's/.* = //')" ] && ok ||
  no "hotspot3d_rodinia: amb_temp and the coefficients the user's" "$(grep 'scalar' "$_l")"
# a const local from float parameters that no stage reads (r = alpha * dt / (h * h)): they are
# run-time scalars of the program, --param sets them, and r is computed from them: 0.5 * 0.1 /
# 0.25 = 0.2
TMPDIR=$tmp/t "$STENCILC" check tests/programs/heat2d_r_local.c --param alpha=0.5 --param dt=0.1 --param h=0.5 -s 13x17 -t 4 >"$tmp/r.log" 2>&1
grep -q "^check: run-time scalar r = 0.2, as the user's code computes it$" "$tmp/r.log" &&
  grep -q "^check: user's code against the program: .* PASS$" "$tmp/r.log" && ok ||
  no "heat2d_r_local: r from the --param values" "$(grep -v '^+' "$tmp/r.log" | tail -3)"
# info names them: hotspot3d_rodinia's seven coefficients and amb_temp, beside the parameters
# dt and Cap that the update reads and Rx, Ry, Rz that the coefficients are computed from
[ "$("$STENCILC" info tests/programs/hotspot3d_rodinia.c | grep -c "^scalar .* (run time, set by the user's code before the time loop)$")" = 8 ] &&
  [ "$("$STENCILC" info tests/programs/hotspot3d_rodinia.c | grep -c '^scalar .* (run time)$')" = 5 ] && ok ||
  no "info hotspot3d_rodinia: the scalars the user's code sets"
# a program generated without them (random constants) is refused, naming the value to give
"$STENCILC" gen tests/programs/hotspot_rodinia.c --backend cpu -o "$tmp/hr.c" 2>/dev/null &&
  cc -O1 -fopenmp -o "$tmp/hr" "$tmp/hr.c" -lm || no "building hotspot_rodinia"
TMPDIR=$tmp/t "$STENCILC" check tests/programs/hotspot_rodinia.c --program "$tmp/hr" -s 20x24 -t 3 >"$tmp/hr-p.log" 2>&1
rc=$?
[ $rc = 2 ] && grep -q "^stencilc check: the program ran with Cap_1 = .* where the user's code computes 0.000744791701; generate it with --param Cap_1=0.000744791701" "$tmp/hr-p.log" && ok ||
  no "check --program of hotspot_rodinia with random constants: exit $rc" "$(grep -v '^+' "$tmp/hr-p.log" | tail -2)"
# Refusals.
"$STENCILC" check tests/bad/program_scalars_33.c >"$tmp/s33.log" 2>&1
rc=$?
[ $rc = 2 ] && grep -q "program_scalars_33.c:13:20: error: 'mask\[4\]\[4\]' is run-time scalar 33 of the time loop; a stencil program reads at most 32" "$tmp/s33.log" && ok ||
  no "33 run-time scalars: exit $rc, want 2 and the program's message" "$(tail -2 "$tmp/s33.log")"
expect 2 "-s contradicting the constant extent" "$STENCILC" check examples/programs/fdtd2d.c -s 30
expect 2 "-t contradicting the constant step count" "$STENCILC" check tests/programs/heat2d_fixed.c -t 3
expect 2 "-s with three sizes for a 2D program" "$STENCILC" check examples/programs/acoustic2d.c -s 20x20x20
"$STENCILC" check --help | grep -q 'stencil program' && ok || no "check --help names stencil programs"

summary check-programs
