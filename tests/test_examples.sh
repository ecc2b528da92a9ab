#!/bin/sh
# Checks `stencilc info --json` on every example listed in tests/suite.tsv, and the conv2d rows
# against the formulas of the filter size.
# Columns of suite.tsv: name dims radius(per axis, comma separated) shape flops_per_cell npoints.
# Usage: tests/test_examples.sh            (STENCILC defaults to build/stencilc)
#        STENCILC=/path/to/stencilc tests/test_examples.sh
# Exits 1 on any failure.

. "$(dirname "$0")/lib.sh"
SUITE=tests/suite.tsv
PY=${PYTHON:-python3}

if [ ! -f "$SUITE" ]; then
    no "$SUITE not found"
    summary examples; exit 1
fi
if ! command -v "$PY" >/dev/null 2>&1; then
    no "$PY not found (needed to parse JSON)"
    summary examples; exit 1
fi
make_tmp

if [ ! -x "$STENCILC" ]; then
    no "stencilc not found or not executable at '$STENCILC' (build it, or set STENCILC)"
    summary examples; exit 1
fi

cat > "$tmp/check.py" <<'EOF'
import json, sys

name, dims, radius, shape, flops, npoints, path = sys.argv[1:8]
dims = int(dims)
radius = [int(r) for r in radius.split(",")]
flops = int(flops)
npoints = int(npoints)
errs = []

try:
    with open(path) as f:
        j = json.load(f)
except Exception as e:
    print("invalid JSON: %s" % e)
    sys.exit(1)
if not isinstance(j, dict):
    print("JSON output is not an object")
    sys.exit(1)

def get(key):
    if key not in j:
        errs.append("missing key '%s'" % key)
        return None
    return j[key]

def isint(v):
    return isinstance(v, int) and not isinstance(v, bool)

v = get("dims")
if v is not None and not (isint(v) and v == dims):
    errs.append("dims = %r, expected %d" % (v, dims))
v = get("dtype")
if v is not None and v != "float":
    errs.append("dtype = %r, expected 'float'" % (v,))
v = get("radius")
if v is not None:
    if not isinstance(v, list) or len(v) != dims:
        errs.append("radius = %r, expected an array of %d entries" % (v, dims))
    elif [int(x) if isinstance(x, (int, float)) and not isinstance(x, bool) else x for x in v] != radius:
        errs.append("radius = %r, expected %r" % (v, radius))
v = get("shape")
if v is not None and v != shape:
    errs.append("shape = %r, expected %r" % (v, shape))
v = get("flops_per_cell")
if v is not None and not (isinstance(v, (int, float)) and not isinstance(v, bool) and v == flops):
    errs.append("flops_per_cell = %r, expected %d" % (v, flops))
v = get("diagonal_free")
want = (shape == "star")
if v is not None and v is not want:
    errs.append("diagonal_free = %r, expected %r" % (v, want))
v = get("associative")
want = (name != "gradient2d")
if v is not None and v is not want:
    errs.append("associative = %r, expected %r" % (v, want))
v = get("points")
if v is not None:
    if not isinstance(v, list):
        errs.append("points is not an array")
    else:
        if len(v) != npoints:
            errs.append("%d points, expected %d" % (len(v), npoints))
        seen = set()
        for p in v:
            off = p.get("offset") if isinstance(p, dict) else None
            if not isinstance(off, list) or len(off) != dims:
                errs.append("bad point entry %r (offset must be an array of %d)" % (p, dims))
                break
            if "coef" in p and p["coef"] is not None and not (
                    isinstance(p["coef"], (int, float)) and not isinstance(p["coef"], bool)):
                errs.append("point %r: coef must be a number or null" % (off,))
                break
            if any(abs(o) > r for o, r in zip(off, radius)):
                errs.append("point offset %r exceeds radius %r" % (off, radius))
                break
            if tuple(off) in seen:
                errs.append("duplicate point offset %r" % (off,))
                break
            seen.add(tuple(off))

for e in errs:
    print(e)
sys.exit(1 if errs else 0)
EOF

tab=$(printf '\t')
while IFS="$tab" read -r name dims radius shape flops npoints rest; do
    case "$name" in
        ''|'#'*) continue ;;
    esac
    src="examples/$name.c"
    if [ ! -f "$src" ]; then
        no "$name: $src not found"
        continue
    fi
    "$STENCILC" info --json "$src" >"$tmp/out.json" 2>"$tmp/err.txt" </dev/null
    rc=$?
    if [ "$rc" -ne 0 ]; then
        msg=$(head -n 1 "$tmp/err.txt")
        no "$name: '$STENCILC info --json $src' exited with $rc${msg:+: $msg}"
        continue
    fi
    if "$PY" "$tmp/check.py" "$name" "$dims" "$radius" "$shape" "$flops" "$npoints" \
            "$tmp/out.json" >"$tmp/why.txt" 2>&1; then
        ok
    else
        no "$name: $(tr '\n' ';' <"$tmp/why.txt" | sed 's/;$//; s/;/; /g')"
    fi
done <"$SUITE"

# Every conv2d-MxN example (scripts/conv2d.sh) needs a row, and the row must follow from the
# filter size: radius M/2 and N/2 rounded down (the halo is (M-1)/2 above and M/2 below), 2MN
# FLOPs (a multiply and an add per weight, as BENCHMARKS.md counts them), MN points, a box when
# M and N are odd, a star when one of them is 1, else general.
for src in examples/conv2d-*x*.c; do
    [ -f "$src" ] || continue
    name=$(basename "$src" .c) size=${name#conv2d-}
    m=${size%x*} n=${size#*x}
    if [ "$m" = 1 ] || [ "$n" = 1 ]; then shape=star
    elif [ $((m % 2)) = 1 ] && [ $((n % 2)) = 1 ]; then shape=box
    else shape=general
    fi
    want=$(printf '%s\t2\t%d,%d\t%s\t%d\t%d' "$name" $((m / 2)) $((n / 2)) "$shape" \
        $((2 * m * n)) $((m * n)))
    if grep -qxF "$want" "$SUITE"; then
        ok
    else
        no "$name: $SUITE has no row '$want'"
    fi
done

summary examples
