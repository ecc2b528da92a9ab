#!/bin/sh
# End to end through the CLI: for every example, in float and double, 'stencilc gen --backend cpu'
# must give a C + OpenMP program that builds warning-free and passes its own verification against
# the CPU reference at a small odd size for several step counts; 'gen --backend
# naive|n5d|25d|ssam' must give CUDA that nvcc compiles for sm_90 (a representative subset, in
# parallel); a set of n5d, ssam and 25d programs must pass their own verification when run on
# the CPU through tools/cudaemu, its threads in a random order between barriers (lib.sh);
# 'stencilc run' must build the CUDA program and, on a machine without a GPU, fall back to the
# CPU path.
. "$(dirname "$0")/lib.sh"

# One CPU-backend job (run in parallel by xargs, which re-enters this script with --cpu-job):
# writes $tmp/<name>-<dtype>.status and .log.
cpu_job() {
  name=$(basename "$1" .c) dt=$2 base="$tmp/$name-$dt"
  (
    "$STENCILC" gen "$1" --backend cpu --dtype "$dt" -o "$base.c" &&
      cc -std=c11 -O2 -fopenmp -Wall -Wextra -Werror -o "$base" "$base.c" -lm &&
      for steps in 1 2 5; do
        # 3D grids with radius up to 7 (fdd7) need room for the halo: interiors of 19 and 23
        "$base" -s 23 -t $steps -r 1 --check-size 19 | grep -q 'verify=PASS' || exit 1
      done
  ) >"$base.log" 2>&1
  echo $? >"$base.status"
}
if [ "$1" = --cpu-job ]; then cpu_job "$2" "$3"; exit 0; fi

