#!/bin/sh
# Stencil programs (issue 18), examples/programs/*.c: `info --json` facts against values worked
# out by hand from the C; each program on cpu (float and double, built -Werror) and naive through
# tools/cudaemu must pass its own verification (the reference runs every stage in double) at odd
# sizes for several step counts, and must fail it when its kernels are perturbed (a scaled
# update, a skipped column); n5d blocks the one-stage programs through cudaemu (2D and 3D, float
# and double, several bT and step counts) and refuses the others naming why; 25d streams the
# one-stage 3D programs through cudaemu (several blocks and stream chunks, float and double) and
# refuses the others naming why; ssam refuses programs naming what in them it has no place for; `model` predicts naive and n5d, `tune
# --emit` writes both; `--backend auto` gives naive; nvcc compiles each naive program and two
# n5d ones for sm_90 when present. The forms real codes write (tests/programs/: sizes fixed by
# the source, flattened and pointer grids, pointer rotations, 1D) and N random programs
# (tools/programgen) are each checked against the user's own function compiled by cc
# (tests/program_oracle.h); naive's kernels of several stages (one loop nest's) are counted;
# random weights passed in that make a leapfrog blow up are drawn again at a lower scale.
N=${1:-100} # random programs (see below)
case $N in --gen-job | --emu-job) N=0 ;; esac
. "$(dirname "$0")/lib.sh"
# One program on backend EMU_BACKEND (n5d, 25d) through cudaemu (run in parallel by xargs,
# which re-enters this script).
emu_job() { # SOURCE DTYPE SIZE STEPS OPTIONS... (a line of $EMU_TMP/$EMU_BACKEND-jobs): writes
  # $EMU_TMP/$EMU_BACKEND-LINE.status and .log, the line number seeding the random schedule
  line=$(grep -n -x -F -- "$*" "$EMU_TMP/$EMU_BACKEND-jobs" | cut -d: -f1)
  b="$EMU_TMP/$EMU_BACKEND-$line"
  src=$1 dt=$2 size=$3 steps=$(echo "$4" | tr _ ' ')
  shift 4
  (
    CUDAEMU_SEED=$line
    export CUDAEMU_SEED
    "$STENCILC" gen "$src" --backend "$EMU_BACKEND" --dtype "$dt" "$@" -o "$b.cu" && emu_build "$b.cu" "$b" &&
      emu_verify "$b" "$size" $steps
  ) >"$b.log" 2>&1
  echo $? >"$b.status"
}
if [ "$1" = --emu-job ]; then shift; emu_job "$@"; exit 0; fi
DIR=examples/programs
PY=${PYTHON:-python3}
run_ok() { "$@" 2>&1 | grep -q 'verify=PASS'; }
perturb() { # FILE SED-EXPRESSION: applied between the kernel markers only
  sed "/stencilc:kernel-begin/,/stencilc:kernel-end/ $2" "$1"
}
if [ "$1" = --gen-job ]; then tmp=$3; else
  tmp=$(mktemp -d)
  trap 'rm -rf "$tmp"' EXIT
fi

# One random program's checks (section 'random programs' below runs them): --gen-job SEED TMP.
GEN=${PROGRAMGEN:-build/programgen}
if [ "$1" = --gen-job ]; then
  s=$2 p="$tmp/gen$2"
  {
    if "$GEN" --seed "$s" -o "$p.c" --oracle "$p-oracle.c" && "$STENCILC" info "$p.c" --json >"$p.json" 2>"$p.err" &&
      why=$("$PY" tests/program_facts.py "$p.c" "$p.json"); then echo "info ok"
    else echo "info FAIL $why $(head -3 "$p.err")"; fi
    if cc -std=c11 -O1 -Wall -Werror -Itests -o "$p-oracle" "$p-oracle.c" -lm 2>"$p.err"; then
      # cpu: 9 steps at 15 cells per axis (the dumps are of the whole run)
      if "$STENCILC" gen "$p.c" --backend cpu -o "$p-cpu.c" 2>"$p.err" &&
        cc -std=c11 -O1 -fopenmp -Wall -Wextra -Werror -o "$p-cpu" "$p-cpu.c" -lm 2>"$p.err" &&
        run_ok env OMP_NUM_THREADS=1 "$p-cpu" -s 15 -t 9 -r 1 --dump-input "$p-in" --dump-output "$p-out" &&
        "$p-oracle" "$p-in" "$p-out" >"$p.err" 2>&1 && grep -q ' PASS$' "$p.err"; then echo "cpu ok"
      else echo "cpu FAIL $(head -3 "$p.err")"; fi
      # naive through cudaemu: 5 steps at 11
      if "$STENCILC" gen "$p.c" --backend naive -o "$p.cu" 2>"$p.err" &&
        sh tools/cudaemu/build.sh "$p.cu" "$p-naive" 2>"$p.err" &&
        run_ok "$p-naive" -s 11 -t 5 -r 1 --dump-input "$p-nin" --dump-output "$p-nout" &&
        "$p-oracle" "$p-nin" "$p-nout" >"$p.err" 2>&1 && grep -q ' PASS$' "$p.err"; then echo "naive ok"
      else echo "naive FAIL $(head -3 "$p.err")"; fi
      # (counted below: the programs whose stages of one loop nest naive runs as one kernel)
      grep -q '^ *stages[0-9]*_[0-9]*_kernel<<<' "$p.cu" 2>/dev/null && echo "fused kernel"
    else
      echo "oracle FAIL: $(head -3 "$p.err")"
    fi
  } >"$p.status"
  rm -f "$p-cpu" "$p-naive" "$p.cu" "$p-naive.emu.cpp" "$p-in" "$p-out" "$p-nin" "$p-nout"
  exit 0
fi

# ---- info --json: facts by hand ----
# name | fields (name:levels:coef) | per stage: writes:radius:npoints:flops | total flops | lo | hi | second order
# acoustic2d: lap = 2*c0*u (2) + 4 groups c*(4 reads) (4 each) + 4 joins = 22; 2*u - um + v*lap: 4
#   -> 26; reads: u(t) centre + 16, u(t-1) centre, vp2dt2 centre = 19.
# acoustic3d: 3*C0*u (2) + 4 groups of 6 reads (6 each) + 4 joins = 30, + 4 = 34; 1 + 24 + 1 + 1.
# acoustic3d_leapfrog: w0*p (1) + 12 pairs w*(a+b) (3 each, join included) = 37, + 4 = 41.
# fdtd2d: ey - 0.5*(hz - hz[i-1]) 3 flops, 3 reads; ex likewise along j; hz - 0.7*(4 reads) 5.
# heat2d_rk2: k1 = u + R*(4 neighbours - 4u): 7 flops, 5 reads; u' = 0.5*(u + k1) + 0.5*R*(4
#   neighbours of k1 - 4 k1): 10 flops, 6 reads (u, k1 centre, 4 neighbours).
# heat2d_var: 4 face values 0.5*(k + k) (8) + u + r*(4 products of differences, 3 joins) (13) = 21;
#   reads: u centre + 4, k centre + 4 = 10.
cat >"$tmp/facts" <<'EOF'
acoustic2d|u:3:0,vp2dt2:1:1|u:4,4:19:26|26|4,4|4,4|1
acoustic2d_leapfrog|p:2:0,vel:1:1|p:4,4:19:26|26|4,4|4,4|1
acoustic3d|u:3:0,v2:1:1|u:4,4,4:27:34|34|4,4,4|4,4,4|1
acoustic3d_leapfrog|p:2:0,m:1:1|p:4,4,4:27:41|41|4,4,4|4,4,4|1
fdtd2d|ey:1:0,ex:1:0,hz:1:0|ey:1,0:3:3 ex:0,1:3:3 hz:1,1:5:5|11|1,1|1,1|0
heat2d_rk2|k1:1:0,u:2:0|k1:1,1:5:7 u:1,1:6:10|17|2,2|2,2|0
heat2d_var|u:2:0,k:1:1|u:1,1:10:21|21|1,1|1,1|0
EOF
cat >"$tmp/check.py" <<'EOF'
import json, sys
line, path = sys.argv[1], sys.argv[2]
name, fields, stages, flops, lo, hi, second = line.split("|")
j = json.load(open(path))
want = {
    "fields": [f"{n}:{l}:{c}" for n, l, c in (x.split(":") for x in fields.split(","))],
    "stages": stages.split(" "),
    "flops": int(flops),
    "lo": [int(x) for x in lo.split(",")],
    "hi": [int(x) for x in hi.split(",")],
    "second": second == "1",
}
got = {
    "fields": [f"{f['name']}:{f['levels']}:{int(f['coef'])}" for f in j["fields"]],
    "stages": [f"{s['writes']}:{','.join(map(str, s['radius']))}:{s['npoints']}:{s['flops_per_cell']}"
               for s in j["stages"]],
    "flops": j["flops_per_cell"],
    "lo": j["halo_lo"],
    "hi": j["halo_hi"],
    "second": j["second_order"],
}
bad = [f"{k}: got {got[k]}, want {want[k]}" for k in want if got[k] != want[k]]
print("; ".join(bad))
sys.exit(1 if bad else 0)
EOF
while IFS= read -r line; do
  name=${line%%|*}
  if "$STENCILC" info "$DIR/$name.c" --json >"$tmp/$name.json" 2>"$tmp/err" &&
    why=$("$PY" "$tmp/check.py" "$line" "$tmp/$name.json"); then ok
  else no "info $name: $why $(cat "$tmp/err")"; fi
