#!/bin/sh
# n5d --cols N: N adjacent columns per thread along x, and inner blocks free of boundary tests.
#  - programs in the three modes (diagonal-free, associative, general), float and double, 1 to 8
#    columns, run through tools/cudaemu (random thread order) at odd sizes and the step counts 1,
#    bT-1, bT, bT+1 and 2bT+3, each verified against the CPU reference; the sizes and --hsn leave
#    blocks whose tile lies inside the interior along every axis (the branch-free path): a program
#    whose inner blocks read their columns one cell off (2D) or their row one row off (3D) fails,
#    so those blocks do run;
#  - 3D: every 3D example of the suite's radii 1 to 4 (stars, boxes, j3d7pt, j3d13pt, j3d27pt)
#    with 2 to 4 columns at bT 1 to 4 on small blocks (8x8, 16x8: the tile fits several times in
#    the plane), the rows per barrier given or chosen from the register estimate;
#  - refusals: more than 8 columns, a halo wider than the tile, a stencil program, a 3D thread
#    whose columns' rings exceed its registers (and the rows that would fit);
#  - without --cols the program has no N5D_COLS (the one-column kernel);
#  - with nvcc: the PTX of star2d1r's steady state reads 2 neighbours per cell from shared
#    memory with one column per thread, 1 with two, 0.5 with four (bench/ptx_mix.py).
. "$(dirname "$0")/lib.sh"

# NAME DTYPE SIZE STEPS(a_b) OPTIONS...: one program, verified at each step count
cols_job() {
  name=$1 dt=$2 size=$3 steps=$(echo "$4" | tr _ ' '); shift 4
  base=$tmp/$name-$dt$(echo "$*" | tr -d ' -')
  CUDAEMU_SEED=$(echo "$base" | cksum | cut -c1-5)
  export CUDAEMU_SEED
  { "$STENCILC" gen "examples/$name.c" --backend n5d --dtype "$dt" "$@" -o "$base.cu" &&
      emu_build "$base.cu" "$base" && emu_verify "$base" "$size" $steps; } >"$base.log" 2>&1
  echo $? >"$base.status"
}
if [ "$1" = --job ]; then shift; cols_job "$@"; exit 0; fi
make_tmp

