// Prototype for issue 22 items 1-2: 3D temporal blocking (AN5D's streaming along the slowest
// axis, bT levels in registers, the x-y plane of each level in shared memory) where the blocks
// of a thread block cluster share their tile edges through distributed shared memory instead of
// each recomputing a halo of bT cells. A cluster of CX x CY blocks of 32 x BSY threads covers
// one tile; only the cluster's outer edge carries the redundant halo. Each level of a batch of
// ROWS planes: every thread stores its ROWS values into its block's padded plane, the threads
// on a block edge also store them into the neighbour block's ghost row or column (star
// stencils need no corners), one cluster barrier, then every thread computes its ROWS outputs
// from local shared memory and its registers. CX = CY = 1 is the plain AN5D scheme.
// Stencil: star3d1r of the suite (the coefficients of examples/star3d1r.c), halo cells fixed.
// Verified against a CPU reference (double) on every cell of a grid of several z chunks with
// a poisoned output, then timed with CUDA events (median of 5).
// usage: cluster3d [N [STEPS]]   (interior N^3, default 512, 1000)
#include <cooperative_groups.h>
#include <cuda_runtime.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <algorithm>
#include <vector>

namespace cg = cooperative_groups;

#define CK(x) do { cudaError_t e_ = (x); if (e_ != cudaSuccess) { printf("CUDA %s at %d\n", cudaGetErrorString(e_), __LINE__); exit(3); } } while (0)

#define C_C 0.1212
#define C_ZM 0.1327
#define C_ZP 0.1245
#define C_YM 0.1441
#define C_YP 0.1466
#define C_XM 0.1403
#define C_XP 0.1406