done <"$tmp/facts"

# Coefficient scale (the largest coefficient value the random inputs take): the largest power
# of 1/2 with each stage's spatial gain at most 1. acoustic2d: v * sum|c| of the 2D Laplacian,
# 2 * 205/72 + 4 * (8/5 + 1/5 + 8/315 + 1/560) = 13.003 -> 1/16 (0.81); acoustic3d: 3 * 205/72 +
# 6 * 1.82718 = 19.505 -> 1/32 (0.61); heat2d_var: r * k * 8 (r and k both at s) -> s^2 * 8 <= 1
# -> 1/4; fdtd2d reads no coefficient grid: 1.
for want in acoustic2d:0.0625 acoustic2d_leapfrog:0.0625 acoustic3d:0.03125 heat2d_var:0.25 fdtd2d:1; do
  n=${want%%:*}
  got=$("$PY" -c "import json,sys; print(json.load(open(sys.argv[1]))['coef_scale'])" "$tmp/$n.json" 2>&1)
  if [ "$got" = "${want#*:}" ] || [ "$got" = "${want#*:}.0" ]; then ok; else no "coef_scale of $n: got $got, want ${want#*:}"; fi
done

# Random weights passed in, all positive (tests/programs/acoustic2d_coef_param.c: coef[0] > 0),
# make the leapfrog grow by about 1 + sqrt(g) a step: in float over 300 steps the reference
# overflowed and the check compared infinities. The program lowers the scale of its random
# coefficients until a small grid's reference stays bounded, says so, and passes; a stable
# program (acoustic2d, its Laplacian's weights constants) keeps its draws and says nothing.
"$STENCILC" gen tests/programs/acoustic2d_coef_param.c --backend cpu --dtype float -o "$tmp/cp.c" 2>/dev/null &&
  cc -std=c11 -O2 -fopenmp -o "$tmp/cp" "$tmp/cp.c" -lm &&
  "$tmp/cp" -s 61x47 -t 300 -r 1 --check-size 41 >"$tmp/cp.out" 2>"$tmp/cp.err"
if grep -q 'verify=PASS' "$tmp/cp.out" && grep -q 'make the scheme grow .* over 300 steps; drawn again at scale' "$tmp/cp.err"; then ok
else no "acoustic2d_coef_param, float, 300 steps: $(tail -2 "$tmp/cp.out") $(cat "$tmp/cp.err")"; fi
"$STENCILC" gen $DIR/acoustic2d.c --backend cpu --dtype float -o "$tmp/a2.c" 2>/dev/null &&
  cc -std=c11 -O2 -fopenmp -o "$tmp/a2" "$tmp/a2.c" -lm &&
  "$tmp/a2" -s 61x47 -t 300 -r 1 --check-size 41 >"$tmp/a2.out" 2>"$tmp/a2.err"
if grep -q 'verify=PASS' "$tmp/a2.out" && ! grep -q 'drawn again' "$tmp/a2.err"; then ok
else no "acoustic2d, float, 300 steps: $(tail -2 "$tmp/a2.out") $(cat "$tmp/a2.err")"; fi

# Levels named by the reads: the leapfrog's written buffer read at the centre is t-1; Heun's
# second stage reads k1 as written in the same step (t+1); FDTD's hz stage reads the new ex.
levels() { "$PY" -c "import json,sys; j=json.load(open(sys.argv[1])); print(' '.join(sorted({r['field']+'@'+str(r['level']) for r in j['stages'][int(sys.argv[2])]['reads']})))" "$tmp/$1.json" "$2"; }
for want in "acoustic2d 0 u@t u@t-1 vp2dt2@None" "acoustic2d_leapfrog 0 p@t p@t-1 vel@None" \
            "heat2d_rk2 1 k1@t+1 u@t" "fdtd2d 0 ey@t hz@t" "fdtd2d 2 ex@t+1 ey@t+1 hz@t"; do
  set -- $want
  n=$1 s=$2; shift 2
  got=$(levels "$n" "$s" 2>&1)
  if [ "$got" = "$*" ]; then ok; else no "levels of $n stage $s: got '$got', want '$*'"; fi
done

# Spellings of t - 1 modulo 3: (t + 2) % 3 (acoustic2d.c, t from 1), (t - 1) % 3 with t from 1,
# and (t + 2) % 3 with t from 0 name the same buffer: the same program is generated.
sed 's/(t + 2) % 3/(t - 1) % 3/' "$DIR/acoustic2d.c" >"$tmp/minus.c"
sed 's/int t = 1; t < nt/int t = 0; t < nt - 1/' "$DIR/acoustic2d.c" >"$tmp/from0.c"
"$STENCILC" gen "$DIR/acoustic2d.c" --backend cpu -o "$tmp/spell0.c" 2>/dev/null
for v in minus from0; do
  if "$STENCILC" gen "$tmp/$v.c" --backend cpu -o "$tmp/spell-$v.c" 2>"$tmp/err" &&
    [ "$(sed "s/$v/acoustic2d/g" "$tmp/spell-$v.c" | cmp - "$tmp/spell0.c" && echo same)" = same ]; then ok
  else no "t - 1 spelled as in $v: $(cat "$tmp/err")"; fi
done

