#!/bin/sh
# Compares the programs stencilc generates at two revisions, so that a change meant to leave
# the generated code alone can show it did (issue 16 item 6), and one that changes it can list
# every program it changes:
#   sh scripts/compare_generated.sh [-w] [-k] REV_OLD [REV_NEW]
# REV_NEW defaults to HEAD. Each revision is checked out in a temporary git worktree and built
# there (make build/stencilc); OLD_BIN=PATH or NEW_BIN=PATH gives a built stencilc instead (then
# its revision argument only names it in the report). For every example (examples/*.c of this
# checkout, or EXAMPLES="a.c b.c ..."), every backend (naive cpu n5d 25d ssam, with its
# defaults) and float and double, both stencilc gen the program. A case is the same when both
# write identical files, or both refuse it (exit 2, no file); anything else is a difference: a
# file that differs (with the number of changed lines and the first lines of the diff), one
# revision refusing what the other generates, any other exit status.
#   -w   ignore differences of whitespace and blank lines only (diff -w -B)
#   -k   keep the generated files (their folder is printed)
# Environment: JOBS (parallel gens, default the cores), CONTEXT (diff lines shown per file, 6).
# Exit status: 0 when every case is the same, 1 when any differs, 2 on wrong arguments, 3 when a
# revision does not build.
here=$(pwd)
cd "$(dirname "$0")/.." || exit 1
ws= keep=
while [ $# -gt 0 ]; do
  case $1 in
    -w) ws=1 ;;
    -k) keep=1 ;;
    -h | --help) sed -n '2,/^cd /p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
    -*) echo "compare_generated: unknown option '$1'" >&2; exit 2 ;;
    *) break ;;
  esac
  shift
done
[ $# -ge 1 ] && [ $# -le 2 ] || { echo "usage: sh scripts/compare_generated.sh [-w] [-k] REV_OLD [REV_NEW]" >&2; exit 2; }
old_rev=$1 new_rev=${2:-HEAD}
JOBS=${JOBS:-$(nproc)} CONTEXT=${CONTEXT:-6}
BACKENDS="naive cpu n5d 25d ssam" DTYPES="float double"
EXAMPLES=${EXAMPLES:-$(ls examples/*.c)}

work=$(mktemp -d "${TMPDIR:-/tmp}/compare_generated.XXXXXX") || exit 3
cleanup() {
  for side in old new; do
    [ -d "$work/$side-tree" ] && git worktree remove --force "$work/$side-tree" >/dev/null 2>&1
  done
  if [ -n "$keep" ]; then echo "files kept in $work"; else rm -rf "$work"; fi
}
trap cleanup EXIT
trap 'exit 3' INT TERM

# build SIDE REV: prints the path of a stencilc built at REV (or $OLD_BIN / $NEW_BIN).
build() {
  given=$(eval echo "\${$(echo "$1" | tr a-z A-Z)_BIN}")
  if [ -n "$given" ]; then
    case $given in /*) ;; *) given=$here/$given ;; esac
    [ -x "$given" ] || { echo "compare_generated: $given is not an executable" >&2; return 1; }
    echo "$given"; return 0
  fi
  sha=$(git rev-parse --verify --quiet "$2^{commit}") || { echo "compare_generated: unknown revision '$2'" >&2; return 1; }
  git worktree add --detach "$work/$1-tree" "$sha" >/dev/null 2>&1 || { echo "compare_generated: cannot check out $2" >&2; return 1; }
  make -s -C "$work/$1-tree" -j"$JOBS" build/stencilc >"$work/$1-build.log" 2>&1 ||
    { echo "compare_generated: $2 does not build:" >&2; tail -20 "$work/$1-build.log" >&2; return 1; }
  echo "$work/$1-tree/build/stencilc"
}
old_bin=$(build old "$old_rev") || exit 3
new_bin=$(build new "$new_rev") || exit 3
echo "old: $old_rev ($old_bin)"
echo "new: $new_rev ($new_bin)"

# One gen per side and case, in parallel: the exit status in NAME.rc, the program in NAME.out.
mkdir -p "$work/old" "$work/new"
for ex in $EXAMPLES; do
  for b in $BACKENDS; do
    for dt in $DTYPES; do echo "$(basename "$ex" .c)-$b-$dt $ex $b $dt"; done
  done
done >"$work/cases"
export old_bin new_bin work
# shellcheck disable=SC2016
xargs -P "$JOBS" -L 1 sh -c '
  for side in old new; do
    eval bin=\$${side}_bin
    "$bin" gen "$1" --backend "$2" --dtype "$3" -o "$work/$side/$0.out" >"$work/$side/$0.msg" 2>&1
    echo $? >"$work/$side/$0.rc"
  done' <"$work/cases"

same=0 refused=0 differ=0
while read -r name ex b dt; do
  o=$work/old/$name n=$work/new/$name
  orc=$(cat "$o.rc") nrc=$(cat "$n.rc")
  if [ "$orc" = 0 ] && [ "$nrc" = 0 ]; then
    if cmp -s "$o.out" "$n.out" || { [ -n "$ws" ] && diff -q -w -B "$o.out" "$n.out" >/dev/null; }; then
      same=$((same + 1)); continue
    fi
    differ=$((differ + 1))
    d=$(if [ -n "$ws" ]; then diff -w -B "$o.out" "$n.out"; else diff "$o.out" "$n.out"; fi)
    echo "DIFFERS $ex --backend $b --dtype $dt: $(echo "$d" | grep -c '^<') lines old, $(echo "$d" | grep -c '^>') lines new"
    echo "$d" | head -"$CONTEXT" | sed 's/^/    /'
  elif [ "$orc" = 2 ] && [ "$nrc" = 2 ] && [ ! -e "$o.out" ] && [ ! -e "$n.out" ]; then
    refused=$((refused + 1))
  else
    differ=$((differ + 1))
    echo "DIFFERS $ex --backend $b --dtype $dt: old exit $orc, new exit $nrc"
    for side in old new; do
      [ "$(cat "$work/$side/$name.rc")" = 0 ] || echo "    $side: $(head -1 "$work/$side/$name.msg")"
    done
  fi
done <"$work/cases"

echo "compare_generated: $((same + refused + differ)) cases: $same identical${ws:+ (whitespace ignored)}, $refused refused by both, $differ differing"
[ $differ -eq 0 ]
