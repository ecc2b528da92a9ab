// Prototype for issue 22 item 3: one step of a conv2d stencil (an M x N filter of run-time
// weights over a grid with a fixed halo) computed as a circular convolution through cuFFT. The
// transform is SR x SC >= the grid: wrapped outputs land only on cells outside the interior.
// The filter's spectrum (placed so that the result lands on its own cell, and scaled by
// 1/(SR SC)) is made once. Two layouts:
//   direct (SR x SC = the grid): R2C of the input, a pointwise product, C2R into the output, the
//          halo copied back; no copies, but the grid's extents are rarely 2-3-5-7 smooth sizes,
//          where cuFFT is fast;
//   padded (SR, SC the next smooth sizes): the input copied into a buffer of that pitch, R2C,
//          product, C2R in place, the interior copied into the output (cudaMemcpy2DAsync).
// Verified against a CPU reference (double) on every cell of a small grid and on sampled cells of
// the timed one, with a poisoned output; then timed with CUDA events (median of 20).
// usage: fft_conv M N SIZE   (runs both layouts)
#include <cuda_runtime.h>
#include <cufft.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <algorithm>
#include <vector>

#define CK(x) do { cudaError_t e_ = (x); if (e_ != cudaSuccess) { printf("CUDA %s at %d\n", cudaGetErrorString(e_), __LINE__); exit(3); } } while (0)
#define FK(x) do { cufftResult r_ = (x); if (r_ != CUFFT_SUCCESS) { printf("cuFFT %d at %d\n", (int)r_, __LINE__); exit(3); } } while (0)

__global__ void multiply(cufftComplex *x, const cufftComplex *w, long n) {
  for (long i = blockIdx.x * (long)blockDim.x + threadIdx.x; i < n; i += (long)gridDim.x * blockDim.x) {
    cufftComplex a = x[i], b = w[i];
    x[i] = make_cuFloatComplex(a.x * b.x - a.y * b.y, a.x * b.y + a.y * b.x);
  }
}

// Copies the halo (P top rows, M-1-P bottom, Q left and N-1-Q right columns) from in to out.
__global__ void restore_halo(const float *in, float *out, int R, int C, int M, int N, int P, int Q) {
  long i = blockIdx.x * (long)blockDim.x + threadIdx.x;
  long top = (long)P * C, bottom = (long)(M - 1 - P) * C;
  long side = (long)(R - (M - 1)) * (N - 1);
  if (i < top) { out[i] = in[i]; return; }
  i -= top;
  if (i < bottom) { long k = (long)(R - (M - 1 - P)) * C + i; out[k] = in[k]; return; }
  i -= bottom;
  if (i < side) {
    long row = P + i / (N - 1), c = i % (N - 1);
    long col = c < Q ? c : C - (N - 1 - Q) + (c - Q);
    out[row * C + col] = in[row * C + col];
  }
}

__global__ void poison_rows(float *out, int C, int Q, int cols) {
  for (int j = threadIdx.x; j < cols; j += blockDim.x) out[(long)blockIdx.x * C + Q + j] = nanf("");
}
static void poison_interior(float *out, int R, int C, int M, int N) {
  int P = (M - 1) / 2, Q = (N - 1) / 2;
  poison_rows<<<R - (M - 1), 256>>>(out + (long)P * C, C, Q, C - (N - 1));
  CK(cudaDeviceSynchronize());
}

struct Conv {
  int R, C, M, N, P, Q;
  int SR, SC;     // transform extents; padded when they differ from R, C
  cufftHandle fwd, inv;
  cufftComplex *spec, *wspec;
  float *pad;     // padded layout: SR x SC reals (the C2R output too)
  long nspec;
};

static int smooth(int k) {
  for (;; k++) {
    int r = k;
    for (int p : {2, 3, 5, 7}) while (r % p == 0) r /= p;
    if (r == 1) return k;
  }
}

