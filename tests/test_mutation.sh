#!/bin/sh
# Mutation testing of the verification: for a set of stencils (the cancelling tests/mutation/
# cancel2d.c included; 2D and 3D; float and double; linear and not; the cpu backend, and naive,
# n5d, 25d, ssam and fft run on the CPU through tools/cudaemu; fft's filter and its error bound
# relative to the tile included), the generated kernel is mutated
# (tests/mutation/mutate.py: a term dropped, an index or lane offset shifted by one, a coefficient
# changed in its 4th significant digit, the last row or first column left unwritten, one time step
# fewer, a __syncthreads removed from a CUDA kernel) and each mutant must fail the program's own
# verification. CUDA programs run through cudaemu with the threads of a block in a seeded random
# order between barriers (CUDAEMU_SCHEDULE=random, lib.sh), so that a missing barrier shows.
#
# A mutant is classed apart from the check under test: both the unmutated program and the mutant
# dump check a's result (--dump, same seed); a mutant whose result is within 4 ulps of the
# magnitude of each cell's terms (sum |coefficient x value|, propagated over the steps: the
# reference's own bound per cell divided by its K; mutate.py's docstring) of the unmutated one's
# is equivalent (it does not change the result by more than rounding) and is left out of the rate.
# A mutant that crashes or hangs is killed. Every other mutant must be killed: the suite prints
# the kill rate per operator and fails below 100%.
#   sh tests/test_mutation.sh       (env JOBS; SITES: mutants per operator and program, default 2)
cd "$(dirname "$0")/.." || exit 1
STENCILC=${STENCILC:-build/stencilc}
JOBS=${JOBS:-$(nproc)}
SITES=${SITES:-2}
MUTATE="python3 tests/mutation/mutate.py"

# Builds $1 (.c or .cu) into $2.
build() {
  case $1 in
    *.cu) sh tools/cudaemu/build.sh "$1" "$2" ;;
    *) cc -std=c11 -O1 -fopenmp -o "$2" "$1" -lm ;;
  esac
}

# One mutant: CONFIG-DIR ID. Writes ID.verdict: killed, survived (and .equiv: yes/no).
mutant_job() {
  dir=$1 id=$2
  read -r size dtype ext <"$dir/params"
  (
    $MUTATE apply "$dir/orig.$ext" "$id" "$dir/m$id.$ext" && build "$dir/m$id.$ext" "$dir/m$id" || exit 3
    timeout 60 "$dir/m$id" -s "$size" -t 4 -r 1 --check-size "$size" --dump "$dir/m$id.raw"
  ) >"$dir/m$id.log" 2>&1
  rc=$?
  if [ $rc -eq 3 ]; then echo build-error >"$dir/m$id.verdict"
  elif [ $rc -eq 0 ] && grep -q 'verify=PASS' "$dir/m$id.log"; then echo survived >"$dir/m$id.verdict"
  else echo killed >"$dir/m$id.verdict"; fi
  if [ -s "$dir/m$id.raw" ] && ! $MUTATE differs "$dir/orig.raw" "$dir/m$id.raw" "$dtype" "$dir/orig.$ext" "$dir/ref"; then
    echo yes >"$dir/m$id.equiv"
  else
    echo no >"$dir/m$id.equiv"
  fi
  rm -f "$dir/m$id" "$dir/m$id.emu.cpp" "$dir/m$id.raw"
}
if [ "$1" = --mutant-job ]; then mutant_job "$2" "$3"; exit 0; fi

# One program: NAME BACKEND SOURCE DTYPE SIZE [GEN OPTIONS]: generates, builds, runs it (it must
# pass), lists its mutants and picks SITES per operator, spread over the sites.
config_job() {
  dir=$tmp/$1 backend=$2 src=$3 dtype=$4 size=$5
  shift 5
  mkdir -p "$dir"
  ext=c
  [ "$backend" = cpu ] || ext=cu
  echo "$size $dtype $ext" >"$dir/params"
  (
    "$STENCILC" gen "$src" --backend "$backend" --dtype "$dtype" "$@" -o "$dir/orig.$ext" &&
      build "$dir/orig.$ext" "$dir/orig" &&
      "$dir/orig" -s "$size" -t 4 -r 1 --check-size "$size" --dump "$dir/orig.raw" --ref-cache "$dir/ref" |
        grep -q 'verify=PASS' &&
      $MUTATE list "$dir/orig.$ext" >"$dir/all"
  ) >"$dir/orig.log" 2>&1 || { echo "unmutated program fails" >"$dir/error"; return; }
  awk -v k="$SITES" '{ n[$2]++; id[$2, n[$2]] = $1 }
    END { for (op in n) for (i = 1; i <= k && i <= n[op]; i++) print id[op, int((i - 0.5) * n[op] / k) + 1] }' \
    "$dir/all" | sort -n | while read -r id; do echo "$dir $id"; done >"$dir/jobs"
}