# ---- cpu and naive (cudaemu) runs, and perturbed kernels ----
for f in "$DIR"/*.c; do
  name=$(basename "$f" .c)
  "$STENCILC" info "$f" >/dev/null 2>&1 || continue # refused ones are checked below
  for dt in float double; do
    b="$tmp/$name-$dt"
    if "$STENCILC" gen "$f" --backend cpu --dtype $dt -o "$b.c" 2>"$tmp/err" &&
      cc -std=c11 -O2 -fopenmp -Wall -Wextra -Werror -o "$b" "$b.c" -lm 2>"$tmp/err"; then
      for steps in 1 4 17; do
        if run_ok "$b" -s 23 -t $steps -r 1 --check-size 19; then ok; else no "cpu $name $dt $steps steps"; fi
      done
    else
      no "cpu build $name $dt: $(head -5 "$tmp/err")"
      continue
    fi
    # a scaled update and a skipped last column must both fail verification
    perturb "$b.c" 's/out\[c\] = (rt_real)(/out[c] = (rt_real)(1.01 * /' >"$b-m1.c"
    perturb "$b.c" 's/\(i[12] < e[12]\);/\1 - 1;/' >"$b-m2.c"
    for m in m1 m2; do
      if cmp -s "$b.c" "$b-$m.c"; then no "cpu $name $dt: mutation $m changed nothing"; continue; fi
      cc -std=c11 -O2 -fopenmp -o "$b-$m" "$b-$m.c" -lm 2>/dev/null
      if "$b-$m" -s 23 -t 4 -r 1 --check-size 19 2>&1 | grep -q 'verification failed'; then ok
      else no "cpu $name $dt: mutation $m passed verification"; fi
    done
  done
  b="$tmp/$name-naive"
  if "$STENCILC" gen "$f" --backend naive -o "$b.cu" 2>"$tmp/err" &&
    sh tools/cudaemu/build.sh "$b.cu" "$b" 2>"$tmp/err"; then
    for steps in 1 5; do
      if run_ok "$b" -s 13 -t $steps -r 1 --check-size 13; then ok; else no "naive (cudaemu) $name $steps steps"; fi
    done
    case $name in acoustic2d | fdtd2d | heat2d_rk2) # a representative few: each build is slow
      perturb "$b.cu" 's/  out\[c\] = /  out[c] = (rt_real)1.01 * /' >"$b-m1.cu"
      if sh tools/cudaemu/build.sh "$b-m1.cu" "$b-m1" 2>/dev/null &&
        "$b-m1" -s 13 -t 3 -r 1 --check-size 13 2>&1 | grep -q 'verification failed'; then ok
      else no "naive (cudaemu) $name: perturbed kernel passed verification"; fi ;;
    esac
  else
    no "naive (cudaemu) build $name: $(head -5 "$tmp/err")"
  fi
done

# ---- n5d: the one-stage programs of one field, temporally blocked, through cudaemu ----
# Each must equal the program's semantics at step counts below, at and past bT and not a
# multiple of it (the check compares every buffer of the field, halo included, with the
# reference): 2D and 3D, float and double, three levels and the leapfrog, coefficient grids at
# the centre (acoustic) and at offsets (heat2d_var), bT from 1 to 4, several tiles and stream
# chunks. A radius-1 3D wave (three levels, t-1 spelled (t + 2) % 3, the velocity in a
# parameter array) keeps the 3D runs cheap beside one radius-4 acoustic3d.
cat >"$tmp/wave3d.c" <<'EOF2'
void wave3d(int n, int steps, double u[3][n][n][n], const double c2[n][n][n]) {
  for (int t = 0; t < steps; t++)
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        for (int k = 1; k < n - 1; k++) {
          double lap = u[t % 3][i - 1][j][k] + u[t % 3][i + 1][j][k] + u[t % 3][i][j - 1][k]
                     + u[t % 3][i][j + 1][k] + u[t % 3][i][j][k - 1] + u[t % 3][i][j][k + 1]
                     - 6.0 * u[t % 3][i][j][k];
          u[(t + 1) % 3][i][j][k] = 2.0 * u[t % 3][i][j][k] - u[(t + 2) % 3][i][j][k] + c2[i][j][k] * lap;
        }
}
EOF2
cat >"$tmp/n5d-jobs" <<JOBS
$DIR/acoustic2d.c float 23x70 1_2_3_4_7 --bt 3 --bs 64 --hsn 8
$DIR/acoustic2d.c double 19x45 1_2_5 --bt 2 --bs 32
$DIR/acoustic2d_leapfrog.c double 21x75 1_3_4_9 --bt 2 --bs 64 --hsn 7
$DIR/acoustic2d_leapfrog.c float 17x50 2_5 --bt 4 --bs 64
$DIR/heat2d_var.c float 19x60 1_4_9 --bt 4 --bs 64
$DIR/heat2d_var.c double 15x40 3 --bt 3 --bs 32 --hsn 5
$DIR/acoustic3d.c float 9x18x35 1_3 --bt 2 --bs 20x32 --hsn 4
$DIR/acoustic3d_leapfrog.c double 9x13x30 1_2 --bt 1 --bs 12x32
$tmp/wave3d.c double 11x13x40 1_2_4_7 --bt 3 --bs 8x32 --hsn 4
$tmp/wave3d.c float 9x12x36 3_5 --bt 2 --bs 8x32
$DIR/heat3d_var.c float 9x12x36 1_3 --bt 2 --bs 8x32
tests/programs/acoustic2d_flat_rt.c float 21x60 1_3_4 --bt 2 --bs 64
JOBS
EMU_BACKEND=n5d EMU_TMP=$tmp STENCILC=$STENCILC xargs -P "$JOBS" -L 1 sh "$0" --emu-job <"$tmp/n5d-jobs"
i=1
while read -r job; do
  if [ "$(cat "$tmp/n5d-$i.status" 2>/dev/null)" = 0 ]; then ok
  else no "n5d (cudaemu) $job: $(tail -5 "$tmp/n5d-$i.log" 2>/dev/null)"; fi
  i=$((i + 1))
done <"$tmp/n5d-jobs"

# no level is copied: the engine renames each buffer with its twin (runtime/rt_program.h), for
# an odd launch count as for an even one (1, 2 and 3 launches of bT = 3; the full check's 3
# steps are one launch), three levels and two
"$STENCILC" gen "$DIR/acoustic2d.c" --backend n5d --bt 3 --bs 64 -o "$tmp/n5dc3.cu" 2>/dev/null
"$STENCILC" gen "$DIR/acoustic2d_leapfrog.c" --backend n5d --bt 3 --bs 64 -o "$tmp/n5dc2.cu" 2>/dev/null
for lv in 3 2; do
  if emu_build "$tmp/n5dc$lv.cu" "$tmp/n5dc$lv" 2>"$tmp/err"; then
    for t in 2 4 7; do
      CUDAEMU_COPIES=1 "$tmp/n5dc$lv" -s 21x70 -t $t -r 1 >"$tmp/out" 2>&1
      if grep -q 'verify=PASS' "$tmp/out" && grep -q '^cudaemu: 0 bytes copied device to device$' "$tmp/out"; then ok
      else no "n5d (cudaemu) $lv levels, $t steps: copies levels: $(tail -3 "$tmp/out")"; fi
    done
  else no "n5d (cudaemu) $lv levels: $(tail -3 "$tmp/err")"; fi
done

# a kernel that takes a halo cell of level k from level 0's buffer must fail (three levels:
# each buffer keeps its own halo), and one that skips its barriers too
"$STENCILC" gen "$DIR/acoustic2d.c" --backend n5d --bt 3 --bs 64 -o "$tmp/n5dm.cu" 2>/dev/null
perturb "$tmp/n5dm.cu" 's/v = halo\[[0-9]*\]/v = halo[0]/' >"$tmp/n5dm1.cu"
perturb "$tmp/n5dm.cu" 's/^\(    *\)__syncthreads();$/\1;/' >"$tmp/n5dm2.cu"
for m in 1 2; do
  if ! cmp -s "$tmp/n5dm.cu" "$tmp/n5dm$m.cu" && emu_build "$tmp/n5dm$m.cu" "$tmp/n5dm$m" 2>/dev/null &&
    "$tmp/n5dm$m" -s 23x70 -t 4 -r 1 --check-size 23x70 2>&1 | grep -q 'verification failed'; then ok
  else no "n5d (cudaemu) acoustic2d: perturbed kernel $m passed verification"; fi
done

# defaults: every one-stage program generates with n5d's own parameters, its rings within the
# target's shared memory; programs of several stages are refused naming the dependence
for name in acoustic2d acoustic2d_leapfrog acoustic3d acoustic3d_leapfrog heat2d_var; do
  for dt in float double; do
    if "$STENCILC" gen "$DIR/$name.c" --backend n5d --dtype $dt -o "$tmp/d.cu" 2>"$tmp/err" &&
      grep -q 'program_advance' "$tmp/d.cu"; then ok
    else no "n5d default $name $dt: $(cat "$tmp/err")"; fi
  done
done
# gen --explain: acoustic3d (radius 4, float) by default fuses bT = 2 in 32x32 blocks: rings of
# 2 * 4 + 1 = 9 planes per level and (2 + 1) * 4 + 1 = 13 for the velocity, each plane
# 2 * (4 * 32 + 4) + 32 * 32 = 1288 floats: (2 * 9 + 13) * 1288 * 4 = 159712 bytes
if "$STENCILC" gen "$DIR/acoustic3d.c" --backend n5d --explain -o "$tmp/e.cu" 2>"$tmp/err" &&
  grep -q 'bT = 2 steps per launch, block 32x32 threads' "$tmp/err" &&
  grep -q 'rings of 9 planes per level and 13 per coefficient grid (1); 159712 bytes' "$tmp/err"; then ok
else no "gen --explain acoustic3d n5d: $(cat "$tmp/err")"; fi
# options n5d cannot run: the limit and the value, no file
for bad in "acoustic2d.c --bt 40:bT = 40 is outside 1..32" \
           "acoustic3d.c --dtype double --bt 3:the rings of bT = 3 levels need 453376 bytes of shared memory" \
           "acoustic2d_leapfrog.c --bt 4 --bs 32:the halo 2*bT*radius = 32 (x) / 0 (y) leaves no output" \
           "heat2d_var.c --rows 2:--rows 2: a program's levels advance one row per barrier"; do
  rm -f "$tmp/x.cu"
  # shellcheck disable=SC2086
  "$STENCILC" gen "$DIR"/${bad%%:*} --backend n5d -o "$tmp/x.cu" 2>"$tmp/err"
  rc=$?
  if [ $rc -eq 2 ] && [ ! -e "$tmp/x.cu" ] && grep -q -F "error: n5d: ${bad#*:}" "$tmp/err"; then ok
  else no "n5d ${bad%%:*}: exit $rc: $(cat "$tmp/err")"; fi
done
for want in "fdtd2d:stage 2 (writing 'hz') reads 'ex' at offset (0, 1) as stage 1 wrote it in the same step" \
            "heat2d_rk2:stage 1 (writing 'u') reads 'k1' at offset (-1, 0) as stage 0 wrote it in the same step"; do
  name=${want%%:*}
  rm -f "$tmp/x.cu"
  "$STENCILC" gen "$DIR/$name.c" --backend n5d -o "$tmp/x.cu" 2>"$tmp/err"
  rc=$?
  if [ $rc -eq 2 ] && [ ! -e "$tmp/x.cu" ] && grep -q -F "error: n5d: ${want#*:}" "$tmp/err" &&
    grep -q 'backend naive (CUDA) or cpu runs it' "$tmp/err"; then ok
  else no "n5d on $name: exit $rc: $(cat "$tmp/err")"; fi
done


# ---- 25d: one-stage 3D programs streamed along axis 0, one step per launch, through cudaemu ----
# The wave field's plane in shared memory and its column in a register queue of 2R + 1 values,
# the velocity grid and level t-1 read from global memory at the cell. Each must pass its own
# check (every buffer of the field, halo included, against the reference) at sizes with several
# blocks along y and x, a stream longer than the queue, and several chunks along it: a chunk is
# at least 16 R planes, so 70 planes of a radius-4 program are cut into 64 + 6 (the second
# shorter than the queue's 2R = 8 planes of start-up) and 40 of a radius-1 one into 16 + 16 + 8.
# Three levels in one array, the leapfrog (the written buffer read at the cell), heat with a
# diffusivity grid, float and double; two with the planes copied ahead by cp.async (--ahead).
cat >"$tmp/25d-jobs" <<JOBS
$DIR/acoustic3d.c float 21x11x70 1_2_5 --block 4x32
$DIR/acoustic3d.c double 70x10x40 1_3 --block 8x32
$DIR/acoustic3d_leapfrog.c float 70x9x36 2 --block 4x32
$DIR/acoustic3d_leapfrog.c double 21x11x70 1_4 --block 4x32
$DIR/heat3d_var.c float 40x13x70 1_3_4 --block 4x32
$DIR/heat3d_var.c double 19x9x40 1_5 --block 2x32
$tmp/wave3d.c float 23x10x40 1_2_7 --block 4x32
$DIR/acoustic3d.c float 21x11x70 1_3 --block 4x32 --ahead 2
$DIR/heat3d_var.c double 40x13x70 1_4 --block 2x32 --ahead 3
JOBS
EMU_BACKEND=25d EMU_TMP=$tmp STENCILC=$STENCILC xargs -P "$JOBS" -L 1 sh "$0" --emu-job <"$tmp/25d-jobs"
i=1
while read -r job; do
  if [ "$(cat "$tmp/25d-$i.status" 2>/dev/null)" = 0 ]; then ok
  else no "25d (cudaemu) $job: $(tail -5 "$tmp/25d-$i.log" 2>/dev/null)"; fi
  i=$((i + 1))
done <"$tmp/25d-jobs"
# a kernel without its barrier, or whose tile misses the plane's halo cells, must fail
perturb "$tmp/25d-1.cu" 's/^\(    *\)__syncthreads();$/\1;/' >"$tmp/25dm1.cu"
perturb "$tmp/25d-1.cu" 's/^\(    *\)p25d_put(sm + b, pf, src, t);$/\1;/' >"$tmp/25dm2.cu"
for m in 1 2; do
  if ! cmp -s "$tmp/25d-1.cu" "$tmp/25dm$m.cu" && emu_build "$tmp/25dm$m.cu" "$tmp/25dm$m" 2>/dev/null &&
    "$tmp/25dm$m" -s 21x11x70 -t 2 -r 1 --check-size 21x11x70 2>&1 | grep -q 'verification failed'; then ok
  else no "25d (cudaemu) acoustic3d: perturbed kernel $m passed verification"; fi
done
# defaults: each 3D one-stage program generates with 25d's own block (4x128) in both types
for name in acoustic3d acoustic3d_leapfrog heat3d_var; do
  for dt in float double; do
    if "$STENCILC" gen "$DIR/$name.c" --backend 25d --dtype $dt -o "$tmp/d.cu" 2>"$tmp/err" &&
      grep -q '^/\* 25d: hybrid placement (value queue), block 4x128' "$tmp/d.cu" &&
      grep -q 'stage0_kernel<<<' "$tmp/d.cu"; then ok
    else no "25d default $name $dt: $(cat "$tmp/err")"; fi
  done
done
# what 25d cannot run, named with a form that works; no output file. box3d reads its streamed
# grid at (1, 1, 0), off the plane and the column; heat3d_two reads in its second stage what
# the first wrote.
cat >"$tmp/box3d.c" <<'EOF2'
void box3d(int n, int steps, float u[2][n][n][n], const float k[n][n][n]) {
  for (int t = 0; t < steps; t++)
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        for (int l = 1; l < n - 1; l++)
          u[(t + 1) % 2][i][j][l] = u[t % 2][i][j][l]
              + k[i][j][l] * (u[t % 2][i + 1][j + 1][l] + u[t % 2][i - 1][j - 1][l] - 2.0f * u[t % 2][i][j][l]);
}
EOF2
cat >"$tmp/heat3d_two.c" <<'EOF2'
void heat3d_two(int n, int steps, float u[n][n][n], float v[n][n][n]) {
  for (int t = 0; t < steps; t++) {
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        for (int l = 1; l < n - 1; l++)
          v[i][j][l] = 0.25f * (u[i - 1][j][l] + u[i + 1][j][l] + u[i][j][l - 1] + u[i][j][l + 1]);
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        for (int l = 1; l < n - 1; l++)
          u[i][j][l] = 0.5f * (v[i][j - 1][l] + v[i][j + 1][l]);
  }
}
EOF2
while IFS='|' read -r file opts why; do
  rm -f "$tmp/x.cu"
  # shellcheck disable=SC2086
  "$STENCILC" gen "$file" --backend 25d $opts -o "$tmp/x.cu" 2>"$tmp/err"
  rc=$?
  if [ $rc -eq 2 ] && [ ! -e "$tmp/x.cu" ] && grep -q -F "error: 25d: $why" "$tmp/err" &&
    grep -q '^  hint: .*25d streams one-stage 3D programs' "$tmp/err"; then ok
  else no "25d $file $opts: exit $rc, want '$why': $(cat "$tmp/err")"; fi
done <<EOF
$DIR/acoustic3d.c|--placement shared|a stencil program's stage runs under the hybrid placement (the streamed grid's plane in shared memory, its column in registers), not shared; leave --placement out or give hybrid
$DIR/acoustic3d.c|--block 3x30|a block of 3x30 = 90 threads is not a multiple of 32 up to 1024; give --block YxX
$DIR/heat3d_var.c|--block 4x32x2|the 25d block takes 2 counts (the plane), not 3
$DIR/acoustic3d.c|--mpi|streams stencil programs on one GPU; with --mpi, --backend naive (CUDA) or cpu runs them on ranks
$tmp/box3d.c||the stage reads its streamed grid at offset (1, 1, 0), off both the output plane and the thread's column
$tmp/heat3d_two.c||it has 2 stages, each reading what the others write; one 2.5D launch computes one statement
EOF

# ---- 25d and ssam refuse each program naming what in it they have no place for (worked out
# from the C: 25d streams 3D grids only; for ssam a coefficient grid comes first, then a t - 1
# read, then several stages) and the backends that run it; no output file ----
while read -r file be why; do
  rm -f "$tmp/x.cu"
  "$STENCILC" gen "$file" --backend "$be" -o "$tmp/x.cu" 2>"$tmp/err"
  rc=$?
  if [ $rc -eq 2 ] && [ ! -e "$tmp/x.cu" ] && grep -q "error: $be: .*$why.*; --backend naive (CUDA) or cpu runs this program" "$tmp/err" &&
    grep -q '^  hint: ' "$tmp/err"; then ok
  else no "$be on $file: exit $rc, want '$why': $(cat "$tmp/err")"; fi
done <<'EOF'
examples/programs/acoustic2d.c 25d this program is 2D
examples/programs/acoustic2d.c ssam stage 0 reads coefficient grid 'vp2dt2'
examples/programs/acoustic3d_leapfrog.c ssam stage 0 reads coefficient grid 'm'
examples/programs/fdtd2d.c ssam it has 3 stages
examples/programs/heat2d_rk2.c ssam it has 2 stages
tests/programs/wave1d.c ssam this program is 1D
tests/programs/wave1d.c 25d this program is 1D
tests/programs/advect1d_rk2.c ssam this program is 1D
EOF
# a 1D coefficient array of one axis: every backend but naive and cpu refuses it by name, and
# so does --mpi
for be in n5d 25d ssam fft direct; do
  rm -f "$tmp/x.cu"
  "$STENCILC" gen tests/programs/acoustic2d_sponge.c --backend $be -o "$tmp/x.cu" 2>"$tmp/err"
  rc=$?
  if [ $rc -eq 2 ] && [ ! -e "$tmp/x.cu" ] &&
    grep -q "error: $be: the program reads the 1D coefficient array 'damp_x' along axis 1, which the $be kernels have no place for; --backend naive (CUDA) or cpu runs it" "$tmp/err"; then ok
  else no "$be on acoustic2d_sponge: exit $rc: $(cat "$tmp/err")"; fi
done
rm -f "$tmp/x.c"
"$STENCILC" gen tests/programs/acoustic3d_damp_z.c --backend cpu --mpi -o "$tmp/x.c" 2>"$tmp/err"
rc=$?
if [ $rc -eq 2 ] && [ ! -e "$tmp/x.c" ] &&
  grep -q "error: cpu: the program reads the 1D coefficient array 'damp' along axis 0, which the --mpi decomposition has no place for; --backend naive (CUDA) or cpu without --mpi runs it" "$tmp/err"; then ok
else no "cpu --mpi on acoustic3d_damp_z: exit $rc: $(cat "$tmp/err")"; fi
# auto takes naive for it, and model predicts naive alone, counting no DRAM for the profiles:
# 3 buffers of 4 bytes a cell (p at t, pm read and written, v2dt2) at 1000x1000
"$STENCILC" gen tests/programs/acoustic2d_sponge.c --backend auto -o "$tmp/x.cu" 2>"$tmp/err"
if grep -q 'backend auto: naive' "$tmp/err" && grep -q 'in_damp_x_0\[i1 + 1\]' "$tmp/x.cu"; then ok
else no "auto on acoustic2d_sponge: $(cat "$tmp/err")"; fi
"$STENCILC" model tests/programs/acoustic2d_sponge.c -s 1000x1000 >"$tmp/model" 2>&1
if [ "$(grep -c 'GCells/s' "$tmp/model")" = 1 ] && grep -q '^ *1  naive .*(1.2e+07 bytes per step)' "$tmp/model"; then ok
else no "model on acoustic2d_sponge: $(cat "$tmp/model")"; fi

# fft names what sets a program apart, as many fields as its message holds and the rest counted
# (12 grids of 3D elastic), the scalar last: no field cut off
rm -f "$tmp/x.cu"
"$STENCILC" gen tests/programs/elastic3d_staggered.c --backend fft -o "$tmp/x.cu" 2>"$tmp/err"
rc=$?
if [ $rc -eq 2 ] && [ ! -e "$tmp/x.cu" ] &&
  grep -q "error: fft: .*; this program has 9 stages, 'vx' with 1 time level (updated in place), .*, and [0-9]* more such fields, run-time scalar 'dth'$" "$tmp/err"; then ok
else no "fft on elastic3d_staggered: exit $rc: $(cat "$tmp/err")"; fi

# ---- the forms real codes write (tests/programs/, and examples/programs/heat3d_var.c): each
# program's result on cpu, and on naive (and for the 3D ones 25d) through cudaemu, matches the
# user's own function compiled by cc from the same input (NAME.oracle.c, tests/program_oracle.h).
# heat2d_fixed runs
# with the program's defaults, which must be the source's: interior 64x48 (66 - 2, 50 - 2) and
# NT = 20 steps (its oracle refuses other sizes). heat3d_var's grid is 258^3 by the source: 2
# steps on cpu only (cudaemu runs a GPU's threads one by one). ----
oracle_run() { # NAME EXE ARGS...: the run's dumps checked by NAME's oracle
  n=$1 exe=$2
  shift 2
  rm -f "$tmp/o-in" "$tmp/o-out"
  "$exe" "$@" -r 1 --dump-input "$tmp/o-in" --dump-output "$tmp/o-out" >"$tmp/o-run" 2>&1 &&
    grep -q 'verify=PASS' "$tmp/o-run" && "$tmp/$n-oracle" "$tmp/o-in" "$tmp/o-out" >"$tmp/o-log" 2>&1 &&
    grep -q ' PASS$' "$tmp/o-log"
}
for o in tests/programs/*.oracle.c; do
  n=$(basename "$o" .oracle.c)
  src=tests/programs/$n.c
  [ -e "$src" ] || src=$DIR/$n.c
  case $n in
    heat2d_fixed) args="" ;;
    heat3d_var) args="-t 2" ;;
    wave1d | advect1d_rk2) args="-s 61 -t 9" ;;
    # sizes at run time, uneven so that a transposed axis shows
    acoustic2d_flat_rt | hotspot_calls | acoustic2d_radius | acoustic2d_coef_param) args="-s 30x41 -t 7" ;;
    # several grids assigned in one loop nest (yee3d_fused: the source's sizes)
    # (virieux2d_psv_force: the force's cell (2, 2) beside stress cells)
    acoustic2d_vp_fused | acoustic2d_cpml_fused | elastic2d_vs_fused | virieux2d_psv | virieux2d_psv_force)
      args="-s 23x34 -t 7" ;;
    # 1D coefficient arrays of one axis (damping profiles, CPML coefficients, a stretched grid's
    # spacings): sizes uneven, so that an array read along the wrong axis shows
    acoustic2d_sponge | cpml2d_profiles | heat2d_stretched) args="-s 23x34 -t 7" ;;
    acoustic3d_damp_z) args="-s 11x13x15 -t 5" ;;
    acoustic3d_flat_stride) args="-s 14x11x17 -t 5" ;;
    heat2d_var_flat_ld) args="-s 21x30 -t 7" ;;
    wave2d_flat_levels) args="-s 19x27 -t 6" ;;
    wave2d_flat_halo | heat2d_var_halo | heat2d_var_rows) args="-s 17x26 -t 6" ;;
    acoustic3d_rows | hotspot3d | acoustic3d_radius_flat | wave3d_radius_axes | acoustic3d_cpml_z | acoustic3d_radius_local_table) args="-s 11x13x15 -t 5" ;;
    # 3D elastic velocity-stress: 12 grids and 9 stages; SOFI3D's viscoelastic form at the
    # limits, 24 grids and 16 stages
    elastic3d_staggered | elastic3d_sofi_fused | viscoelastic3d_sofi) args="-s 11x13x15 -t 5" ;;
    # C89 forms: counters and indices declared first, do / while time loops
    hotspot3d_c89 | heat3d_c89_top) args="-s 11x13x15 -t 5" ;;
    heun2d_c89) args="-s 17x26 -t 6" ;;
    acoustic2d_radius_table2 | elastic2d_staggered) args="-s 17x26 -t 6" ;;
    # point sources: the shot's cell and the wavelet reach the user's code from the dumps
    acoustic2d_src) args="-s 20x31 -t 7" ;;
    acoustic3d_src) args="-s 9x12x10 -t 5" ;;
    wave2d_src_levels) args="-s 17x22 -t 6" ;;
    wave1d_src_hard) args="-s 45 -t 9" ;;
    # boundary stages: edges, faces, wraps and a source row set in the time loop
    advect1d_periodic | wave1d_ghost) args="-s 45 -t 9" ;;
    heat2d_neumann | heat2d_neumann_last_local | heat2d_float_temp | fdtd2d_polybench | heat2d_robin_edges | acoustic2d_edges_src | heat2d_flat_neumann | heat2d_ghost2) args="-s 17x26 -t 6" ;;
    heat3d_faces) args="-s 9x12x10 -t 5" ;;
    *) args="-t 7" ;;
  esac
  if ! cc -std=c11 -O1 -Wall -Werror -Itests -o "$tmp/$n-oracle" "$o" -lm 2>"$tmp/err"; then
    no "oracle $n: $(head -3 "$tmp/err")"
    continue
  fi
  # shellcheck disable=SC2086
  if "$STENCILC" gen "$src" --backend cpu -o "$tmp/$n-cpu.c" 2>"$tmp/err" &&
    cc -std=c11 -O2 -fopenmp -Wall -Wextra -Werror -o "$tmp/$n-cpu" "$tmp/$n-cpu.c" -lm 2>"$tmp/err" &&
    oracle_run "$n" "$tmp/$n-cpu" $args; then ok
  else no "cpu $n against the user's code: $(head -3 "$tmp/err") $(tail -2 "$tmp/o-run" "$tmp/o-log" 2>/dev/null)"; fi
  [ "$n" = heat3d_var ] && continue
  # shellcheck disable=SC2086
  if "$STENCILC" gen "$src" --backend naive -o "$tmp/$n.cu" 2>"$tmp/err" &&
    sh tools/cudaemu/build.sh "$tmp/$n.cu" "$tmp/$n-naive" 2>"$tmp/err" &&
    oracle_run "$n" "$tmp/$n-naive" $args; then ok
  else no "naive (cudaemu) $n against the user's code: $(head -3 "$tmp/err") $(tail -2 "$tmp/o-run" "$tmp/o-log" 2>/dev/null)"; fi
  case $n in acoustic3d_flat_stride | heat3d_idx_local | jacobi3d_ptr | acoustic3d_radius_flat | wave3d_radius_axes | heat3d_c89_top) ;; *) continue ;; esac
  # shellcheck disable=SC2086
  if "$STENCILC" gen "$src" --backend 25d --block 4x32 -o "$tmp/$n-25d.cu" 2>"$tmp/err" &&
    emu_build "$tmp/$n-25d.cu" "$tmp/$n-25d" 2>"$tmp/err" &&
    oracle_run "$n" "$tmp/$n-25d" $args; then ok
  else no "25d (cudaemu) $n against the user's code: $(head -3 "$tmp/err") $(tail -2 "$tmp/o-run" "$tmp/o-log" 2>/dev/null)"; fi
done
# naive's kernels (codegen_program_fusion), as program_step launches them: the stages of one
# loop nest run in one kernel (each verified against the user's code above), a later one reading
# the value an earlier one stores at the cell from a register; a nest that reads what the nest
# before it wrote at the cells beside its own (virieux2d_psv: the stresses read the new
# velocities at +-1) keeps a kernel of its own, as does each stage of a nest of its own.
for want in "virieux2d_psv stages0_1 stages2_4" "acoustic3d_cpml_z stages0_3 stages4_5" \
            "virieux2d_psv_force stages0_1 stages2_4" \
            "elastic2d_vs_fused stages0_1 stages2_4" "acoustic2d_cpml_fused stages0_3 stage4" \
            "acoustic2d_vp_fused stages0_1 stage2" "yee3d_fused stages0_2 stages3_5" \
            "elastic2d_staggered stage0 stage1 stage2" "fdtd2d_polybench stage0 stage1 stage2" \
            "elastic3d_staggered stage0 stage1 stage2 stage3 stage4 stage5 stage6 stage7 stage8" \
            "elastic3d_sofi_fused stages0_2 stages3_8" "viscoelastic3d_sofi stages0_2 stages3_15"; do
  set -- $want
  n=$1
  shift
  got=$(sed -n 's/^ *\([a-z0-9_]*\)_kernel<<<grid, block>>>.*/\1/p' "$tmp/$n.cu" 2>&1 | tr '\n' ' ')
  if [ "$got" = "$* " ]; then ok; else no "naive kernels of $n: got '$got', want '$*'"; fi
