#!/bin/sh
# Every file in tests/bad/ must be refused: exit code 2, the diagnostic named on the file's first
# line ("// expect: LINE:COL: error: MESSAGE") at that location, a hint (the one on the second
# line when it reads "// hint: WORDS"), and no output file.
# Truncated copies of every input must never crash stencilc (exit 0 or 2 only, under ASan).
. "$(dirname "$0")/lib.sh"
make_tmp

for f in tests/bad/*.c; do
  want="$f:$(head -1 "$f" | sed 's#^// expect: ##')"
  "$STENCILC" info "$f" >"$tmp/out" 2>"$tmp/err"
  rc=$?
  hint=$(sed -n '2s#^// hint: #  hint: #p' "$f")
  if [ $rc -eq 2 ] && grep -qF -- "$want" "$tmp/err" && grep -qF -- "${hint:-  hint: }" "$tmp/err"; then
    ok
  else
    no "$f: exit $rc, expected '$want' and a hint; got: $(cat "$tmp/err")"
  fi
  rm -f "$tmp/gen.cu"
  "$STENCILC" gen "$f" --backend naive -o "$tmp/gen.cu" 2>/dev/null
  rc=$?
  if [ $rc -eq 2 ] && [ ! -e "$tmp/gen.cu" ]; then ok; else no "$f: gen exit $rc or wrote output"; fi
done

# Robustness: prefixes of valid and invalid inputs at many cut points.
for f in examples/*.c tests/bad/*.c; do
  size=$(wc -c <"$f")
  for frac in 7 19 31 43 57 71 89 97; do
    head -c $((size * frac / 100)) "$f" >"$tmp/cut.c"
    "$STENCILC" info "$tmp/cut.c" >/dev/null 2>"$tmp/err"
    rc=$?
    if [ $rc -eq 0 ] || [ $rc -eq 2 ]; then ok; else no "$f cut at $frac%: exit $rc: $(head -5 "$tmp/err")"; fi
  done
done

summary diagnostics
