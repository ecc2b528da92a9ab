#!/bin/sh
# Stencil programs written the way HPC codes, benchmark suites and textbooks write them
# (tests/inputs/*.c): each must be accepted, and `stencilc info --json` must report what its first
# line says, written by hand from reading the C:
#   // expect: {"dims": 2, "shape": "star", "radius": [1, 1], "npoints": 5, "coefs": {"0,1": 0.2}}
# Keys are info's JSON fields, compared for equality, plus "npoints" (the number of points),
# "offsets" (the set of points) and "coefs" (the coefficient of each listed point, to 1e-12);
# with run-time scalars, "scalars" (per name, the fields listed: kind, type, default) and "scoefs"
# (per point, [base, scale, scalar]: the coefficient base + scale * scalar).
# The time-level storage forms of one stencil are checked to give the same points too. Generated
# inputs check bounded cost: a 100,000-term expression and 5,000 nested minuses are answered
# (accepted or refused with a message) without a crash.
. tests/lib.sh
STENCILC=${STENCILC:-build/asan/stencilc}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

check_json() { # FILE JSON_FILE
  python3 - "$1" "$2" <<'PY'
import json, sys
src, out = sys.argv[1], sys.argv[2]
first = open(src).readline()
assert first.startswith("// expect: "), "no expectation line"
want = json.loads(first[len("// expect: "):])
got = json.load(open(out))
errs = []
offs = {",".join(map(str, p["offset"])): p["coef"] for p in got["points"]}
for k, v in want.items():
    if k == "npoints":
        if len(got["points"]) != v: errs.append("%d points, expected %d" % (len(got["points"]), v))
    elif k == "offsets":
        if set(offs) != set(v): errs.append("points %s, expected %s" % (sorted(offs), sorted(v)))
    elif k == "scalars":
        have = {x["name"]: x for x in got.get("scalars", [])}
        if set(have) != set(v): errs.append("scalars %s, expected %s" % (sorted(have), sorted(v)))
        for name, fields in v.items():
            for f, x in fields.items():
                if name in have and have[name].get(f) != x:
                    errs.append("scalar %s: %s = %r, expected %r" % (name, f, have[name].get(f), x))
    elif k == "scoefs":
        pts = {",".join(map(str, p["offset"])): p for p in got["points"]}
        for o, (b, c, name) in v.items():
            p = pts.get(o, {})
            if p.get("scalar") != name or abs(p.get("base", 1e300) - b) > 1e-12 or abs(p.get("scale", 1e300) - c) > 1e-12:
                errs.append("coef at %s is %r, expected %r + %r * %s" % (o, p, b, c, name))
    elif k == "coefs":
        for o, c in v.items():
            if o not in offs or offs[o] is None or abs(offs[o] - c) > 1e-12 * max(1, abs(c)):
                errs.append("coef at %s is %r, expected %r" % (o, offs.get(o), c))
    elif got.get(k) != v:
        errs.append("%s = %r, expected %r" % (k, got.get(k), v))
if errs:
    print("; ".join(errs)); sys.exit(1)
PY
}

for f in tests/inputs/*.c; do
  if "$STENCILC" info --json "$f" >"$tmp/out.json" 2>"$tmp/err"; then
    if msg=$(check_json "$f" "$tmp/out.json"); then ok; else no "$f: $msg"; fi
  else
    no "$f: refused: $(head -3 "$tmp/err")"
  fi
done

# Every accepted input also generates (cpu backend).
for f in tests/inputs/*.c; do
  expect 0 "gen $f" "$STENCILC" gen "$f" --backend cpu -o "$tmp/gen.c"
done

# Bounded cost: long and deep expressions are answered, never a crash or a hang.
gen_sum() { # TERMS
  python3 -c "
n = $1
print('void f(int n, int steps, float A[2][n][n]) {')
print('  for (int t = 0; t < steps; t++)')
print('    for (int i = 1; i < n - 1; i++)')
print('      for (int j = 1; j < n - 1; j++)')
print('        A[(t + 1) % 2][i][j] = ' + ' + '.join(['0.5f * A[t % 2][i][j - 1]'] * n) + ';')
print('}')"
}
gen_neg() { # DEPTH
  python3 -c "
n = $1
print('void f(int n, int steps, float A[2][n][n]) {')
print('  for (int t = 0; t < steps; t++)')
print('    for (int i = 1; i < n - 1; i++)')
print('      for (int j = 1; j < n - 1; j++)')
print('        A[(t + 1) % 2][i][j] = ' + '- ' * n + 'A[t % 2][i][j];')
print('}')"
}
answered() { # WHAT FILE
  timeout 60 "$STENCILC" info "$2" >/dev/null 2>"$tmp/err"
  rc=$?
  if [ $rc -eq 0 ] || { [ $rc -eq 2 ] && grep -q 'error: ' "$tmp/err"; }; then ok
  else no "$1: exit $rc $(head -3 "$tmp/err")"; fi
}
gen_sum 5000 >"$tmp/sum5k.c"; answered "5,000-term sum" "$tmp/sum5k.c"
expect 0 "5,000-term sum is accepted" "$STENCILC" info "$tmp/sum5k.c"
gen_sum 100000 >"$tmp/sum100k.c"; answered "100,000-term sum" "$tmp/sum100k.c"
grep -q 'nests more than 10000' "$tmp/err" && ok || no "100,000-term sum: no depth message"
# 20,000 macro coefficients in groups of 100 terms (shallow): each literal's macro is looked up
# once per file, not by a walk over the whole file per literal
python3 -c "
g = '(' + ' + '.join(['C * A[t % 2][i][j - 1]'] * 100) + ')'
print('#define C 0.5f')
print('void f(int n, int steps, float A[2][n][n]) {')
print('  for (int t = 0; t < steps; t++)')
print('    for (int i = 1; i < n - 1; i++)')
print('      for (int j = 1; j < n - 1; j++)')
print('        A[(t + 1) % 2][i][j] = ' + ' + '.join([g] * 200) + ';')
print('}')" >"$tmp/macros20k.c"
answered "20,000 macro coefficients" "$tmp/macros20k.c"
gen_neg 5000 >"$tmp/neg5k.c"; answered "5,000 nested minuses" "$tmp/neg5k.c"
expect 0 "5,000 nested minuses are accepted" "$STENCILC" gen "$tmp/neg5k.c" --backend cpu -o "$tmp/neg.c"
gen_neg 20000 >"$tmp/neg20k.c"; answered "20,000 nested minuses" "$tmp/neg20k.c"

summary inputs