template <typename T, int BSY, int CX, int CY, int BT, int ROWS, int MINB>
__global__ void __launch_bounds__(32 * BSY, MINB)
cluster3d(const T *__restrict__ in, T *__restrict__ out, int e0, int e1, int e2, int chunk) {
  constexpr int BSX = 32, SX = BSX + 2, PL = (BSY + 2) * SX, BUF = ROWS * PL;
  constexpr int UX = CX * BSX - 2 * BT, UY = CY * BSY - 2 * BT;
  extern __shared__ __align__(16) unsigned char smem_raw[];
  T *sm = reinterpret_cast<T *>(smem_raw);
  const int tx = threadIdx.x, ty = threadIdx.y;
  const int rx = blockIdx.x % CX, ry = blockIdx.y % CY;
  const int x = 1 + (blockIdx.x / CX) * UX + rx * BSX + tx - BT;
  const int y = 1 + (blockIdx.y / CY) * UY + ry * BSY + ty - BT;
  const int xc = min(max(x, 0), e2 - 1), yc = min(max(y, 0), e1 - 1);
  const bool inxy = x >= 1 && x < e2 - 1 && y >= 1 && y < e1 - 1;
  const int gx = rx * BSX + tx, gy = ry * BSY + ty;
  const bool own = inxy && gx >= BT && gx < CX * BSX - BT && gy >= BT && gy < CY * BSY - BT;
  const long s0 = (long)e1 * e2, pc = (long)yc * e2 + xc, p = (long)y * e2 + x;
  const int idx = (ty + 1) * SX + tx + 1;
  // Where this thread's value also goes: the neighbour's ghost cell, or nowhere.
  T *push_x = nullptr, *push_y = nullptr;
  if (CX * CY > 1) {
    cg::cluster_group cl = cg::this_cluster();
    const int me = rx + ry * CX;
    if (tx == 0 && rx > 0) push_x = cl.map_shared_rank(sm, me - 1) + (ty + 1) * SX + BSX + 1;
    if (tx == BSX - 1 && rx < CX - 1) push_x = cl.map_shared_rank(sm, me + 1) + (ty + 1) * SX;
    if (ty == 0 && ry > 0) push_y = cl.map_shared_rank(sm, me - CX) + (BSY + 1) * SX + tx + 1;
    if (ty == BSY - 1 && ry < CY - 1) push_y = cl.map_shared_rank(sm, me + CX) + tx + 1;
  }
  const int z0 = 1 + blockIdx.z * chunk, z1 = min(z0 + chunk, e0 - 1);
  T w[BT + 1][ROWS + 2];
#pragma unroll
  for (int l = 0; l <= BT; l++)
#pragma unroll
    for (int j = 0; j < ROWS + 2; j++) w[l][j] = 0;
  int par = 0;
  // Batch: level 0 loads planes zb .. zb+ROWS-1; level l computes planes zb-l .. zb-l+ROWS-1.
  for (int zb = z0 - BT; zb - BT < z1; zb += ROWS) {
#pragma unroll
    for (int k = 0; k < 2; k++) w[0][k] = w[0][ROWS + k];
#pragma unroll
    for (int k = 0; k < ROWS; k++) {
      const int z = min(max(zb + k, 0), e0 - 1);
      w[0][2 + k] = in[(long)z * s0 + pc];
    }
#pragma unroll
    for (int l = 1; l <= BT; l++) {
      T *buf = sm + par * BUF;
#pragma unroll
      for (int k = 0; k < ROWS; k++) buf[k * PL + idx] = w[l - 1][k + 1];
      if (CX * CY > 1) {
        if (push_x)
#pragma unroll
          for (int k = 0; k < ROWS; k++) push_x[par * BUF + k * PL] = w[l - 1][k + 1];
        if (push_y)
#pragma unroll
          for (int k = 0; k < ROWS; k++) push_y[par * BUF + k * PL] = w[l - 1][k + 1];
        cg::this_cluster().sync();
      } else {
        __syncthreads();
      }
      par ^= 1;
#pragma unroll
      for (int k = 0; k < 2; k++) w[l][k] = w[l][ROWS + k];
      // Warp rows that no owned output needs at this level compute nothing.
      const bool live = (ry > 0 || ty >= l) && (ry < CY - 1 || ty < BSY - l);
#pragma unroll
      for (int k = 0; k < ROWS; k++) {
        const T c = w[l - 1][k + 1];
        T o = c;
        if (live) {
          const int z = zb - l + k;
          const T *b = buf + k * PL + idx;
          T v = (T)C_C * c + (T)C_ZM * w[l - 1][k] + (T)C_ZP * w[l - 1][k + 2] + (T)C_YM * b[-SX] +
                (T)C_YP * b[SX] + (T)C_XM * b[-1] + (T)C_XP * b[1];
          o = inxy && z >= 1 && z < e0 - 1 ? v : c;
        }
        w[l][2 + k] = o;
      }
    }
    if (own)
#pragma unroll
      for (int k = 0; k < ROWS; k++) {
        const int z = zb - BT + k;
        if (z >= z0 && z < z1) out[(long)z * s0 + p] = w[BT][2 + k];
      }
  }
}

struct Variant {
  const char *name;
  void (*launch)(const void *, void *, int, int, int, int, cudaStream_t);
  bool dbl;
};

template <typename T, int BSY, int CX, int CY, int BT, int ROWS, int MINB>
static void launch(const void *in, void *out, int e0, int e1, int e2, int chunk, cudaStream_t st) {
  auto k = cluster3d<T, BSY, CX, CY, BT, ROWS, MINB>;
  const size_t smem = 2 * ROWS * (BSY + 2) * 34 * sizeof(T);
  static bool ready = false;
  if (!ready) {
    CK(cudaFuncSetAttribute(k, cudaFuncAttributeMaxDynamicSharedMemorySize, (int)smem));
    if (CX * CY > 8) CK(cudaFuncSetAttribute(k, cudaFuncAttributeNonPortableClusterSizeAllowed, 1));
    ready = true;
  }
  const int UX = CX * 32 - 2 * BT, UY = CY * BSY - 2 * BT;
  const int cx = (e2 - 2 + UX - 1) / UX, cy = (e1 - 2 + UY - 1) / UY;
  cudaLaunchConfig_t cfg = {};
  cfg.gridDim = dim3(cx * CX, cy * CY, (e0 - 2 + chunk - 1) / chunk);
  cfg.blockDim = dim3(32, BSY, 1);
  cfg.dynamicSmemBytes = smem;
  cfg.stream = st;
  cudaLaunchAttribute attr[1];
  attr[0].id = cudaLaunchAttributeClusterDimension;
  attr[0].val.clusterDim.x = CX;
  attr[0].val.clusterDim.y = CY;
  attr[0].val.clusterDim.z = 1;
  cfg.attrs = attr;
  cfg.numAttrs = 1;
  CK(cudaLaunchKernelEx(&cfg, k, (const T *)in, (T *)out, e0, e1, e2, chunk));
  CK(cudaGetLastError());
}

