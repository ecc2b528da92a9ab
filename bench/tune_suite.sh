#!/bin/sh
# 'stencilc tune' over the whole suite (issue 13 item 5): per stencil, the tuned pick (strategy
# and parameters), its GCells/s verified at the full size, the tuning time (target: under 60 s),
# the fastest of all its candidates' timing runs and the pick's share of it (target: 0.95), the
# model's prediction for the pick (accuracy = measured / predicted) and the measured GCells/s of
# the model's own first choice.
#
#   here:      bench/tune_suite.sh prepare [DTYPE]   (default float; TOP=K candidates per strategy,
#                                                     default 3; FAST_MATH=1 for --fast-math;
#                                                     STEPS, default the suite's 1000, fdd and
#                                                     conv2d 1; SIZE=N every grid at N, for
#                                                     dry runs; WIDE=K: the wider sweep, below;
#                                                     ALL=K: the model's K best of every strategy
#                                                     besides tune's candidates, below)
#   GPU side:  bench/tune_suite.sh run [FILTER]      (carry bench/gen/tune; FILTER: a regex on the
#                                                     stencil names, or I/N for the I-th of N
#                                                     parts of the suite (1-based), to split the
#                                                     suite over calls)
#   here:      bench/tune_suite.sh import DIR...     (the runs' $OUT: caches each pick; merges the
#                                                     CSVs into bench/results/tune_suite_GPU.csv
#                                                     and tune_candidates_GPU.csv, GPU: h200...)
#              bench/tune_suite.sh compare TUNE_CSV SWEEP_CSV...   (fills the sweep columns later)
#
# prepare runs 'stencilc tune --emit' for every example into bench/gen/tune/<stencil>/ (programs and
# tune.tsv; sources only: the GPU side needs nvcc, no libclang). run works in one of two modes
# (MODE=auto picks direct when build/stencilc runs on the GPU machine, which needs libclang there
# and build/ carried):
#   direct  'stencilc tune' itself, per stencil; the tuning time is its wall time;
#   split   builds every candidate with bench/build.sh (16 at a time, largest first) and runs them
#           as tune does (tune.tsv's #args, #tuneargs and #timeonly, a reference cache per
#           stencil): each timed with the check at the small size only, then the fastest run
#           again, verified at the full size too (the next fastest when that fails), writing
#           $OUT/tune/<stencil>.tsv with the measured column for 'import'. The tuning time is
#           what tune would take on its own: its slowest candidate build (tune builds them all
#           at once) plus the runs, one after the other.
# The row's figures are those of the pick's run verified in full (GCells/s over launches of
# about 100 ms, as tune times); tune_gcells is its timing run's, best_gcells the fastest timing
# run of the stencil's candidates, pick_vs_best the one over the other.
# ALL=K (prepare) also writes, per stencil, all.tsv: the model's K best of every strategy that tune
# does not try itself (those it prunes as far behind included), as a set beyond tune's own. run
# builds them with tune's, but times them after tune's pick is made (a timing run each, the small
# check), outside the tuning time: all_best_gcells is the fastest timing run over both sets and
# pick_vs_all the pick's timing run over it, "pick within 5% of the best measured" checked in
# the same device call (ALL=3: about 8 more candidates a stencil, a second or two of running each).
# Writes $OUT/tune_suite.csv (one row per stencil), $OUT/tune_candidates.csv (one per candidate;
# verify SMALL: passed the check at the small size; set: tune, or all for all.tsv's) and
# $OUT/tune_picks.csv (the runs verified in full). Each stencil's line is printed as it finishes:
# its tuning seconds, the candidates tune built, the pick, its share of the best of tune's
# candidates and, with ALL, of the best of both sets. SWEEP (space-separated CSV files with stencil, parameters, gcells_per_s and verify
# columns: sweep_run.sh's sweep.csv, bench/results/*.csv) gives the wider sweep; the best PASS or
# SMALL row per stencil over them and the tuned candidates is the bar for within_5pct. Stencils
# that do not start within BUDGET_S seconds (default 420: one device call lasts 10 minutes) are
# reported as NOT-RUN. Also: EXAMPLES (prepare: the example names, default all), TUNE_DIR
# (default bench/gen/tune), STENCILC (default build/stencilc, built by prepare), BIN (default
# /tmp/stencilc-tune-suite), TIMEOUT (per program run, default 300 s).
cd "$(dirname "$0")/.." || exit 1
dir=${TUNE_DIR:-bench/gen/tune}
TOP=${TOP:-3}
stencilc=${STENCILC:-build/stencilc}