done
# gen --explain names naive's kernels and the stages each computes.
if "$STENCILC" gen tests/programs/virieux2d_psv.c --backend naive --explain -o "$tmp/x.cu" 2>"$tmp/err" &&
  grep -q '^plan: naive, 2 kernels per step for 5 stages: kernel 0: vx, vz (stages 0-1 of one loop nest, .*; kernel 1: txx, tzz, txz (stages 2-4 ' "$tmp/err" &&
  "$STENCILC" gen tests/programs/elastic2d_staggered.c --backend naive --explain -o "$tmp/x.cu" 2>"$tmp/err" &&
  grep -q '^plan: naive, 3 kernels per step for 3 stages: kernel 0: vx (stage 0); kernel 1: vz (stage 1); kernel 2: p (stage 2)$' "$tmp/err"; then ok
else no "gen --explain naive of a program: $(cat "$tmp/err")"; fi
# The registers are what the later stages read: vz and p reading the memory variables' old
# values from memory (the stores come after all the values) must fail against the user's code.
perturb "$tmp/acoustic3d_cpml_z.cu" 's/+ new_psi_\([pv]z\))/+ in_psi_\1_0[c])/' >"$tmp/cpml-old.cu"
if [ "$(grep -c '+ in_psi_[pv]z_0\[c\])' "$tmp/cpml-old.cu")" = 2 ] &&
  sh tools/cudaemu/build.sh "$tmp/cpml-old.cu" "$tmp/cpml-old" 2>"$tmp/err" &&
  ! oracle_run acoustic3d_cpml_z "$tmp/cpml-old" -s 11x13x15 -t 5; then ok
