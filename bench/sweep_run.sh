#!/bin/sh
# Runs on the GPU machine: builds every program of bench/gen/sweep/ (with the nvcc flags given
# as arguments, e.g. --use_fast_math), runs each at the suite size (16384^2 or 512^3, 1000
# steps, median of 3 after a warm-up; each verifies itself first, at the check size for the
# full step count and at the full size for 3 steps) and writes
# $OUT/sweep.csv: stencil,parameters,gcells,max_rel,verify. Prints the best per stencil last.
# usage: bench/sweep_run.sh [--filter REGEX] [--steps N] [NVCC FLAGS...]; split a sweep over
# several calls with --filter (one call is limited to 10 minutes); --steps shortens the timed
# runs of an exploratory sweep.
cd "$(dirname "$0")/.." || exit 1
out=${OUT:-/tmp}
dir=bench/gen/sweep
bin=/tmp/stencilc-sweep
filter=. steps=1000
if [ "$1" = --filter ]; then filter=$2; shift 2; fi
if [ "$1" = --steps ]; then steps=$2; shift 2; fi
flags="$*"
mkdir -p $bin
# shellcheck disable=SC2086
ls $dir/*.cu | grep -E "$filter" | sh bench/build.sh $bin $flags
echo "stencil,parameters,nvcc_flags,gcells_per_s,max_rel_err,verify" >"$out/sweep.csv"
for src in $(ls $dir/*.cu | grep -E "$filter"); do
  b=$(basename "$src" .cu) name=${b%%-float__*} params=${b#*__}
  # check sizes long enough along the stream for chunks away from the edges (inner kernels)
  case $name in *3d*) size=512 check=101x37x37 ;; *) size=16384 check=331x97 ;; esac
  line=$($bin/$b -s $size -t $steps -r 3 --check-size $check 2>&1 | tee $bin/$b.run | grep '^RESULT')
  g=$(echo "$line" | tr ' ' '\n' | sed -n 's/^gcells=//p')
  r=$(echo "$line" | tr ' ' '\n' | sed -n 's/^max_rel=//p')
  echo "$name,$params,\"$flags\",${g:-0},${r:-},$( [ -n "$line" ] && echo PASS || echo FAIL)" >>"$out/sweep.csv"
done
grep -h "registers\|spill" $bin/*.log | sort | uniq -c | sort -rn | head -4
tail -n +2 "$out/sweep.csv" | sort -t, -k1,1 -k4,4gr | awk -F, '$1 != prev {print; prev = $1}'
