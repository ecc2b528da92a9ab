#!/bin/sh
# tools/cudaemu's schedules. Hand-written kernels, whose answer is known without stencilc: a
# block that reads its lower neighbour's shared-memory cell without a barrier is right under the
# fixed order (thread 0 first) and wrong under CUDAEMU_SCHEDULE=random for every seed tried, and
# right again with the barrier; the random order interleaves the warps of a block at shuffles,
# the same way for the same seed and differently for another; an unknown schedule is refused.
# Generated programs: with one `__syncthreads();` removed (sed), an n5d and a 25d-shared program
# fail their own verification under the random schedule while the intact ones pass; the
# outcome under the fixed order is reported (a NOTE line), not asserted. The CUDA engine's hooks
# pass tests/unit/test_engine.c.
. "$(dirname "$0")/lib.sh"
make_tmp

# race.cu: 64 threads; thread t writes t + 1 to its cell and reads cell t - 1 (SYNC: with a
# barrier between). Exit 0 when every thread read its neighbour's value.
cat >"$tmp/race.cu" <<'EOF'
#include <cstdio>
#include <cuda_runtime.h>
__global__ void neighbour(int *out) {
  extern __shared__ __align__(16) unsigned char smem[];
  int *cell = (int *)smem, t = threadIdx.x;
  cell[t] = t + 1;
#ifdef SYNC
  __syncthreads();
#endif
  out[t] = t ? cell[t - 1] : 0;
}
int main() {
  int *d, h[64];
  cudaMalloc((void **)&d, sizeof h);
  neighbour<<<1, 64, 64 * sizeof(int)>>>(d);
  cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
  for (int t = 0; t < 64; t++)
    if (h[t] != t) { printf("thread %d read %d, want %d\n", t, h[t], t); return 1; }
  printf("all 64 threads read their neighbour\n");
  return 0;
}
EOF
# order.cu: 2 warps; each thread does a shuffle, then takes a ticket (fibers do not run at the
# same time, so a plain increment is exact here). Prints the tickets of the block.
cat >"$tmp/order.cu" <<'EOF'
#include <cstdio>
#include <cuda_runtime.h>
__device__ int next_ticket;
__global__ void tickets(int *out) {
  int v = __shfl_down_sync(0xffffffffu, (int)threadIdx.x, 1);
  out[threadIdx.x] = next_ticket++ + 0 * v;
}
int main() {
  int *d, h[64];
  cudaMalloc((void **)&d, sizeof h);
  tickets<<<1, 64>>>(d);
  cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
  for (int t = 0; t < 64; t++) printf("%d%c", h[t], t == 63 ? '\n' : ' ');
  return 0;
}
EOF
emu_build "$tmp/race.cu" "$tmp/race" && emu_build "$tmp/race.cu" "$tmp/race-sync" -DSYNC &&
  emu_build "$tmp/order.cu" "$tmp/order" || no "the hand-written kernels do not build"

CUDAEMU_SCHEDULE=fixed "$tmp/race" >/dev/null && ok || no "fixed order: thread t - 1 did not run first"
for seed in 1 2 3 4 5; do
  CUDAEMU_SCHEDULE=random CUDAEMU_SEED=$seed "$tmp/race" >/dev/null && no "random, seed $seed: the race went unseen" || ok
  CUDAEMU_SCHEDULE=random CUDAEMU_SEED=$seed "$tmp/race-sync" >/dev/null && ok || no "random, seed $seed: wrong with the barrier"
done

# Tickets. Fixed order: lanes 0..31 wait at the shuffle, lane 31 completes it and goes on (ticket
# 0), then lane 63 completes warp 1's (1), then lanes 0..30 (2..32) and 32..62 (33..63): 3 switches
# between the warps in ticket order. At random the warps interleave: many more switches.
fixed=$(CUDAEMU_SCHEDULE=fixed "$tmp/order")
want=$(awk 'BEGIN { for (t = 0; t < 64; t++) printf "%d%s", t == 31 ? 0 : t == 63 ? 1 : t < 31 ? t + 2 : t + 1, t == 63 ? "\n" : " " }')
[ "$fixed" = "$want" ] && ok || no "fixed order tickets: $fixed, want $want"
switches() { echo "$1" | awk '{ for (t = 1; t <= NF; t++) who[$t] = int((t - 1) / 32)
                                 for (k = 1; k < NF; k++) n += who[k] != who[k - 1]; print n }'; }