#define V(T, BSY, CX, CY, BT, ROWS, MINB) \
  {#T " bsy" #BSY " cl" #CX "x" #CY " bt" #BT " rows" #ROWS " minb" #MINB, \
   launch<T, BSY, CX, CY, BT, ROWS, MINB>, sizeof(T) == 8}

static const Variant variants[] = {
    V(float, 32, 1, 1, 4, 8, 1),
    V(float, 16, 1, 1, 4, 8, 2),
    V(float, 32, 2, 1, 4, 8, 1),
    V(float, 32, 2, 2, 4, 8, 1),
    V(float, 16, 2, 2, 4, 8, 2),
    V(float, 16, 2, 4, 4, 8, 2),
    V(float, 32, 4, 2, 4, 8, 1),
    V(float, 32, 2, 2, 6, 8, 1),
    V(float, 32, 2, 2, 3, 8, 1),
    V(float, 16, 4, 4, 4, 8, 2),
    V(double, 16, 1, 1, 3, 8, 1),
    V(double, 16, 2, 2, 3, 8, 1),
    V(double, 16, 2, 4, 3, 8, 1),
    V(double, 16, 4, 2, 3, 8, 1),
    V(double, 16, 2, 2, 4, 8, 1),
    V(double, 16, 2, 2, 2, 8, 1),
};

// One step on the host, in double, halo fixed.
static void ref_step(const std::vector<double> &a, std::vector<double> &b, int e0, int e1, int e2) {
  b = a;
  const long s0 = (long)e1 * e2;
  for (int z = 1; z < e0 - 1; z++)
    for (int y = 1; y < e1 - 1; y++)
      for (int x = 1; x < e2 - 1; x++) {
        const long i = z * s0 + (long)y * e2 + x;
        b[i] = C_C * a[i] + C_ZM * a[i - s0] + C_ZP * a[i + s0] + C_YM * a[i - e2] + C_YP * a[i + e2] +
               C_XM * a[i - 1] + C_XP * a[i + 1];
      }
}

// steps (a multiple of bT) from buffer 0; returns the buffer holding the result.
static int run(const Variant &v, void *buf[2], int e0, int e1, int e2, int steps, int bt, int chunk) {
  int src = 0;
  for (int s = 0; s < steps; s += bt, src ^= 1) v.launch(buf[src], buf[1 - src], e0, e1, e2, chunk, 0);
  return src;
}

static int bt_of(const char *name) { return atoi(strstr(name, " bt") + 3); }

