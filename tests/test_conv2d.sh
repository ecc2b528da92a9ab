#!/bin/sh
# Convolutions through the CLI: run-time weight arrays, accumulator blocks and filter loops.
# 1. Forms a user may write must give the stencil of the filter loops of scripts/conv2d.sh:
#    the same points, each scaled by the same weight (compared as offset -> flat weight, scale),
#    or the scales their arithmetic implies.
# 2. The padding convention of torch.nn.functional.conv2d(padding='same'): C + OpenMP programs
#    of several filters (odd, even, not square) dump their grids, and
#    bench/conv2d_vs_cudnn.py check-dump compares them with its own Python reference of that
#    convention, with the weights rewritten from runtime/rt_common.h. A program whose halo is
#    split differently must fail that check.
. "$(dirname "$0")/lib.sh"
PY=${PYTHON:-python3}

# One end-to-end job of part 2 (run in parallel by xargs, which re-enters this script).
job() { # job M N DTYPE: generate, build, run at 13x11 with dumps, check the dumps
  m=$1 n=$2 dt=$3 base="$tmp/conv2d-${1}x$2-$3"
  (
    sh scripts/conv2d.sh "$m" "$n" "$tmp" >/dev/null &&
      "$STENCILC" gen "$tmp/conv2d-${m}x$n.c" --backend cpu --dtype "$dt" -o "$base.c" &&
      cc -std=c11 -O1 -fopenmp -Wall -Wextra -Werror -o "$base" "$base.c" -lm &&
      "$base" -s 13x11 --check-size 13x11 -t 1 -r 1 --seed 5 --dump-init "$base.init" \
        --dump "$base.out" | grep -q 'verify=PASS' &&
      "$base" -s 13x11 -t 4 -r 1 | grep -q 'verify=PASS' &&
      "$PY" bench/conv2d_vs_cudnn.py check-dump --m "$m" --n "$n" --rows 13 --cols 11 --seed 5 \
        --dtype "$dt" --init "$base.init" --result "$base.out"
  ) >"$base.log" 2>&1
  echo $? >"$base.status"
}
if [ "$1" = --job ]; then job "$2" "$3" "$4"; exit 0; fi

make_tmp

# ---- 1. forms ----

# conv NAME DECL_W BODY: a 3 x 3 filter over a grid with a halo of 1, BODY the j loop's body.
conv() {
  cat >"$tmp/$1.c" <<EOF
void f(int n, int steps, $2, float A[2][n][n]) {
  for (int t = 0; t < steps; t++)
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
$3
}
EOF
  "$STENCILC" info --json "$tmp/$1.c" >"$tmp/$1.json" 2>"$tmp/$1.err" ||
    no "$1 refused: $(cat "$tmp/$1.err")"
}
sh scripts/conv2d.sh 3 3 "$tmp" >/dev/null
"$STENCILC" info --json "$tmp/conv2d-3x3.c" >"$tmp/loops.json" || no "conv2d-3x3 refused"
conv written 'const float W[3][3]' '        A[(t + 1) % 2][i][j] =
          W[0][0] * A[t % 2][i - 1][j - 1] + W[0][1] * A[t % 2][i - 1][j] +
          W[0][2] * A[t % 2][i - 1][j + 1] + W[1][0] * A[t % 2][i][j - 1] +
          W[1][1] * A[t % 2][i][j] + W[1][2] * A[t % 2][i][j + 1] +
          W[2][0] * A[t % 2][i + 1][j - 1] + W[2][1] * A[t % 2][i + 1][j] +
          W[2][2] * A[t % 2][i + 1][j + 1];'
conv flat 'const float W[9]' '      {
        float acc = 0.0f;
        for (int a = -1; a <= 1; a++)
          for (int b = -1; b <= 1; b++)
            acc += W[(a + 1) * 3 + b + 1] * A[t % 2][i + a][j + b];
        A[(t + 1) % 2][i][j] = acc;
      }'
conv assign 'const float W[3][3]' '      {
        const float half = 0.5f;
        double acc = 0.0;
        for (int a = 0; a < 3; a++) {
          for (int b = 0; b < 3; b++) {
            acc = acc + W[a][b] * A[t % 2][i + a - 1][j + b - 1];
          }
        }
        A[(t + 1) % 2][i][j] = acc * half * 2.0f;
      }'
conv minus 'const float W[3][3]' '      {
        float acc = 0.0f;
        for (int a = 0; a < 3; a++)
          for (int b = 0; b < 3; b++)
            acc -= -W[a][b] * A[t % 2][i + a - 1][j + b - 1];
        A[(t + 1) % 2][i][j] = acc;
      }'
conv scaled 'const float W[3]' '      {
        float acc = 0.0f;
        for (int b = 0; b < 3; b++)
          acc += (b + 1) * W[b] * A[t % 2][i][j + b - 1];
        A[(t + 1) % 2][i][j] = acc / 4.0f + 0.25f * A[t % 2][i - 1][j];
      }'

