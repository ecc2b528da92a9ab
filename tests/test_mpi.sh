#!/bin/sh
# MPI programs (issue 21): `gen --mpi` and `run --ranks P`, run under OpenMPI's mpirun on this
# machine's cores (--oversubscribe), 1 to 4 ranks, 2D and 3D, uneven splits, parts as thin as the
# halo, step counts that are not multiples of the exchange interval.
# Oracles: each program checks the gathered grid against the single-process reference; for the
# cpu backend the P-rank result must be bitwise identical to the plain (non-MPI) program's; a
# program with its halo exchange cut out must fail, and so must one without any of the three parts
# of the step that overlaps the exchange; CUDA programs (naive, n5d) run with 2 ranks
# through tools/cudaemu.
. "$(dirname "$0")/lib.sh"
make_tmp
# mpirun as root (CI containers) and more ranks than cores
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMP_NUM_THREADS=1
mpirun="mpirun --oversubscribe"
command -v mpicc >/dev/null && command -v mpirun >/dev/null ||
  { no "mpicc and mpirun are needed (sh scripts/setup.sh installs OpenMPI)"; summary mpi; exit 1; }

# build NAME SRC [GEN OPTIONS]: the MPI program and the plain one of the cpu backend
build() {
  name=$1 src=$2; shift 2
  "$STENCILC" gen "$src" --backend cpu "$@" --mpi -o "$tmp/$name-mpi.c" &&
    mpicc -std=c11 -O1 -fopenmp -o "$tmp/$name-mpi" "$tmp/$name-mpi.c" -lm &&
    "$STENCILC" gen "$src" --backend cpu "$@" -o "$tmp/$name.c" &&
    cc -std=c11 -O1 -fopenmp -o "$tmp/$name" "$tmp/$name.c" -lm
}

# same NAME RANKS SIZE STEPS [PROGRAM OPTIONS]: the ranks' result verifies and equals the plain
# program's bit for bit (the result dumped with $DUMP: --dump-output, or --dump for stencil
# programs, which write every buffer of every field a stage writes)
same() {
  name=$1 np=$2 size=$3 steps=$4; shift 4
  out=$tmp/$name-$np-$steps dump=${DUMP:---dump-output}
  if ! $mpirun -np "$np" "$tmp/$name-mpi" -s "$size" -t "$steps" -r 1 $dump "$out.mpi" "$@" \
      >"$out.log" 2>&1 || ! grep -q "ranks=$np .*PASS" "$out.log"; then
    no "$name: $np ranks, $size, $steps steps $*: $(grep -E 'FAIL|error|stencilc' "$out.log" | head -2)"
    return
  fi
  [ -f "$tmp/$name-$size-$steps.ref" ] ||
    "$tmp/$name" -s "$size" -t "$steps" -r 1 $dump "$tmp/$name-$size-$steps.ref" >/dev/null 2>&1
  if cmp -s "$out.mpi" "$tmp/$name-$size-$steps.ref"; then ok
  else no "$name: $np ranks, $size, $steps steps $*: differs from the single-process program"; fi
}

build j2d5pt examples/j2d5pt.c || no "build j2d5pt"
build star2d3r examples/star2d3r.c --dtype double || no "build star2d3r"
build star3d2r examples/star3d2r.c || no "build star3d2r"
build box3d1r examples/box3d1r.c || no "build box3d1r"
build upwind tests/inputs/upwind_advection.c || no "build upwind"
build copyback tests/inputs/copyback_3d.c || no "build copyback"
build sweeps tests/inputs/jacobi2d_two_sweeps.c || no "build sweeps"

for np in 1 2 3 4; do
  same j2d5pt $np 61x45 13
  same star2d3r $np 50x31 9
  same star3d2r $np 23x17x19 7
  same box3d1r $np 14x9x11 6
  same upwind $np 41x37 11
  same copyback $np 19x13x15 5
  same sweeps $np 37x29 6
done
# the exchange interval: every step, not dividing the steps, more than the steps; blocks of an odd
# step count in the copy-back form (the state renamed into buffer 0 after each)
same j2d5pt 3 61x45 13 --halo-steps 1
same j2d5pt 3 61x45 13 --halo-steps 5
same star3d2r 2 23x17x19 7 --halo-steps 3
same copyback 2 19x13x15 5 --halo-steps 3
same copyback 3 19x13x15 7 --halo-steps 3
same j2d5pt 2 61x45 4 --halo-steps 9
# parts as thin as the halo: 4 ranks on 8 planes of radius 2 (2 planes each: one step between
# exchanges), and 3 ranks on 9 planes of radius 3 (axis 1 too short to split: 3 and 5 cells)
same star3d2r 4 8x3x10 5
same star2d3r 3 9x5 4

