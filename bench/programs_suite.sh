#!/bin/sh
# The stencil programs of issue 18 (examples/programs/) on the GPU, against the one-pass memory
# bound (issue 22 item 4).
#
#   here:      sh bench/programs_suite.sh prepare   (writes bench/gen/programs/: every program
#                                                    stencilc generates, per backend of BACKENDS
#                                                    (default naive) and dtype, plus facts.tsv)
#   GPU side:  sh bench/programs_suite.sh run       (carry bench/gen/programs; ONLY=float runs
#                                                    the files whose name holds "float", a
#                                                    program LIMIT seconds at most, default 120)
#
# One-pass memory bound: a time step that reads every array level it needs from before the step
# once and writes every level it produces once moves B bytes per cell,
#   B = element size x (distinct (field, level) pairs read that no stage of the step wrote first
#                       + fields written),
# so no implementation that keeps its arrays in global memory between steps beats
# copy bandwidth / B cells per second (copy bandwidth counts bytes read plus written, as
# bench/copy_bw.cu measures it). prepare derives B from `stencilc info --json` (facts.tsv); run
# measures the bandwidth, runs each program at the suite sizes (2D 16384^2, 3D 512^3, STEPS
# default 1000, 3D 200) after its own check against the CPU reference, and writes
# $OUT/programs.csv with GCells/s, the bound and the fraction of it.
#
# GEN_DIR (default bench/gen/programs) is where prepare writes and run reads; PROGRAMS (names of
# examples/programs/, default all) limits prepare to those; PROGRAM_DIR (default examples/programs)
# takes the programs from another folder (tests/programs). A file NAME_BACKEND-DTYPE.cu is
# timed whatever BACKEND says (bench/prog3d_prepare.sh adds 25d.YxX variants).
cd "$(dirname "$0")/.." || exit 1
dir=${GEN_DIR:-bench/gen/programs}

prepare() {
  set -e
  make -s -j"$(nproc)" build/stencilc
  mkdir -p $dir
  rm -f $dir/*.cu $dir/facts.tsv
  git rev-parse --short HEAD >$dir/COMMIT
  for f in ${PROGRAM_DIR:-examples/programs}/*.c; do
    name=$(basename "$f" .c)
    case " ${PROGRAMS:-$name} " in *" $name "*) ;; *) continue ;; esac
    build/stencilc info "$f" --json >$dir/$name.json 2>/dev/null || {
      echo "skipped $name: $(build/stencilc info "$f" 2>&1 | head -1)"
      continue
    }
    python3 - "$dir/$name.json" "$name" >>$dir/facts.tsv <<'EOF'
import json, sys
p = json.load(open(sys.argv[1]))
written, reads = set(), set()
for s in p["stages"]:
    for r in s["reads"]:
        key = (r["field"], r["level"])
        # a level this step already wrote is read from what the step produced, not from memory
        # before the step: "t+1" of a field some earlier stage wrote
        if not (r["field"] in written and r["level"] in ("t+1", None)):
            reads.add(key)
    written.add(s["writes"])
print("%s\t%d\t%d\t%d" % (sys.argv[2], p["dims"], len(reads) + len(written), p["flops_per_cell"]))
EOF
    for backend in ${BACKENDS:-naive}; do
      for dt in float double; do
        build/stencilc gen "$f" --backend "$backend" --dtype $dt -o $dir/${name}_$backend-$dt.cu ||
          echo "skipped ${name}_$backend-$dt"
      done
    done
  done
  cat $dir/facts.tsv
}

run() {
  out=${OUT:-/tmp}
  bin=${BIN:-/tmp/stencilc-programs}
  mkdir -p "$bin"
  nvcc -O3 -gencode=arch=compute_90,code=sm_90 -o "$bin/copy_bw" bench/copy_bw.cu
  ls $dir/*${ONLY:-}*.cu | sh bench/build.sh "$bin"
  echo "built: $(date +%T)"
  bw=$("$bin/copy_bw" | sed -n 's/.*GBps=\([0-9.]*\).*/\1/p' | head -1)
  echo "copy bandwidth: $bw GB/s"
  gpu=$(nvidia-smi --query-gpu=name --format=csv,noheader | head -1)
  for src in $dir/*${ONLY:-}*.cu; do
    b=$(basename "$src" .cu)
    set -- $(facts "$b")
    timeout ${LIMIT:-120} "$bin/$b" -s $3 -t $4 -r 3 >"$bin/$b.run.log" 2>&1
    echo "$(date +%T) $b: $(grep '^RESULT' "$bin/$b.run.log" | cut -c1-150)"
  done
  table "$bin" "$gpu" "$bw" >"$out/programs.csv"
  tar czf "$out/logs-programs.tgz" -C "$bin" $(cd "$bin" && ls *.run.log *.log)
  cut -d, -f3-4,7,9,13-16 "$out/programs.csv"
}

# facts PROGRAM: its dimensions, bytes per cell, suite size and steps
facts() {
  b=$1 dt=${1##*-} nb=${1%-*}
  set -- $(grep "^${nb%_*}	" $dir/facts.tsv)
  elem=4; [ "$dt" = double ] && elem=8
  if [ "$2" = 3 ]; then echo "$2 $(($3 * elem)) 512 ${STEPS3:-200}"; else echo "$2 $(($3 * elem)) 16384 ${STEPS:-1000}"; fi
}

# table BIN GPU BANDWIDTH: the CSV from the programs' run logs in BIN (also usable here, on logs
# brought back: sh bench/programs_suite.sh table DIR GPU GBPS)
table() {
  logs=$1 gpu=$2 bw=$3 commit=$(cat $dir/COMMIT)
  echo "commit,gpu,stencil,dtype,size,steps,strategy,parameters,gcells_per_s,gflop_per_s,max_abs_err,max_rel_err,verify,bytes_per_cell,bound_gcells,fraction_of_bound"
  for src in $dir/*${ONLY:-}*.cu; do
    b=$(basename "$src" .cu) dt=${b##*-} nb=${b%-*}
    name=${nb%_*} backend=${nb##*_}
    set -- $(facts "$b")
    bpc=$2
    bound=$(awk -v bw="$bw" -v b="$bpc" 'BEGIN { printf "%.1f", bw / b }')
    line=$(grep '^RESULT' "$logs/$b.run.log" 2>/dev/null)
    if [ -z "$line" ]; then
      echo "$commit,$gpu,$name,$dt,,,$backend,defaults,,,,,FAIL,$bpc,$bound,"
      continue
    fi
    get() { echo "$line" | tr ' ' '\n' | sed -n "s/^$1=//p"; }
    g=$(get gcells)
    frac=$(awk -v g="$g" -v b="$bound" 'BEGIN { printf "%.3f", g / b }')
    echo "$commit,$gpu,$name,$dt,$(get size),$(get steps),$backend,defaults,$g,$(get gflops),$(get max_abs),$(get max_rel),$(get verify),$bpc,$bound,$frac"
  done
}

case $1 in
prepare) prepare ;;
run) run ;;
table) shift; table "$@" ;;
*) echo "usage: sh bench/programs_suite.sh prepare|run" >&2; exit 2 ;;
esac
