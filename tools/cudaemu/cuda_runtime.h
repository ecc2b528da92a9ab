/* cudaemu: runs stencilc's generated CUDA programs on the CPU, so that their kernels can be
 * verified on a machine without a GPU (tools/cudaemu/build.sh compiles one). It stands in for
 * <cuda_runtime.h> and implements what the generated code uses, nothing more:
 *   - device memory is host memory (malloc), copies are memcpy, events read a clock;
 *     __constant__ arrays (run-time weights) are host arrays, filled by cudaMemcpyToSymbol;
 *     with CUDAEMU_COPIES set, the program reports on exit the bytes copied from device to
 *     device (what a test of an engine that should rename buffers instead counts);
 *   - a launch runs the blocks one after another; every thread of a block is a fiber
 *     (ucontext) that runs until it reaches __syncthreads() or a warp shuffle, which are
 *     barriers over the block or the warp; a barrier that can never complete (a thread exited
 *     or took another path) aborts with "deadlock"; atomics (a double add, an unsigned max) are
 *     plain updates, as no two fibers run at once;
 *   - the schedule, CUDAEMU_SCHEDULE: "fixed" (the default) runs the ready threads in index
 *     order, so thread 0 reaches each barrier first; "random" runs them in a new random order
 *     each round, seeded by CUDAEMU_SEED (default 1), and the thread that completes a barrier
 *     waits its turn like the others, so the warps interleave at shuffles and the threads of a
 *     block at barriers in any order the hardware may choose. A kernel that reads shared memory
 *     another thread writes without a barrier between them then reads a stale or NaN value in
 *     some order, and fails its verification;
 *   - dynamic shared memory is allocated per block at exactly the launch size and filled with
 *     NaN bytes, so an out-of-bounds access shows under AddressSanitizer and a read of a value
 *     never written poisons the result; a launch asking for more than 48 KB without
 *     cudaFuncSetAttribute fails as it does on a GPU.
 * What it cannot see: a race inside one stretch between barriers that no order of whole
 * stretches exposes (a thread runs from one barrier to the next without interruption), timing,
 * and anything the hardware does differently in a warp that diverges. */
#ifndef STENCILC_CUDAEMU_H
#define STENCILC_CUDAEMU_H

#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <map>
#include <tuple>
#include <utility>
#include <ucontext.h>
#include <vector>

#define __global__
#define __device__
#define __constant__ /* constant memory is a host array too */
#define __host__
#define __forceinline__ inline
#define __noinline__ __attribute__((noinline))
#define __launch_bounds__(...)
#define __align__(n) alignas(n)

struct dim3 {
  unsigned x, y, z;
  dim3(unsigned x_ = 1, unsigned y_ = 1, unsigned z_ = 1) : x(x_), y(y_), z(z_) {}
};
struct uint3 {
  unsigned x, y, z;
};
/* CUDA's 16-byte vector types, aligned as on the device (a misaligned vector load faults there,
 * and UBSan's alignment check reports it here). */
struct alignas(16) float4 {
  float x, y, z, w;
};
struct alignas(16) double2 {
  double x, y;
};

typedef enum { cudaSuccess = 0, cudaErrorInvalidValue = 1, cudaErrorLaunch = 2 } cudaError_t;
typedef enum {
  cudaMemcpyHostToDevice,
  cudaMemcpyDeviceToHost,
  cudaMemcpyDeviceToDevice
} cudaMemcpyKind;
typedef enum { cudaDevAttrMultiProcessorCount } cudaDeviceAttr;
typedef enum { cudaFuncAttributeMaxDynamicSharedMemorySize } cudaFuncAttribute;
typedef double *cudaEvent_t;
/* Streams: every call runs at once, in program order, so any stream (the handle's type is the
 * CUDA runtime's) orders the work as a real one would. */
typedef struct CUstream_st *cudaStream_t;
enum { cudaEventDisableTiming = 2, cudaStreamNonBlocking = 1 };

/* ---- the fibers of one block ---- */

struct EmuThread {
  ucontext_t ctx;
  uint3 tid;
  int warp, lane;
  unsigned shuffles; /* shuffles done: picks the slot set */
  bool done, waiting;
};

struct EmuBarrier {
  int arrived = 0;
  std::vector<EmuThread *> waiting;
};

struct EmuState {
  ucontext_t sched;
  std::vector<EmuThread> threads;
  EmuThread *cur = nullptr;
  uint3 block_idx;
  dim3 block_dim, grid_dim;
  unsigned char *smem = nullptr;
  EmuBarrier block_barrier;
  std::vector<EmuBarrier> warp_barriers;
  std::vector<uint64_t> slots; /* two sets of one shuffle value per thread of the block */
  std::map<const void *, size_t> max_smem; /* cudaFuncSetAttribute per kernel */
  cudaError_t last_error = cudaSuccess;
  int random = -1; /* CUDAEMU_SCHEDULE=random; -1 until read */
  uint64_t rng = 0; /* splitmix64 state, from CUDAEMU_SEED */
};
static EmuState emu;

