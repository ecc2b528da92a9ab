#!/bin/sh
# GPU differential testing (issue 6): random stencils from build/stencilgen go through every GPU
# backend that accepts them, with random valid parameters, and run at random sizes and step
# counts. Each run is one case: the program verifies itself against the CPU reference at that
# size for the full step count (--check-size = the size), on a NaN-poisoned output buffer.
#
#   here (no GPU, needs libclang):  bench/differential_gpu.sh prepare [CASES]   (default 1000)
#   on the GPU machine:             bench/differential_gpu.sh run               (carry bench/gen/diff)
#
# prepare writes bench/gen/diff/ (git-ignored; CUDA sources only): one program per stencil seed
# and backend, s<SEED>-<BACKEND>.cu, and manifest.tsv, one line per case (tab-separated):
#   case  seed  backend  program  bT  size  steps  options
# The first run of each program is at the smallest legal size (1 cell per axis); the others at
# small or larger sizes (the larger ones odd along every axis, so no block divides them). Steps
# come from 1, bT-1, bT, bT+1, 2bT+3 or a random count (bT: the steps fused per launch, read
# from the program's "bT=N" comment; 1 for backends that fuse none). Options: the backend's
# defaults, a random candidate of 'stencilc model', or (naive, n5d) random values for each
# parameter, forced n5d modes included; a draw that 'stencilc gen' refuses is redrawn, then the
# defaults are tried, and a backend that refuses even those does not claim the stencil (listed
# in refused.tsv). Gen exiting with anything but 0 or 2 is a bug: the case is kept with program
# '-' (details in genfail.tsv), prepare exits 1, and run counts the case as failed.
#
# run builds every program in parallel (bench/build.sh, largest first), runs the cases JOBS at a
# time, then compute-sanitizer memcheck, racecheck and synccheck on SANITIZE programs at a small
# size and a few steps. Writes $OUT/differential_gpu.csv (one row per case),
# $OUT/differential_sanitizer.csv and $OUT/differential_logs.tgz (logs of the failures and of
# the sanitizer runs), and prints a table per backend with every failure's seed and the command
# that reproduces it last. It keeps to a time budget (BUDGET_S, default 540 s: one device call
# lasts at most 10 minutes): what does not fit is reported as NOT-RUN, not as a failure. For
# more cases than one call holds, prepare again with another FIRST_SEED.
#
# Environment: BACKENDS (the GPU backends to test, by name; default "naive n5d"), RUNS (cases per
# program, default 3), FIRST_SEED (default 1), DIFF_DIR (default bench/gen/diff); prepare:
# STENCILC, GEN (default build/stencilc and build/stencilgen, built by make); run: JOBS
# (concurrent runs, default 4), SANITIZE (default 20), TIMEOUT (seconds per run, default 120),
# BUDGET_S, BIN (build folder, default /tmp/stencilc-diff), OUT.
# shellcheck disable=SC2154 # the random draws set their variables through eval
cd "$(dirname "$0")/.." || exit 1
BACKENDS=${BACKENDS:-naive n5d}
RUNS=${RUNS:-3}
FIRST_SEED=${FIRST_SEED:-1}
DIFF_DIR=${DIFF_DIR:-bench/gen/diff}
MAX_CELL_STEPS=4000000 # cells x steps of one run: keeps the CPU reference of each case well under a second
export BACKENDS RUNS DIFF_DIR

# ---- random draws: an LCG per (seed, backend), so a prepare is reproducible ----

# rnd VAR LO HI: VAR gets a number in [LO, HI].
rnd() {
  R=$(((R * 1103515245 + 12345) % 2147483648))
  eval "$1=$(((R / 65536) % ($3 - $2 + 1) + $2))"
}

# shape VAR T D: VAR gets a random D-axis block shape, slowest axis first ("ZxYxX"), of T threads.
# (Helpers name their own variables with a leading _: shell variables are global.)
shape() {
  _left=$2 _shape='' _a=1
  while [ $_a -lt "$3" ]; do
    _ndiv=0 _d=1
    while [ $_d -le "$_left" ]; do [ $((_left % _d)) -eq 0 ] && _ndiv=$((_ndiv + 1)); _d=$((_d + 1)); done
    rnd _want 1 $_ndiv
    _d=0
    while [ "$_want" -gt 0 ]; do _d=$((_d + 1)); [ $((_left % _d)) -eq 0 ] && _want=$((_want - 1)); done
    _shape="$_shape${_d}x" _left=$((_left / _d)) _a=$((_a + 1))
  done
  eval "$1=$_shape$_left"
}

