#!/bin/sh
# n5d, 25d, ssam (and naive) configurations that cannot run on an sm_90 GPU must be refused at
# generation time: 'stencilc gen --backend B' exits 2, writes no output file, and its message
# names the limit that was broken and the value given. The limits are those of the hardware
# (1..32 fused steps, 1..8 rows per barrier, blocks of at most 1024 threads in whole warps, 227
# KB of shared memory per block, 24..255 registers per thread and 65536 per SM) and, for ssam,
# of the method (linear stencils only, a halo that leaves lanes or warps to store, a register
# cache that fits the registers). Accepted neighbours of each limit are checked too, so a
# refusal cannot come from something else.
STENCILC=${STENCILC:-build/asan/stencilc}
. "$(dirname "$0")/lib.sh"
make_tmp
n=0
backend=n5d # of the helpers below
# An example's name, or a path to another stencil.
source_of() { case $1 in */*) echo "$1" ;; *) echo "examples/$1.c" ;; esac; }

# refused EXAMPLE "WORDS..." ARGS...: exit 2, no file, every word of WORDS in the message.
refused() {
  ex=$1 words=$2; shift 2
  n=$((n + 1)); out="$tmp/out$n.cu"
  "$STENCILC" gen "$(source_of "$ex")" --backend $backend "$@" -o "$out" >"$tmp/msg" 2>&1
  rc=$?
  if [ $rc -ne 2 ]; then no "$ex $*: exit $rc, expected 2"; return; fi
  if [ -e "$out" ]; then no "$ex $*: refused but wrote $out"; return; fi
  if grep -q 'Sanitizer\|runtime error' "$tmp/msg"; then no "$ex $*: sanitizer report"; cat "$tmp/msg"; return; fi
  for w in $words; do
    if ! grep -qF -- "$w" "$tmp/msg"; then no "$ex $*: message does not name '$w':"; cat "$tmp/msg"; return; fi
  done
  ok
}
# accepted EXAMPLE ARGS...: exit 0 and a non-empty CUDA file.
accepted() {
  ex=$1; shift
  n=$((n + 1)); out="$tmp/out$n.cu"
  "$STENCILC" gen "$(source_of "$ex")" --backend $backend "$@" -o "$out" >"$tmp/msg" 2>&1
  rc=$?
  if [ $rc -eq 0 ] && [ -s "$out" ] && grep -q '__global__' "$out"; then ok
  else no "$ex $*: expected to be accepted, exit $rc: $(cat "$tmp/msg")"; fi
}
# The message must state the shared-memory limit (227 KB) and a need that is above it.
smem_refused() {
  ex=$1; shift
  n=$((n + 1)); out="$tmp/out$n.cu"
  "$STENCILC" gen "$(source_of "$ex")" --backend $backend "$@" -o "$out" >"$tmp/msg" 2>&1
  rc=$?
  limit=$((227 * 1024))
  need=$(grep -o '[0-9][0-9]*' "$tmp/msg" | awk -v l=$limit '$1 > l' | head -1)
  if [ $rc -eq 2 ] && [ ! -e "$out" ] && grep -q "$limit\|227 *K" "$tmp/msg" && grep -qi 'shared' "$tmp/msg" &&
     [ -n "$need" ]; then ok
  else no "$ex $*: shared memory refusal: exit $rc: $(cat "$tmp/msg")"; fi
}

# bT: 1..32 steps per launch. 0 is not a count at all.
refused j2d5pt "--bt '0' least" --bt 0
refused j2d5pt "33 32" --bt 33
refused star3d1r "1000 32" --bt 1000
accepted box2d1r --bt 32 --bs 1024
accepted j2d5pt --bt 1

# Threads per block: whole warps, at most 1024.
refused j2d5pt "1056 1024" --bs 1056
refused j2d5pt "2000 1024" --bs 2000
refused j2d5pt "100 32" --bs 100
refused star3d1r "48 32" --bs 1x48
refused star3d1r "2048 1024" --bs 32x64
refused star3d1r "1056 1024" --bs 33x32
accepted j2d5pt --bs 1024 --bt 1
accepted j2d5pt --bs 32 --bt 1
accepted star3d1r --bs 32x32 --bt 1
accepted star3d1r --bs 4x64 --bt 1

# Overlapped tiling: the halo 2*bT*radius must leave outputs in the block, in x and (3D) in y.
refused j2d5pt "32" --bs 32 --bt 16
refused box2d4r "64" --bs 64 --bt 8
refused star3d1r "8 4x64" --bs 4x64 --bt 4
refused box3d4r "64 32x32" --bs 32x32 --bt 8
accepted j2d5pt --bs 32 --bt 15
accepted box2d4r --bs 64 --bt 7

# Shared memory: the general mode keeps bT*(2R+1) planes; double and big tiles overflow 227 KB.
smem_refused box2d1r --dtype double --bs 1024 --bt 32 --no-diag-opt --no-assoc-opt
smem_refused box3d1r --dtype double --bs 32x32 --bt 10 --no-diag-opt --no-assoc-opt
accepted box3d1r --dtype double --bs 32x32 --bt 1 --no-diag-opt --no-assoc-opt

# Registers: 24..255 per thread, regs * threads <= 65536.
refused j2d5pt "23 24" --regs 23 --bt 1
refused j2d5pt "256 255" --regs 256 --bt 1
refused j2d5pt "65 1024 65536" --regs 65 --bs 1024 --bt 1
refused star3d1r "128 1024 65536" --regs 128 --bs 32x32 --bt 1
accepted j2d5pt --regs 24 --bt 1
accepted j2d5pt --regs 255 --bs 256 --bt 1
accepted j2d5pt --regs 64 --bs 1024 --bt 1

# Rows per barrier: 1..8; the general mode's rings grow with them (2R+rows planes per level).
refused j2d5pt "9 1..8" --rows 9
accepted j2d5pt --rows 8
accepted j2d5pt --rows 1
smem_refused box3d1r --dtype double --bs 32x32 --bt 4 --rows 8 --no-diag-opt --no-assoc-opt
accepted box3d1r --dtype double --bs 32x32 --bt 4 --rows 1 --no-diag-opt --no-assoc-opt

# A 2D stencil has one block axis: two values are refused, whatever they multiply to.
refused j2d5pt "2D" --bs 4x64
refused gradient2d "2D" --bs 1x256

# naive: CUDA allows at most 64 threads along z (axis 0 of a 3D block).
backend=naive
refused star3d1r "128 z 64" --block 128x1x8
refused j3d27pt "96 z 64" --block 96x1x1
accepted star3d1r --block 64x1x16
accepted j2d5pt --block 128x8

# 25d: 3D only; a block is YxX in whole warps; the register placement needs warp-wide rows and an
# x radius whose halo fits in a warp (16), the hybrid one a diagonal-access-free or associative
# stencil; shared memory (227 KB per block) and registers (255 per thread, 65536 per SM).
backend=25d
cat >"$tmp/wide3d.c" <<'EOF'
void wide3d(int n, int steps, float A[2][n][n][n]) {
  for (int t = 0; t < steps; t++)
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        for (int k = 17; k < n - 17; k++)
          A[(t + 1) % 2][i][j][k] = 0.3f * A[t % 2][i][j][k - 17] + 0.4f * A[t % 2][i][j][k]
                                    + 0.2f * A[t % 2][i - 1][j][k] + 0.1f * A[t % 2][i][j][k + 17];
}
EOF
cat >"$tmp/prod3d.c" <<'EOF'
void prod3d(int n, int steps, float A[2][n][n][n]) {
  for (int t = 0; t < steps; t++)
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        for (int k = 1; k < n - 1; k++)
          A[(t + 1) % 2][i][j][k] = A[t % 2][i - 1][j + 1][k] * A[t % 2][i][j][k] * 0.5f;
}
EOF
refused j2d5pt "2D 3D"
refused gradient2d "2D" --placement register
refused star3d1r "2 counts 1" --block 128
refused star3d1r "2 counts 3" --block 1x4x128
refused star3d1r "3x10 30 32" --block 3x10
refused star3d1r "2x1024 2048 1024" --block 2x1024
accepted star3d1r --block 1x1024
accepted star3d1r --block 3x32 --placement shared
refused star3d1r "16 32" --placement register --block 8x16
accepted star3d1r --placement register --block 1x32
refused "$tmp/wide3d.c" "17 16" --placement register
accepted "$tmp/wide3d.c" --placement hybrid
accepted "$tmp/wide3d.c"
refused "$tmp/prod3d.c" "hybrid diagonal associative" --placement hybrid
accepted "$tmp/prod3d.c" --placement shared
accepted "$tmp/prod3d.c" --placement register
smem_refused fdd7 --placement shared --dtype double --block 4x128
smem_refused box3d4r --placement shared --dtype double --block 4x256
accepted fdd7 --placement shared --dtype double
accepted fdd7 --placement shared --block 4x128
refused box3d4r "registers 255" --placement register --dtype double
refused box3d4r "registers 512 128" --placement register --block 4x128
accepted box3d4r --placement register --block 2x128
refused fdd7 "registers 1024 64" --placement hybrid --dtype double --block 8x128
accepted fdd7 --placement hybrid --dtype double --block 4x128
# without --placement, the first placement that fits
accepted box3d4r --dtype double

# ---- ssam ----
backend=ssam

# Only linear stencils: the partial sums are of coefficient x point.
refused gradient2d "linear n5d" --dtype float
accepted j2d5pt
accepted box2d5r

# bT and P.
refused j2d5pt "33 32" --bt 33
refused j2d5pt "65 64" --p 65
accepted j2d5pt --bt 1 --p 64 --bs 64

# Blocks: 2D whole warps up to 1024; 3D one warp along x, at most 32 warps along y.
refused j2d5pt "100 32" --bs 100
refused j2d5pt "2048 1024" --bs 2048
refused j2d5pt "2D" --bs 4x64
refused star3d1r "64 32" --bs 8x64
refused star3d1r "16 32" --bs 16
refused star3d1r "1056 1024" --bs 33x32
accepted j2d5pt --bs 1024 --bt 1 --p 2
accepted star3d1r --bs 32x32 --bt 1 --p 2

# Overlapped blocking: the halo 2*bT*r must leave lanes (x) and warps (3D, y) that store.
refused box2d4r "32 2*4*4 lanes" --bt 4
refused box2d5r "40" --bt 4 --p 4 --bs 64
accepted box2d5r --bt 3 --p 4 --bs 64
accepted box2d4r --bt 3 --p 4
refused star3d1r "4 4 warps" --bs 4x32 --bt 2
refused star3d4r "8 8 warps" --bs 8x32 --bt 1
accepted star3d1r --bs 4x32 --bt 1
accepted star3d4r --bs 16x32 --bt 1

# Registers: the cache of P + 2*bT*r values (two registers each in double) must fit in the
# 65536 / threads (at most 255) that a block's threads get.
refused j2d5pt "registers 66 double 512 128" --p 64 --bt 1 --bs 512 --dtype double
refused box2d4r "registers 72 1024 64" --p 64 --bt 1 --bs 1024
accepted j2d5pt --p 64 --bt 1 --bs 256 --dtype double
accepted box2d4r --p 32 --bt 1 --bs 1024

# --chunks (chunks of P rows per thread, one option no default or tune candidate used) is gone.
refused j2d5pt "unknown --chunks" --chunks 2
accepted j2d5pt --p 32 --bt 1 --bs 1024

# Shared memory (3D): two buffers of a plane per warp (and the halo warps) of the rows read.
smem_refused box3d4r --bs 32x32 --p 24 --bt 1
accepted box3d4r --dtype double --bs 16x32 --p 4 --bt 1

# The n5d options mean nothing to ssam, and --p nothing to n5d.
refused j2d5pt "--hsn n5d" --hsn 64
refused j2d5pt "--regs n5d" --regs 64
refused j2d5pt "--rows n5d" --rows 4
backend=n5d
refused j2d5pt "--p ssam" --p 8

# ---- point sources (PointSource, ir/program.h): naive and cpu run them; every other program
# backend refuses a program with one, naming the field and the backends that work (the same
# programs without their source are taken: acoustic2d_flat_rt by n5d, jacobi3d_ptr by 25d) ----
for backend in n5d 25d ssam; do
  refused tests/programs/acoustic2d_src.c "$backend: point source 'p' --backend naive (CUDA) or cpu"
  refused tests/programs/acoustic3d_src.c "$backend: point source 'p' --backend naive (CUDA) or cpu"
done
backend=n5d
accepted tests/programs/acoustic2d_flat_rt.c
refused tests/programs/wave2d_src_levels.c "n5d: point source 'u' naive cpu"
backend=naive
refused tests/programs/acoustic2d_src.c "naive: point sources --mpi" --mpi
accepted tests/programs/acoustic2d_src.c
accepted tests/programs/acoustic3d_src.c
backend=cpu
refused tests/programs/acoustic3d_src.c "cpu: point sources --mpi" --mpi

# ---- boundary stages (Boundary, ir/program.h): naive and cpu run them; n5d, 25d and ssam refuse
# a program with one, naming its line and the backends that work; --mpi is refused ----
for backend in n5d 25d ssam; do
  refused tests/programs/heat3d_faces.c "$backend: boundary cells (line 12) --backend naive (CUDA) or cpu"
  refused tests/programs/heat2d_inflow.c "$backend: boundary cells (line 8) naive cpu"
done
backend=naive
refused tests/programs/fdtd2d_polybench.c "naive: boundary stages (line 7) --mpi" --mpi
accepted tests/programs/advect1d_periodic.c
backend=cpu
refused tests/programs/heat2d_neumann.c "cpu: boundary stages (line 9) --mpi" --mpi

# ---- convergence loops: n5d, 25d, ssam and fft refuse them at the loop's line, naming the two
# backends that generate them; naive refuses tiles of several cells and --mpi (each rank would
# stop at its own part's residual), and so does cpu ----
for backend in n5d 25d ssam fft; do
  refused tests/check/converge_laplace2d_tutorial.c "converge_laplace2d_tutorial.c:7:1: $backend: residual 'error' --backend cpu and naive only hint: use --backend cpu or naive"
done
backend=naive
refused tests/check/converge_jacobi_l2_sum_squares.c "naive: --outputs of 4 cells per thread convergence loop hint: leave --outputs out" --outputs 2x2
accepted tests/check/converge_jacobi_l2_sum_squares.c --outputs 1x1
refused tests/check/converge_laplace3d_for.c "naive: --mpi convergence loop residual of its own part hint: leave --mpi out" --mpi
backend=cpu
refused tests/check/converge_rod_uncapped.c "cpu: --mpi convergence loop 'change'" --mpi

summary refusals
