#!/bin/sh
# Replays the inputs the front-end fuzzer found (tests/fuzz/regressions/) through the sanitized
# stencilc: each must be accepted (exit 0) or refused with a diagnostic (exit 2), never crash,
# leak or trip a sanitizer. Files named accept_*.c are valid stencils and must be accepted.
cd "$(dirname "$0")/.." || exit 1
STENCILC=${STENCILC:-build/asan/stencilc}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
pass=0 fail=0
for f in tests/fuzz/regressions/*; do
  [ -f "$f" ] || continue
  for cmd in info gen; do
    if [ $cmd = gen ]; then set -- gen "$f" --backend cpu -o "$tmp/out.c"; else set -- info "$f"; fi
    "$STENCILC" "$@" >"$tmp/log" 2>&1
    rc=$?
    case $(basename "$f") in accept_*) want=0 ;; *) want="0 2" ;; esac
    if echo " $want " | grep -q " $rc " && ! grep -q 'Sanitizer\|runtime error' "$tmp/log"; then
      pass=$((pass + 1))
    else
      fail=$((fail + 1)); echo "FAIL: stencilc $cmd $f: exit $rc"; tail -20 "$tmp/log"
    fi
  done
done
echo "fuzz regressions: $pass passed, $fail failed"
[ $fail -eq 0 ] && [ $pass -gt 0 ]
