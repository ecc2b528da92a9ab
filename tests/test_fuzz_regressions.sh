#!/bin/sh
# Replays the inputs the front-end fuzzer found (tests/fuzz/regressions/) through the sanitized
# stencilc: each must be accepted (exit 0) or refused with a diagnostic (exit 2), never crash,
# leak or trip a sanitizer. Files named accept_*.c are valid stencils and must be accepted.
STENCILC=${STENCILC:-build/asan/stencilc}
. "$(dirname "$0")/lib.sh"
make_tmp
for f in tests/fuzz/regressions/*; do
  [ -f "$f" ] || continue
  for cmd in info gen; do
    if [ $cmd = gen ]; then set -- gen "$f" --backend cpu -o "$tmp/out.c"; else set -- info "$f"; fi
    "$STENCILC" "$@" >"$tmp/log" 2>&1
    rc=$?
    case $(basename "$f") in accept_*) want=0 ;; *) want="0 2" ;; esac
    if echo " $want " | grep -q " $rc " && ! grep -q 'Sanitizer\|runtime error' "$tmp/log"; then
      ok
    else
      no "stencilc $cmd $f: exit $rc"; tail -20 "$tmp/log"
    fi
  done
done
[ $pass -gt 0 ] || no "no regression inputs in tests/fuzz/regressions"
summary fuzz-regressions