template <typename T>
static double verify(const Variant &v, int e0, int e1, int e2, int steps, int chunk, unsigned seed) {
  const long n = (long)e0 * e1 * e2;
  std::vector<T> h(n);
  std::vector<double> a(n), b;
  srand(seed);
  for (long i = 0; i < n; i++) h[i] = (T)(0.5 + rand() / (double)RAND_MAX), a[i] = (double)h[i];
  void *buf[2];
  CK(cudaMalloc(&buf[0], n * sizeof(T)));
  CK(cudaMalloc(&buf[1], n * sizeof(T)));
  CK(cudaMemcpy(buf[0], h.data(), n * sizeof(T), cudaMemcpyHostToDevice));
  std::vector<T> poison(n);
  for (long i = 0; i < n; i++) poison[i] = (T)NAN;
  CK(cudaMemcpy(buf[1], poison.data(), n * sizeof(T), cudaMemcpyHostToDevice));
  // The halo of the output buffer is the input's (the harness keeps it in both buffers).
  std::vector<T> halo = h;
  for (int z = 1; z < e0 - 1; z++)
    for (int y = 1; y < e1 - 1; y++)
      for (int x = 1; x < e2 - 1; x++) halo[(long)z * e1 * e2 + (long)y * e2 + x] = (T)NAN;
  CK(cudaMemcpy(buf[1], halo.data(), n * sizeof(T), cudaMemcpyHostToDevice));
  const int res = run(v, buf, e0, e1, e2, steps, bt_of(v.name), chunk);
  CK(cudaDeviceSynchronize());
  CK(cudaMemcpy(h.data(), buf[res], n * sizeof(T), cudaMemcpyDeviceToHost));
  for (int s = 0; s < steps; s++) ref_step(a, b, e0, e1, e2), a.swap(b);
  double err = 0;
  for (long i = 0; i < n; i++) {
    const double d = fabs((double)h[i] - a[i]);
    if (!(d <= err)) err = d != d ? INFINITY : d;
  }
  CK(cudaFree(buf[0]));
  CK(cudaFree(buf[1]));
  return err;
}

template <typename T>
static double time_it(const Variant &v, int N, int steps, int chunk) {
  const int e = N + 2;
  const long n = (long)e * e * e;
  std::vector<T> h(n);
  for (long i = 0; i < n; i++) h[i] = (T)(0.5 + (i * 2654435761u % 1000) / 1000.0);
  void *buf[2];
  CK(cudaMalloc(&buf[0], n * sizeof(T)));
  CK(cudaMalloc(&buf[1], n * sizeof(T)));
  CK(cudaMemcpy(buf[0], h.data(), n * sizeof(T), cudaMemcpyHostToDevice));
  CK(cudaMemcpy(buf[1], h.data(), n * sizeof(T), cudaMemcpyHostToDevice));
  const int bt = bt_of(v.name);
  const int st = steps / bt * bt;
  run(v, buf, e, e, e, 4 * bt, bt, chunk);  // warm-up
  cudaEvent_t a, b;
  CK(cudaEventCreate(&a));
  CK(cudaEventCreate(&b));
  std::vector<float> ms;
  for (int r = 0; r < 5; r++) {
    CK(cudaEventRecord(a));
    run(v, buf, e, e, e, st, bt, chunk);
    CK(cudaEventRecord(b));
    CK(cudaEventSynchronize(b));
    float t;
    CK(cudaEventElapsedTime(&t, a, b));
    ms.push_back(t);
  }
  std::sort(ms.begin(), ms.end());
  CK(cudaFree(buf[0]));
  CK(cudaFree(buf[1]));
  return (double)N * N * N * st / (ms[2] * 1e-3) / 1e9;
}

int main(int argc, char **argv) {
  const int N = argc > 1 ? atoi(argv[1]) : 512, steps = argc > 2 ? atoi(argv[2]) : 1000;
  const char *only = getenv("ONLY");
  printf("%-40s %10s %10s %9s %s\n", "variant", "chunk", "GCells/s", "max err", "verdict");
  for (const Variant &v : variants) {
    if (only && !strstr(v.name, only)) continue;
    const int bt = bt_of(v.name);
    // Several z chunks of unequal fill, x and y not multiples of any tile.
    const double e1 = v.dbl ? verify<double>(v, 61, 77, 291, 3 * bt, 16, 7)
                            : verify<float>(v, 61, 77, 291, 3 * bt, 16, 7);
    const double tol = v.dbl ? 1e-12 : 1e-4;
    const bool ok = e1 <= tol;
    for (int chunk : {64, 128, 256}) {
      double g = ok ? (v.dbl ? time_it<double>(v, N, steps, chunk) : time_it<float>(v, N, steps, chunk)) : 0;
      printf("%-40s %10d %10.1f %9.2e %s\n", v.name, chunk, g, e1, ok ? "PASS" : "FAIL");
      fflush(stdout);
      if (!ok) break;
    }
  }
  return 0;
}
