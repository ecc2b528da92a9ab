#!/bin/sh
# Runs on the GPU machine: the 2.5D placements (global, shared, hybrid, register) on every 3D
# example, after `sh bench/prepare.sh 25d float` here (carry bench/gen). Each program is built,
# verifies itself against the CPU reference (37^3 for all the steps, then 512^3 for 3 steps) and
# is timed at 512^3; fdd5 and fdd7 take 1 step, the others $STEPS, 100 by default rather than the
# suite's 1000, so that the runs of the 52 float programs take about 5 minutes (the builds come on
# top; bench/README.md says how to split them over two calls). Rows go to $OUT/25d.csv (see
# run_suite.sh); a table of GCells/s, stencil by placement, comes last.
# usage: bench/p25d_suite.sh [DTYPE] [NAME-FILTER-REGEX] [EXTRA NVCC FLAGS...]
cd "$(dirname "$0")/.." || exit 1
dtype=${1:-float}
if [ $# -ge 1 ]; then shift; fi
STEPS=${STEPS:-100} sh bench/run_suite.sh 25d "$dtype" "$@" >"${OUT:-/tmp}/25d-$dtype.log" 2>&1
grep -E 'FAILED|BUILD FAILED' "${OUT:-/tmp}/25d-$dtype.log"
echo "GCells/s, $dtype, 512^3 ($(cat bench/gen/25d/COMMIT)); FAIL: verification failed; -: not generated"
awk -F, -v dt="$dtype" '
  NR > 1 && $4 == dt {
    stencil[$3] = 1; v = $9 == "" ? "FAIL" : sprintf("%.1f", $9)
    cell[$3 "," $7] = v
  }
  END {
    n = split("25d-global 25d-shared 25d-hybrid 25d-register", s, " ")
    printf "%-10s", "stencil"; for (i = 1; i <= n; i++) printf " %12s", substr(s[i], 5); printf "\n"
    for (name in stencil) {
      printf "%-10s", name
      for (i = 1; i <= n; i++) printf " %12s", (name "," s[i]) in cell ? cell[name "," s[i]] : "-"
      printf "\n"
    }
  }' "${OUT:-/tmp}/25d.csv" | { read -r head; echo "$head"; sort; }