# the process grid (rt_procgrid.h): axis 1 split too where the busiest rank then receives less
# halo. 4 ranks on 61x45 of radius 1: 4x1 sends a middle rank 2 x 45 cells per exchange and
# step, 2x2 31 + 23: 2x2; a grid long along axis 0 (200x12): 4 x 1; 6 ranks on 50x31 of radius 3:
# 3x2 (uneven along both axes); the 3D box stencil reads the diagonal neighbours: the corners go
# through the two-phase swap. Each run is bitwise the single process's (same)
grid() {
  name=$1 np=$2 size=$3 want=$4
  if $mpirun -np "$np" "$tmp/$name-mpi" -s "$size" -t 5 -r 1 >"$tmp/grid.log" 2>&1 &&
    grep -q "check a: .*ranks=$np grid=$want .*PASS" "$tmp/grid.log"; then ok
  else no "$name: $np ranks on $size: want grid $want: $(grep -E 'check a|rror' "$tmp/grid.log" | head -2)"; fi
}
grid j2d5pt 4 61x45 2x2
grid j2d5pt 4 200x12 4x1
grid j2d5pt 2 61x45 2x1
grid star2d3r 6 50x31 3x2
grid box3d1r 4 14x13x11 2x2
same j2d5pt 4 61x45 13 --halo-steps 3
same star2d3r 6 50x31 9
same box3d1r 4 14x13x11 6
same box3d1r 6 17x13x11 7 --halo-steps 2

# refused before the run, with the numbers: parts thinner than one step's halo, and an interval
# the parts cannot serve
$mpirun -np 4 "$tmp/star2d3r-mpi" -s 11x5 -t 3 -r 1 >"$tmp/thin.log" 2>&1
rc=$?
if [ $rc -ne 0 ] && grep -q "4 ranks split the 11 interior planes of axis 0 into parts of 2 or more, thinner than a halo of 3 planes" "$tmp/thin.log"; then ok
else no "thin parts: exit $rc: $(head -2 "$tmp/thin.log")"; fi
$mpirun -np 2 "$tmp/j2d5pt-mpi" -s 20x20 -t 3 -r 1 --halo-steps 11 >"$tmp/deep.log" 2>&1
if grep -q "smaller --halo-steps" "$tmp/deep.log"; then ok; else no "deep halo not refused: $(head -2 "$tmp/deep.log")"; fi

# the checks have teeth: without the exchange, 2 ranks must fail
sed "s/rt_mpi_unpack(p, [a0], e);/;/" "$tmp/j2d5pt-mpi.c" >"$tmp/noexchange.c"
mpicc -std=c11 -O1 -fopenmp -o "$tmp/noexchange" "$tmp/noexchange.c" -lm
$mpirun -np 2 "$tmp/noexchange" -s 40x40 -t 9 -r 1 >"$tmp/noexchange.log" 2>&1
if grep -q "check a: .* FAIL" "$tmp/noexchange.log"; then ok; else no "a program without the halo exchange passed"; fi
# The host staging belongs to the part: four slabs allocated once per part (check a, check b, the
# timing), none where no axis is staged; the only other host allocations are the gathered parts
# of the two checks. A program that counts engine_host_alloc's calls, 2 ranks and 5 timed runs:
# 3 x 4 + 2 per rank; 1 rank: 2. (NCCL, which carries axis 0 itself, below.)
counted() {
  sed 's/^RT_API void \*engine_host_alloc(size_t bytes) { return \(.*\); }$/RT_API void *engine_host_alloc(size_t bytes) { fputs("host_alloc\\n", stderr); return \1; }/' "$1" >"$2"
  if cmp -s "$1" "$2"; then no "engine_host_alloc not found to count in $1"; return 1; fi
}
allocs() {
  want=$1 np=$2 exe=$3; shift 3
  n=$($mpirun -np "$np" "$exe" "$@" -r 5 2>&1 | grep -c '^host_alloc$')
  if [ "$n" -eq "$want" ]; then ok; else no "$(basename "$exe"), $np ranks: $n host allocations, want $want"; fi
}
if counted "$tmp/j2d5pt-mpi.c" "$tmp/counted.c" && mpicc -std=c11 -O1 -fopenmp -o "$tmp/counted" "$tmp/counted.c" -lm; then
  allocs 28 2 "$tmp/counted" -s 40x40 -t 9
  allocs 2 1 "$tmp/counted" -s 40x40 -t 9
