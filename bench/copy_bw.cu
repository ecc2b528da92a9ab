// Device-to-device copy bandwidth (bytes read + written), the memory ceiling the stencil results
// are compared with. 2 GiB buffers, one warm-up, median of 20 copies timed with CUDA events.
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <vector>

#define CHECK(x)                                                                              \
  do {                                                                                        \
    cudaError_t e_ = (x);                                                                     \
    if (e_ != cudaSuccess) {                                                                  \
      fprintf(stderr, "%s:%d: %s\n", __FILE__, __LINE__, cudaGetErrorString(e_));            \
      exit(4);                                                                                \
    }                                                                                         \
  } while (0)

int main() {
  const size_t bytes = size_t(2) << 30;
  void *a, *b;
  CHECK(cudaMalloc(&a, bytes));
  CHECK(cudaMalloc(&b, bytes));
  CHECK(cudaMemset(a, 1, bytes));
  cudaEvent_t t0, t1;
  CHECK(cudaEventCreate(&t0));
  CHECK(cudaEventCreate(&t1));
  CHECK(cudaMemcpy(b, a, bytes, cudaMemcpyDeviceToDevice));
  std::vector<float> ms(20);
  for (float &m : ms) {
    CHECK(cudaEventRecord(t0));
    CHECK(cudaMemcpy(b, a, bytes, cudaMemcpyDeviceToDevice));
    CHECK(cudaEventRecord(t1));
    CHECK(cudaEventSynchronize(t1));
    CHECK(cudaEventElapsedTime(&m, t0, t1));
  }
  std::sort(ms.begin(), ms.end());
  cudaDeviceProp p;
  CHECK(cudaGetDeviceProperties(&p, 0));
  printf("COPY gpu=\"%s\" bytes=%zu median_ms=%.4f GBps=%.1f\n", p.name, bytes, ms[10],
         2.0 * bytes / (ms[10] * 1e6));
  return 0;
}