else no "acoustic3d_cpml_z: the old memory variables read instead of the registers passed: $(head -3 "$tmp/err")"; fi
"$tmp/heat2d_fixed-cpu" -r 1 >"$tmp/o-run" 2>&1
if grep -q 'size=64x48 steps=20 .*verify=PASS' "$tmp/o-run"; then ok
else no "heat2d_fixed: the source's sizes are not the defaults: $(tail -1 "$tmp/o-run")"; fi
if "$STENCILC" info tests/programs/heat2d_fixed.c --json | grep -q '"extents": \[66, 50\]'; then ok
else no "info heat2d_fixed: extents not [66, 50]"; fi
# info names a stage's range by the source's extents: constants (NZ 14, NY 12, NX 16) by value,
# size parameters by name
if "$STENCILC" info tests/programs/heat3d_idx_local.c | grep -q 'writes u over \[1, 13) x \[1, 11) x \[1, 15);'; then ok
else no "info heat3d_idx_local: $("$STENCILC" info tests/programs/heat3d_idx_local.c | grep stage)"; fi
# a grid padded with its ghost cells, swept 1 <= i <= n: the extent is n + 2, the range [1, n + 1)
if "$STENCILC" info tests/programs/wave2d_flat_halo.c | grep -q 'writes u over \[1, nz + 1) x \[1, nx + 1);'; then ok
else no "info wave2d_flat_halo: $("$STENCILC" info tests/programs/wave2d_flat_halo.c | grep stage)"; fi
# point sources as info reports them: the cell's parameters per axis (a flat index read back as
# sz, sy, sx), the operator, the array and its time index, the stage it follows (the last: the
# statement comes after the nests)
if "$STENCILC" info tests/programs/acoustic3d_src.c | grep -q '^source 0     p\[sz, sy, sx\] += (reads wavelet\[it - 1\]) after stage 0, each step$' &&
  "$STENCILC" info tests/programs/virieux2d_psv_force.c | grep -q '^source 0     vz\[sz, sx\] += (reads wavelet\[it\]) after stage 4, each step$' &&
  "$STENCILC" info tests/programs/wave1d_src_hard.c | grep -q '^source 0     u\[isrc\] = (reads signal\[it\])' &&
  "$STENCILC" info tests/programs/wave1d_src_hard.c | grep -q "^scalar       isrc (run time, integer: a point source's cell)$"; then ok