cat >"$tmp/jobs" <<'JOBS'
star2d1r float 37x203 1_2_3_4_9 --bt 3 --bs 32 --cols 2 --hsn 8
j2d5pt double 31x130 1_3_4_5_11 --bt 4 --bs 32 --cols 4 --hsn 9 --rows 3
star2d2r float 33x150 1_2_3_7 --bt 2 --bs 32 --cols 3 --hsn 8
star2d4r float 29x150 1_2_3_7 --bt 2 --bs 32 --cols 1 --hsn 12
j2d9pt float 31x130 1_2_3_7 --bt 2 --bs 32 --cols 4 --hsn 7 --rows 2
box2d1r float 31x131 1_2_3_4_9 --bt 3 --bs 32 --cols 4 --hsn 8
j2d9pt-gol double 31x131 1_2_3_4_9 --bt 3 --bs 32 --cols 2 --hsn 8
box2d2r double 27x140 1_2_3_7 --bt 2 --bs 32 --cols 3 --hsn 8 --rows 1
box2d4r float 29x150 1_2_3_7 --bt 2 --bs 32 --cols 8 --hsn 10
gradient2d float 31x133 1_2_3_4_9 --bt 3 --bs 32 --cols 2 --hsn 8
gradient2d double 31x133 1_2_3_7 --bt 2 --bs 32 --cols 3 --hsn 8 --no-diag-opt
star2d2r double 33x150 1_2_3_7 --bt 2 --bs 32 --cols 2 --hsn 8 --no-diag-opt --no-assoc-opt
box2d1r float 31x131 1_2_3_7 --bt 2 --bs 32 --cols 2 --hsn 8 --no-assoc-opt
conv2d-4x7 float 19x145 1_2_3_7 --bt 2 --bs 32 --cols 3 --hsn 6
star2d1r float 1x1 1_2_3_4_9 --bt 3 --bs 32 --cols 2
box2d1r double 2x3 1_2_3_7 --bt 2 --bs 32 --cols 5
star3d1r float 21x13x37 1_2_3_4_9 --bt 3 --bs 8x8 --cols 2 --hsn 7
star3d1r double 25x23x61 1_3_4_5_11 --bt 4 --bs 16x8 --cols 4 --hsn 9 --rows 2
star3d2r double 27x25x31 1_2_3_7 --bt 2 --bs 16x8 --cols 2 --hsn 9
star3d3r float 23x29x37 1_2_5 --bt 1 --bs 16x8 --cols 2 --hsn 7
star3d4r double 26x29x35 1_2_5 --bt 1 --bs 16x8 --cols 2 --hsn 7 --rows 3
box3d1r float 17x13x67 1_2_3_7 --bt 2 --bs 8x8 --cols 4 --hsn 6
box3d1r double 19x27x33 1_2_3_4_9 --bt 3 --bs 16x8 --cols 2 --hsn 7
box3d2r float 19x15x37 1_2_5 --bt 1 --bs 8x8 --cols 2 --hsn 6
j3d7pt double 17x13x67 1_2_3_7 --bt 2 --bs 8x8 --cols 4 --hsn 6 --no-diag-opt
j3d13pt float 27x25x31 1_2_3_7 --bt 2 --bs 16x8 --cols 2 --hsn 9 --rows 3
j3d27pt float 17x13x67 1_2_3_7 --bt 2 --bs 8x8 --cols 4 --hsn 6
j3d27pt double 15x15x37 1_2_5 --bt 1 --bs 8x8 --cols 2 --hsn 6
star3d1r float 17x13x47 1_2_3_7 --bt 2 --bs 8x8 --cols 3 --hsn 6 --no-diag-opt --no-assoc-opt
box3d1r double 17x13x37 1_2_3_7 --bt 2 --bs 8x8 --cols 2 --hsn 6 --no-assoc-opt
JOBS
xargs -P "$JOBS" -L 1 sh "$0" --job <"$tmp/jobs"
while read -r job; do
  base=$tmp/$(echo "$job" | awk '{ print $1 "-" $2 }')$(echo "$job" | cut -d' ' -f5- | tr -d ' -')
  [ "$(cat "$base.status" 2>/dev/null)" = 0 ] && ok || no "$job: $(tail -4 "$base.log" 2>/dev/null)"
done <"$tmp/jobs"

# Inner blocks read their columns one cell off: the check must see it (seeds 1 and 2).
src=$tmp/star2d1r-float$(echo "--bt 3 --bs 32 --cols 2 --hsn 8" | tr -d ' -').cu
sed 's/n5d_rows<FULL, false>(in, out, sm, n0, n1, s0, t, x,/&x + 1 - /' "$src" >"$tmp/off.cu"
grep -q 'n5d_rows<FULL, false>(in, out, sm, n0, n1, s0, t, x,x + 1 - ' "$tmp/off.cu" || no "off-by-one mutation not applied"
if emu_build "$tmp/off.cu" "$tmp/off" >/dev/null 2>&1; then
  emu_verify "$tmp/off" 37x203 4 >/dev/null && no "inner blocks one column off pass: no inner block at 37x203" || ok
else no "the mutated program does not build"; fi
# 3D inner blocks read the row above theirs: seen at the size whose inner blocks the job runs
src=$tmp/star3d1r-float$(echo "--bt 3 --bs 8x8 --cols 2 --hsn 7" | tr -d ' -').cu
sed 's/n5d_rows<FULL, false>(in, out, sm, n0, n1, n2, s0, s1, t, x, y,/&y + 1 - /' "$src" >"$tmp/off3.cu"
grep -q 'n5d_rows<FULL, false>(.*, x, y,y + 1 - ' "$tmp/off3.cu" || no "3D off-by-one mutation not applied"
if emu_build "$tmp/off3.cu" "$tmp/off3" >/dev/null 2>&1; then
  emu_verify "$tmp/off3" 21x13x37 3 >/dev/null && no "3D inner blocks one row off pass: no inner block at 21x13x37" || ok
else no "the 3D mutated program does not build"; fi