prepare() {
  dtype=${1:-float}
  if [ -z "$STENCILC" ]; then make -s -j"$(nproc)" all || exit 3; fi
  rm -rf "$dir" && mkdir -p "$dir" || exit 3
  for name in ${EXAMPLES:-$(ls examples | sed -n 's/\.c$//p')}; do
    f=examples/$name.c
    # the suite's problems: fdd5 and fdd7 run one step, as Tabik runs them; conv2d one
    # convolution of an 8192^2 image, as bench/conv2d_vs_cudnn.sh
    size=
    case $name in fdd*) steps=1 ;; conv2d*) steps=1 size="-s 8192" ;; *) steps=${STEPS:-1000} ;; esac
    [ -z "$SIZE" ] || size="-s $SIZE" # every stencil at SIZE (dry runs)
    # shellcheck disable=SC2086
    "$stencilc" tune "$f" --dtype "$dtype" -t $steps $size --top "$TOP" ${FAST_MATH:+--fast-math} \
      --emit "$dir/$name" >/dev/null || exit 3
    [ -z "$WIDE" ] || widen "$name" "$dtype" "$steps" "$size"
    [ -z "$ALL" ] || beyond "$name" "$dtype" "$steps" "$size" "$ALL" "$dir/$name/tune.tsv" "$dir/$name/all.tsv" all
  done
  printf 'dtype=%s\ntop=%s\nfast_math=%s\nwide=%s\nall=%s\n' "$dtype" "$TOP" "$FAST_MATH" "$WIDE" "$ALL" >"$dir/SETTINGS"
  git rev-parse --short HEAD >"$dir/COMMIT"
  echo "$(ls "$dir"/*/*.cu | wc -l) candidates of $(ls -d "$dir"/*/ | wc -l) stencils, $(du -sh "$dir" | cut -f1) in $dir (carry it)"
}

# WIDE=K (prepare): the wider sweep instead of tune's candidates: the model's K best of every
# strategy (none left out for being far behind), less those tune itself tries (TUNE_OF, default
# bench/gen/tune), each as its own candidate row; run it like tune's, and give its
# tune_candidates.csv to compare as a sweep.
widen() { # STENCIL DTYPE STEPS SIZE: rewrites $dir/STENCIL's candidates
  tsv=$dir/$1/tune.tsv
  beyond "$1" "$2" "$3" "$4" "$WIDE" "${TUNE_OF:-bench/gen/tune}/$1/tune.tsv" "$tsv.new" wide
  rm -f "$dir/$1/$1"-tune*.cu
  mv "$tsv.new" "$tsv"
}

# beyond STENCIL DTYPE STEPS SIZE K TUNED OUT WORD: writes OUT (tune.tsv's header, then a row per
# candidate) and the programs STENCIL-WORDi.cu beside it: the model's K best of every strategy,
# less the candidates of the tune.tsv TUNED.
beyond() {
  grep '^#' "$dir/$1/tune.tsv" >"$7.tmp"
  # shellcheck disable=SC2086
  "$stencilc" model "examples/$1.c" --dtype "$2" -t "$3" $4 --top 100000 | awk -v k="$5" 'NR > 2 {
      for (i = 3; $i !~ /^[0-9]+\.[0-9]$/; i++) p = p (i > 3 ? " " : "") $i
      if (n[$2]++ < k) print "--backend " $2 " " p "\t" $i; p = "" }' |
    while IFS='	' read -r opts pred; do
      if [ -f "$6" ] && cut -f2 "$6" | grep -qxF -- "$opts"; then continue; fi
      file=$1-$8$(grep -vc '^#' "$7.tmp").cu
      # shellcheck disable=SC2086
      "$stencilc" gen "examples/$1.c" --dtype "$2" $opts -o "$dir/$1/$file" >/dev/null 2>&1 &&
        printf '%s\t%s\t%s\n' "$file" "$opts" "$pred" >>"$7.tmp"
    done
  mv "$7.tmp" "$7"
}

