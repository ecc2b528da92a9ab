#!/bin/sh
# Runs on the GPU machine: builds every program of bench/gen/<backend>/ for sm_90 in parallel,
# measures the copy bandwidth, then runs each program (it verifies against the CPU reference
# before timing, and exits non-zero without timing when the check fails) at the suite sizes:
# 2D 16384^2, 3D 512^3, 1000 steps or $STEPS (fdd5/fdd7: 1 step, as Tabik runs them;
# conv2d: one convolution of an 8192^2 image, as SSAM runs it).
# Appends one CSV row per program to $OUT/<backend>.csv, packs the build and run logs into
# $OUT/logs-<backend>-<dtype>.tgz and prints a table last.
# usage: [BIN=DIR] bench/run_suite.sh BACKEND [DTYPE] [NAME-FILTER-REGEX] [EXTRA NVCC FLAGS...]
cd "$(dirname "$0")/.." || exit 1
backend=${1:-naive} dtype=${2:-float} filter=${3:-.}
if [ $# -ge 3 ]; then shift 3; else shift $#; fi
out=${OUT:-/tmp}
dir=bench/gen/$backend
commit=$(cat "$dir/COMMIT")
flags="$*"
bin=${BIN:-/tmp/stencilc-bench}
mkdir -p $bin
nvcc -O3 -gencode=arch=compute_90,code=sm_90 -o $bin/copy_bw bench/copy_bw.cu
# builds the programs that BIN does not hold yet (BIN=/tmp/stencilc-n5d reuses the matrix's)
# shellcheck disable=SC2086
for f in $(ls $dir/*-"$dtype".cu | grep -E "$filter"); do
  [ -x "$bin/$(basename "$f" .cu)" ] || echo "$f"
done | sh bench/build.sh $bin $flags
$bin/copy_bw | tee -a "$out/copy.txt"
gpu=$(nvidia-smi --query-gpu=name --format=csv,noheader | head -1)
csv="$out/$backend.csv"
[ -s "$csv" ] || echo "commit,gpu,stencil,dtype,size,steps,strategy,parameters,gcells_per_s,gflop_per_s,max_abs_err,max_rel_err,verify" >"$csv"
for src in $(ls $dir/*-"$dtype".cu | grep -E "$filter"); do
  b=$(basename "$src" .cu) name=${b%-*}
  case $name in *3d*|fdd*) size=512 ;; conv2d*) size=8192 ;; *) size=16384 ;; esac
  case $name in fdd*|conv2d*) steps=1 ;; *) steps=${STEPS:-1000} ;; esac
  # the configuration as the generator wrote it into the program's header, plus the nvcc flags
  params=$(sed -n -e 's#^/\* n5d: \([a-z-]*\) mode, bT=\([0-9]*\), block \([0-9x]*\),.* \([0-9]*\) rows per barrier, register cap \([0-9]*\).*#\1 bT=\2 block=\3 rows=\4 regs=\5#p' \
                  -e 's#^/\* ssam: \(bT=[0-9]* P=[0-9]* block=[0-9x]*\) .*#\1#p' "$src")
  strategy=$backend
  p25d=$(sed -n 's#^/\* 25d: \(.*\) \*/$#\1#p' "$src")
  if [ -n "$p25d" ]; then # NAME_PLACEMENT: the placement goes to the strategy column
    params=$(echo "$p25d" | tr -d ,) strategy=25d-${p25d%% *} name=${name%_*}
  fi
  params="${params:-block=$(sed -n 's/^  const dim3 block(\(.*\));/\1/p' "$src" | tr -d ' ' | tr , x)} $flags"
  line=$($bin/$b -s $size -t $steps -r 3 2>&1 | tee "$bin/$b.run.log" | grep '^RESULT')
  if [ -z "$line" ]; then
    echo "$commit,$gpu,$name,$dtype,$size,$steps,$strategy,\"$params\",,,,,FAIL" >>"$csv"
    echo "FAILED: $b: $(tail -3 "$bin/$b.run.log")"
    continue
  fi
  get() { echo "$line" | tr ' ' '\n' | sed -n "s/^$1=//p"; }
  echo "$commit,$gpu,$name,$dtype,$(get size),$(get steps),$strategy,\"$params\",$(get gcells),$(get gflops),$(get max_abs),$(get max_rel),$(get verify)" >>"$csv"
done
tar czf "$out/logs-$backend-$dtype.tgz" -C $bin . 2>/dev/null
cut -d, -f3-13 "$csv"