# One program run on the CPU through tools/cudaemu (threads as fibers, barriers for the shuffles
# and __syncthreads, in a random order seeded by the job's line number): BACKEND SOURCE DTYPE
# SIZE STEPS(a_b_c) GEN-OPTIONS..., SOURCE an example's name or a path; the program verifies
# itself at that size for each step count. Writes $(emu_base JOB).status and .log.
emu_base() { echo "$tmp/emu-$1-$(basename "$2" .c)-$3$(shift 5; echo "$*" | tr -d ' -')"; }
emu_job() {
  base=$(emu_base "$@") src=$2 steps=$(echo "$5" | tr _ ' ')
  case $src in */*) ;; *) src=examples/$src.c ;; esac
  CUDAEMU_SEED=$(grep -n -x -F -- "$*" "$tmp/emu-jobs" | cut -d: -f1)
  (
    echo "CUDAEMU_SCHEDULE=$CUDAEMU_SCHEDULE CUDAEMU_SEED=$CUDAEMU_SEED"
    # shellcheck disable=SC2046
    "$STENCILC" gen "$src" --backend "$1" --dtype "$3" $(shift 5; echo "$@") -o "$base.cu" &&
      emu_build "$base.cu" "$base" && emu_verify "$base" "$4" $steps
  ) >"$base.log" 2>&1
  echo $? >"$base.status"
}
if [ "$1" = --emu-job ]; then shift; emu_job "$@"; exit 0; fi

make_tmp
export STENCILC

for f in examples/*.c; do
  for dt in float double; do echo "$f $dt"; done
done >"$tmp/jobs"
xargs -P "$JOBS" -L 1 sh "$0" --cpu-job <"$tmp/jobs"
while read -r f dt; do
  name=$(basename "$f" .c)
  if [ "$(cat "$tmp/$name-$dt.status" 2>/dev/null)" = 0 ]; then ok
  else no "cpu backend $name $dt: $(tail -5 "$tmp/$name-$dt.log" 2>/dev/null)"; fi
done <"$tmp/jobs"

# nvcc compiles of the CUDA backends: 2D and 3D, star/box/nonlinear, radius 1 to 4, float and
# double; for n5d each of its modes (diagonal-free, associative, general); for 25d each placement
# (hybrid: value queue and partial sums) at radius 1 and 4; run-time weights (conv2d) with an
# even and a non-square filter, and in ssam.
if command -v nvcc >/dev/null 2>&1; then
  for job in "naive j2d5pt float" "naive box2d4r double" "naive gradient2d float" \
             "naive star3d1r double" "naive j3d27pt float" "naive star3d4r float" \
             "n5d j2d5pt float" "n5d box2d4r double" "n5d gradient2d double" "n5d star3d1r double" \
             "n5d box3d1r float" "n5d star3d4r float" "n5d star2d2r float --no-diag-opt --no-assoc-opt" \
             "naive conv2d-4x7 float" "naive conv2d-20x20 double" "n5d conv2d-2x2 float" \
             "25d star3d1r float --placement global" "25d star3d4r double --placement global" \
             "25d box3d1r double --placement shared" "25d star3d4r float --placement shared" \
             "25d star3d4r double --placement hybrid" "25d box3d1r float --placement hybrid" \
             "25d j3d27pt double --placement register" "25d star3d4r float --placement register" \
             "ssam j2d5pt float" "ssam star2d4r double" "ssam box2d5r float" "ssam star3d1r double" \
             "ssam j3d27pt float" "ssam star3d4r float" "ssam conv2d-5x5 double" "ssam conv2d-20x20 float"; do
    set -- $job
    b=$1 name=$2 dt=$3; shift 3
    out="$tmp/$b-$name-$dt$(echo "$*" | tr -d ' -').cu"
    "$STENCILC" gen "examples/$name.c" --backend "$b" --dtype "$dt" "$@" -o "$out" || no "gen $b $name $dt $*"
    echo "$out"
  done | xargs -P "$JOBS" -I{} sh -c 'nvcc -O3 -gencode=arch=compute_90,code=sm_90 -Xcompiler -fopenmp -o {}.bin {} -lgomp >{}.log 2>&1; echo $? >{}.status'
  for s in "$tmp"/*.cu.status; do
    if [ "$(cat "$s")" = 0 ]; then ok; else no "nvcc: ${s%.status}: $(tail -5 "${s%.status}.log")"; fi
  done
else
  echo "NOTE: nvcc not found: CUDA compile tests not run"
  no "nvcc is required for the CUDA compile tests (scripts/setup.sh installs it)"
fi

# Kernels run through tools/cudaemu. n5d: its three modes (diagonal-free, associative, general:
# the last forced with --no-diag-opt --no-assoc-opt, or --no-diag-opt for a non-linear stencil),
# 2D and 3D, float and double, bT from 2 to 5, blocks that tile the grid several times, stream
# division into several chunks (--hsn), rows per barrier, run-time weights, at step counts 1,
# bT - 1, bT, bT + 1 and 2 bT + 3. ssam: sizes that are no multiple of a block, P that divides
# nothing, step counts below, at and above bT, 2D and 3D, float and double, chunks of rows
# (one-step launches) whose last block stops partway. Run-time weights (constant memory) in
# ssam (products weight by weight: a small filter at bT = 2, 20x20's 400 weights, a small P
# under bT = 4, whose levels past BT have no rows) and in the 25d placements: a conv2d example,
# and 3D stencils of weights (a 3x3x3 filter: the hybrid partial sums and the register
# shuffles; a star whose weights are scaled: the hybrid value queue).
if command -v "${CXX:-g++}" >/dev/null 2>&1; then
  cat >"$tmp/conv3d.c" <<'EOF'
void conv3d(int l, int m, int n, int steps, const float W[3][3][3], float A[2][l][m][n]) {
  for (int t = 0; t < steps; t++)
    for (int h = 1; h < l - 1; h++)
      for (int i = 1; i < m - 1; i++)
        for (int j = 1; j < n - 1; j++) {
          float acc = 0.0f;
          for (int c = 0; c < 3; c++)
            for (int a = 0; a < 3; a++)
              for (int b = 0; b < 3; b++)
                acc += W[c][a][b] * A[t % 2][h + c - 1][i + a - 1][j + b - 1];
          A[(t + 1) % 2][h][i][j] = acc;
        }
}
EOF
  cat >"$tmp/wstar3d.c" <<'EOF'
void wstar3d(int n, int steps, const double W[3], double A[2][n][n][n]) {
  for (int t = 0; t < steps; t++)
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        for (int k = 1; k < n - 1; k++)
          A[(t + 1) % 2][i][j][k] = W[0] * A[t % 2][i][j][k]
              + 0.5 * W[1] * (A[t % 2][i - 1][j][k] + A[t % 2][i + 1][j][k])
              + W[2] / 4.0 * (A[t % 2][i][j - 1][k] + A[t % 2][i][j + 1][k]
                              + A[t % 2][i][j][k - 1] + A[t % 2][i][j][k + 1]);
}
EOF
  cat >"$tmp/emu-jobs" <<JOBS
n5d star2d1r float 30x70 1_3_4_5_11 --bt 4 --bs 64
n5d box2d2r double 29x61 1_2_3_4_9 --bt 3 --bs 64 --hsn 8
n5d star2d2r float 33x70 1_4_5_6_13 --bt 5 --bs 64 --no-diag-opt --no-assoc-opt
n5d gradient2d double 21x50 1_2_3_7 --bt 2 --bs 32 --no-diag-opt
n5d conv2d-4x7 float 19x45 1_2_3_7 --bt 2 --bs 64
n5d star3d1r double 11x13x40 1_2_3_7 --bt 2 --bs 8x32
n5d box3d1r float 9x14x40 1_2_3_4_9 --bt 3 --bs 8x32 --hsn 4 --rows 2
n5d j3d27pt double 9x11x35 1_2_3_7 --bt 2 --bs 8x32 --no-diag-opt --no-assoc-opt
ssam j2d5pt float 29x45 1_3_4 --bt 3 --p 5
ssam box2d5r double 23x50 2 --bt 2 --p 4 --bs 64
ssam star3d2r float 13x15x17 1_2 --bs 6x32 --p 3
ssam box3d1r double 9x14x40 3 --bt 2 --p 3 --bs 5x32
ssam conv2d-4x7 float 29x45 1_3 --bt 2
ssam conv2d-20x20 double 41x50 1_2 --p 3
ssam conv2d-3x3 float 37x70 1_2_5 --p 3
ssam conv2d-5x5 double 41x45 1_2_3 --p 4
25d $tmp/conv3d.c float 9x14x40 2 --placement hybrid
25d $tmp/conv3d.c double 9x14x40 1 --placement register
25d $tmp/wstar3d.c double 9x14x40 2 --placement hybrid
JOBS
  xargs -P "$JOBS" -L 1 sh "$0" --emu-job <"$tmp/emu-jobs"
  while read -r job; do
    # shellcheck disable=SC2086
    base=$(emu_base $job)
    if [ "$(cat "$base.status" 2>/dev/null)" = 0 ]; then ok
    else no "$job under cudaemu: $(tail -5 "$base.log" 2>/dev/null)"; fi
  done <"$tmp/emu-jobs"
else
  no "${CXX:-g++} is required to run the CUDA kernels through tools/cudaemu"
fi

# The options tune runs candidates with. --ref-cache: the first program stores the reference's
# results (one file per check), later programs of the same stencil and dtype read them instead
# of recomputing: a file overwritten with another seed's results (the right size) makes the
# check fail, so it is read; a truncated one is ignored and rewritten. --time-ms: all -t steps
# verified, whole launches of about that long timed (at most -t steps).
rc_prog=$tmp/refcache
"$STENCILC" gen examples/j2d5pt.c --backend cpu -o "$rc_prog.c" && cc -std=c11 -O2 -fopenmp -o "$rc_prog" "$rc_prog.c" -lm
rc_run() { "$rc_prog" -s 40 -t 5 -r 1 --ref-cache "$tmp/rc" "$@" 2>&1; }
rc_file() { ls "$tmp"/rc/ref-*-float-40x40-t"$1"-s"$2".raw 2>/dev/null; }
rc_run | grep -q 'verify=PASS' && [ -n "$(rc_file 5 12345)" ] && [ -n "$(rc_file 3 12346)" ] &&
  rc_run | grep -q 'verify=PASS' && ok || no "--ref-cache: a first and a second run"
rc_run --seed 777 >/dev/null
cp "$(rc_file 5 777)" "$(rc_file 5 12345)"
rc_run | grep -q '^check a: .* FAIL$' && ok || no "--ref-cache: the cached result was not used"
size=$(wc -c <"$(rc_file 5 777)")
head -c 100 "$(rc_file 5 777)" >"$(rc_file 5 12345)"
rc_run | grep -q 'verify=PASS' && [ "$(wc -c <"$(rc_file 5 12345)")" -eq "$size" ] && ok ||
  no "--ref-cache: a truncated file was not ignored and rewritten"
steps=$("$rc_prog" -s 40 -t 100000 -r 1 --check-size 11 --time-ms 1 | sed -n 's/^RESULT .* steps=\([0-9]*\) .*verify=PASS$/\1/p')
[ -n "$steps" ] && [ "$steps" -ge 1 ] && [ "$steps" -lt 100000 ] && ok || no "--time-ms: timed $steps steps"
# fused launches: the unit of --time-ms is the backend's bT
for b in "n5d --bt 3" "ssam --bt 3"; do
  # shellcheck disable=SC2086
  "$STENCILC" gen examples/j2d5pt.c --backend $b -o "$tmp/launch.cu" && grep -q '^#define RT_LAUNCH_STEPS [A-Z0-9_]*BT$' "$tmp/launch.cu" &&
    ok || no "$b: RT_LAUNCH_STEPS is not the steps of one launch"
done

# 'run' end to end: builds the CUDA program, then runs the GPU or (no GPU) the CPU path.
out=$("$STENCILC" run examples/star3d2r.c -s 21 -t 4 --workdir "$tmp/run" 2>&1)
rc=$?
if [ $rc -eq 0 ] && echo "$out" | grep -q 'verify=PASS'; then ok; else no "stencilc run: exit $rc: $out"; fi
if ! nvidia-smi -L >/dev/null 2>&1; then
  if echo "$out" | grep -q 'CPU path'; then ok; else no "stencilc run without a GPU did not say it ran the CPU path"; fi
fi

summary programs