# A random candidate of 'stencilc model' for backend $1 (any backend the model ranks), or none.
model_options() {
  _rows=$(awk -v b="$1" '$2 == b { n++ } END { print n + 0 }' "$base.model")
  [ "$_rows" -gt 0 ] || return 0
  rnd _row 1 "$_rows"
  opts=$(awk -v b="$1" -v k="$_row" '$2 == b && ++n == k { for (i = 3; i <= NF - 6; i++) printf "%s ", $i }' "$base.model")
}

# Random values for each parameter of backend $1 on a $2-D stencil: sets opts.
draw_options() {
  opts=
  rnd _u 1 100
  [ "$_u" -le 15 ] && return 0 # the defaults
  if [ "$_u" -le 35 ]; then model_options "$1"; return 0; fi
  case $1 in
    naive)
      rnd _k 1 32; shape _blk $((32 * _k)) "$2"; opts="--block $_blk" ;;
    n5d)
      rnd _u 1 100; [ "$_u" -le 25 ] && opts="$opts --no-diag-opt"
      rnd _u 1 100; [ "$_u" -le 25 ] && opts="$opts --no-assoc-opt"
      rnd _u 1 100
      if [ "$_u" -le 70 ]; then
        if [ "$2" = 2 ]; then rnd _bt 1 10; else rnd _bt 1 4; fi
        rnd _u 1 10; [ "$_u" -eq 1 ] && rnd _bt 1 32
        opts="$opts --bt $_bt"
      fi
      rnd _u 1 100
      if [ "$_u" -le 60 ]; then rnd _k 1 32; shape _bs $((32 * _k)) $(($2 - 1)); opts="$opts --bs $_bs"; fi
      rnd _u 1 100; [ "$_u" -le 20 ] && { rnd _h 1 48; opts="$opts --hsn $_h"; }
      rnd _u 1 100; [ "$_u" -le 10 ] && { rnd _r 24 128; opts="$opts --regs $_r"; }
      ;;
    *) model_options "$1" ;;
  esac
}

# Steps for a program fusing $1 steps per launch: sets steps.
draw_steps() {
  rnd _u 0 5
  case $_u in
    0) steps=1 ;;
    1) steps=$(($1 > 1 ? $1 - 1 : 2)) ;;
    2) steps=$1 ;;
    3) steps=$(($1 + 1)) ;;
    4) steps=$((2 * $1 + 3)) ;;
    *) rnd steps 1 $((3 * $1 + 5)) ;;
  esac
}

# A size of kind $1 (smallest, small, large) for a $2-D stencil and $steps steps: sets size.
draw_size() {
  size='' _a=0 _rest=1
  while [ $_a -lt "$2" ]; do
    case $1-$2-$_a in
      smallest-*) _n=1 ;;
      small-2-*) rnd _n 2 80 ;;
      small-3-*) rnd _n 2 24 ;;
      large-2-0) rnd _n 40 700 ;;
      large-2-*) rnd _n 100 1300 ;;
      large-3-0) rnd _n 10 90 ;;
      large-3-1) rnd _n 10 80 ;;
      large-3-*) rnd _n 20 150 ;;
    esac
    [ "$1" = large ] && _n=$((_n | 1))
    eval "_n$_a=$_n"
    [ $_a -gt 0 ] && _rest=$((_rest * _n))
    _a=$((_a + 1))
  done
  # the budget shortens the streaming axis (axis 0), keeping it odd
  if [ $((_n0 * _rest * steps)) -gt $MAX_CELL_STEPS ]; then
    _n0=$((MAX_CELL_STEPS / (_rest * steps)))
    _n0=$((_n0 % 2 ? _n0 : _n0 > 1 ? _n0 - 1 : 1))
  fi
  size=$_n0
  _a=1
  while [ $_a -lt "$2" ]; do eval "size=${size}x\$_n$_a"; _a=$((_a + 1)); done
}