# A field of the program's RESULT line in $line; the verdict: the RESULT line's verify field
# (PASS: verified at the check size and at the full size; SMALL: at the check size only, the
# timing runs of --skip-full-check), FAIL without one.
get() { echo "$line" | tr ' ' '\n' | sed -n "s/^$1=//p"; }
verdict() { if [ -n "$line" ]; then get verify; else echo FAIL; fi; }

CANDIDATE_COLUMNS=stencil,rank,strategy,parameters,predicted_gcells,gcells_per_s,build_s,run_s,size,steps,gflop_per_s,max_abs_err,max_rel_err,verify,set

# candidate_row STENCIL RANK "OPTIONS" PREDICTED MEASURED BUILD_S RUN_S "SIZE,STEPS,GFLOPS,ABS,REL,VERIFY" SET:
# one row of $cands (measured 0 and verify FAIL when the candidate did not run; SET tune or all).
candidate_row() {
  echo "$1,$2,$(echo "$3" | sed 's/^--backend \([^ ]*\) *\(.*\)/\1,"\2"/'),$4,$5,$6,$7,$8,$9"
}

# The ranks of the stencil's candidates of tune's set that passed the small check, fastest first.
ranked() {
  awk -F, -v n="$1" '$1 == n && $14 == "SMALL" && $15 != "all" { print $6, $2 }' "$cands" | sort -k1,1gr | cut -d' ' -f2
}

# time_rows STENCIL TSV SET FIRST: the timing run of each candidate of TSV (ranks from FIRST on),
# as tune runs them, a row of $cands each.
time_rows() {
  rank=$(($4 - 1))
  grep -v '^#' "$2" | while IFS='	' read -r file opts pred; do
    rank=$((rank + 1)) exe=$bin/${file%.cu}
    r0=$(date +%s.%N)
    # shellcheck disable=SC2086
    timeout "$TIMEOUT" "$exe" $args $tuneargs $timeonly >"$exe.run" 2>&1
    r1=$(date +%s.%N)
    line=$(grep '^RESULT ' "$exe.run")
    g=$(get gcells)
    candidate_row "$1" $rank "$opts" "$pred" "${g:-0}" "$(cat "$exe.seconds" 2>/dev/null)" \
      "$(awk -v a="$r0" -v b="$r1" 'BEGIN { printf "%.1f", b - a }')" \
      "$(get size),$(get steps),$(get gflops),$(get max_abs),$(get max_rel),$(verdict)" "$3" >>"$cands"
    [ -n "$line" ] || echo "FAILED: $1 $opts: $(tail -2 "$exe.run" | tr '\n' ' ')"
  done
}

# The pick's row of $picks from the program output $2 of its run verified in full (a row
# whatever the verdict; FAIL rows are dropped candidates): STENCIL,RANK,SIZE,STEPS,GCELLS,GFLOPS,ABS,REL,VERIFY
pick_row() { # STENCIL OUTPUT RANK
  line=$(grep '^RESULT ' "$2" 2>/dev/null)
  echo "$1,$3,$(get size),$(get steps),$(get gcells),$(get gflops),$(get max_abs),$(get max_rel),$(verdict)" >>"$picks"
}

