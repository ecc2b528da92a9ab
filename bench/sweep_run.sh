#!/bin/sh
# Runs on the GPU machine: builds every program of bench/gen/sweep/ (with the nvcc flags given
# as arguments, e.g. --use_fast_math), runs each at the suite size (16384^2 or 512^3, 1000
# steps, median of 3 after a warm-up, of 10 for conv2d; each verifies itself first, at the check size for the
# full step count and at the full size for 3 steps) and writes
# $OUT/sweep.csv (the columns of results/*.csv). Prints the best per stencil last.
# usage: bench/sweep_run.sh [--filter REGEX] [--steps N] [NVCC FLAGS...]; split a sweep over
# several calls with --filter (one call is limited to 10 minutes); --steps shortens the timed
# runs of an exploratory sweep. SWEEP_DIR (default bench/gen/sweep) names another folder of the
# same form, for example ssam's conv2d sweep: conv2d runs one step of an 8192^2 image, as in
# bench/conv2d_vs_cudnn.sh; the strategy column is the backend named in the program's header.
# CHECK2D (default 331x97) sets the 2D check size, which must be wide enough for blocks inside
# the interior along x too where a kernel has a path of its own for them (n5d --cols: 331x2100);
# CHECK3D (default 101x37x37) the 3D one (n5d --cols in 3D: 101x77x291). The type is the one
# the file's name gives (NAME-float__... or NAME-double__...).
cd "$(dirname "$0")/.." || exit 1
out=${OUT:-/tmp}
dir=${SWEEP_DIR:-bench/gen/sweep}
bin=/tmp/stencilc-$(basename "$dir")
filter=. steps=1000
if [ "$1" = --filter ]; then filter=$2; shift 2; fi
if [ "$1" = --steps ]; then steps=$2; shift 2; fi
flags="$*"
mkdir -p $bin
# shellcheck disable=SC2086
ls $dir/*.cu | grep -E "$filter" | sh bench/build.sh $bin $flags
commit=$(cat $dir/COMMIT)
gpu=$(nvidia-smi --query-gpu=name --format=csv,noheader | head -1)
echo "commit,gpu,stencil,dtype,size,steps,strategy,parameters,gcells_per_s,gflop_per_s,max_abs_err,max_rel_err,verify" >"$out/sweep.csv"
for src in $(ls $dir/*.cu | grep -E "$filter"); do
  b=$(basename "$src" .cu) name=${b%%__*} params=${b#*__}
  dt=${name##*-} name=${name%-*}
  # check sizes long enough along the stream for chunks away from the edges (inner kernels)
  t=$steps r=3
  case $name in *3d*) size=512 check=${CHECK3D:-101x37x37} ;; conv2d*) size=8192 check=331x97 t=1 r=10 ;; *) size=16384 check=${CHECK2D:-331x97} ;; esac
  strategy=$(sed -n '1s/.*backend \([a-z0-9]*\).*/\1/p' "$src")
  line=$($bin/$b -s $size -t $t -r $r --check-size $check 2>&1 | tee $bin/$b.run | grep '^RESULT')
  get() { echo "$line" | tr ' ' '\n' | sed -n "s/^$1=//p"; }
  echo "$commit,$gpu,$name,$dt,$size,$t,$strategy,\"$params $flags\",$(get gcells),$(get gflops),$(get max_abs),$(get max_rel),$( [ -n "$line" ] && echo PASS || echo FAIL)" >>"$out/sweep.csv"
done
grep -h "registers\|spill" $bin/*.log | sort | uniq -c | sort -rn | head -4
tail -n +2 "$out/sweep.csv" | sort -t, -k3,3 -k9,9gr | awk -F, '$3 != prev {print $3, $8, $9; prev = $3}'