refused() { # WHAT FILE OPTIONS...: exit 2, a message naming --cols or the halo, no file
  what=$1 f=$2; shift 2
  rm -f "$tmp/r.cu"
  "$STENCILC" gen "$f" --backend n5d "$@" -o "$tmp/r.cu" 2>"$tmp/r.err"
  rc=$?
  [ $rc -eq 2 ] && [ ! -e "$tmp/r.cu" ] && grep -q 'error: .*\(cols\|column\|halo\)' "$tmp/r.err" && ok ||
    no "$what: exit $rc, $(head -2 "$tmp/r.err")"
}
refused "3D rings over 64 registers" examples/star3d1r.c --cols 4 --bt 4 --rows 8
"$STENCILC" gen examples/star3d1r.c --backend n5d --cols 4 --bt 4 --rows 8 --bs 32x16 -o "$tmp/r.cu" 2>"$tmp/r.err"
[ $? -eq 2 ] && grep -q 'about 280 registers .*128 fit .*--rows 1 fits' "$tmp/r.err" && ok ||
  no "star3d1r --cols 4 --bt 4 --rows 8 on 512 threads: want 4 x (4 x 10 + 8 + 8) + 56 = 280 registers, 128, rows 1: $(head -1 "$tmp/r.err")"
refused "3D double: one row over the registers" examples/box3d1r.c --dtype double --cols 8 --bs 32x16
refused "3D halo over the tile's rows" examples/star3d2r.c --cols 2 --bt 2 --bs 8x8
# without --rows, the rows per barrier the registers hold: 2 for star3d1r's 4 columns of 3
# levels on 512 threads (4 x (3 x 4 + 2 + 2) + 56 = 120 of 128; 3 rows take 140)
"$STENCILC" gen examples/star3d1r.c --backend n5d --cols 4 --bt 3 --bs 32x16 -o "$tmp/a.cu" 2>/dev/null &&
  grep -q '^#define N5D_ROWS 2$' "$tmp/a.cu" && grep -q '^#define N5D_COLS 4$' "$tmp/a.cu" && ok ||
  no "star3d1r --cols 4 --bt 3 --bs 32x16: want 2 rows per barrier"
refused "9 columns" examples/j2d5pt.c --cols 9
refused "halo over the tile" examples/box2d4r.c --bt 8 --bs 32 --cols 2
refused "a stencil program" examples/programs/heat2d_var.c --cols 2
"$STENCILC" gen examples/box2d4r.c --backend n5d --bt 7 --bs 32 --cols 2 -o "$tmp/a.cu" 2>/dev/null &&
  grep -q '^#define N5D_COLS 2$' "$tmp/a.cu" && ok || no "box2d4r bT 7 on 64 columns: the halo 56 leaves 8"
# --explain counts the shared reads per cell and level: star2d1r with 4 columns reads one
# neighbour on each side for its 4 cells (0.5), star2d2r two on each side (1), one column 2;
# in 3D star3d1r reads the rows above and below every column and one column on each side
# ((4 x 2 + 2) / 4 = 2.5), box3d1r with 2 columns 4 columns of the rows above and below and
# one on each side of its own ((2 x 4 + 2) / 2 = 5), with one column its 9 in-plane offsets
for want in "star2d1r 0.5 --cols 4" "star2d2r 1 --cols 4" "star2d1r 2 --regs 64" "star3d1r 2.5 --cols 4 --bs 32x16" \
  "box3d1r 5 --cols 2 --bs 32x16" "box3d1r 9"; do
  set -- $want
  name=$1 reads=$2; shift 2
  "$STENCILC" gen "examples/$name.c" --backend n5d "$@" --explain -o "$tmp/x.cu" 2>"$tmp/x.err" &&
    grep -q "^plan: .* $reads shared reads per cell and level$" "$tmp/x.err" && ok ||
    no "$want: $(grep 'shared reads' "$tmp/x.err")"
done
# the defaults take columns in 2D only, by shape and radius as measured (src/codegen/n5d.c
# defaults_for); any explicit shape or cap without --cols keeps the one-column kernel
"$STENCILC" gen examples/j2d5pt.c --backend n5d --regs 64 -o "$tmp/d.cu" && ! grep -q 'N5D_COLS' "$tmp/d.cu" && ok ||
  no "--regs 64 without --cols: N5D_COLS in the program"