# split mode: every candidate built here, run as 'stencilc tune' runs them: timed with the check
# at the small size only, then the fastest run again, verified at the full size (the next
# fastest when that fails); the tuning time is the slowest build plus these runs.
run_split() {
  # shellcheck disable=SC2086
  for n in $names; do ls "$dir/$n"/*.cu; done | xargs ls -S |
    timeout $((BUDGET_S / 2)) sh bench/build.sh "$bin" $nvcc_flags | tee "$bin/build.out"
  for n in $names; do
    # not started within the budget, or a build the build's time limit cut short
    unbuilt=$(for f in "$dir/$n"/*.cu; do
      b=$(basename "$f" .cu)
      [ -x "$bin/$b" ] || grep -q "^BUILD FAILED .*/$b.cu\$" "$bin/build.out" || echo "$b"
    done)
    if [ "$(date +%s)" -ge "$end" ] || [ -n "$unbuilt" ]; then echo "$n" >>"$bin/not-run"; continue; fi
    tsv=$dir/$n/tune.tsv
    args=$(sed -n 's/^#args	//p' "$tsv") tuneargs="$(sed -n 's/^#tuneargs	//p' "$tsv") --ref-cache $bin/ref-$n"
    timeonly=$(sed -n 's/^#timeonly	//p' "$tsv")
    t0=$(date +%s.%N)
    time_rows "$n" "$tsv" tune 1
    for r in $([ -n "$wide" ] || ranked "$n"); do # a wide sweep verifies no pick
      exe=$bin/$(grep -v '^#' "$tsv" | sed -n "${r}p" | cut -f1 | sed 's/\.cu$//')
      # shellcheck disable=SC2086
      timeout "$TIMEOUT" "$exe" $args $tuneargs >"$exe.full" 2>&1
      pick_row "$n" "$exe.full" "$r"
      [ -n "$line" ] && break
      echo "FAILED in full: $n rank $r: $(tail -2 "$exe.full" | tr '\n' ' ')"
    done
    t1=$(date +%s.%N)
    # tune's own time: its slowest build (it builds them all at once) and the runs
    awk -F, -v n="$n" -v a="$t0" -v b="$t1" '$1 == n && $7 + 0 > s { s = $7 + 0 }
      END { printf "%s %.1f\n", n, s + b - a }' "$cands" >>"$bin/tune-seconds"
    # the set beyond tune's (ALL), timed after tune's pick, outside its time
    [ ! -f "$dir/$n/all.tsv" ] || time_rows "$n" "$dir/$n/all.tsv" all $(($(grep -vc '^#' "$tsv") + 1))
    # the measured column for 'import': candidates dropped in full count as failed
    mkdir -p "$out/tune" && grep '^#' "$tsv" >"$out/tune/$n.tsv"
    grep -v '^#' "$tsv" | awk -F'\t' -v n="$n" -v c="$cands" -v p="$picks" 'BEGIN { OFS = "\t"
        while ((getline l < c) > 0) { split(l, f, ","); if (f[1] == n && f[14] == "SMALL" && f[15] != "all") g[f[2]] = f[6] }
        while ((getline l < p) > 0) { split(l, f, ","); if (f[1] == n && f[9] != "PASS") g[f[2]] = 0 } }
      { print $0, (NR in g) ? g[NR] : 0 }' >>"$out/tune/$n.tsv"
    write_suite
    print_row "$n"
  done
}