# ---- prepare: one job per seed, writing $tmp/S.tsv (cases without ids) and $tmp/S.refused ----

seed_job() {
  s=$1 base=$tmp/rnd$1
  "$GEN" --seed "$s" -o "$base.c" || { echo "stencilgen --seed $s failed" >&2; return; }
  dims=$(grep -c '^ *for (int [ijk] ' "$base.c")
  "$STENCILC" model "$base.c" --top 100000 >"$base.model" 2>/dev/null || : >"$base.model"
  : >"$tmp/$s.tsv"
  : >"$tmp/$s.refused"
  : >"$tmp/$s.genfail"
  bi=0
  for b in $BACKENDS; do
    bi=$((bi + 1))
    R=$(((s * 7919 + bi * 104729 + 1) % 2147483648))
    prog=s$s-$b out=$DIFF_DIR/s$s-$b.cu
    try=0 rc=2
    while [ $rc -eq 2 ] && [ $try -le 6 ]; do
      if [ $try -lt 6 ]; then draw_options "$b" "$dims"; else opts=; fi
      # shellcheck disable=SC2086
      "$STENCILC" gen "$base.c" --backend "$b" $opts -o "$out" 2>"$base.$b.err"
      rc=$?
      try=$((try + 1))
    done
    opts=$(echo $opts) # one space between words
    if [ $rc -eq 2 ]; then
      printf '%s\t%s\t%s\n' "$s" "$b" "$(head -1 "$base.$b.err")" >>"$tmp/$s.refused"
      continue
    fi
    if [ $rc -ne 0 ] || [ ! -s "$out" ]; then
      rm -f "$out"
      printf '%s\t%s\t-\t-\t-\t-\t%s\n' "$s" "$b" "$opts" >>"$tmp/$s.tsv"
      printf '%s\t%s\texit %s: %s\n' "$s" "$b" "$rc" "$(head -1 "$base.$b.err")" >>"$tmp/$s.genfail"
      continue
    fi
    bt=$(sed -n 's/^\/\*.*[ (]bT=\([0-9]*\).*/\1/p' "$out" | head -1)
    bt=${bt:-1} r=1
    while [ $r -le "$RUNS" ]; do
      case $r in 1) kind=smallest ;; *[02468]) kind=small ;; *) kind=large ;; esac
      draw_steps "$bt"
      draw_size $kind "$dims"
      printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$s" "$b" "$prog" "$bt" "$size" "$steps" "$opts" >>"$tmp/$s.tsv"
      r=$((r + 1))
    done
  done
}

prepare() {
  cases=${1:-1000}
  if [ -z "$STENCILC" ]; then make -s -j"$(nproc)" all || exit 3; fi
  STENCILC=${STENCILC:-build/stencilc} GEN=${GEN:-build/stencilgen}
  tmp=$(mktemp -d) && trap 'rm -rf "$tmp"' EXIT
  # private copies: a rebuild of build/ meanwhile must not break the jobs
  cp "$STENCILC" "$tmp/stencilc" && cp "$GEN" "$tmp/stencilgen" || exit 3
  STENCILC=$tmp/stencilc GEN=$tmp/stencilgen
  export STENCILC GEN tmp
  rm -rf "$DIFF_DIR" && mkdir -p "$DIFF_DIR" || exit 3
  nb=$(echo $BACKENDS | wc -w)
  next=$FIRST_SEED have=0
  while [ "$have" -lt "$cases" ]; do # batches of seeds until there are enough cases
    more=$(((cases - have) / (RUNS * nb) + 2))
    seq $next $((next + more - 1)) | xargs -P "$(nproc)" -n 1 sh "$0" --seed-job
    next=$((next + more))
    have=$(seq $FIRST_SEED $((next - 1)) | sed "s#.*#$tmp/&.tsv#" | xargs cat | wc -l)
  done
  seq $FIRST_SEED $((next - 1)) | sed "s#.*#$tmp/&.tsv#" | xargs cat |
    awk -v n="$cases" 'NR <= n { print NR "\t" $0 }' >"$DIFF_DIR/manifest.tsv"
  for f in refused genfail; do seq $FIRST_SEED $((next - 1)) | sed "s#.*#$tmp/&.$f#" | xargs cat >"$DIFF_DIR/$f.tsv"; done
  # programs past the last case are not carried
  cut -f4 "$DIFF_DIR/manifest.tsv" | sort -u | sed 's/$/.cu/' >"$tmp/keep"
  ls "$DIFF_DIR" | grep '\.cu$' | sort | comm -23 - "$tmp/keep" | sed "s#^#$DIFF_DIR/#" | xargs rm -f
  git rev-parse --short HEAD >"$DIFF_DIR/COMMIT"
  summary
}