. tests/lib.sh
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
export STENCILC tmp MUTATE
cat >"$tmp/configs" <<'CONFIGS'
cancel-cpu-f cpu tests/mutation/cancel2d.c float 29x37
cancel-cpu-d cpu tests/mutation/cancel2d.c double 29x37
grad-cpu-d cpu examples/gradient2d.c double 29x37
star3d2r-cpu-f cpu examples/star3d2r.c float 11x13x15
j2d5pt-naive-f naive examples/j2d5pt.c float 29x37
cancel-naive-d naive tests/mutation/cancel2d.c double 29x37
star3d1r-n5d-d n5d examples/star3d1r.c double 9x14x40 --bt 2
cancel-n5d-f n5d tests/mutation/cancel2d.c float 29x45 --bt 3
box2d2r-ssam-f ssam examples/box2d2r.c float 29x45 --bt 2
star3d2r-25d-f 25d examples/star3d2r.c float 9x14x40 --placement register
star3d1r-25d-d 25d examples/star3d1r.c double 9x14x40 --placement shared
cancel-fft-f fft tests/mutation/cancel2d.c float 29x45 --tile 16
box2d2r-fft-d fft examples/box2d2r.c double 29x37 --tile 32
CONFIGS
# shellcheck disable=SC2086
while read -r line; do config_job $line; done <"$tmp/configs"
cat "$tmp"/*/jobs >"$tmp/jobs"
OPERATORS="drop-term shift-offset coef-digit unwritten-row unwritten-col step-fewer barrier"
xargs -P "$JOBS" -L 1 sh "$0" --mutant-job <"$tmp/jobs"

for op in $OPERATORS; do
  eval "k_$(echo $op | tr - _)=0 s_$(echo $op | tr - _)=0 e_$(echo $op | tr - _)=0"
done
while read -r name rest; do
  dir=$tmp/$name
  if [ -e "$dir/error" ]; then no "$name: $(cat "$dir/error"): $(tail -3 "$dir/orig.log")"; continue; fi
  while read -r d id; do
    op=$(awk -v id="$id" '$1 == id { print $2 }' "$d/all") v=$(cat "$d/m$id.verdict") eq=$(cat "$d/m$id.equiv")
    desc=$(awk -v id="$id" '$1 == id { $1 = ""; $2 = ""; print }' "$d/all")
    var=$(echo "$op" | tr - _)
    if [ "$v" = build-error ]; then no "$name mutant $id ($op$desc) does not build: $(tail -3 "$d/m$id.log")"
    elif [ "$eq" = yes ]; then eval "e_$var=\$((e_$var + 1))"; ok
    elif [ "$v" = killed ]; then eval "k_$var=\$((k_$var + 1))"; ok
    else eval "s_$var=\$((s_$var + 1))"; no "$name mutant $id ($op$desc) survived: $(grep '^check a' "$d/m$id.log")"; fi
  done <"$dir/jobs"
done <"$tmp/configs"

killed=0 total=0
printf '%-14s %7s %9s %10s\n' operator killed survived equivalent
for op in $OPERATORS; do
  var=$(echo "$op" | tr - _)
  eval "k=\$k_$var s=\$s_$var e=\$e_$var b_$var=\$((k + s + e))"
  printf '%-14s %7d %9d %10d\n' "$op" "$k" "$s" "$e"
  killed=$((killed + k)) total=$((total + k + s))
done
[ $total -gt 0 ] && echo "kill rate: $killed of $total non-equivalent mutants ($((100 * killed / total))%)"
[ $total -gt 0 ] || no "no mutant was run"
[ $killed -eq $total ] || no "kill rate below 100%"
[ "$b_barrier" = 0 ] && no "no barrier was removed"
summary mutation
