#!/bin/sh
# The command line: help for every subcommand, documented exit codes for usage errors, and
# 'info' text output agreeing with its JSON output; a well-behaved tool (issue 19 item 4):
# concurrent runs in folders of their own, -o -, -o naming the input, a program's refusal of
# an argument, the cache under XDG_CACHE_HOME.
. "$(dirname "$0")/lib.sh"
expect 0 "--help" "$STENCILC" --help
expect 2 "no command" "$STENCILC"
expect 2 "unknown command" "$STENCILC" frobnicate
for c in info gen run; do
  expect 0 "$c --help" "$STENCILC" $c --help
  expect 2 "$c without input" "$STENCILC" $c
  expect 2 "$c with unknown option" "$STENCILC" $c examples/j2d5pt.c --frob
done
expect 2 "missing file" "$STENCILC" info examples/does-not-exist.c
expect 2 "gen without -o" "$STENCILC" gen examples/j2d5pt.c
expect 2 "unknown backend" "$STENCILC" gen examples/j2d5pt.c --backend quantum -o /dev/null
expect 2 "unknown placement" "$STENCILC" gen examples/star3d1r.c --backend 25d --placement fast -o /dev/null
expect 2 "placement without 25d" "$STENCILC" gen examples/star3d1r.c --backend naive --placement shared -o /dev/null
expect 0 "placement with 25d" "$STENCILC" gen examples/star3d1r.c --backend 25d --placement shared -o /dev/null
expect 2 "bad dtype" "$STENCILC" gen examples/j2d5pt.c --dtype half -o /dev/null
expect 2 "bad size" "$STENCILC" run examples/j2d5pt.c -s 12y3
expect 2 "bad steps" "$STENCILC" run examples/j2d5pt.c -t -4
expect 3 "unwritable output" "$STENCILC" gen examples/j2d5pt.c -o /nonexistent-dir/x.cu

# Text and JSON agree on the facts for a 3D box stencil.
text=$("$STENCILC" info examples/j3d27pt.c)
json=$("$STENCILC" info --json examples/j3d27pt.c)
for want in "shape        box" "flops/cell   54" "points       27" "diagonal-access-free  no" "radius       1 1 1"; do
  if echo "$text" | grep -qF "$want"; then ok; else no "info text lacks '$want'"; fi
done
if echo "$json" | python3 -c 'import json,sys; d=json.load(sys.stdin); sys.exit(not (d["shape"]=="box" and d["flops_per_cell"]==54 and len(d["points"])==27 and abs(sum(p["coef"] for p in d["points"]))<=1.0))'; then
  ok; else no "info --json for j3d27pt"; fi

