#!/bin/sh
# The verification bound per cell (runtime/rt_common.h, "Verification") against a wrong kernel it
# must catch and the right ones it must pass:
#  - the cancelling stencil tests/mutation/cancel2d.c (100 a - 99.5 b + 0.05 c, gain 199.55):
#    its cpu program passes at 1, 2 and 3 steps, and FAILS with the 0.05 term removed by hand
#    from the kernel (between the stencilc:kernel markers), in float and double;
#  - every example, cpu backend, float and double: passes at 1, 2, 3, 10, 100 and 1000 steps.
#   sh tests/test_tolerance.sh        (env JOBS)
cd "$(dirname "$0")/.." || exit 1
STENCILC=${STENCILC:-build/stencilc}
JOBS=${JOBS:-$(nproc)}

# One example in one dtype: writes $tmp/NAME-DT.status (0: all step counts pass) and .log.
example_job() {
  base="$tmp/$(basename "$1" .c)-$2"
  (
    "$STENCILC" gen "$1" --backend cpu --dtype "$2" -o "$base.c" &&
      cc -std=c11 -O1 -fopenmp -o "$base" "$base.c" -lm || exit 1
    for steps in 1 2 3 10 100 1000; do
      "$base" -s 19 -t $steps -r 1 --check-size 15 | grep -q 'verify=PASS' || { echo "FAIL at $steps steps"; exit 1; }
    done
  ) >"$base.log" 2>&1
  echo $? >"$base.status"
}
if [ "$1" = --example-job ]; then example_job "$2" "$3"; exit 0; fi

. tests/lib.sh
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
export STENCILC tmp

for dt in float double; do
  prog=$tmp/cancel-$dt
  "$STENCILC" gen tests/mutation/cancel2d.c --backend cpu --dtype "$dt" -o "$prog.c" || no "gen cancel2d $dt"
  # the term as the kernel writes it: "0.05f * in[c + 1]" (float), "(rt_real)0.05 * in[c + 1]"
  sed '/stencilc:kernel-begin/,/stencilc:kernel-end/s/ + [^ ]*0\.05f\{0,1\} \* in\[c + 1\]//' "$prog.c" >"$prog-dropped.c"
  [ "$(diff "$prog.c" "$prog-dropped.c" | grep -c '^>')" = 1 ] && ok || no "cancel2d $dt: the 0.05 term was not found in the kernel"
  cc -std=c11 -O2 -fopenmp -o "$prog" "$prog.c" -lm && cc -std=c11 -O2 -fopenmp -o "$prog-dropped" "$prog-dropped.c" -lm ||
    no "cancel2d $dt: build"
  for steps in 1 2 3; do
    "$prog" -s 40 -t $steps -r 1 | grep -q 'verify=PASS' && ok || no "cancel2d $dt, $steps steps: the right kernel fails"
    out=$("$prog-dropped" -s 40 -t $steps -r 1)
    echo "$out" | grep -q '^check a: .* FAIL$' && ! echo "$out" | grep -q 'verify=PASS' && ok ||
      no "cancel2d $dt, $steps steps: the kernel without the 0.05 term passes: $out"
  done
done

for f in examples/*.c; do
  for dt in float double; do echo "$f $dt"; done
done >"$tmp/jobs"
xargs -P "$JOBS" -L 1 sh "$0" --example-job <"$tmp/jobs"
while read -r f dt; do
  base="$tmp/$(basename "$f" .c)-$dt"
  [ "$(cat "$base.status" 2>/dev/null)" = 0 ] && ok || no "$f $dt: $(tail -3 "$base.log")"
done <"$tmp/jobs"
summary tolerance