else no "info of point sources: $("$STENCILC" info tests/programs/acoustic3d_src.c | grep -i source)"; fi
if "$STENCILC" info tests/programs/wave1d.c | grep -q 'writes u over \[1, n - 1);'; then ok
else no "info wave1d: $("$STENCILC" info tests/programs/wave1d.c | grep stage)"; fi

# ---- model, tune and --backend auto ----
out=$("$STENCILC" model "$DIR/acoustic2d.c" -s 4096 -t 100 2>&1)
# DRAM per step at 4096^2 float: naive reads u(t), u(t-1), vp2dt2 and writes u(t+1): 4 * 4096^2
# * 4 bytes. n5d (bT = 4 by default at radius 4) moves per launch of 4 steps u(t), vp2dt2 and
# u(t-1) once and stores two levels: 5 * 4096^2 * 4 / 4 = 8.39e7 bytes per step, plus its tiles'
# overlap (bT * R = 16 of 256 columns each side, stream chunks): below naive's.
n5d_bytes=$(echo "$out" | sed -n 's/^ *[12]  n5d .*(\([0-9.e+]*\) bytes per step; bT = 4)$/\1/p')
if echo "$out" | grep -q '^ *[12]  naive .*(2.68e+08 bytes per step)' && [ -n "$n5d_bytes" ] &&
  awk -v b="$n5d_bytes" 'BEGIN { exit !(b >= 8.39e7 && b < 2.68e8) }'; then ok