# 25d defaults (README): the first of register, hybrid, global that fits, in a 4x128 block whose
# rows, then width, are halved until the placement fits. box3d4r in registers: 27 values in each
# of 9 rows (162) + 2 * 18 row addresses + 32 = 230 > 128 for 512 threads, <= 255 for 256; in
# double 2 * 162 + 36 + 40 = 400 > 255, so hybrid. fdd7, double, shared: 16 tiles of
# (BY + 14) x (BX + 14) cells of 8 bytes fit in 227 KB from 1x64 on (149760 bytes).
make_tmp
for case in "star3d1r||register 4x128" "box3d4r||register 2x128" "box3d4r|--dtype double|hybrid 4x128" \
            "fdd7|--dtype double --placement shared|shared 1x64"; do
  name=${case%%|*} want=${case##*|} args=${case#*|} args=${args%|*}
  # shellcheck disable=SC2086
  "$STENCILC" gen "examples/$name.c" $args --backend 25d -o "$tmp/p.cu" >/dev/null 2>&1
  got=$(sed -n 's#^/\* 25d: \([a-z]*\) placement[^,]*, block \([0-9x]*\),.*#\1 \2#p' "$tmp/p.cu" 2>/dev/null)
  if [ "$got" = "$want" ]; then ok; else no "25d default for $name $args: '$got', want '$want'"; fi
  rm -f "$tmp/p.cu"
done

# Four concurrent runs never collide: each works in its own folder of $TMPDIR, removed after.
mkdir -p "$tmp/t"
for i in 1 2 3 4; do
  (TMPDIR=$tmp/t "$STENCILC" run --cpu examples/j2d5pt.c -s $((30 + i)) -t 3 >"$tmp/run$i.log" 2>&1; echo $? >"$tmp/run$i.rc") &
done
wait
for i in 1 2 3 4; do
  [ "$(cat "$tmp/run$i.rc")" = 0 ] && grep -q "size=$((30 + i))x$((30 + i)) .*verify=PASS" "$tmp/run$i.log" && ok ||
    no "concurrent run $i: exit $(cat "$tmp/run$i.rc"): $(tail -3 "$tmp/run$i.log")"
done
[ -z "$(ls -A "$tmp/t")" ] && ok || no "run left its folder: $(ls "$tmp/t")"
# --keep keeps it (and names it); --workdir is used and never removed
TMPDIR=$tmp/t "$STENCILC" run --cpu --keep examples/j2d5pt.c -s 20 -t 2 >/dev/null 2>"$tmp/keep.err"
kept=$(ls -d "$tmp"/t/stencilc-run-* 2>/dev/null)
[ -n "$kept" ] && [ -x "$kept/j2d5pt-cpu" ] && grep -qF "$kept" "$tmp/keep.err" && ok || no "run --keep: '$kept'"
"$STENCILC" run --cpu --workdir "$tmp/wd" examples/j2d5pt.c -s 20 -t 2 >/dev/null 2>&1
[ -x "$tmp/wd/j2d5pt-cpu" ] && ok || no "run --workdir: no program in it"
rm -rf "$tmp/t"/*

# -o - writes standard output, the same program as -o FILE, and no file named '-'
"$STENCILC" gen examples/j2d5pt.c --backend naive -o "$tmp/file.cu" 2>/dev/null
(cd "$tmp" && "$OLDPWD/$STENCILC" gen "$OLDPWD/examples/j2d5pt.c" --backend naive -o - 2>/dev/null) >"$tmp/stdout.cu"
[ -s "$tmp/stdout.cu" ] && cmp -s "$tmp/file.cu" "$tmp/stdout.cu" && [ ! -e "$tmp/-" ] && ok || no "gen -o -"
# -o naming the input file, by another name (a hard link, a symbolic link, ./): exit 2, untouched
cp examples/j2d5pt.c "$tmp/user.c" && ln "$tmp/user.c" "$tmp/hard.c" && ln -s user.c "$tmp/soft.c"
for o in "$tmp/hard.c" "$tmp/soft.c" "$tmp/./user.c"; do
  "$STENCILC" gen "$tmp/user.c" --backend cpu -o "$o" >/dev/null 2>"$tmp/err"; rc=$?
  [ $rc -eq 2 ] && cmp -s examples/j2d5pt.c "$tmp/user.c" && grep -q "is the input file" "$tmp/err" && ok ||
    no "gen -o $o (the input): exit $rc"
done
echo '#define N 64' >"$tmp/sizes.h"
expect 2 "-o naming an -include file" "$STENCILC" gen examples/j2d5pt.c -include "$tmp/sizes.h" -o "$tmp/sizes.h"
grep -qx '#define N 64' "$tmp/sizes.h" && ok || no "-o overwrote the -include file"
# An argument the generated program refuses (stencilc takes each axis up to 2^40, the program
# refuses a grid over 10^15 bytes): exit 2 (not 3), with the program's message.
"$STENCILC" run --backend cpu examples/j2d5pt.c -s 100000000x100000000 -t 2 --workdir "$tmp/wd" >/dev/null 2>"$tmp/err"; rc=$?
[ $rc -eq 2 ] && grep -q "grid too large for memory" "$tmp/err" && grep -q "refused its arguments" "$tmp/err" && ok ||
  no "run with a size the program refuses: exit $rc"
# The cache follows XDG_CACHE_HOME (STENCILC_CACHE unset): tune --import writes there, gen finds it.
"$STENCILC" tune examples/j2d5pt.c --emit "$tmp/emit" >/dev/null 2>&1
awk -F'\t' 'BEGIN { OFS = "\t" } /^#/ { print; next } { print $0, ++n == 1 ? 900 : 100 }' "$tmp/emit/tune.tsv" >"$tmp/m.tsv"
first=$(grep -v '^#' "$tmp/emit/tune.tsv" | head -1 | cut -f2)
(unset STENCILC_CACHE; XDG_CACHE_HOME=$tmp/xdg HOME=$tmp/home "$STENCILC" tune examples/j2d5pt.c --import "$tmp/m.tsv") >/dev/null 2>&1
[ "$(cut -f2 "$tmp/xdg/stencilc/tune.txt" 2>/dev/null)" = "$first" ] && [ ! -e "$tmp/home" ] && ok || no "tune cache not in XDG_CACHE_HOME"
(unset STENCILC_CACHE; XDG_CACHE_HOME=$tmp/xdg "$STENCILC" gen examples/j2d5pt.c -o "$tmp/auto.cu" 2>&1) | grep -q "tuned choice for [a-z0-9]*: $first$" &&
  ok || no "gen does not find the tuned choice in XDG_CACHE_HOME"

# The README's command list, the man page's synopsis and each command's --help agree on the options.
diff=$(python3 tests/doc_options.py "$STENCILC")
[ -z "$diff" ] && ok || no "options documented differently: $diff"

# Sizes in the source (issue 17 item 6): constant extents and step counts are the defaults of
# gen's program, run and info; a -s that contradicts a constant extent is refused, located at the
# grid's declaration and naming the constant and the value given. heat2d_const_sizes.c declares
# grid[2][NY + 2][NX + 2] with NY 128, NX 256, and 50 steps; jacobi1d_polybench.c A[N] with N
# 4000 and TSTEPS 1000 of two sweeps each.
"$STENCILC" info tests/inputs/heat2d_const_sizes.c | grep -q '^steps        50$' && ok || no "info shows the constant step count"
"$STENCILC" gen tests/inputs/heat2d_const_sizes.c --backend cpu -o "$tmp/c.c" 2>/dev/null &&
  cc -std=c11 -O1 -fopenmp -o "$tmp/c" "$tmp/c.c" -lm || no "gen and build heat2d_const_sizes"
"$tmp/c" -h | grep -q -- 'defaults: -s 128x256 -t 50 ' && ok || no "the program's defaults are the source's sizes: $("$tmp/c" -h | grep defaults)"
"$STENCILC" run tests/inputs/heat2d_const_sizes.c --cpu -r 1 --workdir "$tmp/run" >"$tmp/run.log" 2>&1 &&
  grep -q '^RESULT .* size=128x256 steps=50 .*verify=PASS' "$tmp/run.log" && ok ||
  no "run defaults to the source's sizes" "$(tail -2 "$tmp/run.log")"
"$STENCILC" run tests/inputs/jacobi1d_polybench.c --cpu -s 100 >"$tmp/err" 2>&1
rc=$?
[ $rc = 2 ] && grep -q '^tests/inputs/jacobi1d_polybench.c:[0-9]*:[0-9]*: error: -s 100 contradicts the source: axis 0 of .A. has the constant extent N = 4000, an interior of 3998 cells, not 100$' "$tmp/err" && ok ||
  no "run -s contradicting a constant extent: exit $rc" "$(head -2 "$tmp/err")"
expect 2 "model -s contradicting a constant extent" "$STENCILC" model tests/inputs/heat2d_const_sizes.c -s 64
# check -t with an odd count on two sweeps per iteration (PolyBench's jacobi-2d: B from A, A from
# B): refused at the time loop with the even counts around it
"$STENCILC" check tests/inputs/polybench4_jacobi2d.c -DSMALL_DATASET -t 3 >"$tmp/err" 2>&1
rc=$?
[ $rc = 2 ] && grep -q '^tests/inputs/polybench4_jacobi2d.c:[0-9]*:[0-9]*: error: -t 3: the time loop makes 2 steps per iteration$' "$tmp/err" &&
  grep -q '^  hint: give a multiple of 2: -t 2 or -t 4$' "$tmp/err" && ok ||
  no "check -t 3 on two sweeps per iteration: exit $rc" "$(head -2 "$tmp/err")"
expect 0 "run -s giving the constant interior" "$STENCILC" run tests/inputs/heat2d_const_sizes.c --cpu -s 128x256 -t 2 -r 1 --workdir "$tmp/run"
expect 0 "-D redefines a guarded size" "$STENCILC" run tests/inputs/jacobi1d_polybench.c --cpu -DN=500 -s 498 -t 4 -r 1 --workdir "$tmp/run"
# PolyBench 4's default form: A[N][N] (POLYBENCH_2D(A, N, N, n, n)) swept by i < n - 1. The
# declared N is the extent (the program's default size, n running equal to it); -s contradicting
# it is refused naming N at its place in the macro's arguments; -D MINI_DATASET picks another N.
"$STENCILC" run tests/inputs/polybench4_jacobi2d.c --cpu -DMINI_DATASET -s 20 >"$tmp/err" 2>&1
rc=$?
[ $rc = 2 ] && grep -q "^tests/inputs/polybench4_jacobi2d.c:[0-9]*:[0-9]*: error: -s 20 contradicts the source: axis 0 of .A. has the constant extent N = 30, an interior of 28 cells, not 20$" "$tmp/err" && ok ||
  no "run -s contradicting PolyBench's N: exit $rc" "$(head -2 "$tmp/err")"
"$STENCILC" run tests/inputs/polybench4_jacobi2d.c --cpu -DMINI_DATASET -t 4 -r 1 --workdir "$tmp/run" >"$tmp/run.log" 2>&1 &&
  grep -q '^RESULT .* size=28x28 steps=4 .*verify=PASS' "$tmp/run.log" && ok ||
  no "run of PolyBench's form defaults to N" "$(tail -2 "$tmp/run.log")"
"$STENCILC" info tests/inputs/polybench4_heat3d.c | grep -q '^loop bounds  n x n x n ' && ok || no "info names the loops' run-time bound"

# One-dimensional stencils (item 5): cpu and naive generate; n5d, 25d and ssam refuse at plan time
# with the reason; the model and --backend auto choose naive.
for b in n5d 25d ssam; do
  "$STENCILC" gen tests/inputs/heat1d_levels_r2.c --backend $b -o "$tmp/x.cu" >"$tmp/err" 2>&1
  rc=$?
  [ $rc = 2 ] && [ ! -e "$tmp/x.cu" ] && grep -q "error: $b: .*1D" "$tmp/err" && grep -q 'hint: use --backend naive (CUDA) or cpu for 1D' "$tmp/err" && ok ||
    no "$b on a 1D stencil: exit $rc" "$(head -2 "$tmp/err")"
done
"$STENCILC" gen tests/inputs/heat1d_levels_r2.c --backend auto --explain -o "$tmp/a.cu" 2>"$tmp/err" &&
  grep -q '^plan: heat1d_levels_r2, float, 1D, from --backend naive' "$tmp/err" && ok || no "--backend auto on a 1D stencil" "$(head -3 "$tmp/err")"
"$STENCILC" model tests/inputs/jacobi1d_bench_swap.c >"$tmp/model" 2>&1 &&
  [ "$(grep -c '^ *[0-9]*  naive ' "$tmp/model")" -ge 1 ] && ! grep -qE '^ *[0-9]+  (n5d|25d|ssam) ' "$tmp/model" && ok ||
  no "model of a 1D stencil ranks naive only" "$(head -4 "$tmp/model")"
"$STENCILC" run tests/inputs/heat1d_ftcs_copyback.c --cpu -r 1 --workdir "$tmp/run" >"$tmp/run.log" 2>&1 &&
  grep -q '^RESULT .* size=99 steps=500 .*verify=PASS' "$tmp/run.log" && ok || no "run a 1D stencil on the cpu" "$(tail -2 "$tmp/run.log")"
"$STENCILC" gen tests/inputs/jacobi1d_bench_swap.c --backend naive -o "$tmp/n1.cu" 2>/dev/null &&
  emu_build "$tmp/n1.cu" "$tmp/n1" >/dev/null 2>&1 && emu_verify "$tmp/n1" 1000 1 4 && ok || no "naive 1D through cudaemu"

summary cli