#define threadIdx (emu.cur->tid)
#define blockIdx (emu.block_idx)
#define blockDim (emu.block_dim)
#define gridDim (emu.grid_dim)

static inline void emu_fail(const char *what) {
  fprintf(stderr, "cudaemu: %s\n", what);
  exit(4);
}

/* Suspends the current thread until `n` threads have arrived at b. Under the random schedule
 * the last to arrive yields too, so that it need not be the first past the barrier. */
static inline void emu_barrier(EmuBarrier &b, int n) {
  if (++b.arrived == n) {
    b.arrived = 0;
    for (EmuThread *t : b.waiting) t->waiting = false;
    b.waiting.clear();
    if (emu.random) swapcontext(&emu.cur->ctx, &emu.sched);
    return;
  }
  EmuThread *self = emu.cur;
  self->waiting = true;
  b.waiting.push_back(self);
  swapcontext(&self->ctx, &emu.sched);
}

static inline void __syncthreads() { emu_barrier(emu.block_barrier, (int)emu.threads.size()); }

/* A shuffle: every lane of the warp deposits its value, waits for the others, then reads lane
 * `src(lane)`'s (its own when that is outside 0..31). The slots alternate between two sets by
 * shuffle, so a lane cannot overwrite a value before every lane has read it: writing the same set
 * again takes passing the next shuffle's barrier, which all lanes reach only after reading. */
template <class T, class F>
static inline T emu_shuffle(unsigned mask, T v, F src) {
  if (mask != 0xffffffffu) emu_fail("only full-warp shuffles are emulated");
  static_assert(sizeof(T) <= sizeof(uint64_t), "shuffled type too large");
  EmuThread *self = emu.cur;
  int base = self->warp * 32, left = (int)emu.threads.size() - base, lanes = left < 32 ? left : 32;
  uint64_t *slots = &emu.slots[(self->shuffles++ & 1) * emu.threads.size() + base];
  memcpy(&slots[self->lane], &v, sizeof v);
  emu_barrier(emu.warp_barriers[self->warp], lanes);
  int s = src(self->lane);
  T r = v;
  if (s >= 0 && s < lanes) memcpy(&r, &slots[s], sizeof r);
  return r;
}
template <class T>
static inline T __shfl_up_sync(unsigned mask, T v, unsigned d, int width = 32) {
  if (width != 32) emu_fail("only width 32 is emulated");
  return emu_shuffle(mask, v, [d](int l) { return l - (int)d; });
}
template <class T>
static inline T __shfl_down_sync(unsigned mask, T v, unsigned d, int width = 32) {
  if (width != 32) emu_fail("only width 32 is emulated");
  return emu_shuffle(mask, v, [d](int l) { return l + (int)d; });
}
template <class T>
static inline T __shfl_sync(unsigned mask, T v, int lane, int width = 32) {
  if (width != 32) emu_fail("only width 32 is emulated");
  return emu_shuffle(mask, v, [lane](int) { return lane; });
}

static inline unsigned char *emu_dynamic_smem() { return emu.smem; }

/* Device functions of CUDA's headers that the kernels call. */
template <class A, class B>
static inline auto min(A a, B b) -> decltype(a + b) { return a < b ? a : b; }
template <class A, class B>
static inline auto max(A a, B b) -> decltype(a + b) { return a < b ? b : a; }
template <class T>
static inline T __ldg(const T *p) { return *p; }
/* Arithmetic rounded alone (no fused multiply-add), as in CUDA; the host compiler does not fuse
 * at -O0 either. */
static inline double __dadd_rn(double a, double b) { return a + b; }
static inline double __dmul_rn(double a, double b) { return a * b; }
static inline long long __double_as_longlong(double v) {
  long long r;
  memcpy(&r, &v, sizeof r);
  return r;
}
/* Atomics: the fibers of a launch never run at the same time, so a plain update is atomic.
 * They return the old value, as CUDA's do. */
static inline double atomicAdd(double *p, double v) {
  double old = *p;
  *p = old + v;
  return old;
}
static inline unsigned long long atomicMax(unsigned long long *p, unsigned long long v) {
  unsigned long long old = *p;
  *p = old < v ? v : old;
  return old;
}

/* ---- launches ---- */

struct EmuConfig {
  dim3 grid, block;
  size_t smem;
};
static inline EmuConfig emu_config(dim3 grid, dim3 block, size_t smem = 0) { return {grid, block, smem}; }