fi
# the overlap: the first step after an exchange runs in three parts, the inner planes while the
# slabs travel, then the planes near either incoming halo. Each part counts: with any one cut
# out, 3 ranks must fail (the bitwise checks above run through all three)
for part in "in_end > in_first" "in_first > first" "end > in_end"; do
  sed "s/if ($part) engine_step_planes/if (0) engine_step_planes/" "$tmp/j2d5pt-mpi.c" >"$tmp/nopart.c"
  if cmp -s "$tmp/nopart.c" "$tmp/j2d5pt-mpi.c"; then no "overlap: no '$part' step to cut out"; continue; fi
  mpicc -std=c11 -O1 -fopenmp -o "$tmp/nopart" "$tmp/nopart.c" -lm
  $mpirun -np 3 "$tmp/nopart" -s 40x40 -t 9 -r 1 >"$tmp/nopart.log" 2>&1
  if grep -q "check a: .* FAIL" "$tmp/nopart.log"; then ok; else no "overlap: the step without '$part' passed"; fi
done

# stencil programs (issue 9) on ranks: every field split, with all its time levels (the wave's
# three), coefficient grids (the velocity, the conductivity) filled from the whole grid's values,
# stages reading what the earlier ones wrote (FDTD, Runge-Kutta); the halo is B times the sum of
# the stages' radii; step counts that B = 4 does not divide
for p in acoustic2d fdtd2d heat2d_rk2 acoustic3d heat2d_var; do
  build $p examples/programs/$p.c || no "build program $p"
done
for np in 1 2 3 4; do
  DUMP=--dump same acoustic2d $np 45x37 9
  DUMP=--dump same fdtd2d $np 41x33 7
  DUMP=--dump same heat2d_rk2 $np 39x30 6
  DUMP=--dump same acoustic3d $np 25x14x12 5
  DUMP=--dump same heat2d_var $np 29x23 7
done
DUMP=--dump same acoustic2d 3 45x37 9 --halo-steps 2
# on process grids of two axes (4: 2x2, 6: 3x2 and 2x3 for the 3D wave); every level swapped
# along both axes
DUMP=--dump same acoustic3d 6 25x26x12 5
DUMP=--dump same heat2d_rk2 4 39x30 6 --halo-steps 3
DUMP=--dump same fdtd2d 4 41x33 7 --halo-steps 1
# a program's parts as thin as its halo: 4 ranks on 9 planes of fdtd2d (reach 2 per step: its
# three stages of radius 1, 0 and 1) exchange every step
DUMP=--dump same fdtd2d 4 9x20 5
$mpirun -np 4 "$tmp/acoustic2d-mpi" -s 12x5 -t 3 -r 1 >"$tmp/pthin.log" 2>&1
rc=$?
if [ $rc -eq 2 ] && grep -q "4 ranks split the 12 interior planes of axis 0 into parts of 3 or more, thinner than a halo of 4 planes" "$tmp/pthin.log"; then ok
else no "a program's thin parts: exit $rc: $(head -2 "$tmp/pthin.log")"; fi
# --dump-input and --dump-output on ranks: rank 0 writes the inputs of the whole grid and every
# gathered buffer (coefficient grids too) in the single process's format; both files must be the
# plain program's bit for bit. Programs (a velocity, a conductivity, RK stages) and stencils
# (with --dump-init, its raw initial grid, too)
dumps() {
  name=$1 np=$2 size=$3 steps=$4 init=$5; shift 5
  out=$tmp/$name-dumps-$np ref=$tmp/$name-dumps-ref
  raw=${init:+--dump-init}
  if ! $mpirun -np "$np" "$tmp/$name-mpi" -s "$size" -t "$steps" -r 1 --dump-input "$out.in" \
      --dump-output "$out.out" $raw ${init:+"$out.init"} "$@" >"$out.log" 2>&1 || ! grep -q "ranks=$np .*PASS" "$out.log"; then
    no "$name dumps: $np ranks: $(grep -E 'FAIL|error|stencilc' "$out.log" | head -2)"; return
  fi
  "$tmp/$name" -s "$size" -t "$steps" -r 1 --dump-input "$ref.in" --dump-output "$ref.out" \
    $raw ${init:+"$ref.init"} >/dev/null 2>&1 || { no "$name dumps: the plain program failed"; return; }
  for f in in out ${init:+init}; do
    if [ -s "$ref.$f" ] && cmp -s "$out.$f" "$ref.$f"; then ok
    else no "$name: $np ranks: the $f dump differs from the single process's"; fi
  done
}
for np in 1 2 3; do
  dumps acoustic2d $np 45x37 9 ""
  dumps heat2d_var $np 29x23 7 ""
  dumps j2d5pt $np 61x45 13 init
