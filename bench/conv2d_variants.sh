#!/bin/sh
# ssam variants of the conv2d programs for one timing run on the GPU machine (issue 22 item 3):
# the defaults against other P and blocks, for the small filters at one step (memory
# bound: 3x3 is at 81% of the copy bandwidth) and the large ones (the products weight by weight
# since 06ed2a7), so that the defaults can be chosen by measurement.
#   bench/conv2d_variants.sh prepare   here: writes bench/gen/conv2d-variants/ (git-ignored; name
#                                      it in the device call's carry), one program per line of
#                                      VARIANTS below: conv2d-MxN-float-TAG.cu
#   bench/conv2d_variants.sh run       on the GPU machine: builds them for sm_90 (bench/build.sh,
#                                      16 at a time), runs each at 8192^2 for one step (each
#                                      verifies itself against its CPU reference first, at 97^2
#                                      and at the full size; median of 10 timed steps) and writes
#                                      $OUT/conv2d_variants.csv: commit, gpu, filter, options,
#                                      parameters (as the generator wrote them), ms, GCells/s,
#                                      GFLOP/s, max rel error, verdict.
# CONV_VARIANTS_DIR: the folder (default bench/gen/conv2d-variants).
set -e
cd "$(dirname "$0")/.."
dir=${CONV_VARIANTS_DIR:-bench/gen/conv2d-variants}

# FILTER [GEN OPTIONS]: an empty option list is the defaults.
VARIANTS='3x3
3x3 --p 8
3x3 --p 32
3x3 --bs 256
3x3 --bs 512
2x2
5x5
9x9
11x11
11x11 --p 8
15x15
15x15 --p 16
16x16
16x16 --p 4
16x16 --p 16
17x17
17x17 --p 8
20x20
20x20 --p 8
20x20 --p 16
12x20
12x20 --p 4
12x20 --p 16
20x11
20x11 --p 16'

prepare() {
  make -s -j2 all
  rm -rf "$dir" && mkdir -p "$dir/src"
  echo "$VARIANTS" | while read -r filter opts; do
    [ -e "$dir/src/conv2d-$filter.c" ] || sh scripts/conv2d.sh "${filter%x*}" "${filter#*x}" "$dir/src" >/dev/null
    tag=$(echo "${opts:-default}" | sed 's/ --/_/g; s/--//; s/ //g')
    # shellcheck disable=SC2086
    build/stencilc gen "$dir/src/conv2d-$filter.c" --backend ssam $opts \
      -o "$dir/conv2d-$filter-float-$tag.cu" || echo "refused: $filter $opts"
  done
  git rev-parse --short HEAD >"$dir/COMMIT"
  echo "$(printf "%s\n" "$dir"/*.cu | wc -l) programs in $dir"
}

run() {
  out=${OUT:-/tmp} bin=/tmp/stencilc-conv2d-variants
  csv=$out/conv2d_variants.csv
  printf "%s\n" "$dir"/*.cu | sh bench/build.sh $bin
  gpu=$(nvidia-smi --query-gpu=name --format=csv,noheader | head -1)
  commit=$(cat "$dir/COMMIT")
  echo "commit,gpu,filter,options,parameters,ms,gcells_per_s,gflop_per_s,max_rel_err,verify" >"$csv"
  echo "$VARIANTS" | while read -r filter opts; do
    tag=$(echo "${opts:-default}" | sed 's/ --/_/g; s/--//; s/ //g')
    name=conv2d-$filter-float-$tag
    params=$(sed -n 's|^/\* ssam: \(.*\) \*/$|\1|p' "$dir/$name.cu" | head -1)
    line=$("$bin/$name" -s 8192 -t 1 -r 10 2>&1 | grep '^RESULT' || true)
    field() { echo "$line" | tr ' ' '\n' | sed -n "s/^$1=//p"; }
    verify=$(field verify)
    echo "$commit,$gpu,$filter,${opts:-default},$params,$(field ms),$(field gcells),$(field gflops),$(field max_rel),${verify:-FAIL}" >>"$csv"
    printf '%-6s %-22s %-45s %9s ms %s\n' "$filter" "${opts:-default}" "$params" "$(field ms)" "${verify:-FAIL}"
  done
  tar czf "$out/logs-conv2d-variants.tgz" -C $bin . 2>/dev/null || true
  ! grep -q ',FAIL$' "$csv"
}

case "$1" in
  prepare) prepare ;;
  run) run ;;
  *) echo "usage: $0 prepare|run" >&2; exit 2 ;;
esac
