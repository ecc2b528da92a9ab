#!/bin/sh
# The command line: help for every subcommand, documented exit codes for usage errors, and
# 'info' text output agreeing with its JSON output.
. "$(dirname "$0")/lib.sh"
expect 0 "--help" "$STENCILC" --help
expect 2 "no command" "$STENCILC"
expect 2 "unknown command" "$STENCILC" frobnicate
for c in info gen run; do
  expect 0 "$c --help" "$STENCILC" $c --help
  expect 2 "$c without input" "$STENCILC" $c
  expect 2 "$c with unknown option" "$STENCILC" $c examples/j2d5pt.c --frob
done
expect 2 "missing file" "$STENCILC" info examples/does-not-exist.c
expect 2 "gen without -o" "$STENCILC" gen examples/j2d5pt.c
expect 2 "unknown backend" "$STENCILC" gen examples/j2d5pt.c --backend quantum -o /dev/null
expect 2 "unknown placement" "$STENCILC" gen examples/star3d1r.c --backend 25d --placement fast -o /dev/null
expect 2 "placement without 25d" "$STENCILC" gen examples/star3d1r.c --backend naive --placement shared -o /dev/null
expect 0 "placement with 25d" "$STENCILC" gen examples/star3d1r.c --backend 25d --placement shared -o /dev/null
expect 2 "bad dtype" "$STENCILC" gen examples/j2d5pt.c --dtype half -o /dev/null
expect 2 "bad size" "$STENCILC" run examples/j2d5pt.c -s 12y3
expect 2 "bad steps" "$STENCILC" run examples/j2d5pt.c -t -4
expect 3 "unwritable output" "$STENCILC" gen examples/j2d5pt.c -o /nonexistent-dir/x.cu

# Text and JSON agree on the facts for a 3D box stencil.
text=$("$STENCILC" info examples/j3d27pt.c)
json=$("$STENCILC" info --json examples/j3d27pt.c)
for want in "shape        box" "flops/cell   54" "points       27" "diagonal-access-free  no" "radius       1 1 1"; do
  if echo "$text" | grep -qF "$want"; then ok; else no "info text lacks '$want'"; fi
done
if echo "$json" | python3 -c 'import json,sys; d=json.load(sys.stdin); sys.exit(not (d["shape"]=="box" and d["flops_per_cell"]==54 and len(d["points"])==27 and abs(sum(p["coef"] for p in d["points"]))<=1.0))'; then
  ok; else no "info --json for j3d27pt"; fi

# 25d defaults (README): the first of register, hybrid, global that fits, in a 4x128 block whose
# rows, then width, are halved until the placement fits. box3d4r in registers: 27 values in each
# of 9 rows (162) + 2 * 18 row addresses + 32 = 230 > 128 for 512 threads, <= 255 for 256; in
# double 2 * 162 + 36 + 40 = 400 > 255, so hybrid. fdd7, double, shared: 16 tiles of
# (BY + 14) x (BX + 14) cells of 8 bytes fit in 227 KB from 1x64 on (149760 bytes).
make_tmp
for case in "star3d1r||register 4x128" "box3d4r||register 2x128" "box3d4r|--dtype double|hybrid 4x128" \
            "fdd7|--dtype double --placement shared|shared 1x64"; do
  name=${case%%|*} want=${case##*|} args=${case#*|} args=${args%|*}
  # shellcheck disable=SC2086
  "$STENCILC" gen "examples/$name.c" $args --backend 25d -o "$tmp/p.cu" >/dev/null 2>&1
  got=$(sed -n 's#^/\* 25d: \([a-z]*\) placement[^,]*, block \([0-9x]*\),.*#\1 \2#p' "$tmp/p.cu" 2>/dev/null)
  if [ "$got" = "$want" ]; then ok; else no "25d default for $name $args: '$got', want '$want'"; fi
  rm -f "$tmp/p.cu"
done

summary cli