done
dumps heat2d_rk2 4 39x30 6 "" --halo-steps 3
dumps acoustic3d 2 25x14x12 5 ""
dumps star2d3r 3 50x31 9 init
# --skip-full-check: only check a runs (no check b at the size timed) and the RESULT line says
# verify=SMALL, on ranks and in a program's single process; without it, both checks and PASS
skip() {
  what=$1; shift
  if "$@" --skip-full-check >"$tmp/skip.log" 2>&1 && grep -q "check a: .*PASS" "$tmp/skip.log" &&
    ! grep -q "check b" "$tmp/skip.log" && grep -q "RESULT.*verify=SMALL" "$tmp/skip.log"; then ok
  else no "$what --skip-full-check: $(grep -E 'check|RESULT|rror' "$tmp/skip.log" | head -3)"; fi
  if "$@" >"$tmp/skip.log" 2>&1 && grep -q "check b: .*PASS" "$tmp/skip.log" &&
    grep -q "RESULT.*verify=PASS" "$tmp/skip.log"; then ok
  else no "$what without --skip-full-check: $(grep -E 'check|RESULT|rror' "$tmp/skip.log" | head -3)"; fi
}
skip "stencil on ranks" $mpirun -np 2 "$tmp/j2d5pt-mpi" -s 61x45 -t 5 -r 1
skip "program on ranks" $mpirun -np 2 "$tmp/heat2d_rk2-mpi" -s 39x30 -t 5 -r 1
skip "program" "$tmp/heat2d_rk2" -s 39x30 -t 5 -r 1
# and its checks have teeth: without the exchange, 3 ranks must fail (in double: the stale halo
# moves the float result by less than the float tolerance, as the wave travels slowly)
"$STENCILC" gen examples/programs/acoustic2d.c --backend cpu --dtype double --mpi -o "$tmp/pd.c"
sed 's/rt_prog_exchange(p, a, d);/;/' "$tmp/pd.c" >"$tmp/pnoexchange.c"
mpicc -std=c11 -O1 -fopenmp -o "$tmp/pnoexchange" "$tmp/pnoexchange.c" -lm
$mpirun -np 3 "$tmp/pnoexchange" -s 45x37 -t 9 -r 1 >"$tmp/pnoexchange.log" 2>&1
if grep -q "check a: .* FAIL" "$tmp/pnoexchange.log"; then ok; else no "a program without the halo exchange passed"; fi

# CUDA backends through cudaemu, 2 ranks (mpicxx as the host compiler)
# (EMUFLAGS: more flags for the build; -DRT_MPI_NCCL takes the NCCL exchange, cudaemu's nccl.h)
emu() {
  name=$1 src=$2 size=$3; shift 3
  "$STENCILC" gen "$src" "$@" --mpi -o "$tmp/$name.cu" &&
    CXX=mpicxx emu_build "$tmp/$name.cu" "$tmp/$name" $EMUFLAGS || { no "$name: build"; return; }
  for steps in 1 4 7; do
    $mpirun -np ${NP:-2} "$tmp/$name" -s "$size" -t $steps -r 1 --check-size "$size" >"$tmp/$name.log" 2>&1
    if grep -q "RESULT.*ranks=${NP:-2}.*verify=PASS" "$tmp/$name.log"; then ok
    else no "$name: $steps steps: $(grep -E 'FAIL|rror' "$tmp/$name.log" | head -2)"; fi
  done
}
emu naive2d examples/j2d5pt.c 33x29 --backend naive
emu n5d2d examples/star2d2r.c 35x27 --backend n5d --bt 3
emu n5d3d examples/star3d1r.c 13x11x9 --backend n5d --bt 2
emu direct2d examples/conv2d-4x7.c 40x150 --backend direct
# the NCCL exchange: device buffer to device buffer, ordered on a stream; with 4 ranks as 2 x 2
# (axis 1 staged through the host, axis 0 through NCCL)
EMUFLAGS=-DRT_MPI_NCCL emu n5d2d-nccl examples/star2d2r.c 35x27 --backend n5d --bt 3
EMUFLAGS=-DRT_MPI_NCCL emu naive3d-nccl examples/star3d2r.c 13x11x9 --backend naive
EMUFLAGS=-DRT_MPI_NCCL NP=4 emu naive2d-nccl4 examples/j2d5pt.c 40x40 --backend naive
# the same n5d program staged through pinned memory: 3 x 4 + 2 a rank; with NCCL and axis 0 alone
# split nothing is staged: only the checks' gathered parts (2 a rank)
if counted "$tmp/n5d2d.cu" "$tmp/counted-n5d.cu" && CXX=mpicxx emu_build "$tmp/counted-n5d.cu" "$tmp/counted-n5d"; then
  allocs 28 2 "$tmp/counted-n5d" -s 35x27 -t 7 --check-size 35x27