static float rnd(unsigned long long *s) {
  *s = *s * 6364136223846793005ULL + 1442695040888963407ULL;
  float v = 0.1f + 0.9f * (float)((*s >> 40) / 16777216.0);
  return ((*s >> 33) & 1) ? -v : v;
}

static void conv_init(Conv *c, int R, int C, int M, int N, const std::vector<float> &w, bool padded) {
  *c = Conv{R, C, M, N, (M - 1) / 2, (N - 1) / 2, padded ? smooth(R) : R, padded ? smooth(C) : C};
  c->pad = NULL;
  if (padded) CK(cudaMalloc(&c->pad, (size_t)c->SR * c->SC * sizeof(float)));
  c->nspec = (long)c->SR * (c->SC / 2 + 1);
  FK(cufftPlan2d(&c->fwd, c->SR, c->SC, CUFFT_R2C));
  FK(cufftPlan2d(&c->inv, c->SR, c->SC, CUFFT_C2R));
  CK(cudaMalloc(&c->spec, c->nspec * sizeof(cufftComplex)));
  CK(cudaMalloc(&c->wspec, c->nspec * sizeof(cufftComplex)));
  // out[g] = sum w[a][b] in[g - (P, Q) + (a, b)]: a circular convolution with k[(P - a) mod R][(Q - b) mod C] = w[a][b] / (R C)
  int SR = c->SR, SC = c->SC;
  std::vector<float> k((size_t)SR * SC, 0.0f);
  for (int a = 0; a < M; a++)
    for (int b = 0; b < N; b++)
      k[(size_t)((c->P - a + SR) % SR) * SC + (c->Q - b + SC) % SC] = w[a * N + b] / ((float)SR * SC);
  float *dk;
  CK(cudaMalloc(&dk, k.size() * sizeof(float)));
  CK(cudaMemcpy(dk, k.data(), k.size() * sizeof(float), cudaMemcpyHostToDevice));
  FK(cufftExecR2C(c->fwd, dk, c->wspec));
  CK(cudaDeviceSynchronize());
  CK(cudaFree(dk));
}

static void conv_step(Conv *c, const float *in, float *out) {
  if (c->pad) {
    CK(cudaMemcpy2DAsync(c->pad, c->SC * 4, in, c->C * 4, c->C * 4, c->R, cudaMemcpyDeviceToDevice));
    FK(cufftExecR2C(c->fwd, c->pad, c->spec));
    multiply<<<1024, 256>>>(c->spec, c->wspec, c->nspec);
    FK(cufftExecC2R(c->inv, c->spec, c->pad));
    size_t first = (size_t)c->P * c->SC + c->Q, dst = (size_t)c->P * c->C + c->Q;
    CK(cudaMemcpy2DAsync(out + dst, c->C * 4, c->pad + first, c->SC * 4, (c->C - (c->N - 1)) * 4,
                         c->R - (c->M - 1), cudaMemcpyDeviceToDevice));
    return;
  }
  FK(cufftExecR2C(c->fwd, (cufftReal *)in, c->spec));
  multiply<<<1024, 256>>>(c->spec, c->wspec, c->nspec);
  FK(cufftExecC2R(c->inv, c->spec, out));
  long halo = (long)(c->M - 1) * c->C + (long)(c->R - (c->M - 1)) * (c->N - 1);
  restore_halo<<<(unsigned)((halo + 255) / 256), 256>>>(in, out, c->R, c->C, c->M, c->N, c->P, c->Q);
}

