#!/bin/sh
# Differential testing: random stencils from build/stencilgen (seeds 1..N, float and double:
# 2N cases) go through 'stencilc gen --backend cpu'; each program is built with cc -fopenmp and
# run at two sizes drawn from the seed (the smallest legal grid, interior 1 cell per axis, and a
# random non-cubic size, rarely a multiple of anything) and step counts drawn from the seed
# (1, odd counts, others), with its built-in verification against the CPU reference
# (verify=PASS required). Every CUDA backend (naive, n5d, 25d, ssam) must generate the stencil
# or refuse it cleanly (exit 2, no file; 25d refuses 2D, ssam non-linear stencils); for every
# EMU_EVERY-th seed (both dtypes) each CUDA program generated runs on the CPU through
# tools/cudaemu, its threads in a random order between barriers (CUDAEMU_SEED the seed), and
# must pass its own verification at the case's sizes and steps and at bT + 1 steps; with nvcc,
# a few of the CUDA programs are compiled for sm_90.
#   sh tests/test_differential.sh [N]     (default 100; env JOBS, NVCC_CASES, EMU_EVERY, KEEP=1)
. "$(dirname "$0")/lib.sh"
GEN=${GEN:-build/stencilgen}
NVCC_CASES=${NVCC_CASES:-2}
EMU_EVERY=${EMU_EVERY:-25}

# Pseudo-random number in [lo, hi] from the seed and a salt (reproducible, shell arithmetic).
pick() { echo $(( ($1 * 2654435761 + $2 * 40503 + ($1 ^ $2) * 97) % ($4 - $3 + 1) + $3 )); }

# One case: seed, dtype. Writes $tmp/S-DT.status (0 pass, 1 fail) and .log.
case_job() {
  s=$1 dt=$2 base="$tmp/$1-$2"
  (
    set -e
    "$GEN" --seed "$s" --dtype "$dt" -o "$base.in.c"
    dims=$(grep -c '^ *for (int [ijk] ' "$base.in.c")
    "$STENCILC" gen "$base.in.c" --backend cpu -o "$base.c"
    cc -std=c11 -O1 -fopenmp -Wall -Wextra -Werror -o "$base" "$base.c" -lm
    salt=0
    for kind in smallest random; do
      size= check=
      for a in $(seq 1 "$dims"); do
        salt=$((salt + 1))
        if [ $kind = smallest ]; then n=1; c=1
        elif [ "$dims" = 2 ]; then n=$(pick "$s" $salt 1 61); c=$(pick "$s" $((salt + 50)) 1 23)
        else n=$(pick "$s" $salt 1 19); c=$(pick "$s" $((salt + 50)) 1 11); fi
        size=${size:+${size}x}$n check=${check:+${check}x}$c
      done
      case $(pick "$s" $((salt + 7)) 0 3) in
        0) steps=1 ;; 1) steps=$((2 * $(pick "$s" $((salt + 8)) 1 6) + 1)) ;;
        2) steps=2 ;; *) steps=$(pick "$s" $((salt + 9)) 1 16) ;;
      esac
      [ $kind = smallest ] && [ "$dt" = double ] && steps=$((steps + 1))
      echo "run: -s $size -t $steps --check-size $check"
      echo "$size $steps $check" >>"$base.runs"
      "$base" -s "$size" -t "$steps" -r 1 --check-size "$check" >"$base.out"
      cat "$base.out"
      grep -q 'verify=PASS' "$base.out"
    done
    for b in naive n5d 25d ssam; do
      rm -f "$base.$b.cu"
      rc=0
      "$STENCILC" gen "$base.in.c" --backend $b --dtype "$dt" -o "$base.$b.cu" 2>"$base.$b.err" || rc=$?
      if [ $rc -eq 0 ] && [ -s "$base.$b.cu" ]; then echo "$b: generated"
      elif [ $rc -eq 2 ] && [ ! -e "$base.$b.cu" ] && grep -q 'error' "$base.$b.err"; then
        echo "$b: refused: $(head -1 "$base.$b.err")"; continue
      else echo "$b: exit $rc"; cat "$base.$b.err"; exit 1; fi
      [ $((s % EMU_EVERY)) -eq 0 ] || continue
      # through cudaemu, at random: the cpu runs' sizes and steps, and bT + 1 steps
      bt=$(sed -n 's/^\/\*.*[ (]bT=\([0-9]*\).*/\1/p' "$base.$b.cu" | head -1)
      CUDAEMU_SEED=$s
      emu_build "$base.$b.cu" "$base.$b"
      while read -r size steps check; do
        for t in $steps $((${bt:-1} + 1)); do
          echo "$b cudaemu: -s $size -t $t --check-size $check (CUDAEMU_SCHEDULE=$CUDAEMU_SCHEDULE CUDAEMU_SEED=$s)"
          "$base.$b" -s "$size" -t "$t" -r 1 --check-size "$check" </dev/null >"$base.$b.out" 2>&1 || true
          cat "$base.$b.out"
          grep -q 'verify=PASS' "$base.$b.out"
        done
      done <"$base.runs"
      echo "$b: ran through cudaemu"
    done
  ) >"$base.log" 2>&1
  echo $? >"$base.status"
}
if [ "$1" = --case-job ]; then case_job "$2" "$3"; exit 0; fi