fi
if counted "$tmp/n5d2d-nccl.cu" "$tmp/counted-nccl.cu" && CXX=mpicxx emu_build "$tmp/counted-nccl.cu" "$tmp/counted-nccl" -DRT_MPI_NCCL; then
  allocs 4 2 "$tmp/counted-nccl" -s 35x27 -t 7 --check-size 35x27
fi
# and it has teeth: a program whose NCCL exchange is cut out fails
sed 's/^    rt_mpi_nccl_exchange(p, e);$/    ;/' "$tmp/n5d2d-nccl.cu" >"$tmp/nonccl.cu"
if cmp -s "$tmp/nonccl.cu" "$tmp/n5d2d-nccl.cu"; then no "the NCCL exchange call was not found to cut"
else
  CXX=mpicxx emu_build "$tmp/nonccl.cu" "$tmp/nonccl" -DRT_MPI_NCCL
  $mpirun -np 2 "$tmp/nonccl" -s 35x27 -t 7 -r 1 --check-size 35x27 >"$tmp/nonccl.log" 2>&1
  if grep -q "check a: .* FAIL" "$tmp/nonccl.log"; then ok; else no "without its NCCL exchange the program passed"; fi
fi
# A block ends on whichever buffer its launches left the state in and the ranks rename the two
# (no copy): n5d with an even bT = 2 and B = 2 (one launch a block, ending on buffer 1) or B = 3
# (launches of 2 and 1 steps, ending on buffer 0), 5 steps: an odd number of blocks (2 2 1; 3 2).
# 1, 2 and 3 ranks must give the single-process n5d program's result bit for bit (cudaemu runs
# the same arithmetic everywhere); and without the renaming, they must not.
"$STENCILC" gen examples/star2d2r.c --backend n5d --bt 2 -o "$tmp/n5d-bt2.cu" &&
  emu_build "$tmp/n5d-bt2.cu" "$tmp/n5d-bt2" &&
  "$STENCILC" gen examples/star2d2r.c --backend n5d --bt 2 --mpi -o "$tmp/n5d-bt2-mpi.cu" &&
  CXX=mpicxx emu_build "$tmp/n5d-bt2-mpi.cu" "$tmp/n5d-bt2-mpi" || no "n5d bT = 2: build"
"$tmp/n5d-bt2" -s 35x27 -t 5 -r 1 --dump-output "$tmp/n5d-bt2.ref" >/dev/null 2>&1 ||
  no "n5d bT = 2: the single-process program failed"
for b in 2 3; do
  for np in 1 2 3; do
    $mpirun -np $np "$tmp/n5d-bt2-mpi" -s 35x27 -t 5 -r 1 --halo-steps $b --dump-output "$tmp/n5d-bt2.mpi" \
      >"$tmp/n5d-bt2.log" 2>&1
    if grep -q "ranks=$np .*halo_steps=$b .*PASS" "$tmp/n5d-bt2.log" && cmp -s "$tmp/n5d-bt2.mpi" "$tmp/n5d-bt2.ref"; then ok
    else no "n5d bT = 2, B = $b, $np ranks: not the single process's result: $(grep -E 'FAIL|rror' "$tmp/n5d-bt2.log" | head -2)"; fi
  done