/* Reads CUDAEMU_SCHEDULE and CUDAEMU_SEED once. */
static void emu_schedule_init() {
  if (emu.random >= 0) return;
  const char *s = getenv("CUDAEMU_SCHEDULE"), *seed = getenv("CUDAEMU_SEED");
  if (!s || !*s || !strcmp(s, "fixed")) emu.random = 0;
  else if (!strcmp(s, "random")) emu.random = 1;
  else emu_fail("CUDAEMU_SCHEDULE must be fixed or random");
  char *end = nullptr;
  emu.rng = seed && *seed ? strtoull(seed, &end, 10) : 1;
  if (end && *end) emu_fail("CUDAEMU_SEED must be a decimal number");
}
static uint64_t emu_rand() { /* splitmix64 */
  uint64_t z = (emu.rng += 0x9e3779b97f4a7c15ull);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}
/* The order of one round over the threads: by index, or a random permutation (Fisher-Yates). */
static void emu_round_order(std::vector<size_t> &order) {
  for (size_t i = 0; i < order.size(); i++) order[i] = i;
  if (emu.random)
    for (size_t i = order.size(); i > 1; i--) std::swap(order[i - 1], order[emu_rand() % i]);
}

static std::function<void()> *emu_body;
static void emu_entry() {
  (*emu_body)();
  emu.cur->done = true;
  /* returning resumes uc_link: the scheduler */
}

template <class... P, class... A>
static void emu_launch(EmuConfig c, void (*kernel)(P...), A... args) {
  auto it = emu.max_smem.find((const void *)kernel);
  size_t limit = it == emu.max_smem.end() ? 48 * 1024 : it->second;
  size_t threads = (size_t)c.block.x * c.block.y * c.block.z;
  if (c.smem > limit || threads > 1024 || threads == 0 || !c.grid.x || !c.grid.y || !c.grid.z) {
    emu.last_error = cudaErrorLaunch;
    return;
  }
  emu_schedule_init();
  std::tuple<P...> params(args...);
  std::function<void()> body = [&] { std::apply(kernel, params); };
  emu_body = &body;
  const size_t stack_size = 128 * 1024;
  char *stacks = (char *)malloc(threads * stack_size); /* untouched pages cost nothing */
  emu.threads.assign(threads, EmuThread{});
  emu.slots.assign(2 * threads, 0);
  emu.warp_barriers.assign((threads + 31) / 32, EmuBarrier{});
  emu.block_dim = c.block;
  emu.grid_dim = c.grid;
  for (unsigned bz = 0; bz < c.grid.z; bz++)
    for (unsigned by = 0; by < c.grid.y; by++)
      for (unsigned bx = 0; bx < c.grid.x; bx++) {
        emu.block_idx = {bx, by, bz};
        emu.smem = (unsigned char *)malloc(c.smem ? c.smem : 1);
        memset(emu.smem, 0xff, c.smem);
        emu.block_barrier = EmuBarrier{};
        for (size_t t = 0; t < threads; t++) {
          EmuThread &th = emu.threads[t];
          th = EmuThread{};
          th.tid = {(unsigned)(t % c.block.x), (unsigned)(t / c.block.x % c.block.y),
                    (unsigned)(t / ((size_t)c.block.x * c.block.y))};
          th.warp = (int)(t / 32);
          th.lane = (int)(t % 32);
          getcontext(&th.ctx);
          th.ctx.uc_stack.ss_sp = &stacks[t * stack_size];
          th.ctx.uc_stack.ss_size = stack_size;
          th.ctx.uc_link = &emu.sched;
          makecontext(&th.ctx, emu_entry, 0);
        }
        std::vector<size_t> order(threads);
        for (bool left = true; left;) {
          left = false;
          bool ran = false;
          emu_round_order(order);
          for (size_t k : order) {
            EmuThread &th = emu.threads[k];
            if (th.done) continue;
            left = true;
            if (th.waiting) continue;
            ran = true;
            emu.cur = &th;
            swapcontext(&emu.sched, &th.ctx);
          }
          if (left && !ran) emu_fail("deadlock: a barrier or shuffle that not every thread reaches");
        }
        free(emu.smem);
        emu.smem = nullptr;
      }
  free(stacks);
}

/* ---- the runtime API ---- */

