#!/bin/sh
# Run-time scalars of single stencils (issue 17 item 4): float/double parameters and the locals
# computed from them (tests/inputs/heat2d_param_alpha.c, jacobi3d_weighted_c0.c,
# diffuse_float_w_swap.c) on every path, each with a value other than the default:
#  - the cpu program verifies with --param, and the value reaches the kernel (its result differs
#    from the default's);
#  - the CUDA programs of naive and n5d verify through tools/cudaemu with --param;
#  - stencilc check --param: the user's own function, compiled by cc, run with the same values,
#    agrees with the program (the oracle independent of stencilc's emitter);
#  - unknown names, derived scalars and malformed numbers are refused with exit 2, by the
#    program and by stencilc.
. "$(dirname "$0")/lib.sh"
make_tmp
I=tests/inputs

# cpu: verify with a non-default value; the value changes the result.
"$STENCILC" gen $I/heat2d_param_alpha.c --backend cpu -o "$tmp/heat.c" && cc -std=c11 -O1 -fopenmp \
  -Wall -Wextra -Werror -o "$tmp/heat" "$tmp/heat.c" -lm || no "heat cpu does not build"
expect 0 "heat cpu --param alpha=2.5" "$tmp/heat" -s 33 -t 7 -r 1 --param alpha=2.5
"$tmp/heat" -s 20 -t 3 -r 1 --param alpha=0.5 --dump-output "$tmp/a.out" >/dev/null
"$tmp/heat" -s 20 -t 3 -r 1 --dump-output "$tmp/b.out" >/dev/null
if cmp -s "$tmp/a.out" "$tmp/b.out"; then no "--param alpha=0.5 gives the default's result"; else ok; fi
# The values the program runs with, from its input dump, against hand-computed ones: alpha as
# given, r = alpha * DT / h^2 = 0.5 * 0.001 / 0.01 = 0.05.
"$tmp/heat" -s 8 -t 1 -r 1 --param alpha=0.5 --dump-input "$tmp/in.dump" >/dev/null
if python3 - "$tmp/in.dump" <<'PY'; then ok; else no "the dumped scalars are not alpha = 0.5, r = 0.05"; fi
import struct, sys
d = open(sys.argv[1], "rb").read()
h = struct.unpack("<16q", d[8:136])
elem, nw, cells = h[0], h[3], h[5] * h[6]
w = struct.unpack("<%dd" % nw, d[136 + elem * cells:])
sys.exit(0 if elem == 8 and nw == 2 and w[0] == 0.5 and abs(w[1] - 0.05) < 1e-15 else 1)
PY
expect 2 "unknown scalar" "$tmp/heat" --param beta=1
expect 2 "a derived scalar is not an option" "$tmp/heat" --param r=0.1
expect 2 "not a number" "$tmp/heat" --param alpha=0.1x
expect 2 "no value" "$tmp/heat" --param alpha
expect 2 "stencilc gen: unknown scalar" "$STENCILC" gen $I/heat2d_param_alpha.c --param beta=1 -o "$tmp/x.c"
expect 2 "stencilc gen: not a number" "$STENCILC" gen $I/heat2d_param_alpha.c --param alpha=nan -o "$tmp/x.c"
if "$tmp/heat" -h | grep -q -- "--param alpha=VALUE  run-time scalar (default 1)"; then ok; else no "help lacks alpha's default"; fi

for f in jacobi3d_weighted_c0:omega=0.8 diffuse_float_w_swap:w=0.1; do
  name=${f%%:*} param=${f#*:}
  "$STENCILC" gen $I/$name.c --backend cpu -o "$tmp/$name.c" &&
    cc -std=c11 -O1 -fopenmp -o "$tmp/$name" "$tmp/$name.c" -lm || no "$name cpu does not build"
  expect 0 "$name cpu --param $param" "$tmp/$name" -s 17 -t 5 -r 1 --param "$param"
done

# naive and n5d through cudaemu (steps no multiple of n5d's bT).
for f in heat2d_param_alpha:alpha=0.3 jacobi3d_weighted_c0:omega=0.7; do
  name=${f%%:*} param=${f#*:}
  for b in naive n5d; do
    "$STENCILC" gen $I/$name.c --backend $b -o "$tmp/$name-$b.cu" && emu_build "$tmp/$name-$b.cu" "$tmp/$name-$b" ||
      { no "$name $b does not build"; continue; }
    if "$tmp/$name-$b" -s 19 -t 5 -r 1 --check-size 19 --param "$param" | grep -q verify=PASS; then ok
    else no "$name $b --param $param does not verify"; fi
  done
done

# check: the user's code with the same values.
for f in heat2d_param_alpha:alpha=0.4 diffuse_float_w_swap:w=0.2 jacobi3d_weighted_c0:omega=0.6; do
  name=${f%%:*} param=${f#*:}
  out=$(TMPDIR=$tmp "$STENCILC" check $I/$name.c --backend cpu -s 21 -t 4 --param "$param" 2>&1)
  if echo "$out" | grep -q "^check: user's code against the program: .* PASS$"; then ok
  else no "check $name --param $param: $(echo "$out" | tail -3)"; fi
done
out=$(TMPDIR=$tmp "$STENCILC" check $I/heat2d_param_alpha.c --backend n5d -s 21 -t 5 --param alpha=0.3 2>&1)
if echo "$out" | grep -q "^check: user's code against the program: .* PASS$"; then ok
else no "check heat n5d --param alpha=0.3: $(echo "$out" | tail -3)"; fi
# A local changed after its declaration but before the time loop: not one constant value of the
# stencil, but a run-time scalar of a program that the user's code sets (as Rodinia's hotspot
# computes its coefficients), which check takes from the user's code: it agrees with it.
sed 's|^  double r = alpha \* DT / (h \* h);|&\n  r += 1.0;|' $I/heat2d_param_alpha.c >"$tmp/changed.c"
if grep -q "r += 1.0" "$tmp/changed.c"; then ok; else no "the changed-local input was not written"; fi
"$STENCILC" info "$tmp/changed.c" 2>&1 | grep -q "^scalar  *r (run time, set by the user's code before the time loop)" && ok ||
  no "a scalar changed before the loop: $("$STENCILC" info "$tmp/changed.c" 2>&1 | head -5)"
out=$(TMPDIR=$tmp "$STENCILC" check "$tmp/changed.c" -s 21 -t 4 2>&1)
if echo "$out" | grep -q "^check: user's code against the program: .* PASS$"; then ok
else no "check of a scalar changed before the loop: $(echo "$out" | tail -3)"; fi
summary params