else no "model acoustic2d: $out"; fi
out=$("$STENCILC" model "$DIR/heat2d_rk2.c" -s 1024 -t 100 2>&1)
if echo "$out" | grep -q "^   -  n5d: stage 1 (writing 'u') reads 'k1' at offset" && ! echo "$out" | grep -q '  n5d  '; then ok
else no "model heat2d_rk2: $out"; fi
if "$STENCILC" gen "$DIR/fdtd2d.c" --backend auto -o "$tmp/auto.cu" 2>"$tmp/err" && grep -q 'stage2_kernel' "$tmp/auto.cu" &&
  grep -q 'backend auto: naive' "$tmp/err"; then ok
else no "gen --backend auto fdtd2d: $(cat "$tmp/err")"; fi
# tune --emit: n5d candidates beside naive's for a program n5d blocks, naive alone for one it
# refuses; each row's file is the program its options generate; --import is refused (programs
# have no cache)
for want in acoustic2d_leapfrog:n5d fdtd2d:naive; do
  name=${want%%:*}
  rm -rf "$tmp/te"
  if "$STENCILC" tune "$DIR/$name.c" --emit "$tmp/te" -s 2048 -t 100 >/dev/null 2>"$tmp/err" &&
    grep -q '	--backend naive	' "$tmp/te/tune.tsv" &&
    { [ "${want#*:}" = naive ] || grep -q '	--backend n5d --bt [0-9]* --bs [0-9]*	' "$tmp/te/tune.tsv"; } &&
    { [ "${want#*:}" = n5d ] || ! grep -q 'n5d' "$tmp/te/tune.tsv"; }; then ok
  else no "tune --emit $name: $(cat "$tmp/err" "$tmp/te/tune.tsv" 2>/dev/null)"; fi
done
rm -rf "$tmp/te"
"$STENCILC" tune "$DIR/acoustic2d_leapfrog.c" --emit "$tmp/te" -s 2048 -t 100 >/dev/null 2>&1
row=$(grep -m1 '	--backend n5d' "$tmp/te/tune.tsv")
file=$(echo "$row" | cut -f1) opts=$(echo "$row" | cut -f2)
# shellcheck disable=SC2086
if [ -n "$row" ] && "$STENCILC" gen "$DIR/acoustic2d_leapfrog.c" $opts -o "$tmp/again.cu" &&
  cmp -s "$tmp/again.cu" "$tmp/te/$file"; then ok
else no "tune --emit acoustic2d_leapfrog: row '$row' is not what gen $opts writes"; fi
expect 2 "tune --import refuses programs" "$STENCILC" tune "$DIR/fdtd2d.c" --import "$tmp/te/tune.tsv"
grep -qx '#timeonly	--skip-full-check' "$tmp/te/tune.tsv" && ok ||
  no "tune --emit acoustic2d_leapfrog: the candidates' timing runs are not given --skip-full-check"
