#!/bin/sh
# naive --outputs (register blocking: a tile of cells per thread, its input window loaded once).
# 1. Programs of stars and boxes of radius 1 and 2, a convolution with run-time weights, 1D and
#    3D, even filters (a halo of different widths either side), float and double, run through tools/cudaemu on grids that are not multiples of the tile
#    or the block (and one smaller than a tile: every thread on the guarded edge path) for 1 and
#    several steps: each passes the program's own check against its CPU reference.
# 2. The kernel reads the tile's window once: as many register loads as the window's distinct
#    values, counted by hand for each case; --outputs 1x1 writes the kernel of the default.
# 3. Bad values are refused with the reason (messages written here by hand), nothing written.
. "$(dirname "$0")/lib.sh"
make_tmp

# case NAME INPUT DTYPE OUTPUTS BLOCK SIZE WINDOW: generate, count the window's loads, build and
# verify at SIZE for 1 and 3 steps.
case_() {
  name=$1 input=$2 dt=$3 outputs=$4 block=$5 size=$6 window=$7
  cu="$tmp/$name.cu"
  if ! "$STENCILC" gen "$input" --backend naive --dtype "$dt" --outputs "$outputs" --block "$block" \
    -o "$cu" 2>"$tmp/$name.err"; then
    no "$name: gen --outputs $outputs: $(cat "$tmp/$name.err")"
    return
  fi
  loads=$(grep -c '^ *const rt_real w[0-9_]* = in\[' "$cu")
  [ "$loads" -eq "$window" ] && ok || no "$name: $loads window loads in the kernel, want $window"
  if emu_build "$cu" "$tmp/$name" >"$tmp/$name.build" 2>&1 && emu_verify "$tmp/$name" "$size" 1 3; then ok
  else no "$name: --outputs $outputs --block $block at $size does not verify" "$(tail -3 "$tmp/$name.build")"; fi
}

for f in "3 3" "2 2" "2 16"; do
  sh scripts/conv2d.sh $f "$tmp" >/dev/null || no "scripts/conv2d.sh $f"
done

# Windows by hand: a box of radius r over a Y x X tile reads (Y + 2r)(X + 2r) values; a star
# reads the tile's rows widened by r each side and its columns lengthened by r each way.
#     name         input                             dtype  outputs block  size    window
case_ box1-4x2     examples/box2d1r.c                float  4x2     8x32   37x45   24 # 6 x 4
case_ star1-2x4    examples/j2d5pt.c                 double 2x4     8x32   37x45   20 # 4 x 6 less 4 corners
case_ box2-3x4     examples/box2d2r.c                double 3x4     2x64   50x77   56 # 7 x 8
case_ star2-1x4    examples/star2d2r.c               float  1x4     1x128  33x70   24 # 2 x 4 + 8 + 2 x 4
case_ conv-8x1     "$tmp/conv2d-3x3.c"               float  8x1     4x32   37x45   30 # 10 x 3
case_ conv2x2-4x2  "$tmp/conv2d-2x2.c"              float  4x2     2x128  37x45   15 # 5 x 3: even, offsets 0..1
case_ conv2x16-2x4 "$tmp/conv2d-2x16.c"             double 2x4     1x128  23x45   57 # 3 x 19: offsets -7..8
case_ small-4x4    examples/box2d1r.c                double 4x4     4x32   3x5     36 # 6 x 6; grid < tile
case_ jacobi1d-4   tests/inputs/jacobi1d_polybench.c double 4       64     101     6  # 4 + 2
case_ star3d-1x2x4 examples/star3d1r.c               float  1x2x4   2x4x32 9x11x13 36 # 20 in-plane + 2 x 8

# --outputs 1x1 is the default: the same kernel and launch (the header names the option).
"$STENCILC" gen examples/box2d1r.c --backend naive -o "$tmp/default.cu" &&
  "$STENCILC" gen examples/box2d1r.c --backend naive --outputs 1x1 -o "$tmp/one.cu" || no "gen box2d1r"
if diff "$tmp/default.cu" "$tmp/one.cu" | grep '^[<>]' | grep -v -- '--outputs' | grep -q .; then
  no "--outputs 1x1 changes the kernel"
else ok; fi

# ---- 3. refusals ----
refused() { # refused "MESSAGE" ARGS...
  msg=$1; shift
  rm -f "$tmp/r.cu"
  "$STENCILC" gen "$@" -o "$tmp/r.cu" >"$tmp/msg" 2>&1
  rc=$?
  if [ $rc -ne 2 ] || [ -e "$tmp/r.cu" ]; then no "gen $*: exit $rc, want 2 and no file"; return; fi
  grep -qF -- "$msg" "$tmp/msg" && ok || no "gen $*: message lacks '$msg': $(cat "$tmp/msg")"
}
refused "a 2D stencil takes 2 output counts" examples/box2d1r.c --backend naive --outputs 4
refused "a 3D stencil takes 3 output counts" examples/star3d1r.c --backend naive --outputs 2x4
refused "128 cells per thread are over the limit of 64" examples/box2d1r.c --backend naive --outputs 8x16
refused "65 cells per thread along one axis are over the limit of 64" examples/box2d1r.c --backend naive --outputs 1x65
refused "--outputs takes X|YxX|ZxYxX (at most 3 counts of at least 1), not '0x4'" examples/box2d1r.c --backend naive --outputs 0x4
refused "not '4xx2'" examples/box2d1r.c --backend naive --outputs 4xx2
# conv2d-20x20 over 1 x 64 cells: 20 rows of 64 + 19 values
refused "a tile of 64 cells reads 1660 input values, over the limit of 1024" examples/conv2d-20x20.c --backend naive --outputs 1x64
refused "--outputs (cells per thread) is for single stencils" examples/programs/acoustic2d.c --backend naive --outputs 2x2
refused "--outputs" examples/box2d1r.c --backend n5d --outputs 2x2

summary naive-outputs