# What prepare wrote: cases per backend and the coverage of the edge cases.
summary() {
  m=$DIFF_DIR/manifest.tsv
  printf '%-8s %8s %8s %8s %10s %10s %10s\n' backend programs refused cases smallest "steps=1" "steps%bT"
  for b in $BACKENDS; do
    awk -F'\t' -v b="$b" -v refused="$(grep -c "	$b	" "$DIFF_DIR/refused.tsv")" '
      $3 == b && $4 != "-" { cases++; prog[$4] = 1; if ($6 ~ /^1(x1)*$/) small++; if ($7 == 1) one++; if ($7 % $5) off++ }
      END { for (p in prog) n++; printf "%-8s %8d %8d %8d %10d %10d %10d\n", b, n, refused, cases, small, one, off }' "$m"
  done
  for b in $BACKENDS; do # the modes the programs name in their "BACKEND: MODE mode" comment
    awk -F'\t' -v b="$b" '$3 == b && $4 != "-" && !seen[$4]++ { print $4 }' "$m" | while read -r p; do
      sed -n "s/^\/\* $b: \([a-z-]*\) mode.*/\1/p" "$DIFF_DIR/$p.cu" | head -1
    done | sort | uniq -c | awk -v b="$b" '{ s = s sep $2 " " $1; sep = ", " } END { if (s) print b " modes: " s }'
  done
  bad=$(awk -F'\t' '$4 == "-"' "$m" | wc -l)
  echo "$(wc -l <"$m") cases, $(ls "$DIFF_DIR"/*.cu | wc -l) programs, $(du -sh "$DIFF_DIR" | cut -f1) in $DIFF_DIR (carry it; keep it under 50 MiB)"
  [ "$(du -sm "$DIFF_DIR" | cut -f1)" -le 50 ] || echo "WARNING: $DIFF_DIR is over 50 MiB: prepare fewer cases"
  # a crash or an unexpected exit of 'stencilc gen' is a bug of its own (its cases fail in 'run' too)
  [ "$bad" -eq 0 ] || { echo "GEN FAILURES ($bad):"; sed 's/^/  seed /' "$DIFF_DIR/genfail.tsv"; return 1; }
}

# ---- run (GPU machine) ----

# One case: $bin/<prog> at the size for the steps; writes $bin/res/<case>: verdict, max_abs,
# max_rel, gcells (verdicts: PASS, FAIL-verify, FAIL-cuda, FAIL-crash, FAIL-timeout, FAIL-build,
# FAIL-gen, FAIL-exitN, NOGPU, and NOT-RUN for what the time budget left out).
case_job() {
  id=$1 prog=$2 size=$3 steps=$4 log=$bin/res/$1.log
  if [ "$prog" = - ]; then echo "FAIL-gen" >"$bin/res/$id"; return; fi
  if [ ! -x "$bin/$prog" ]; then
    if grep -q "^BUILD FAILED .*/$prog.cu\$" "$bin/build.out"; then echo FAIL-build; else echo NOT-RUN; fi >"$bin/res/$id"
    return
  fi
  if [ "$(date +%s)" -ge "$RUN_END" ]; then echo NOT-RUN >"$bin/res/$id"; return; fi
  timeout "$TIMEOUT" "$bin/$prog" -s "$size" -t "$steps" -r 1 --check-size "$size" >"$log" 2>&1
  rc=$?
  case $rc in
    0) v=PASS ;; 1) v=FAIL-verify ;; 3) v=NOGPU ;; 4) v=FAIL-cuda ;; 124) v=FAIL-timeout ;;
    *) if [ $rc -gt 128 ]; then v=FAIL-crash; else v=FAIL-exit$rc; fi ;;
  esac
  [ $v = PASS ] && ! grep -q '^RESULT .*verify=PASS' "$log" && v=FAIL-noresult
  # worst errors of the two checks; GCells/s from the RESULT line (small sizes: not a benchmark)
  awk -v v=$v '/^check [ab]: / { for (i = 1; i <= NF; i++) { split($i, kv, "=")
                 if (kv[1] == "max_abs" && kv[2] + 0 > a) a = kv[2] + 0
                 if (kv[1] == "max_rel" && kv[2] + 0 > r) r = kv[2] + 0 } }
               /^RESULT / { for (i = 1; i <= NF; i++) { split($i, kv, "="); if (kv[1] == "gcells") g = kv[2] } }
               END { printf "%s %.3e %.3e %s\n", v, a, r, g }' "$log" >"$bin/res/$id"
  [ $v = PASS ] && rm -f "$log"
}

