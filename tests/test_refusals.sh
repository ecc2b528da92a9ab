#!/bin/sh
# n5d and ssam configurations that cannot run on an sm_90 GPU must be refused at generation time:
# 'stencilc gen --backend B' exits 2, writes no output file, and its message names the limit
# that was broken and the value given. The limits are those of the hardware (1..32 fused steps,
# blocks of at most 1024 threads in whole warps, 227 KB of shared memory per block, 24..255
# registers per thread and 65536 per SM) and, for ssam, of the method (linear stencils only, a
# halo that leaves lanes or warps to store, a register cache that fits the registers). Accepted
# neighbours of each limit are checked too, so a refusal cannot come from something else.
cd "$(dirname "$0")/.." || exit 1
STENCILC=${STENCILC:-build/asan/stencilc}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
pass=0 fail=0 n=0
backend=n5d # the backend the checks below generate for
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL: $*"; }

# refused EXAMPLE "WORDS..." ARGS...: exit 2, no file, every word of WORDS in the message.
refused() {
  ex=$1 words=$2; shift 2
  n=$((n + 1)); out="$tmp/out$n.cu"
  "$STENCILC" gen "examples/$ex.c" --backend $backend "$@" -o "$out" >"$tmp/msg" 2>&1
  rc=$?
  if [ $rc -ne 2 ]; then bad "$ex $*: exit $rc, expected 2"; return; fi
  if [ -e "$out" ]; then bad "$ex $*: refused but wrote $out"; return; fi
  if grep -q 'Sanitizer\|runtime error' "$tmp/msg"; then bad "$ex $*: sanitizer report"; cat "$tmp/msg"; return; fi
  for w in $words; do
    if ! grep -qF -- "$w" "$tmp/msg"; then bad "$ex $*: message does not name '$w':"; cat "$tmp/msg"; return; fi
  done
  ok
}
# accepted EXAMPLE ARGS...: exit 0 and a non-empty CUDA file.
accepted() {
  ex=$1; shift
  n=$((n + 1)); out="$tmp/out$n.cu"
  "$STENCILC" gen "examples/$ex.c" --backend $backend "$@" -o "$out" >"$tmp/msg" 2>&1
  rc=$?
  if [ $rc -eq 0 ] && [ -s "$out" ] && grep -q '__global__' "$out"; then ok
  else bad "$ex $*: expected to be accepted, exit $rc: $(cat "$tmp/msg")"; fi
}
# The message must state the shared-memory limit (227 KB) and a need that is above it.
smem_refused() {
  ex=$1; shift
  n=$((n + 1)); out="$tmp/out$n.cu"
  "$STENCILC" gen "examples/$ex.c" --backend $backend "$@" -o "$out" >"$tmp/msg" 2>&1
  rc=$?
  limit=$((227 * 1024))
  need=$(grep -o '[0-9][0-9]*' "$tmp/msg" | awk -v l=$limit '$1 > l' | head -1)
  if [ $rc -eq 2 ] && [ ! -e "$out" ] && grep -q "$limit\|227 *K" "$tmp/msg" && grep -qi 'shared' "$tmp/msg" &&
     [ -n "$need" ]; then ok
  else bad "$ex $*: shared memory refusal: exit $rc: $(cat "$tmp/msg")"; fi
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

# A 2D stencil has one block axis: two values are refused, whatever they multiply to.
refused j2d5pt "2D" --bs 4x64
refused gradient2d "2D" --bs 1x256

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

# Shared memory (3D): two buffers of a plane per warp (and the halo warps) of the rows read.
smem_refused box3d4r --bs 32x32 --p 24 --bt 1
accepted box3d4r --dtype double --bs 16x32 --p 4 --bt 1

# The n5d options mean nothing to ssam, and --p nothing to n5d.
refused j2d5pt "--hsn n5d" --hsn 64
refused j2d5pt "--regs n5d" --regs 64
backend=n5d
refused j2d5pt "--p ssam" --p 8

echo "refusals: $pass passed, $fail failed"
[ $fail -eq 0 ]
