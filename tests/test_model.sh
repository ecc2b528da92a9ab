#!/bin/sh
# 'stencilc model': every listed candidate is accepted by 'stencilc gen' with its parameters, the
# ranking is sorted, the bottleneck names are the model's, the GPU choice matters, and it is fast.
cd "$(dirname "$0")/.." || exit 1
STENCILC=${STENCILC:-build/stencilc}
pass=0 fail=0
ok() { pass=$((pass + 1)); }
no() { fail=$((fail + 1)); echo "FAIL: $*"; }
tmp=$(mktemp -d) && trap 'rm -rf "$tmp"' EXIT
export STENCILC_CACHE="$tmp/cache" # no probe file: the built-in table

"$STENCILC" model --help >/dev/null && ok || no "model --help"
for bad in "" "examples/j2d5pt.c --gpu v100" "examples/j2d5pt.c -s 10x10x10" "examples/j2d5pt.c --top 0"; do
  # shellcheck disable=SC2086
  "$STENCILC" model $bad >/dev/null 2>&1; [ $? -eq 2 ] && ok || no "model $bad: want exit 2"
done

for case in "j2d5pt.c" "star3d1r.c" "box2d2r.c --dtype double" "j3d27pt.c -s 256 -t 10" "gradient2d.c"; do
  file=examples/${case%% *}
  opts=${case#* }; [ "$opts" = "$case" ] && opts=
  start=$(date +%s%N)
  # shellcheck disable=SC2086
  "$STENCILC" model "$file" $opts --top 12 >"$tmp/out" || { no "model $case"; continue; }
  ms=$(( ($(date +%s%N) - start) / 1000000 ))
  [ "$ms" -lt 1000 ] && ok || no "model $case took $ms ms"
  rows=$(awk 'NR > 2' "$tmp/out")
  [ "$(echo "$rows" | wc -l)" -eq 12 ] && ok || no "model $case: not 12 rows"
  # Columns: rank, strategy, parameters..., GCells/s, bound, blocks, limit, occupancy, regs.
  echo "$rows" | awk '{ g = $(NF-5); if (NR > 1 && g > prev + 1e-9) exit 1; prev = g }' && ok || no "$case: not sorted"
  echo "$rows" | awk '{ b = $(NF-4); if (b != "global" && b != "l2" && b != "shared" && b != "compute" && b != "shuffle") exit 1 }' \
    && ok || no "$case: bad bottleneck name"
  dtype=$(echo "$opts" | grep -o -- '--dtype [a-z]*')
  echo "$rows" | while read -r _ strategy rest; do
    params=$(echo "$rest" | awk '{ for (i = 1; i <= NF - 6; i++) printf "%s ", $i }')
    # shellcheck disable=SC2086
    "$STENCILC" gen "$file" --backend "$strategy" $params $dtype -o "$tmp/p.cu" >/dev/null 2>&1 ||
      echo "gen $file --backend $strategy $params $dtype"
  done >"$tmp/refused"
  [ -s "$tmp/refused" ] && no "$case: candidates refused by gen: $(cat "$tmp/refused")" || ok
done

h200=$("$STENCILC" model examples/star2d1r.c --top 3 | tail -3)
a100=$("$STENCILC" model examples/star2d1r.c --top 3 --gpu a100 | tail -3)
[ "$h200" != "$a100" ] && ok || no "--gpu a100 predicts the same as h200"
"$STENCILC" model examples/star2d1r.c --gpu a100 | head -1 | grep -q "A100" && ok || no "--gpu a100 not named"

# probe: without a GPU (or without nvcc) it says so, stores nothing and exits 3.
if ! nvidia-smi -L >/dev/null 2>&1; then
  "$STENCILC" probe >/dev/null 2>"$tmp/err"; rc=$?
  [ $rc -eq 3 ] && [ ! -e "$tmp/cache/gpu.txt" ] && ok || no "probe without a GPU: exit $rc"
fi
"$STENCILC" probe --help >/dev/null && ok || no "probe --help"

# tune: with a stand-in nvcc whose "programs" report the candidate number as their speed, the
# last candidate wins and is cached; gen and run --backend auto then use it for that size class.
cat >"$tmp/nvcc" <<'FAKE'
#!/bin/sh
while [ $# -gt 0 ]; do [ "$1" = -o ] && exe=$2; shift; done
printf '#!/bin/sh\necho "RESULT name=x gcells=%s.5"\n' "$((100 + ${exe##*tune} * 10))" >"$exe"
chmod +x "$exe"
FAKE
chmod +x "$tmp/nvcc"
NVCC=$tmp/nvcc "$STENCILC" tune examples/j2d5pt.c --top 2 -s 1024 -t 10 --workdir "$tmp/w" >"$tmp/tune" 2>&1 \
  && ok || no "tune with a stand-in nvcc"
# two of each strategy: naive, n5d and ssam
[ "$(grep -c '^tune: \[[0-9]/6\].*measured' "$tmp/tune")" -eq 6 ] && ok || no "tune: 6 progress lines"
choice=$(sed -n 's/^tune: \[6\/6\] \(--backend [^ ]* .*[0-9]\) *model.*/\1/p' "$tmp/tune" | sed 's/ *$//')
grep -qF -- "$choice" "$STENCILC_CACHE/tune.txt" && ok || no "tune: fastest '$choice' not cached"
"$STENCILC" run examples/j2d5pt.c --backend auto -s 1024 -t 10 --cpu 2>&1 | grep -qF "tuned choice for h200: $choice" \
  && ok || no "run --backend auto ignores the cached choice"
"$STENCILC" gen examples/j2d5pt.c --backend auto -o "$tmp/auto.cu" 2>&1 | grep -q "model's best" \
  && ok || no "gen --backend auto at another size class: not the model's best"
# Without a GPU (or nvcc) tune builds but cannot time: exit 3, nothing cached.
if ! nvidia-smi -L >/dev/null 2>&1; then
  rm -f "$STENCILC_CACHE/tune.txt"
  "$STENCILC" tune examples/j2d5pt.c --top 1 -s 512 -t 2 --workdir "$tmp/w" >/dev/null 2>&1; rc=$?
  [ $rc -eq 3 ] && [ ! -e "$STENCILC_CACHE/tune.txt" ] && ok || no "tune without a GPU: exit $rc"
fi

# Split tune: --emit writes the candidates' programs (what gen writes for their options) and
# tune.tsv, with no compiler; --import caches the fastest of the measured column, for the key the
# file was emitted for only.
rm -f "$STENCILC_CACHE/tune.txt"
NVCC=/nonexistent "$STENCILC" tune examples/star3d1r.c --top 2 -s 200 -t 20 --emit "$tmp/e" >/dev/null 2>&1 \
  && ok || no "tune --emit without nvcc"
tsv=$tmp/e/tune.tsv
[ "$(grep -c '^#key	' "$tsv")" -eq 1 ] && grep -qx '#args	-t 20 -s 200' "$tsv" && ok || no "tune.tsv header"
# two of each strategy: naive, n5d and ssam
[ "$(grep -vc '^#' "$tsv")" -eq 6 ] && ok || no "tune.tsv: not 2 candidates of each of 3 strategies"
grep -v '^#' "$tsv" | while IFS='	' read -r file opts pred; do
  # shellcheck disable=SC2086
  "$STENCILC" gen examples/star3d1r.c $opts -o "$tmp/g.cu" >/dev/null 2>&1 && cmp -s "$tmp/g.cu" "$tmp/e/$file" &&
    awk -v p="$pred" 'BEGIN { exit !(p > 0) }' || echo "$file ($opts, $pred)"
done >"$tmp/bad" && [ ! -s "$tmp/bad" ] && ok || no "emitted programs differ from gen: $(cat "$tmp/bad")"
ls "$tmp/e" | grep -qv '\.cu$\|^tune.tsv$' && no "tune --emit built something" || ok
# measured: the third row fastest
awk -F'\t' 'BEGIN { OFS = "\t" } /^#/ { print; next } { print $0, ++n == 3 ? 900 : 100 + n }' "$tsv" >"$tmp/measured.tsv"
third=$(grep -v '^#' "$tsv" | sed -n 3p | cut -f2)
"$STENCILC" tune examples/star3d1r.c -s 200 --import "$tmp/measured.tsv" >"$tmp/imp" 2>&1 && ok || no "tune --import"
[ "$(cut -f2 "$STENCILC_CACHE/tune.txt")" = "$third" ] && ok || no "tune --import cached '$(cut -f2 "$STENCILC_CACHE/tune.txt")', want '$third'"
"$STENCILC" run examples/star3d1r.c --backend auto -s 200 -t 2 --cpu 2>&1 | grep -qF "tuned choice for h200: $third" \
  && ok || no "run --backend auto ignores the imported choice"
cp "$STENCILC_CACHE/tune.txt" "$tmp/cache.before"
"$STENCILC" tune examples/star3d1r.c -s 512 --import "$tmp/measured.tsv" >/dev/null 2>&1
[ $? -eq 2 ] && cmp -s "$STENCILC_CACHE/tune.txt" "$tmp/cache.before" && ok || no "tune --import for another size class"
"$STENCILC" tune examples/star3d1r.c -s 200 --import "$tsv" >/dev/null 2>&1
[ $? -eq 3 ] && cmp -s "$STENCILC_CACHE/tune.txt" "$tmp/cache.before" && ok || no "tune --import with nothing measured: want exit 3"
sed 's/--backend [a-z0-9]*/--backend quantum/' "$tmp/measured.tsv" >"$tmp/bad.tsv"
"$STENCILC" tune examples/star3d1r.c -s 200 --import "$tmp/bad.tsv" >/dev/null 2>&1
[ $? -eq 2 ] && cmp -s "$STENCILC_CACHE/tune.txt" "$tmp/cache.before" && ok || no "tune --import of unknown options: want exit 2"
"$STENCILC" tune examples/star3d1r.c --emit "$tmp/e" --import "$tmp/measured.tsv" >/dev/null 2>&1
[ $? -eq 2 ] && ok || no "tune --emit with --import: want exit 2"

echo "model: $pass passed, $fail failed"
[ $fail -eq 0 ]