# One sanitizer run: program, tool, size, steps; writes $bin/san/<prog>-<tool> (rc, summary).
sanitizer_job() {
  log=$bin/san/$1-$2.log
  if [ "$(date +%s)" -ge "$SAN_END" ]; then printf '%s\t%s\n' - "not run (time budget)" >"$bin/san/$1-$2"; return; fi
  timeout $((TIMEOUT * 5)) compute-sanitizer --tool "$2" --error-exitcode 9 "$bin/$1" -s "$3" -t "$4" -r 1 \
    --check-size "$3" >"$log" 2>&1
  rc=$?
  sum=$(grep -E '(ERROR|RACECHECK) SUMMARY' "$log" | tail -1 | sed 's/^=* *//')
  echo "$rc	${sum:-no summary}" >"$bin/san/$1-$2"
}

# The command that reproduces case $1 here from its seed (stencilc needs libclang).
repro() {
  awk -F'\t' -v id="$1" '$1 == id {
    d = "/tmp/stencilc-repro"; c = "build/stencilgen --seed " $2 " -o " d "/rnd" $2 ".c"
    o = $4 == "-" ? "s" $2 "-" $3 : $4
    g = "build/stencilc gen " d "/rnd" $2 ".c --backend " $3 (length($8) ? " " $8 : "") " -o " d "/" o ".cu"
    n = "nvcc -O3 -gencode=arch=compute_90,code=sm_90 -Xcompiler -fopenmp -o " d "/" $4 " " d "/" $4 ".cu -lgomp"
    r = d "/" $4 " -s " $6 " -t " $7 " -r 1 --check-size " $6
    if ($4 == "-") print "mkdir -p " d " && " c " && " g
    else print "mkdir -p " d " && " c " && " g " && " n " && " r }' "$DIFF_DIR/manifest.tsv"
}