# direct mode: 'stencilc tune' on this machine, its progress lines parsed; the pick's figures from
# its run verified in full (tune keeps its output in the work folder).
run_direct() {
  for n in $names; do
    if [ "$(date +%s)" -ge "$end" ]; then echo "$n" >>"$bin/not-run"; continue; fi
    args=$(sed -n 's/^#args	//p' "$dir/$n/tune.tsv")
    t0=$(date +%s.%N)
    # shellcheck disable=SC2086
    STENCILC_CACHE=$out/cache "$stencilc" tune "examples/$n.c" --dtype "$dtype" --top "$top" $args \
      ${fast_math:+--fast-math} --workdir "$bin/$n" >"$bin/$n.tune" 2>&1
    t1=$(date +%s.%N)
    echo "$n $(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.1f", b - a }')" >>"$bin/tune-seconds"
    sed -n 's/^tune: \[\([0-9]*\)\/[0-9]*\] \(--backend .*[^ ]\) *model *\([0-9.]*\) *\(.*\)/\1\t\2\t\3\t\4/p' "$bin/$n.tune" |
      while IFS='	' read -r rank opts pred rest; do
        g=$(echo "$rest" | sed -n 's/^measured *\([0-9.]*\).*/\1/p')
        candidate_row "$n" "$rank" "$opts" "$pred" "${g:-0}" "" "" \
          "$(echo " $args" | sed -n 's/.* -s \([^ ]*\).*/\1/p'),$(echo "$args" | sed -n 's/.*-t \([0-9]*\).*/\1/p'),,,,$([ -n "$g" ] && echo SMALL || echo FAIL)" tune
      done >>"$cands"
    for r in $(ranked "$n"); do
      full=$(ls "$bin/$n"/*-tune$((r - 1))-full.out 2>/dev/null | head -1)
      [ -n "$full" ] || break # tune verified no more of them
      pick_row "$n" "$full" "$r"
      [ -n "$line" ] && break
    done
    write_suite
    print_row "$n"
  done
}

SUITE_COLUMNS=commit,gpu,stencil,dtype,size,steps,strategy,parameters,gcells_per_s,gflop_per_s,max_abs_err,max_rel_err,verify,predicted_gcells,accuracy,model_first_gcells,candidates,failed,tune_seconds,build_s,run_s,sweep_best_gcells,sweep_best_parameters,within_5pct,mode,tune_gcells,best_gcells,pick_vs_best,all_candidates,all_best_gcells,all_best_parameters,pick_vs_all

# Per stencil from $cands, $picks and the tuning times: the pick, the candidate tune verified in
# full; the row's figures are that run's (all verified, at the full size; GCells/s over about
# 100 ms launches, as tune times), tune_gcells what tune measured of it in its timing run,
# best_gcells the fastest of all the candidates' timing runs (those that passed their check),
# pick_vs_best the one over the other; all_* the same over tune's candidates and the set beyond
# them (ALL; empty without). The sweep columns stay empty for compare.
summarise() {
  awk -F, -v commit="$commit" -v gpu="$gpu" -v dtype="$dtype" -v mode="$mode" -v secs="$bin/tune-seconds" \
      -v picks="$picks" '
    BEGIN { while ((getline l < secs) > 0) { split(l, w, " "); wall[w[1]] = w[2] }
            while ((getline l < picks) > 0) { split(l, w, ","); if (w[9] == "PASS") pickrow[w[1]] = l } }
    NR == 1 { next }
    $15 == "all" { allc[$1]++ }
    # the best over both sets, its parameters quoted ($4 is, "" for the defaults)
    $14 == "SMALL" && $6 + 0 > every[$1] { every[$1] = $6 + 0; everyfield[$1] = $6
      everypar[$1] = "\"" $3 (length($4) > 2 ? " " substr($4, 2, length($4) - 2) : "") "\"" }
    $15 == "all" { next }
    { n = $1; if (!(n in cands)) order[++k] = n
      cands[n]++; if ($14 != "SMALL") failed[n]++
      if ($2 == 1) first[n] = $6
      if ($7 + 0 > build[n]) build[n] = $7 + 0
      run[n] += $8; row[n, $2] = $0
      if ($14 == "SMALL" && $6 + 0 > best[n]) { best[n] = $6 + 0; bestfield[n] = $6 } }
    END { for (i = 1; i <= k; i++) {
            n = order[i]; split("", o)
            o[1] = commit; o[2] = gpu; o[3] = n; o[4] = dtype; o[13] = "FAIL"; o[17] = cands[n]; o[18] = failed[n] + 0; o[25] = mode
            o[16] = first[n]; o[19] = wall[n]; o[27] = bestfield[n]
            if (mode == "split") { o[20] = build[n]; o[21] = run[n] }
            if (n in pickrow) {
              split(pickrow[n], w, ","); split(row[n, w[2]], f, ",")
              o[5] = w[3]; o[6] = w[4]; o[7] = f[3]; o[8] = f[4]; o[9] = w[5]; o[10] = w[6]; o[11] = w[7]
              o[12] = w[8]; o[13] = w[9]; o[14] = f[5]; o[15] = sprintf("%.3f", w[5] / f[5]); o[26] = f[6]
              if (best[n] > 0) o[28] = sprintf("%.3f", f[6] / best[n]) }
            if (n in allc) {
              o[29] = allc[n]; o[30] = everyfield[n]; o[31] = everypar[n]
              if (o[26] != "" && every[n] > 0) o[32] = sprintf("%.3f", o[26] / every[n]) }
            line = o[1]; for (j = 2; j <= 32; j++) line = line "," o[j]
            print line } }' "$cands"
}

# Fills sweep_best_gcells, sweep_best_parameters and within_5pct of a tune_suite.csv from sweep
# CSVs (columns found by name in their header; '#' lines skipped; rows of another dtype, where a
# file has the column, ignored): the bar is the best PASS row of the stencil over the sweeps and
# the pick itself. The pick's figure is what tune measured of it (tune_gcells; gcells_per_s in
# files without it), so that a wide sweep run the way tune runs its candidates compares like
# with like.
compare() {
  csv=$1; shift
  awk -F, '
    FNR == 1 { file++ }
    /^#/ { next }
    file == 1 && FNR == 1 { print; next }
    file == 1 { rows[++n] = $0; split($0, f, ","); dt[f[3]] = f[4]; next }
    !hdr[file]++ { for (i = 1; i <= NF; i++) col[file, $i] = i; next }
    { s = $col[file, "stencil"]; g = $col[file, "gcells_per_s"] + 0
      if ((file, "dtype") in col && $col[file, "dtype"] != dt[s]) next
      p = ((file, "strategy") in col ? $col[file, "strategy"] " " : "") $col[file, "parameters"]
      v = $col[file, "verify"]
      if ((v == "PASS" || v == "SMALL") && g > sweep[s]) { sweep[s] = g; params[s] = p } }
    END { for (i = 1; i <= n; i++) {
            split(rows[i], f, ","); s = f[3]; g = f[26] != "" ? f[26] + 0 : f[9] + 0
            if (s in sweep && f[13] == "PASS") {
              bar = sweep[s] > g ? sweep[s] : g
              f[22] = sprintf("%.1f", sweep[s]); f[23] = params[s]; f[24] = g >= 0.95 * bar ? "yes" : "no" }
            line = f[1]; for (j = 2; j <= 32; j++) line = line "," f[j]
            print line } }' "$csv" "$@" >"$csv.tmp" && mv "$csv.tmp" "$csv"
}

# $OUT/tune_suite.csv from what has run so far: rewritten after every stencil, so that a call
# cut short still leaves a consistent file.
write_suite() {
  echo "$SUITE_COLUMNS" >"$csv"
  summarise >>"$csv"
  for n in $(cat "$bin/not-run" 2>/dev/null); do echo "$commit,$gpu,$n,$dtype,,,,,,,,,NOT-RUN,,,,,,,,,,,,$mode,,,,,,," >>"$csv"; done
  sweeps=
  for f in ${SWEEP:-$out/sweep.csv}; do [ -s "$f" ] && sweeps="$sweeps $f"; done
  # shellcheck disable=SC2086
  [ -z "$sweeps" ] || compare "$csv" $sweeps
}

# One stencil's line of $csv, as the table at the end prints it: the tuning time, tune's candidates
# (built or not), the pick and its measured GCells/s, its share of the best of tune's candidates
# and, with ALL, the best over both sets and its share of that.
ROW_FORMAT='%-12s %7s %5s %-8s %-36s %8s %6s %8s %6s %8s %6s\n'
print_row() { # STENCIL (empty: the header)
  if [ -z "$1" ]; then
    # shellcheck disable=SC2059
    printf "$ROW_FORMAT" stencil tune_s cands strategy parameters GCells/s vsbest allbest vsall model acc
    return
  fi
  tail -n +2 "$csv" | tr -d '"' | awk -F, -v n="$1" -v f="$ROW_FORMAT" '$3 == n {
    printf f, $3, $19, $17, $7 ? $7 : $13, $8, $9, $28, $30, $32, $14, $15 }'
}

run() {
  filter=${1:-.}
  out=${OUT:-/tmp}
  bin=${BIN:-/tmp/stencilc-tune-suite}
  TIMEOUT=${TIMEOUT:-300} BUDGET_S=${BUDGET_S:-420}
  [ -s "$dir/SETTINGS" ] || { echo "no $dir: run 'bench/tune_suite.sh prepare' first (here)"; exit 3; }
  dtype=$(sed -n 's/^dtype=//p' "$dir/SETTINGS") top=$(sed -n 's/^top=//p' "$dir/SETTINGS")
  fast_math=$(sed -n 's/^fast_math=//p' "$dir/SETTINGS") wide=$(sed -n 's/^wide=//p' "$dir/SETTINGS")
  nvcc_flags=${fast_math:+--use_fast_math}
  commit=$(cat "$dir/COMMIT")
  gpu=$(nvidia-smi --query-gpu=name --format=csv,noheader 2>/dev/null | head -1)
  names=$(ls "$dir" | grep -v '^[A-Z]*$')
  case $filter in
    [0-9]*/[0-9]*) # part I of N: every N-th stencil from the I-th, so that each part gets some of
      # the costly 3D ones
      names=$(echo "$names" | awk -v i="${filter%/*}" -v k="${filter#*/}" '(NR - 1) % k == i - 1') ;;
    *) names=$(echo "$names" | grep -E "$filter") ;;
  esac
  mode=${MODE:-auto}
  if [ "$mode" = auto ]; then
    if "$stencilc" --help >/dev/null 2>&1; then mode=direct; else mode=split; fi
  fi
  rm -rf "$bin" && mkdir -p "$bin" "$out" || exit 3
  end=$(($(date +%s) + BUDGET_S))
  cands=$out/tune_candidates.csv csv=$out/tune_suite.csv picks=$out/tune_picks.csv
  echo "$CANDIDATE_COLUMNS" >"$cands"
  : >"$picks"
  all=$(sed -n 's/^all=//p' "$dir/SETTINGS")
  echo "tune_suite: $(echo "$names" | wc -w) stencils, $mode mode, $dtype, top $top${fast_math:+, fast math}${all:+, all $all}"
  print_row
  if [ $mode = direct ]; then run_direct; else run_split; fi
  write_suite
  (cd "$bin" && tar czf "$out/tune_suite_logs.tgz" ./*.log ./*.run ./*.tune build.out 2>/dev/null)
  echo
  print_row
  for n in $(tail -n +2 "$csv" | cut -d, -f3); do print_row "$n"; done
  printf '\n%-12s %-8s %-36s %8s %8s %6s %8s %4s\n' stencil strategy parameters GCells/s model#1 tune_s sweep 5%
  tail -n +2 "$csv" | tr -d '"' | awk -F, '{ printf "%-12s %-8s %-36s %8s %8s %6s %8s %4s\n", $3, $7 ? $7 : $13, $8, $9, $16, $19, $22, $24 }'
  awk -F, 'NR > 1 && $19 != "" { n++; if ($19 + 0 < 60) fast++; if ($28 >= 0.95) near++; if ($24 == "yes") ok++; if ($24 != "") cmp++; a += $15
      if ($32 != "") { all++; if ($32 >= 0.95) nearall++ } }
    END { if (n) printf "\n%d stencils tuned: %d under 60 s; %d picks within 5%% of their best candidate; %d of %d within 5%% of the best over all candidates (ALL); mean accuracy %.2f; within 5%% of the sweep: %d of %d compared\n", n, fast, near, nearall, all, a / n, ok, cmp }' "$csv"
}

# Caches each pick of the runs' $OUT folders here and merges their CSVs into RESULTS (default
# bench/results) as tune_suite_GPU_COMMIT.csv and tune_candidates_GPU_COMMIT.csv.
import() {
  settings=$dir/SETTINGS
  dtype=$(sed -n 's/^dtype=//p' "$settings") commit=$(cat "$dir/COMMIT")
  for d in "$@"; do
    for f in "$d"/tune/*.tsv; do
      [ -e "$f" ] || continue
      n=$(basename "$f" .tsv)
      # shellcheck disable=SC2046 # the problem's -t and -s, as emitted (the key's size class)
      "$stencilc" tune "examples/$n.c" --dtype "$dtype" $(sed -n 's/^#args	//p' "$f") --import "$f" | tail -1 ||
        echo "FAILED: import $f"
    done
  done
  results=${RESULTS:-bench/results}
  name=$(for d in "$@"; do tail -n +2 "$d/tune_suite.csv"; done | cut -d, -f2 | grep -v '^$' | head -1)
  gpu=$(echo "$name" | awk '{ print tolower($NF) }')
  for kind in suite candidates; do
    to=$results/tune_${kind}_${gpu:-unknown}_$commit.csv
    # the candidates' rows get the suite's first columns
    pre=$([ $kind = suite ] || echo "$commit,$name,$dtype,")
    { echo "$([ $kind = suite ] || echo commit,gpu,dtype,)$(head -1 "$1/tune_$kind.csv")"
      for d in "$@"; do tail -n +2 "$d/tune_$kind.csv" | sed "s/^/$pre/"; done; } >"$to" || exit 3
    echo "wrote $to"
  done
}

case $1 in
  prepare) prepare "$2" ;;
  run) run "$2" ;;
  import) shift; import "$@" ;;
  compare) shift; compare "$@" ;;
  *) echo "usage: bench/tune_suite.sh prepare [DTYPE] | run [FILTER] | import DIR... | compare TUNE_CSV SWEEP_CSV..." >&2; exit 2 ;;
esac
