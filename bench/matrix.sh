#!/bin/sh
# Runs on the GPU machine: the correctness matrix of a temporal-blocking backend (n5d, ssam).
# Builds every program of bench/gen/BACKEND/ (both dtypes), then runs each at 3 sizes (one odd in
# every axis, none a multiple of the block) and the step counts 1, bT-1, bT, bT+1 and 2bT+3 (odd,
# > 2bT). Every run verifies against the CPU reference at that size for the full step count
# (--check-size = the size) with a poisoned output buffer. Then compute-sanitizer memcheck and
# racecheck on two 2D and two 3D cases.
# Writes $OUT/BACKEND_matrix.csv and $OUT/BACKEND_sanitizer.txt and prints a pass/fail table last.
# usage: bench/matrix.sh BACKEND [PROGRAM-NAME-REGEX]
cd "$(dirname "$0")/.." || exit 1
backend=${1:-n5d}
filter=${2:-.}
out=${OUT:-/tmp}
dir=bench/gen/$backend
bin=/tmp/stencilc-$backend
mkdir -p $bin
ls $dir/*.cu | grep -E "$filter" | sh bench/build.sh $bin -Xptxas -v
jobs=$bin/jobs
: >$jobs
for src in $(ls $dir/*.cu | grep -E "$filter"); do
  b=$(basename "$src" .cu)
  bt=$(sed -n 's/^#define \(N5D\|SSAM\)_BT //p' "$src")
  case $b in *3d*|fdd*) sizes="37x41x45 64x70x66 129x67x33" ;; *) sizes="67x131 300x257 1001x997" ;; esac
  steps="1 $((bt - 1)) $bt $((bt + 1)) $((2 * bt + 3))"
  for s in $sizes; do for t in $steps; do
    [ "$t" -ge 1 ] && echo "$b $s $t"
  done; done
done | sort -u >$jobs
# each job: one verified run; a line "name size steps PASS|FAIL max_rel"
xargs -P 4 -L 1 sh -c '
  log=$("'$bin'/$0" -s $1 -t $2 -r 1 --check-size $1 2>&1)
  res=$(echo "$log" | sed -n "s/.*verify=\(PASS\).*/\1/p")
  rel=$(echo "$log" | sed -n "s/^check a: .*max_rel=\([^ ]*\).*/\1/p")
  echo "$0,$1,$2,${res:-FAIL},$rel"
  [ -n "$res" ] || echo "$log" >'$bin'/fail-$0-$1-$2.log
' <$jobs >$bin/matrix.csv
{ echo "program,size,steps,verify,max_rel"; sort $bin/matrix.csv; } >"$out/${backend}_matrix.csv"
san="$out/${backend}_sanitizer.txt"
for case in "star2d2r-float 300x257 7" "box3d1r-float 37x41x45 3" "j2d5pt-double 67x131 9" "star3d1r-double 37x41x45 5"; do
  set -- $case
  [ -x "$bin/$1" ] || continue
  for tool in memcheck racecheck; do
    r=$(compute-sanitizer --tool $tool --error-exitcode 9 $bin/$1 -s $2 -t $3 -r 1 --check-size $2 2>&1 | tail -3 | tr '\n' ' ')
    echo "sanitizer,$tool,$1,$2,$3: $r" >>"$san"
  done
done
grep -h "registers\|spill" $bin/*.log | sort | uniq -c | sort -rn | head -5
grep -l "[1-9][0-9]* bytes spill" $bin/*.log | sed 's/^/spills: /'
cat "$san"
echo "failures: $(grep -c FAIL $bin/matrix.csv) of $(wc -l <$bin/matrix.csv) runs"
grep FAIL $bin/matrix.csv | head -20
for f in $bin/fail-*.log; do [ -f "$f" ] && { echo "== $f"; tail -4 "$f"; }; done 2>/dev/null | head -40
