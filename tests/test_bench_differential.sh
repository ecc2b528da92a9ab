#!/bin/sh
# bench/differential_gpu.sh end to end without a GPU: 'prepare' writes a reproducible manifest
# whose programs regenerate byte for byte from their seed and options, starts every program at
# the smallest size and keeps each case within the size budget; 'run', with stand-ins for nvcc,
# nvidia-smi and compute-sanitizer, runs every case as the manifest says, reports the failing
# and unbuildable programs with commands that reproduce them, runs the sanitizers, and reports
# what its time budget leaves out as not run.
. "$(dirname "$0")/lib.sh"
GEN=${GEN:-build/stencilgen}
make_tmp
mkdir -p "$tmp/bin"

# Stand-ins (lib.sh): the "program" nvcc writes logs its arguments to $FAKE_LOG and passes its
# checks, unless its name is in $FAKE_FAIL; a source named in $FAKE_BUILD_FAIL does not build;
# $FAKE_NVCC_SLEEP slows it.
stand_in_nvcc "$tmp/bin"
cat >"$tmp/bin/compute-sanitizer" <<'EOF'
#!/bin/sh
while [ $# -gt 0 ]; do case $1 in -*) shift 2 ;; *) break ;; esac; done
"$@"; rc=$?
echo "========= ERROR SUMMARY: 0 errors"
exit $rc
EOF
printf '#!/bin/sh\necho "Stand-in GPU"\n' >"$tmp/bin/nvidia-smi"
chmod +x "$tmp/bin/"*
PATH=$tmp/bin:$PATH
export PATH STENCILC GEN
export DIFF_DIR=$tmp/diff BIN=$tmp/work FAKE_LOG=$tmp/programs.log RUNS=3 BACKENDS="naive n5d"

sh bench/differential_gpu.sh prepare 24 >"$tmp/prepare.out" 2>&1 && ok || no "prepare: $(tail -3 "$tmp/prepare.out")"
m=$DIFF_DIR/manifest.tsv
cp "$m" "$tmp/manifest1"
[ "$(cut -f1 "$m" | tr '\n' ' ')" = "$(seq 1 24 | tr '\n' ' ')" ] && ok || no "manifest: cases not numbered 1..24"
[ "$(awk -F'\t' 'NF != 8' "$m" | wc -l)" -eq 0 ] && ok || no "manifest: a line without 8 fields"
for b in naive n5d; do awk -F'\t' -v b=$b '$3 == b' "$m" | grep -q . && ok || no "manifest: no $b case"; done
cut -f4 "$m" | sort -u >"$tmp/progs"
ls "$DIFF_DIR" | sed -n 's/\.cu$//p' | sort | cmp -s - "$tmp/progs" && ok || no "the .cu files are not the manifest's programs"
[ "$(wc -l <"$tmp/progs")" -eq 8 ] && ok || no "24 cases at 3 per program: not 8 programs"
# the first case of each program runs the smallest legal grid: one cell per axis
awk -F'\t' '!seen[$4]++ && $6 !~ /^1(x1)+$/ { print $4, $6 }' "$m" | grep . && no "first case not the smallest size" || ok
# cells x steps stay within the driver's budget, and bT is the program's own
awk -F'\t' '{ c = $7; n = split($6, s, "x"); for (i = 1; i <= n; i++) c *= s[i]; if (c > 4000000) print }' "$m" | grep . \
  && no "a case over 4M cell-steps" || ok
while IFS='	' read -r _ seed b p bt _ _ opts; do
  want=$(sed -n 's/^\/\*.*[ (]bT=\([0-9]*\).*/\1/p' "$DIFF_DIR/$p.cu" | head -1)
  [ "$bt" = "${want:-1}" ] || echo "$p: manifest bT $bt, program ${want:-1}"
  # shellcheck disable=SC2086
  "$GEN" --seed "$seed" -o "$tmp/rnd$seed.c" && "$STENCILC" gen "$tmp/rnd$seed.c" --backend "$b" $opts -o "$tmp/$p.cu" &&
    cmp -s "$tmp/$p.cu" "$DIFF_DIR/$p.cu" || echo "$p: seed $seed, options '$opts' do not regenerate it"
done <"$m" >"$tmp/regen"
[ -s "$tmp/regen" ] && no "$(cat "$tmp/regen")" || ok
awk -F'\t' '$8 != ""' "$m" | grep -q . && ok || no "no program with options other than the defaults"
sh bench/differential_gpu.sh prepare 24 >/dev/null 2>&1 && cmp -s "$m" "$tmp/manifest1" && ok || no "prepare is not reproducible"

# run: one program fails its check, one does not build
bad=$(awk -F'\t' '$3 == "n5d" { print $4; exit }' "$m")
nobuild=$(awk -F'\t' '$3 == "naive" { print $4; exit }' "$m")
FAKE_FAIL=$bad FAKE_BUILD_FAIL=$nobuild OUT=$tmp/out SANITIZE=4 sh bench/differential_gpu.sh run >"$tmp/run.out" 2>&1
[ $? -eq 1 ] && ok || no "run with failures: want exit 1"
csv=$tmp/out/differential_gpu.csv
[ "$(tail -n +2 "$csv" | wc -l)" -eq 24 ] && ok || no "csv: not 24 rows"
while IFS='	' read -r id seed b p _ size steps _; do
  want=PASS
  [ "$p" = "$bad" ] && want=FAIL-verify
  [ "$p" = "$nobuild" ] && want=FAIL-build
  v=$(awk -F, -v id="$id" '$3 == id { print $NF }' "$csv")
  [ "$v" = "$want" ] || echo "case $id ($p): $v, want $want"
  if [ "$want" != FAIL-build ]; then
    grep -qxF "$p -s $size -t $steps -r 1 --check-size $size" "$FAKE_LOG" || echo "case $id: $p not run at -s $size -t $steps"
  fi
  if [ "$want" != PASS ]; then
    grep -q "^case $id seed $seed $b .*-s $size -t $steps: $want" "$tmp/run.out" || echo "case $id: failure not reported"
  fi
done <"$m" >"$tmp/verdicts"
[ -s "$tmp/verdicts" ] && no "$(cat "$tmp/verdicts")" || ok
grep -q "^total  *8  *0  *24  *18  *6  *0$" "$tmp/run.out" && ok || no "table: $(grep '^total' "$tmp/run.out")"
# the reproduction printed for the failing program regenerates it and fails the same way
cmd=$(grep -A2 "^case [0-9]* seed [0-9]* n5d .*FAIL-verify" "$tmp/run.out" | sed -n 's/^  here: *//p' | head -1 |
  sed "s#/tmp/stencilc-repro#$tmp/repro#g")
FAKE_FAIL=$bad sh -c "$cmd" >"$tmp/repro.out" 2>&1
[ $? -eq 1 ] && grep -q "FAIL" "$tmp/repro.out" && cmp -s "$tmp/repro/$bad.cu" "$DIFF_DIR/$bad.cu" && ok || no "repro '$cmd'"
scsv=$tmp/out/differential_sanitizer.csv
for tool in memcheck racecheck synccheck; do
  [ "$(grep -c ",$tool," "$scsv")" -eq 4 ] && ok || no "sanitizer: not 4 $tool runs"
done
[ "$(grep -c ',CLEAN$' "$scsv")" -ge 9 ] && ok || no "sanitizer: fewer than 9 clean runs"
grep -F ",$bad," "$scsv" | grep -v ',PROGRAM-FAIL$' | grep -q . && no "sanitizer: $bad not PROGRAM-FAIL" || ok
[ -s "$tmp/out/differential_logs.tgz" ] && ok || no "no logs archive"

# all pass: exit 0; a time budget too short for the builds: every case not run, exit 0
rm -f "$FAKE_LOG"
OUT=$tmp/out2 SANITIZE=2 sh bench/differential_gpu.sh run >"$tmp/run2.out" 2>&1 && grep -q "no failures in 24 cases" "$tmp/run2.out" \
  && ok || no "all passing: $(tail -3 "$tmp/run2.out")"
FAKE_NVCC_SLEEP=5 BUDGET_S=3 OUT=$tmp/out3 sh bench/differential_gpu.sh run >"$tmp/run3.out" 2>&1 &&
  [ "$(grep -c ',NOT-RUN$' "$tmp/out3/differential_gpu.csv")" -eq 24 ] && grep -q "NOTE: 24 cases were not run" "$tmp/run3.out" \
  && ok || no "time budget: $(tail -3 "$tmp/run3.out")"

# a 'stencilc gen' that crashes (seed 2, n5d) fails prepare, and its cases fail in run as FAIL-gen
cat >"$tmp/crashing-stencilc" <<EOF
#!/bin/sh
case "\$*" in gen*rnd2.c*n5d*) exit 139 ;; esac
exec "$(cd "$(dirname "$STENCILC")" && pwd)/$(basename "$STENCILC")" "\$@"
EOF
chmod +x "$tmp/crashing-stencilc"
STENCILC=$tmp/crashing-stencilc DIFF_DIR=$tmp/diff4 sh bench/differential_gpu.sh prepare 12 >"$tmp/prep4.out" 2>&1
[ $? -ne 0 ] && grep -q "GEN FAILURES (1)" "$tmp/prep4.out" && ok || no "prepare with a crashing gen: $(tail -2 "$tmp/prep4.out")"
DIFF_DIR=$tmp/diff4 OUT=$tmp/out4 SANITIZE=0 sh bench/differential_gpu.sh run >"$tmp/run4.out" 2>&1
[ $? -eq 1 ] && grep -q '^case [0-9]* seed 2 n5d.*: FAIL-gen' "$tmp/run4.out" && ok || no "run with a gen failure: $(tail -3 "$tmp/run4.out")"

summary bench-differential
