#!/bin/sh
# 25d --ahead N: the shared and hybrid placements' planes copied N ahead into a ring of
# shared-memory tiles by cp.async.
# 1. Programs of every mode that copies tiles (shared; hybrid's value queue for stars; hybrid's
#    partial sums for boxes), float and double, N from 1 to 4, run through tools/cudaemu under
#    its random schedule on grids with several blocks along y and x and several chunks along the
#    stream (a chunk is at least 16 R planes): each passes its own check against its CPU
#    reference. cudaemu's copies land when they start, so a copy into a tile that another warp
#    still reads shows as a wrong result: the copy of a hybrid program and of a shared one
#    redirected into the tile being read must fail.
# 2. The default: two planes ahead for the partial sums of a radius-1 box in double (box3d1r,
#    j3d27pt), none in float or for the other stencils (the measured rule, bench/README).
# 3. Bad values are refused with the reason, nothing written.
. "$(dirname "$0")/lib.sh"
make_tmp
export CUDAEMU_SCHEDULE=random

# case NAME INPUT DTYPE PLACEMENT BLOCK AHEAD SIZE: generate, build, verify at SIZE for 1 and 3 steps
case_() {
  name=$1 input=$2 dt=$3 placement=$4 block=$5 ahead=$6 size=$7
  cu="$tmp/$name.cu"
  if ! "$STENCILC" gen "$input" --backend 25d --dtype "$dt" --placement "$placement" --block "$block" \
    --ahead "$ahead" -o "$cu" 2>"$tmp/$name.err"; then
    no "$name: gen --ahead $ahead: $(cat "$tmp/$name.err")"
    return
  fi
  grep -q "__pipeline_wait_prior($((ahead - 1)));" "$cu" && ok || no "$name: no wait for the copy $ahead planes back"
  CUDAEMU_SEED=$ahead
  export CUDAEMU_SEED
  if emu_build "$cu" "$tmp/$name" >"$tmp/$name.build" 2>&1 && emu_verify "$tmp/$name" "$size" 1 3; then ok
  else no "$name: --placement $placement --ahead $ahead at $size does not verify" "$(tail -3 "$tmp/$name.build" "$tmp/$name.out")"; fi
}

#     name            input                dtype  placement block ahead size
case_ star1-shared-1  examples/star3d1r.c  float  shared    2x32  1     37x11x45
case_ star2-shared-3  examples/star3d2r.c  double shared    2x32  3     70x13x37
case_ star1-hybrid-2  examples/star3d1r.c  double hybrid    4x32  2     40x9x70
case_ star2-hybrid-4  examples/star3d2r.c  float  hybrid    2x64  4     70x11x40
case_ box1-hybrid-2   examples/box3d1r.c   double hybrid    4x32  2     37x10x45
case_ j27-hybrid-3    examples/j3d27pt.c   float  hybrid    2x32  3     40x9x39
case_ box2-hybrid-1   examples/box3d2r.c   double hybrid    2x32  1     70x7x37

# the copy redirected into the tile the plane is read from: cudaemu must see the wrong values
mutate() { # NAME SED-EXPRESSION
  sed "$2" "$tmp/$1.cu" >"$tmp/$1-bad.cu"
  if cmp -s "$tmp/$1.cu" "$tmp/$1-bad.cu"; then no "$1: the mutation changed nothing"; return; fi
  if emu_build "$tmp/$1-bad.cu" "$tmp/$1-bad" >/dev/null 2>&1 &&
    ! emu_verify "$tmp/$1-bad" 37x10x45 3 >/dev/null; then ok
  else no "$1: a copy into the tile being read still verifies"; fi
}
mutate box1-hybrid-2 's/p25d_copy(sm + (b ? b - TILE : TILES \* TILE - TILE)/p25d_copy(sm + b/'
# star3d2r's shared ring: 5 planes of window and 3 ahead, 8 slots; the copy at slot u + 3 moved to
# the slot of u + 2, which the plane's update reads
ring=$(sed -n 's/.*ring \([0-9]*\),.*/\1/p' "$tmp/star2-shared-3.cu" | head -1)
tile=$(grep -o 'p25d_copy(sm + [0-9]*, src, t, in + p25d_plane(p + 3' "$tmp/star2-shared-3.cu" | head -2 | sed 's/p25d_copy(sm + \([0-9]*\),.*/\1/' | tr '\n' ' ')
set -- $tile
[ "$ring" = 8 ] && [ $# -eq 2 ] && ok || no "star2-shared-3: ring $ring, copies at '$tile', want 8 slots"
mutate star2-shared-3 "s/p25d_copy(sm + $2,/p25d_copy(sm + $1,/"

# 2. the default
for s in "box3d1r double 1" "j3d27pt double 1" "box3d1r float 0" "box3d2r double 0" "star3d1r double 0"; do
  set -- $s
  n=$("$STENCILC" gen "examples/$1.c" --backend 25d --placement hybrid --dtype "$2" --explain -o "$tmp/d.cu" 2>&1 |
    grep -c 'plan: 2 planes copied ahead by cp.async into 3 tiles')
  [ "$n" = "$3" ] && ok || no "default of $1 $2: $n lines of two planes ahead, want $3"
done
# --ahead 0 asks for the next plane through registers where the default copies ahead
"$STENCILC" gen examples/box3d1r.c --backend 25d --placement hybrid --dtype double --ahead 0 -o "$tmp/r0.cu" &&
  ! grep -q 'cp.async\|__pipeline' "$tmp/r0.cu" && grep -q 'p25d_fetch(pf, src' "$tmp/r0.cu" && ok ||
  no "--ahead 0: not the register fetch"

# 3. refusals
refused() { # WHY ARGS...
  why=$1; shift
  if "$STENCILC" gen "$@" -o "$tmp/r.cu" 2>"$tmp/r.err"; then no "accepted: $*"
  elif [ -e "$tmp/r.cu" ]; then no "refused but wrote: $*"
  elif grep -q "$why" "$tmp/r.err" && grep -q 'hint:' "$tmp/r.err"; then ok
  else no "$*: want '$why': $(cat "$tmp/r.err")"; fi
  rm -f "$tmp/r.cu"
}
refused "register placement has no shared-memory tiles" examples/star3d1r.c --backend 25d --placement register --ahead 2
refused "global placement has no shared-memory tiles" examples/star3d1r.c --backend 25d --placement global --ahead 1
refused_option() { # WHY ARGS...: a bad option value, refused before any plan (no hint line)
  why=$1; shift
  if "$STENCILC" gen "$@" -o "$tmp/r.cu" 2>"$tmp/r.err"; then no "accepted: $*"
  elif [ -e "$tmp/r.cu" ]; then no "refused but wrote: $*"
  elif grep -qF -e "$why" "$tmp/r.err"; then ok
  else no "$*: want '$why': $(cat "$tmp/r.err")"; fi
  rm -f "$tmp/r.cu"
}
refused_option "--ahead takes 0|1|...|8, not '9'" examples/star3d1r.c --backend 25d --placement shared --ahead 9
refused "235008 bytes of shared memory for a 16x64 block and its planes ahead" examples/star3d4r.c --backend 25d --placement shared --block 16x64 --ahead 8 --dtype double

summary p25d-ahead