# tune on a "GPU" (a stand-in nvcc whose programs report 100 + 10 * their candidate number
# GCells/s): each candidate is verified at the check size only (--skip-full-check), and the
# fastest, the last, alone runs again checked at the full size too
stand_in_nvcc "$tmp"
stand_in_nvidia_smi "$tmp"
if PATH=$tmp:$PATH NVCC=$tmp/nvcc "$STENCILC" tune "$DIR/acoustic2d_leapfrog.c" -s 2048 -t 100 \
    --workdir "$tmp/tw" >"$tmp/tune" 2>&1; then
  n=$(ls "$tmp"/tw/*.args | wc -l | tr -d ' ')
  for a in "$tmp"/tw/*.args; do head -1 "$a" | grep -qx -- '-t 100 -s 2048 --skip-full-check' || echo "$a"; done >"$tmp/bad"
  if [ "$n" -ge 2 ] && [ ! -s "$tmp/bad" ] && [ "$(cat "$tmp"/tw/*.args | grep -cvx -- '-t 100 -s 2048 --skip-full-check')" -eq 1 ] &&
    [ "$(sed -n 2p "$tmp/tw/"*"tune$((n - 1)).args")" = '-t 100 -s 2048' ] &&
    grep -q '^tune: verify at the full size .* PASS' "$tmp/tune"; then ok
  else no "tune acoustic2d_leapfrog: candidate arguments $(head -n 3 "$tmp"/tw/*.args | tr '\n' ' ')"; fi
else no "tune acoustic2d_leapfrog with a stand-in nvcc: $(tail -3 "$tmp/tune")"; fi

# ---- random programs (tools/programgen): N of them (the first argument, default 100), each
# checked three ways: the facts it drew match `info`; on cpu and on naive (through
# tools/cudaemu) the program passes its own verification AND its result matches the user's own
# function compiled by cc, run from the same input (tests/program_oracle.h, the main written by
# programgen --oracle, reading the program's --dump-input/--dump-output). One job per seed, two
# at a time (CI has 2 cores); each writes its verdicts to $tmp/gen<seed>.status. ----
seq 1 "$N" | xargs -P 2 -I@ sh "$0" --gen-job @ "$tmp"
s=1
while [ $s -le "$N" ]; do
  st="$tmp/gen$s.status"
  # three verdicts per seed, each 'ok': a missing or short status file fails too
  if [ "$(grep -c ' ok$' "$st" 2>/dev/null)" = 3 ]; then ok; else no "programgen seed $s: $(cat "$st" 2>/dev/null)"; fi
  s=$((s + 1))
done
# how many seeds ran: every job wrote its status (N of them, N >= 100 in CI: run.sh's default)
if [ "$(ls "$tmp"/gen*.status 2>/dev/null | wc -l)" -eq "$N" ]; then ok; else no "programgen: $(ls "$tmp"/gen*.status | wc -l) status files for $N seeds"; fi
# programgen puts consecutive stages in one loop nest (40% each): some of those verified above
# ran as one kernel on naive
fused_random=$(cat "$tmp"/gen*.status 2>/dev/null | grep -c '^fused kernel$')
if [ "$N" -lt 20 ] || [ "$fused_random" -ge 3 ]; then ok; else no "programgen: only $fused_random of $N random programs had a kernel of several stages"; fi

# the first four random programs n5d blocks (one stage, one field), through cudaemu at 1 and 3
# steps (bT 2: a full launch and a last one of 1 level)
s=1 n5d_random=0
while [ $s -le "$N" ] && [ "$n5d_random" -lt 4 ]; do
  p="$tmp/gen$s"
  bs=$(grep -q '"dims": 3' "$p.json" 2>/dev/null && echo 16x32 || echo 64)
  if "$STENCILC" gen "$p.c" --backend n5d --bt 2 --bs "$bs" -o "$p-n5d.cu" 2>/dev/null; then
    n5d_random=$((n5d_random + 1))
    size=$(grep -q '"dims": 3' "$p.json" && echo 9x11x40 || echo 13x70)
    if emu_build "$p-n5d.cu" "$p-n5d" 2>"$tmp/err" && emu_verify "$p-n5d" "$size" 1 3 >"$tmp/err" 2>&1; then ok
    else no "programgen seed $s: n5d (cudaemu): $(head -5 "$tmp/err")"; fi
  fi
  s=$((s + 1))
done
if [ "$N" -lt 100 ] || [ "$n5d_random" -eq 4 ]; then ok; else no "programgen: only $n5d_random of the first $N random programs were blocked by n5d"; fi

# the first four random programs 25d streams (3D, one stage), through cudaemu at 1 and 3 steps,
# with several blocks along y and x and a stream longer than a radius-3 queue
s=1 p25d_random=0
while [ $s -le "$N" ] && [ "$p25d_random" -lt 4 ]; do
  p="$tmp/gen$s"
  if "$STENCILC" gen "$p.c" --backend 25d --block 4x32 -o "$p-25d.cu" 2>/dev/null; then
    p25d_random=$((p25d_random + 1))
    if emu_build "$p-25d.cu" "$p-25d" 2>"$tmp/err" && emu_verify "$p-25d" 20x9x40 1 3 >"$tmp/err" 2>&1; then ok
    else no "programgen seed $s: 25d (cudaemu): $(head -5 "$tmp/err")"; fi
  fi
  s=$((s + 1))
done
if [ "$N" -lt 100 ] || [ "$p25d_random" -eq 4 ]; then ok; else no "programgen: only $p25d_random of the first $N random programs were streamed by 25d"; fi

# The oracle is live: a cpu kernel of a random program scaled by 1.01, run through the user's
# code, fails it; the unperturbed one (above) passed.
[ "$N" -ge 3 ] && for s in 1 2 3; do
  p="$tmp/gen$s"
  perturb "$p-cpu.c" 's/out\[c\] = (rt_real)(/out[c] = (rt_real)(1.01 * /' >"$p-m.c"
  rm -f "$p-out"
  # (the perturbed program fails its own verification too, after writing its dumps)
  if ! cmp -s "$p-cpu.c" "$p-m.c" && cc -std=c11 -O1 -fopenmp -o "$p-m" "$p-m.c" -lm 2>/dev/null &&
    { "$p-m" -s 15 -t 9 -r 1 --dump-input "$p-in" --dump-output "$p-out" >/dev/null 2>&1 || true; } &&
    [ -s "$p-out" ] && ! "$p-oracle" "$p-in" "$p-out" >"$tmp/or.log" 2>&1 && grep -q ' FAIL$' "$tmp/or.log"; then ok
  else no "programgen seed $s: the oracle passed a perturbed kernel: $(cat "$tmp/or.log" 2>/dev/null)"; fi
done

# ---- nvcc (when present): every program's naive kernels for sm_90, and kernels of several
# stages (tests/programs: 2D float, 3D float with registers, 3D double) ----
if command -v nvcc >/dev/null 2>&1; then
  for f in "$DIR"/*.c tests/programs/virieux2d_psv.c tests/programs/acoustic3d_cpml_z.c \
           tests/programs/yee3d_fused.c; do
    name=$(basename "$f" .c)
    "$STENCILC" info "$f" >/dev/null 2>&1 || continue
    if "$STENCILC" gen "$f" --backend naive -o "$tmp/$name.cu" &&
      nvcc -O3 -gencode=arch=compute_90,code=sm_90 -Xcompiler -fopenmp -o "$tmp/$name-nv" "$tmp/$name.cu" -lgomp \
        >"$tmp/nv.log" 2>&1; then ok
    else no "nvcc $name: $(tail -5 "$tmp/nv.log")"; fi
  done
  # n5d: every program it blocks (the others it refuses, checked above), with its defaults,
  # float and double in turn
  dt=float nblocked=0
  for f in "$DIR"/*.c; do
    name=$(basename "$f" .c)
    "$STENCILC" gen "$f" --backend n5d --dtype $dt -o "$tmp/$name-n5d.cu" 2>/dev/null || continue
    nblocked=$((nblocked + 1))
    if nvcc -O3 -gencode=arch=compute_90,code=sm_90 -Xcompiler -fopenmp -c -o "$tmp/$name-n5d.o" "$tmp/$name-n5d.cu" \
        >"$tmp/nv.log" 2>&1; then ok
    else no "nvcc n5d $name $dt: $(tail -5 "$tmp/nv.log")"; fi
    if [ $dt = float ]; then dt=double; else dt=float; fi
  done
  # acoustic 2D and 3D in both forms, heat2d_var and heat3d_var
  if [ "$nblocked" -eq 6 ]; then ok; else no "n5d blocked $nblocked of the 6 one-stage programs"; fi
fi

summary programs-multi