done
sed 's/if (at == 1) engine_swap(e);/;/' "$tmp/n5d-bt2-mpi.cu" >"$tmp/norename.cu"
if cmp -s "$tmp/norename.cu" "$tmp/n5d-bt2-mpi.cu"; then no "the block loop's renaming was not found to cut"
else
  CXX=mpicxx emu_build "$tmp/norename.cu" "$tmp/norename"
  $mpirun -np 2 "$tmp/norename" -s 35x27 -t 5 -r 1 --halo-steps 2 >"$tmp/norename.log" 2>&1
  if grep -q "check a: .* FAIL" "$tmp/norename.log"; then ok; else no "without the renaming of its blocks the program passed"; fi
fi
emu naive_acoustic examples/programs/acoustic2d.c 31x27 --backend naive
# 4 ranks as 2x2: the axis-1 slabs are strided copies (cudaMemcpy2DAsync)
NP=4 emu naive2x2 examples/j2d5pt.c 33x29 --backend naive
NP=4 emu naive_fdtd2x2 examples/programs/fdtd2d.c 30x28 --backend naive

# stencilc run --ranks: builds with mpicc and starts mpirun itself
"$STENCILC" run examples/j2d5pt.c --ranks 3 --cpu -s 90 -t 9 -r 1 --workdir "$tmp/run" >"$tmp/run.log" 2>&1
if grep -q "RESULT.*ranks=3.*verify=PASS" "$tmp/run.log"; then ok; else no "run --ranks 3: $(tail -3 "$tmp/run.log")"; fi
# run --ranks on a CUDA backend builds the NCCL exchange where NCCL is found, the staged one where
# told (a stand-in nvcc records its arguments: the build itself is tested above)
printf '#!/bin/sh\necho "$@" >"%s/nvcc.args"\nexit 1\n' "$tmp" >"$tmp/fakenvcc" && chmod +x "$tmp/fakenvcc"
mkdir -p "$tmp/nccl/include" "$tmp/nccl/lib" && touch "$tmp/nccl/include/nccl.h" "$tmp/nccl/lib/libnccl.so"
NVCC="$tmp/fakenvcc" NCCL_HOME="$tmp/nccl" "$STENCILC" run examples/j2d5pt.c --ranks 2 --backend naive -s 64 -t 3 -r 1 >"$tmp/rn.log" 2>&1
if grep -q "through NCCL" "$tmp/rn.log" && grep -q -- "-DRT_MPI_NCCL -I$tmp/nccl/include -L$tmp/nccl/lib" "$tmp/nvcc.args"; then ok
else no "run --ranks with NCCL: $(cat "$tmp/rn.log" "$tmp/nvcc.args" | head -4)"; fi
NVCC="$tmp/fakenvcc" NCCL_HOME="$tmp/nccl" STENCILC_MPI_TRANSPORT=host "$STENCILC" run examples/j2d5pt.c --ranks 2 --backend naive -s 64 -t 3 -r 1 >"$tmp/rh.log" 2>&1
if grep -q "staged through pinned host memory" "$tmp/rh.log" && ! grep -q RT_MPI_NCCL "$tmp/nvcc.args"; then ok
else no "run --ranks, transport host: $(cat "$tmp/rh.log" "$tmp/nvcc.args" | head -4)"; fi
# n5d blocks programs on one GPU: on ranks and in the library it refuses them, with the backends that take them
expect 2 "n5d program with --mpi refused" "$STENCILC" gen examples/programs/acoustic2d.c --backend n5d --mpi -o "$tmp/n5dp.cu"
expect 2 "n5d program with --api refused" "$STENCILC" gen examples/programs/acoustic2d.c --backend n5d --api -o "$tmp/n5dp"
expect 2 "--ranks 0 refused" "$STENCILC" run examples/j2d5pt.c --ranks 0 --cpu
"$STENCILC" run examples/programs/heat2d_rk2.c --ranks 2 --cpu -s 40x30 -t 5 -r 1 --workdir "$tmp/prun" >"$tmp/prun.log" 2>&1
if grep -q "RESULT.*ranks=2.*verify=PASS" "$tmp/prun.log"; then ok; else no "run --ranks 2 on a program: $(tail -3 "$tmp/prun.log")"; fi
# model --ranks: the halo bytes by hand: star3d2r float at 64^3 reaches 2 planes along axis 0,
# a plane is (64 + 2 + 2)^2 cells of 4 bytes, so an exchange moves B * 2 * 68 * 68 * 4 bytes each way
"$STENCILC" model examples/star3d2r.c -s 64 --ranks 2 --link shm --top 1 >"$tmp/model.log" 2>&1
b=$(sed -n 's/.*every B = \([0-9]*\) steps.*/\1/p' "$tmp/model.log")
mb=$(sed -n 's/.*steps): \([0-9.e+-]*\) MB each way.*/\1/p' "$tmp/model.log")
if [ -n "$b" ] && python3 -c "import sys; sys.exit(abs($mb - $b * 2 * 68 * 68 * 4 / 1e6) > 0.001 * $mb)"; then ok
else no "model --ranks halo bytes: B=$b, $mb MB: $(grep -i mpi "$tmp/model.log")"; fi
rows=$(grep -cE '^ +[0-9]+ +[0-9]+ +[0-9]+ +[0-9.]+ +[0-9]+% +[0-9]+x[0-9]+$' "$tmp/model.log")
[ "$rows" -eq 4 ] && ok || no "model --ranks 2: $rows scaling rows, want 4 (1 and 2 ranks, strong and weak)"
grep -q "2 ranks as a process grid of 2 x 1" "$tmp/model.log" && ok || no "model --ranks 2: $(grep MPI "$tmp/model.log")"
# 4 ranks on 64^3: 4 x 1 has a middle rank receive 2 + 2 planes of 64 cells, 2 x 2 2 x 32 + 2 x 32:
# 2 x 2, and each exchange moves, per axis, B * 2 planes of (32 + 2B + 4) x 68 cells of 4 bytes
"$STENCILC" model examples/star3d2r.c -s 64 --ranks 4 --link shm --top 1 >"$tmp/model4.log" 2>&1
b=$(sed -n 's/.*every B = \([0-9]*\) steps.*/\1/p' "$tmp/model4.log")
mb=$(sed -n 's/.*steps): \([0-9.e+-]*\) MB each way.*/\1/p' "$tmp/model4.log")
if grep -q "4 ranks as a process grid of 2 x 2" "$tmp/model4.log" && [ -n "$b" ] &&
  python3 -c "import sys; b=$b; sys.exit(abs($mb - 2 * b * 2 * (32 + 2 * b + 4) * 68 * 4 / 1e6) > 0.001 * $mb)"; then ok