run() {
  m=$DIFF_DIR/manifest.tsv
  [ -s "$m" ] || { echo "no $m: run 'bench/differential_gpu.sh prepare' first (here, not on the GPU machine)"; exit 3; }
  out=${OUT:-/tmp}
  bin=${BIN:-/tmp/stencilc-diff}
  JOBS=${JOBS:-4} SANITIZE=${SANITIZE:-20} TIMEOUT=${TIMEOUT:-120} BUDGET_S=${BUDGET_S:-540}
  # each run's CPU reference shares the cores with the other runs
  OMP_NUM_THREADS=$(($(nproc) / JOBS > 0 ? $(nproc) / JOBS : 1))
  commit=$(cat "$DIFF_DIR/COMMIT")
  gpu=$(nvidia-smi --query-gpu=name --format=csv,noheader 2>/dev/null | head -1)
  rm -rf "$bin" && mkdir -p "$bin/res" "$bin/san" "$out" || exit 3
  # The time budget (one device call may last 10 minutes): the build gets 60% of it, the cases
  # run until 85% and the sanitizers until 95%; what is left out is reported as NOT-RUN.
  t0=$(date +%s)
  RUN_END=$((t0 + BUDGET_S * 85 / 100)) SAN_END=$((t0 + BUDGET_S * 95 / 100))
  export bin TIMEOUT OMP_NUM_THREADS RUN_END SAN_END
  # largest first: the long nvcc builds (unrolled kernels with many fused steps) do not trail
  ls -S "$DIFF_DIR"/*.cu | timeout $((BUDGET_S * 60 / 100)) sh bench/build.sh "$bin" | tee "$bin/build.out"
  t1=$(date +%s)
  built=$(for f in "$DIFF_DIR"/*.cu; do [ -x "$bin/$(basename "$f" .cu)" ] && echo; done | wc -l)
  echo "built $built of $(ls "$DIFF_DIR"/*.cu | wc -l) programs in $((t1 - t0)) s"
  cut -f1,4,6,7 "$m" | xargs -P "$JOBS" -n 4 sh "$0" --case-job
  t2=$(date +%s)
  echo "ran $(wc -l <"$m") cases in $((t2 - t1)) s, $JOBS at a time"

  # sanitizers: SANITIZE built programs, spread evenly over each backend's programs
  nb=$(echo $BACKENDS | wc -w)
  for b in $BACKENDS; do
    awk -F'\t' -v b="$b" '$3 == b && !seen[$4]++ { print $4, $5, $6 }' "$m" | while read -r p bt size; do
      [ -x "$bin/$p" ] && echo "$p $bt $size"
    done >"$bin/san/$b.progs"
    awk -v k=$(((SANITIZE + nb - 1) / nb)) '{ a[NR] = $0 } END { for (i = 1; i <= k && i <= NR; i++) print a[int((i - 0.5) * NR / k) + 1] }' \
      "$bin/san/$b.progs"
  done | head -n "$SANITIZE" >"$bin/san/list"
  # a few steps past one launch, at a size of several blocks and chunks
  while read -r p bt first_size; do
    steps=$((bt + 1 > 9 ? 9 : bt + 1))
    case $first_size in *x*x*) size=11x19x67 ;; *) size=33x301 ;; esac
    for tool in memcheck racecheck synccheck; do echo "$p $tool $size $steps"; done
  done <"$bin/san/list" >"$bin/san/jobs"
  xargs -P "$JOBS" -n 4 sh "$0" --sanitizer-job <"$bin/san/jobs"
  t3=$(date +%s)
  echo "ran $(wc -l <"$bin/san/jobs") sanitizer runs in $((t3 - t2)) s"

  csv=$out/differential_gpu.csv
  echo "commit,gpu,case,seed,stencil,dtype,size,steps,strategy,parameters,gcells_per_s,max_abs_err,max_rel_err,verify" >"$csv"
  grep -m1 '^#define RT_REAL ' "$DIFF_DIR"/*.cu | sed 's#.*/\(.*\)\.cu:.* #\1 #' >"$bin/dtypes"
  awk -F'\t' -v c="$commit,$gpu" -v res="$bin/res/" '
    FILENAME != ARGV[2] { split($0, w, " "); dt[w[1]] = w[2]; next }
    { v = "FAIL-norun"; abs = rel = g = ""
      if ((getline line < (res $1)) > 0) { split(line, w, " "); v = w[1]; abs = w[2]; rel = w[3]; g = w[4] }
      close(res $1)
      printf "%s,%s,%s,rnd%s,%s,%s,%s,%s,\"%s\",%s,%s,%s,%s\n", c, $1, $2, $2, dt[$4], $6, $7, $3, $8, g, abs, rel, v }
  ' "$bin/dtypes" "$m" >>"$csv"
  scsv=$out/differential_sanitizer.csv
  echo "commit,gpu,program,seed,strategy,parameters,size,steps,tool,exit,summary,verdict" >"$scsv"
  while read -r p tool size steps; do
    IFS='	' read -r rc sum <"$bin/san/$p-$tool"
    seed=${p#s} seed=${seed%%-*}
    opts=$(awk -F'\t' -v p="$p" '$4 == p { print $8; exit }' "$m")
    # racecheck: "N hazards displayed (E errors, W warnings)"; the others: "E errors"
    case $sum in *"(0 errors, 0 warnings)" | "ERROR SUMMARY: 0 errors") clean=1 ;; *) clean=0 ;; esac
    if [ "$rc" = - ]; then v=NOT-RUN
    elif [ "$rc" = 124 ]; then v=TIMEOUT
    elif [ "$sum" = "no summary" ]; then v=NO-SUMMARY
    elif [ $clean = 0 ] || [ "$rc" = 9 ]; then v=ERRORS
    elif [ "$rc" = 0 ]; then v=CLEAN
    else v=PROGRAM-FAIL; fi # the program failed (see its cases) with nothing to report
    echo "$commit,$gpu,$p,$seed,${p#*-},\"$opts\",$size,$steps,$tool,$rc,\"$sum\",$v"
    [ $v = CLEAN ] || [ $v = NOT-RUN ] || echo "SANITIZER $tool $p -s $size -t $steps: $v (exit $rc, $sum) $(grep -m3 \
      '^=========  *\(Invalid\|Race\|Barrier\|Error\)' "$bin/san/$p-$tool.log" | tr '\n' ' ')" >>"$bin/san/report"
  done <"$bin/san/jobs" >>"$scsv"
  (cd "$bin" && tar czf "$out/differential_logs.tgz" build.out res/*.log san/*.log $(grep -l . ./*.log 2>/dev/null | head -200)) 2>/dev/null

  # the table, then every failure with its reproduction
  echo
  printf '%-8s %8s %8s %8s %8s %8s %8s\n' backend programs refused cases pass fail not-run
  for b in $BACKENDS total; do
    awk -F, -v b="$b" -v refused="$(grep -c "	$b	" "$DIFF_DIR/refused.tsv")" '
      NR > 1 && ($9 == b || b == "total") { n++; prog[$5 $9] = 1
        if ($NF == "PASS") ok++; else if ($NF == "NOT-RUN") nr++; else bad++ }
      END { for (p in prog) np++; printf "%-8s %8d %8d %8d %8d %8d %8d\n", b, np, refused, n, ok, bad, nr }' "$csv"
  done
  echo
  printf '%-10s %6s %6s %6s %6s %7s\n' sanitizer runs clean errors other not-run
  for tool in memcheck racecheck synccheck; do
    awk -F, -v t=$tool 'NR > 1 && $9 == t { n++; v = $NF; if (v == "CLEAN") ok++; else if (v == "ERRORS") bad++; else if (v == "NOT-RUN") nr++; else o++ }
      END { printf "%-10s %6d %6d %6d %6d %7d\n", t, n, ok, bad, o, nr }' "$scsv"
  done
  cat "$bin/san/report" 2>/dev/null
  nogpu=$(grep -c ',NOGPU$' "$csv")
  [ "$nogpu" -gt 0 ] && echo "NOTE: $nogpu cases found no CUDA device (exit 3)"
  notrun=$(grep -c ',NOT-RUN$' "$csv")
  [ "$notrun" -gt 0 ] && echo "NOTE: $notrun cases were not run within BUDGET_S=$BUDGET_S s: prepare fewer cases"
  fails=$(awk -F, 'NR > 1 && $NF != "PASS" && $NF != "NOT-RUN" { print $3 }' "$csv")
  [ -z "$fails" ] && { echo "no failures in $(($(wc -l <"$csv") - 1 - notrun)) cases"; return 0; }
  echo
  echo "FAILURES ($(echo "$fails" | wc -l); logs in $out/differential_logs.tgz):"
  for id in $(echo "$fails" | head -40); do
    IFS='	' read -r _ seed b p _ size steps opts <<EOF
$(awk -F'\t' -v id="$id" '$1 == id' "$m")
EOF
    read -r v _ rel _ <"$bin/res/$id" 2>/dev/null
    if [ "$p" = - ]; then
      echo "case $id seed $seed $b${opts:+ $opts}: $v ($(awk -F'\t' -v s="$seed" -v b="$b" '$1 == s && $2 == b { print $3 }' "$DIFF_DIR/genfail.tsv"))"
    else
      echo "case $id seed $seed $b ${opts:+$opts }-s $size -t $steps: $v${rel:+ max_rel=$rel}"
      echo "  GPU machine: $bin/$p -s $size -t $steps -r 1 --check-size $size"
    fi
    echo "  here:        $(repro "$id")"
  done
  [ "$(echo "$fails" | wc -l)" -gt 40 ] && echo "(the first 40 are shown; all are in $csv)"
  return 1
}

case $1 in
  --seed-job) seed_job "$2" ;;
  --case-job) case_job "$2" "$3" "$4" "$5" ;;
  --sanitizer-job) sanitizer_job "$2" "$3" "$4" "$5" ;;
  prepare) prepare "$2" ;;
  run) run ;;
  *) echo "usage: bench/differential_gpu.sh prepare [CASES] | run" >&2; exit 2 ;;
esac