"$STENCILC" gen examples/star2d3r.c --backend n5d -o "$tmp/d.cu" && grep -q '^#define N5D_COLS 2$' "$tmp/d.cu" &&
  grep -q '^#define BSX 256$' "$tmp/d.cu" && ok ||
  no "float defaults of star2d3r: want two columns at 256 threads (results/n5d_low_h200_5efe6bf.csv)"
"$STENCILC" gen examples/star2d3r.c --backend n5d --dtype double -o "$tmp/d.cu" && grep -q '^#define N5D_COLS 1$' "$tmp/d.cu" && ok ||
  no "double defaults of star2d3r: want the one-column kernel (results/n5d_double_bt_h200_037fe38.csv)"
"$STENCILC" gen examples/star3d1r.c --backend n5d -o "$tmp/d.cu" && ! grep -q 'N5D_COLS' "$tmp/d.cu" && ok ||
  no "3D defaults: N5D_COLS in the program"
"$STENCILC" gen examples/box2d1r.c --backend n5d --dtype double -o "$tmp/d.cu" && grep -q '^#define N5D_COLS 2$' "$tmp/d.cu" && ok ||
  no "double defaults of box2d1r: want two columns"
"$STENCILC" gen examples/j2d5pt.c --backend n5d -o "$tmp/d.cu" && grep -q '^#define N5D_COLS 2$' "$tmp/d.cu" && ok ||
  no "float defaults of j2d5pt: want two columns"
"$STENCILC" gen examples/box2d3r.c --backend n5d -o "$tmp/d.cu" && grep -q '^#define N5D_COLS 1$' "$tmp/d.cu" && ok ||
  no "float defaults of box2d3r: want the one-column kernel with inner blocks"

if command -v nvcc >/dev/null && command -v python3 >/dev/null; then
  for c in 1 2 4; do
    "$STENCILC" gen examples/star2d1r.c --backend n5d --cols $c -o "$tmp/s$c.cu" &&
      python3 bench/ptx_mix.py "$tmp/s$c.cu" >"$tmp/s$c.mix" 2>&1 || no "ptx_mix --cols $c: $(tail -2 "$tmp/s$c.mix")"
  done
  for want in "1 2.00" "2 1.00" "4 0.50"; do
    set -- $want
    grep -q " ld.shared=$2 " "$tmp/s$1.mix" && ok || no "star2d1r --cols $1: want ld.shared=$2: $(sed -n 2p "$tmp/s$1.mix")"
  done
  # 3D: star3d1r's 4 columns read 2.5 words per cell and level (one column: 4), as counted above
  "$STENCILC" gen examples/star3d1r.c --backend n5d --cols 4 --bs 32x16 -o "$tmp/t4.cu" &&
    python3 bench/ptx_mix.py "$tmp/t4.cu" >"$tmp/t4.mix" 2>&1 && grep -q " ld.shared=2.50 " "$tmp/t4.mix" && ok ||
    no "star3d1r --cols 4: want ld.shared=2.50: $(sed -n 2p "$tmp/t4.mix")"
  # inner blocks take no boundary select: with one column, 5 FMA-class instructions and fewer
  # setp/selp than the one-column kernel of the defaults
  "$STENCILC" gen examples/star2d1r.c --backend n5d --regs 64 -o "$tmp/s0.cu" && python3 bench/ptx_mix.py "$tmp/s0.cu" >"$tmp/s0.mix" 2>&1
  a=$(sed -n 's/.* setp\/selp=\([0-9.]*\) .*/\1/p' "$tmp/s0.mix") b=$(sed -n 's/.* setp\/selp=\([0-9.]*\) .*/\1/p' "$tmp/s1.mix")
  [ -n "$a" ] && [ -n "$b" ] && awk -v a="$a" -v b="$b" 'BEGIN { exit !(b <= a - 0.9) }' && ok ||
    no "--cols 1: setp/selp per cell $b, the default's $a: want one fewer"
else
  echo "NOTE: nvcc or python3 missing: the PTX counts were not checked"
fi

summary n5d-cols