else no "model --ranks 4: B=$b, $mb MB: $(grep -A1 MPI "$tmp/model4.log")"; fi
"$STENCILC" model examples/star3d2r.c -s 256x16x16 --ranks 4 --link shm --top 1 >"$tmp/model4x1.log" 2>&1
grep -q "4 ranks as a process grid of 4 x 1" "$tmp/model4x1.log" && ok || no "model --ranks 4 on 256x16x16: $(grep MPI "$tmp/model4x1.log")"
# --link nvlink is the NCCL exchange, device to device along axis 0: an exchange costs its 100 us
# plus its bytes at 450 GB/s, with no copies through the host (those would add 4 x (10 us + bytes
# at 50 GB/s)); the two-GPU rows of bench/results measured 0.964 strong for star3d1r at 1024^3
"$STENCILC" model examples/star3d1r.c -s 1024 -t 1000 --ranks 2 --link nvlink --top 1 >"$tmp/nv.log" 2>&1
mb=$(sed -n 's/.*steps): \([0-9.e+-]*\) MB each way per exchange, \([0-9.e+-]*\) ms.*/\1/p' "$tmp/nv.log")
ms=$(sed -n 's/.*MB each way per exchange, \([0-9.e+-]*\) ms.*/\1/p' "$tmp/nv.log")
eff=$(awk '/^strong/ { s = 1 } s && $1 == 2 { sub(/%/, "", $5); print $5; exit }' "$tmp/nv.log")
if [ -n "$mb" ] && [ -n "$eff" ] && python3 -c "import sys; sys.exit(abs($ms - (0.1 + $mb / 450)) > 0.002 or not 90 <= $eff <= 100)"; then ok
else no "model --link nvlink: $mb MB in $ms ms, strong efficiency $eff%: $(grep -A2 MPI "$tmp/nv.log")"; fi
# 40 ranks on 64 planes of radius 2, axis 1 too short to split (3 cells): refused
expect 2 "model --ranks with parts thinner than the halo" "$STENCILC" model examples/star3d2r.c -s 64x3x64 --ranks 40
expect 2 "model --link unknown" "$STENCILC" model examples/star3d2r.c -s 64 --ranks 2 --link smoke
summary mpi