cat >"$tmp/canon.py" <<'EOF'
import json, sys
# Prints one line per point: offset, flat weight index (or "const VALUE"), scale; then FLOPs.
j = json.load(open(sys.argv[1]))
shape = (j["weights"] or {}).get("shape", [])
for p in sorted(j["points"], key=lambda p: p["offset"]):
    if "weight" in p:
        k = 0
        for s, i in zip(shape, p["weight"]):
            k = k * s + i
        print(p["offset"], "w%d" % k, repr(float(p["scale"])))
    else:
        print(p["offset"], "const", repr(float(p["coef"])))
print("associative", j["associative"])
print("flops", j["flops_per_cell"])
EOF
canon() {
  "$PY" "$tmp/canon.py" "$tmp/$1.json" >"$tmp/$1.canon" 2>&1 ||
    no "$1: $(cat "$tmp/$1.canon")"
}
canon loops
for form in written flat assign minus; do
  canon $form
  if diff "$tmp/loops.canon" "$tmp/$form.canon" | grep -v flops | grep -q '^[<>]'; then
    no "form '$form' differs from the filter loops: $(diff "$tmp/loops.canon" \
      "$tmp/$form.canon" | tr '\n' ' ')"
  else ok; fi
done
# FLOPs as written: 9 products and 8 sums (no accumulator's 0 +); the loops add 0 + first: 18.
for want in "written 17" "loops 18"; do
  set -- $want
  grep -qx "flops $2" "$tmp/$1.canon" && ok || no "$1: $(tail -1 "$tmp/$1.canon")"
done
# (b + 1) * W[b] / 4 at offset b - 1 and 0.25 at (-1, 0).
canon scaled
printf '%s\n' "[-1, 0] const 0.25" "[0, -1] w0 0.25" "[0, 0] w1 0.5" "[0, 1] w2 0.75" \
  "associative True" >"$tmp/want"
if head -5 "$tmp/scaled.canon" | diff - "$tmp/want" >/dev/null; then ok
else no "scaled form: $(tr '\n' ' ' <"$tmp/scaled.canon")"; fi
"$STENCILC" info "$tmp/conv2d-3x3.c" | grep -q '^weights      W\[3\]\[3\], run-time' && ok ||
  no "info does not show W[3][3] as run-time weights"

# ---- 2. the padding convention, end to end on the CPU backend ----

export STENCILC PY
printf '%s\n' "1 3 float" "2 2 float" "3 3 double" "4 7 float" "7 4 double" "5 2 float" \
  "6 6 float" "2 9 double" >"$tmp/jobs"
xargs -P "$JOBS" -L 1 sh "$0" --job <"$tmp/jobs"
while read -r m n dt; do
  base="$tmp/conv2d-${m}x$n-$dt"
  if [ "$(cat "$base.status")" = 0 ]; then ok
  else no "conv2d-${m}x$n $dt: $(tail -3 "$base.log" | tr '\n' ' ')"; fi
done <"$tmp/jobs"

# The check has teeth: all the halo on one side (P = 0, a 'valid' correlation) is not torch's
# padding='same', so the dumps of such a program must fail it.
sed -e 's/#define P ((M - 1) \/ 2)/#define P 0/' "$tmp/conv2d-4x7.c" >"$tmp/shifted.c"
if "$STENCILC" gen "$tmp/shifted.c" --backend cpu -o "$tmp/shifted-prog.c" &&
   cc -std=c11 -O1 -fopenmp -o "$tmp/shifted" "$tmp/shifted-prog.c" -lm &&
   "$tmp/shifted" -s 13x11 --check-size 13x11 -t 1 -r 1 --seed 5 --dump-init "$tmp/s.init" \
     --dump "$tmp/s.out" | grep -q 'verify=PASS'; then
  if "$PY" bench/conv2d_vs_cudnn.py check-dump --m 4 --n 7 --rows 13 --cols 11 --seed 5 \
       --init "$tmp/s.init" --result "$tmp/s.out" >"$tmp/s.log" 2>&1; then
    no "a halo split (0, 3) passed the padding='same' check: $(cat "$tmp/s.log")"
  else ok; fi
else no "the shifted convolution did not build or verify"; fi

# ssam's weight-by-weight form (per-output running sums, "rt_real o[NA]") only for filters of at
# least 100 run-time weights: 11x11 (121) and 20x20 keep it; 2x2, 3x3, 5x5 and 4x7 (4 to 28)
# have the one-expression products (measured 1-4% faster at 2x2 and 3x3 on the H200)
for case in conv2d-2x2:0 conv2d-3x3:0 conv2d-5x5:0 conv2d-4x7:0 conv2d-11x11:1 conv2d-20x20:1; do
  f=${case%:*} want=${case#*:}
  "$STENCILC" gen "examples/$f.c" --backend ssam -o "$tmp/bw.cu" >/dev/null 2>&1 || { no "gen $f --backend ssam"; continue; }
  got=$(grep -c 'rt_real o\[NA\]' "$tmp/bw.cu")
  [ "$got" = "$want" ] && ok || no "$f: ssam weight-by-weight form $got, want $want"
done

summary conv2d