static inline const char *cudaGetErrorString(cudaError_t e) {
  return e == cudaSuccess ? "no error" : e == cudaErrorLaunch ? "launch failed (cudaemu)" : "invalid value";
}
static inline cudaError_t cudaGetLastError() {
  cudaError_t e = emu.last_error;
  emu.last_error = cudaSuccess;
  return e;
}
static inline cudaError_t cudaGetDeviceCount(int *n) { return *n = 1, cudaSuccess; }
static inline cudaError_t cudaSetDevice(int) { return cudaSuccess; }
static inline cudaError_t cudaDeviceGetAttribute(int *v, cudaDeviceAttr, int) { return *v = 132, cudaSuccess; }
template <class K>
static inline cudaError_t cudaFuncSetAttribute(K *kernel, cudaFuncAttribute, int bytes) {
  if (bytes > 227 * 1024) return cudaErrorInvalidValue;
  emu.max_smem[(const void *)kernel] = (size_t)bytes;
  return cudaSuccess;
}
static inline cudaError_t cudaMalloc(void **p, size_t n) {
  *p = malloc(n ? n : 1);
  return *p ? cudaSuccess : cudaErrorInvalidValue;
}
static inline cudaError_t cudaFree(void *p) { return free(p), cudaSuccess; }
static inline cudaError_t cudaMemset(void *p, int v, size_t n) { return memset(p, v, n), cudaSuccess; }
/* Pinned host memory is plain host memory here. */
static inline cudaError_t cudaMallocHost(void **p, size_t n) { return cudaMalloc(p, n); }
static inline cudaError_t cudaFreeHost(void *p) { return cudaFree(p); }
/* The bytes cudaMemcpy moved from device to device, reported on exit under CUDAEMU_COPIES. */
struct EmuCopies {
  size_t device_bytes = 0;
  ~EmuCopies() {
    if (getenv("CUDAEMU_COPIES")) fprintf(stderr, "cudaemu: %zu bytes copied device to device\n", device_bytes);
  }
};
static EmuCopies emu_copies;
static inline cudaError_t cudaMemcpy(void *d, const void *s, size_t n, cudaMemcpyKind kind) {
  if (kind == cudaMemcpyDeviceToDevice) emu_copies.device_bytes += n;
  memcpy(d, s, n);
  return cudaSuccess;
}
template <class T>
static inline cudaError_t cudaMemcpyToSymbol(T &symbol, const void *s, size_t n, size_t offset = 0,
                                             cudaMemcpyKind = cudaMemcpyHostToDevice) {
  if (offset + n > sizeof symbol) return cudaErrorInvalidValue;
  memcpy((char *)&symbol + offset, s, n);
  return cudaSuccess;
}
static inline cudaError_t cudaMemcpyAsync(void *d, const void *s, size_t n, cudaMemcpyKind k,
                                          cudaStream_t = 0) {
  return cudaMemcpy(d, s, n, k);
}
template <class T>
static inline cudaError_t cudaMemcpyToSymbolAsync(T &symbol, const void *s, size_t n, size_t offset,
                                                  cudaMemcpyKind k, cudaStream_t = 0) {
  return cudaMemcpyToSymbol(symbol, s, n, offset, k);
}
/* height rows of width bytes, pitch bytes apart */
static inline cudaError_t cudaMemcpy2DAsync(void *d, size_t dpitch, const void *s, size_t spitch,
                                            size_t width, size_t height, cudaMemcpyKind,
                                            cudaStream_t = 0) {
  if (width > dpitch || width > spitch) return cudaErrorInvalidValue;
  for (size_t r = 0; r < height; r++) memcpy((char *)d + r * dpitch, (const char *)s + r * spitch, width);
  return cudaSuccess;
}
static inline cudaError_t cudaStreamCreate(cudaStream_t *s) {
  return *s = (cudaStream_t) new char(0), cudaSuccess;
}
static inline cudaError_t cudaStreamCreateWithFlags(cudaStream_t *s, unsigned) { return cudaStreamCreate(s); }
static inline cudaError_t cudaStreamDestroy(cudaStream_t s) { return delete (char *)s, cudaSuccess; }
static inline cudaError_t cudaStreamSynchronize(cudaStream_t) { return cudaSuccess; }
static inline cudaError_t cudaDeviceSynchronize() { return cudaSuccess; }
static inline cudaError_t cudaStreamWaitEvent(cudaStream_t, cudaEvent_t, unsigned = 0) { return cudaSuccess; }
static inline cudaError_t cudaEventCreate(cudaEvent_t *e) { return *e = new double(0), cudaSuccess; }
static inline cudaError_t cudaEventDestroy(cudaEvent_t e) { return delete e, cudaSuccess; }
static inline cudaError_t cudaEventCreateWithFlags(cudaEvent_t *e, unsigned) { return cudaEventCreate(e); }
static inline cudaError_t cudaEventRecord(cudaEvent_t e, cudaStream_t = 0) {
  *e = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now().time_since_epoch()).count();
  return cudaSuccess;
}
static inline cudaError_t cudaEventSynchronize(cudaEvent_t) { return cudaSuccess; }
static inline cudaError_t cudaEventElapsedTime(float *ms, cudaEvent_t a, cudaEvent_t b) {
  return *ms = (float)(*b - *a), cudaSuccess;
}

#endif