r1=$(CUDAEMU_SCHEDULE=random CUDAEMU_SEED=7 "$tmp/order") r1b=$(CUDAEMU_SCHEDULE=random CUDAEMU_SEED=7 "$tmp/order")
r2=$(CUDAEMU_SCHEDULE=random CUDAEMU_SEED=8 "$tmp/order")
[ -n "$r1" ] && [ "$r1" = "$r1b" ] && [ "$r1" != "$r2" ] && ok || no "random tickets not reproducible by seed: '$r1' '$r1b' '$r2'"
[ "$(switches "$fixed")" -eq 3 ] && [ "$(switches "$r1")" -ge 8 ] && [ "$(switches "$r2")" -ge 8 ] && ok ||
  no "random tickets: warps not interleaved ($(switches "$r1"), $(switches "$r2") switches): $r1"
[ "$(echo "$r1" | tr ' ' '\n' | sort -n | tr '\n' ' ')" = "$(seq -s ' ' 0 63) " ] && ok || no "random tickets not a permutation: $r1"

CUDAEMU_SCHEDULE=sideways "$tmp/race" >/dev/null 2>"$tmp/err"
[ $? -eq 4 ] && grep -q 'CUDAEMU_SCHEDULE' "$tmp/err" && ok || no "an unknown schedule is not refused"

# A barrier removed from generated programs: the first `__syncthreads();` of the kernel.
for job in "n5d star2d1r 30x70 5 --bt 4 --bs 64" "25d star3d1r 9x14x40 3 --placement shared"; do
  set -- $job
  b=$1 name=$2 size=$3 steps=$4; shift 4
  base=$tmp/$b-$name
  "$STENCILC" gen "examples/$name.c" --backend "$b" "$@" -o "$base.cu" || { no "gen $job"; continue; }
  sed '0,/__syncthreads();/s//\/* barrier removed *\//' "$base.cu" >"$base-nobarrier.cu"
  [ "$(grep -c '__syncthreads();' "$base.cu")" -eq $(($(grep -c '__syncthreads();' "$base-nobarrier.cu") + 1)) ] ||
    { no "$job: no barrier removed"; continue; }
  emu_build "$base.cu" "$base" && emu_build "$base-nobarrier.cu" "$base-nobarrier" || { no "$job: build"; continue; }
  for seed in 1 2; do
    CUDAEMU_SCHEDULE=random CUDAEMU_SEED=$seed # exported by lib.sh
    emu_verify "$base" "$size" "$steps" >/dev/null && ok || no "$job: intact program, random seed $seed"
    emu_verify "$base-nobarrier" "$size" "$steps" >/dev/null
    if grep -q 'FAIL$' "$base-nobarrier.out" && grep -q 'verification failed' "$base-nobarrier.out"; then ok
    else no "$job: a barrier removed, random seed $seed: not a failed verification: $(tail -3 "$base-nobarrier.out")"; fi
  done
  CUDAEMU_SCHEDULE=fixed
  emu_verify "$base-nobarrier" "$size" "$steps" >/dev/null && fixed=passes || fixed=fails
  echo "NOTE: $b $name with a barrier removed $fixed under the fixed order too"
done

# The engine hooks of rt_cuda.h and rt_engine.h (tests/unit/test_engine.c, which the unit suite
# runs against rt_cpu.h): engine_swap trades the names, engine_sync completes the queued step.
cp tests/unit/test_engine.c "$tmp/engine.cu"
if emu_build "$tmp/engine.cu" "$tmp/engine" -DTEST_ENGINE_CUDA -I"$PWD/runtime" -I"$PWD/tests/unit" 2>"$tmp/err" &&
  "$tmp/engine" >"$tmp/out" && grep -q '^test_engine_cuda: 3 passed, 0 failed$' "$tmp/out"; then ok
else no "the CUDA engine's hooks: $(cat "$tmp/err" "$tmp/out" 2>/dev/null | tail -3)"; fi

summary cudaemu