// Max error over the cells listed (all when stride 1), relative to sum |w x| per cell.
static double check(const std::vector<float> &in, const std::vector<float> &out, const std::vector<float> &w,
                    int R, int C, int M, int N, long stride) {
  int P = (M - 1) / 2, Q = (N - 1) / 2;
  double worst = 0;
  long total = (long)R * C;
  for (long g = 0; g < total; g += stride) {
    long i = g / C, j = g % C;
    bool inner = i >= P && i < R - (M - 1 - P) && j >= Q && j < C - (N - 1 - Q);
    double ref = in[g], mag = fabs(ref);
    if (inner) {
      ref = 0; mag = 0;
      for (int a = 0; a < M; a++)
        for (int b = 0; b < N; b++) {
          double v = (double)w[a * N + b] * in[(i - P + a) * C + (j - Q + b)];
          ref += v; mag += fabs(v);
        }
    }
    double e = fabs(out[g] - ref) / (mag > 0 ? mag : 1);
    if (!(e <= worst)) worst = isnan(e) ? INFINITY : e;
  }
  return worst;
}

static double run(int M, int N, int size, bool time_it, long stride, bool padded) {
  int R = size + M - 1, C = size + N - 1;
  unsigned long long s = 12345 + size;
  std::vector<float> w(M * N), in((size_t)R * C), out((size_t)R * C);
  double sum = 0;
  for (auto &v : w) { v = fabsf(rnd(&s)); sum += v; }
  for (auto &v : w) v /= sum;
  for (auto &v : in) v = rnd(&s);
  float *din, *dout;
  CK(cudaMalloc(&din, in.size() * 4));
  CK(cudaMalloc(&dout, in.size() * 4));
  CK(cudaMemcpy(din, in.data(), in.size() * 4, cudaMemcpyHostToDevice));
  CK(cudaMemset(dout, 0xff, in.size() * 4));  // NaN
  if (padded) {  // the halo as a program's buffers hold it, the interior poisoned
    CK(cudaMemcpy(dout, din, in.size() * 4, cudaMemcpyDeviceToDevice));
    poison_interior(dout, R, C, M, N);
  }
  Conv c;
  conv_init(&c, R, C, M, N, w, padded);
  conv_step(&c, din, dout);
  CK(cudaGetLastError());
  CK(cudaMemcpy(out.data(), dout, out.size() * 4, cudaMemcpyDeviceToHost));
  double err = check(in, out, w, R, C, M, N, stride);
  double ms = 0;
  if (time_it && err < 1e-4) {
    cudaEvent_t a, b;
    CK(cudaEventCreate(&a)); CK(cudaEventCreate(&b));
    for (int i = 0; i < 3; i++) conv_step(&c, din, dout);
    std::vector<float> t;
    for (int i = 0; i < 20; i++) {
      CK(cudaEventRecord(a));
      conv_step(&c, din, dout);
      CK(cudaEventRecord(b));
      CK(cudaEventSynchronize(b));
      float x; CK(cudaEventElapsedTime(&x, a, b)); t.push_back(x);
    }
    std::sort(t.begin(), t.end());
    ms = t[t.size() / 2];
  }
  printf("fft_conv %s %dx%d size %d (grid %dx%d, transform %dx%d): max err/sum|wx| %.3e %s%s",
         padded ? "padded" : "direct", M, N, size, R, C, c.SR, c.SC, err,
         err < 1e-4 ? "PASS" : "FAIL", time_it ? "" : "\n");
  if (time_it) printf("  %.3f ms  %.1f GCells/s\n", ms, (double)size * size / ms / 1e6);
  cufftDestroy(c.fwd); cufftDestroy(c.inv);
  cudaFree(c.spec); cudaFree(c.wspec); cudaFree(c.pad); cudaFree(din); cudaFree(dout);
  return err;
}

int main(int argc, char **argv) {
  if (argc != 4) { printf("usage: fft_conv M N SIZE\n"); return 2; }
  int M = atoi(argv[1]), N = atoi(argv[2]), size = atoi(argv[3]);
  for (bool padded : {false, true}) {
    if (run(M, N, 61, false, 1, padded) >= 1e-4) return 1;   // every cell of a small odd grid
    if (run(M, N, size, true, 9973, padded) >= 1e-4) return 1; // sampled cells of the timed grid
  }
  return 0;
}