N=${1:-100}
[ -x "$GEN" ] && [ -x "$STENCILC" ] || { no "build first: make all"; summary differential; exit 1; }
make_tmp
# Private copies: others rebuilding build/ meanwhile must not break the running cases.
cp "$STENCILC" "$tmp/stencilc" && cp "$GEN" "$tmp/stencilgen" && STENCILC=$tmp/stencilc GEN=$tmp/stencilgen
export STENCILC GEN EMU_EVERY
# The generator: a seed gives the same bytes every time; --dims and --dtype are obeyed.
for s in 1 2 3 4 5; do
  for d in 2 3; do
    "$GEN" --seed $s --dims $d --dtype double -o "$tmp/g1.c" && "$GEN" --seed $s --dims $d --dtype double -o "$tmp/g2.c" &&
      cmp -s "$tmp/g1.c" "$tmp/g2.c" && [ "$(grep -c '^ *for (int [ijk] ' "$tmp/g1.c")" = $d ] &&
      grep -q 'double' "$tmp/g1.c" && ! grep -q 'float' "$tmp/g1.c" && ok || no "stencilgen --seed $s --dims $d"
  done
done
for s in $(seq 1 "$N"); do echo "$s float"; echo "$s double"; done >"$tmp/jobs"
xargs -P "$JOBS" -L 1 sh "$0" --case-job <"$tmp/jobs"

failed= case_fail=0 emu_runs=0 gen_naive=0 gen_n5d=0 ref_n5d=0 ref_naive=0 gen_25d=0 ref_25d=0 gen_ssam=0 ref_ssam=0
while read -r s dt; do
  if [ "$(cat "$tmp/$s-$dt.status" 2>/dev/null)" = 0 ]; then ok
  else no "seed $s $dt:"; failed="$failed $s/$dt"; case_fail=$((case_fail + 1)); tail -8 "$tmp/$s-$dt.log" | sed 's/^/    /'; fi
  emu_runs=$((emu_runs + $(grep -c ': ran through cudaemu$' "$tmp/$s-$dt.log")))
  grep -q '^naive: generated' "$tmp/$s-$dt.log" && gen_naive=$((gen_naive + 1))
  grep -q '^naive: refused' "$tmp/$s-$dt.log" && ref_naive=$((ref_naive + 1))
  grep -q '^n5d: generated' "$tmp/$s-$dt.log" && gen_n5d=$((gen_n5d + 1))
  grep -q '^n5d: refused' "$tmp/$s-$dt.log" && ref_n5d=$((ref_n5d + 1))
  grep -q '^25d: generated' "$tmp/$s-$dt.log" && gen_25d=$((gen_25d + 1))
  grep -q '^25d: refused' "$tmp/$s-$dt.log" && ref_25d=$((ref_25d + 1))
  grep -q '^ssam: generated' "$tmp/$s-$dt.log" && gen_ssam=$((gen_ssam + 1))
  grep -q '^ssam: refused' "$tmp/$s-$dt.log" && ref_ssam=$((ref_ssam + 1))
done <"$tmp/jobs"

# nvcc compiles of a few generated CUDA programs (spread over the seeds, both backends).
nv_pass=0 nv_fail=0
if command -v nvcc >/dev/null 2>&1 && [ "$NVCC_CASES" -gt 0 ]; then
  ls "$tmp"/*.cu 2>/dev/null | awk -v k="$NVCC_CASES" '{ a[NR] = $0 } END { for (i = 1; i <= k && NR; i++) print a[int((i - 0.5) * NR / k) + 1] }' >"$tmp/nv"
  xargs -P "$JOBS" -I{} sh -c 'nvcc -O3 -gencode=arch=compute_90,code=sm_90 -Xcompiler -fopenmp -o {}.bin {} -lgomp >{}.nvlog 2>&1; echo $? >{}.nvstatus' <"$tmp/nv"
  while read -r cu; do
    if [ "$(cat "$cu.nvstatus")" = 0 ]; then nv_pass=$((nv_pass + 1)); ok
    else nv_fail=$((nv_fail + 1)); failed="$failed nvcc:$(basename "$cu")"; no "nvcc $cu:"; tail -5 "$cu.nvlog"; fi
  done <"$tmp/nv"
else
  echo "NOTE: nvcc not found or NVCC_CASES=0: no CUDA compiles"
fi

printf '%-28s %6s %6s %6s\n' check cases pass fail
cases=$(wc -l <"$tmp/jobs" | tr -d ' ')
printf '%-28s %6d %6d %6d\n' "cases (cpu verify, gen, emu)" "$cases" $((cases - case_fail)) $case_fail
printf '%-28s %6d %6d %6d\n' "naive gen (refused: $ref_naive)" $cases $((gen_naive + ref_naive)) $((cases - gen_naive - ref_naive))
printf '%-28s %6d %6d %6d\n' "n5d gen (refused: $ref_n5d)" $cases $((gen_n5d + ref_n5d)) $((cases - gen_n5d - ref_n5d))
printf '%-28s %6d %6d %6d\n' "25d gen (refused: $ref_25d)" $cases $((gen_25d + ref_25d)) $((cases - gen_25d - ref_25d))
printf '%-28s %6d %6d %6d\n' "ssam gen (refused: $ref_ssam)" $cases $((gen_ssam + ref_ssam)) $((cases - gen_ssam - ref_ssam))
printf '%-28s %6d %6d %6d\n' "nvcc sm_90 compile" $((nv_pass + nv_fail)) $nv_pass $nv_fail
echo "CUDA programs run through cudaemu (random schedule): $emu_runs"
[ -n "$failed" ] && echo "failed (seed/dtype):$failed"
[ "$N" -lt "$EMU_EVERY" ] || [ "$emu_runs" -gt 0 ] || no "no CUDA program ran through cudaemu"
summary differential
