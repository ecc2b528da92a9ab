#!/bin/sh
# bench/tune_suite.sh end to end without a GPU, with a stand-in nvcc whose "programs" report a
# speed of their own (candidate i: 100 + 10 i GCells/s, except i = 4, which fails its check):
# prepare emits every candidate; run (split mode, then direct mode through 'stencilc tune') picks
# the fastest that passed, with the model's prediction, the accuracy and a tuning time; the
# measured files import here into the cache; compare marks the picks against a sweep; what the
# time budget leaves out is reported as not run.
cd "$(dirname "$0")/.." || exit 1
STENCILC=${STENCILC:-build/stencilc}
pass=0 fail=0
ok() { pass=$((pass + 1)); }
no() { fail=$((fail + 1)); echo "FAIL: $*"; }
tmp=$(mktemp -d) && trap 'rm -rf "$tmp"' EXIT
mkdir -p "$tmp/bin"
cat >"$tmp/bin/nvcc" <<'EOF'
#!/bin/sh
while [ $# -gt 0 ]; do [ "$1" = -o ] && exe=$2; shift; done
case ${FAKE_SLOW:-none} in "${exe##*/}") sleep 30 ;; esac
i=${exe##*tune}
if [ "$i" = 4 ]; then
  printf '#!/bin/sh\necho "check a: FAIL"; exit 1\n' >"$exe"
else
  printf '#!/bin/sh\necho "RESULT name=x size=64x64 steps=5 gcells=%s.0 gflops=9.0 max_abs=1e-07 max_rel=2e-07 verify=PASS"\n' \
    $((100 + i * 10)) >"$exe"
fi
chmod +x "$exe"
EOF
chmod +x "$tmp/bin/nvcc"
PATH=$tmp/bin:$PATH
export PATH STENCILC TUNE_DIR=$tmp/gen BIN=$tmp/work STENCILC_CACHE=$tmp/cache EXAMPLES="j2d5pt star3d1r"

# prepare: 3 candidates of each strategy per stencil (naive, n5d, ssam; 25d too in 3D); the rows
# are the model's (-t as the suite)
TOP=3 sh bench/tune_suite.sh prepare >"$tmp/prep" 2>&1 && ok || no "prepare: $(cat "$tmp/prep")"
rows() { case $1 in star3d1r) echo 12 ;; *) echo 9 ;; esac; } # candidates of a stencil
for n in j2d5pt star3d1r; do
  [ "$(grep -vc '^#' "$TUNE_DIR/$n/tune.tsv")" -eq "$(rows $n)" ] && grep -qx '#args	-t 1000' "$TUNE_DIR/$n/tune.tsv" &&
    ok || no "$n: tune.tsv"
done

# Expected figures per stencil from its tune.tsv: the pick is the last candidate (100 + 10 i
# GCells/s; 4 fails).
check_suite() { # CSV MODE
  for n in j2d5pt star3d1r; do
    row=$(grep "^[^,]*,[^,]*,$n," "$1")
    last=$(rows $n) pick=$(grep -v '^#' "$TUNE_DIR/$n/tune.tsv" | sed -n "$(rows $n)p") pred=$(echo "$pick" | cut -f3)
    speed=$((100 + 10 * (last - 1)))
    strategy=$(echo "$pick" | cut -f2 | cut -d' ' -f2) params=$(echo "$pick" | cut -f2 | cut -d' ' -f3-)
    echo "$row" | awk -F, -v s="$strategy" -v p="\"$params\"" -v pred="$pred" -v mode="$2" -v v="$speed" -v k="$last" '
      !($7 == s && $8 == p && $9 == v && $13 == "PASS" && $14 == pred && ($15 - v / pred) ^ 2 < 1e-6 &&
        $16 == 100 && $17 == k && $18 == 1 && $19 >= 0 && $25 == mode) { exit 1 }' && ok ||
      no "$2 mode, $n: want $strategy $params at $speed (model $pred): $row"
  done
}

OUT=$tmp/out MODE=split sh bench/tune_suite.sh run >"$tmp/run" 2>&1 && ok || no "run split: $(tail -5 "$tmp/run")"
check_suite "$tmp/out/tune_suite.csv" split
[ "$(tail -n +2 "$tmp/out/tune_candidates.csv" | wc -l)" -eq 21 ] && ok || no "not 21 candidate rows"
grep -q "^FAILED: j2d5pt " "$tmp/run" && ok || no "the failing candidate is not reported"
# import here: each stencil's pick lands in the cache
sh bench/tune_suite.sh import "$tmp/out" >"$tmp/import" 2>&1
for n in j2d5pt star3d1r; do
  want=$(grep -v '^#' "$TUNE_DIR/$n/tune.tsv" | sed -n "$(rows $n)p" | cut -f2)
  grep -qF "	$want" "$STENCILC_CACHE/tune.txt" && ok || no "import: $n's pick '$want' not cached: $(cat "$tmp/import")"
done
# compare: a sweep 2% faster than the j2d5pt pick keeps it within 5%, one 20% faster does not
printf '# a comment line\nstencil,parameters,gcells_per_s,verify\nj2d5pt,bt8,184,PASS\nj2d5pt,bt9,999,FAIL\nstar3d1r,bt4,260,PASS\n' >"$tmp/sweep.csv"
sh bench/tune_suite.sh compare "$tmp/out/tune_suite.csv" "$tmp/sweep.csv"
awk -F, '$3 == "j2d5pt" && $22 == 184.0 && $23 == "bt8" && $24 == "yes" { a = 1 }
         $3 == "star3d1r" && $22 == 260.0 && $24 == "no" { b = 1 } END { exit !(a && b) }' "$tmp/out/tune_suite.csv" &&
  ok || no "compare: $(cut -d, -f3,9,22-24 "$tmp/out/tune_suite.csv")"

# direct mode: 'stencilc tune' runs the candidates itself
OUT=$tmp/out2 MODE=direct sh bench/tune_suite.sh run >"$tmp/run2" 2>&1 && ok || no "run direct: $(tail -5 "$tmp/run2")"
check_suite "$tmp/out2/tune_suite.csv" direct
[ "$(wc -l <"$tmp/out2/cache/tune.txt")" -eq 2 ] && ok || no "direct: tune did not cache 2 choices"
# a budget that is spent: every stencil NOT-RUN; a build cut short by the budget: that stencil
OUT=$tmp/out3 MODE=split BUDGET_S=0 sh bench/tune_suite.sh run >/dev/null 2>&1
[ "$(grep -c ',NOT-RUN,' "$tmp/out3/tune_suite.csv")" -eq 2 ] && ok || no "budget: not 2 NOT-RUN rows"
FAKE_SLOW=star3d1r-tune2 OUT=$tmp/out4 MODE=split BUDGET_S=8 sh bench/tune_suite.sh run >/dev/null 2>&1
grep -q ',star3d1r,.*,NOT-RUN,' "$tmp/out4/tune_suite.csv" && grep -q ',j2d5pt,.*,PASS,' "$tmp/out4/tune_suite.csv" \
  && ok || no "a build cut short: $(cut -d, -f3,13 "$tmp/out4/tune_suite.csv" | tr '\n' ' ')"

echo "bench-tune: $pass passed, $fail failed"
[ $fail -eq 0 ]
