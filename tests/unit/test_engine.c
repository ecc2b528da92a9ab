/* Unit tests of the engine hooks every engine shares or implements alike (runtime/rt_engine.h,
 * rt_cpu.h; tests/test_cudaemu.sh builds this file against rt_cuda.h through tools/cudaemu with
 * -DTEST_ENGINE_CUDA): engine_swap trades the two buffers' names, engine_sync returns with the
 * queued step complete. The step is hand-written: out = in + 10 on every cell. */
#ifdef TEST_ENGINE_CUDA
#include "rt_common.h"
#include "rt_chunk.h"
#include "rt_cuda_base.h"
#include "rt_cuda.h"
#else
#include "rt_common.h"
#include "rt_cpu.h"
#endif
#include "rt_engine.h"
#include "expect.h"

#ifdef TEST_ENGINE_CUDA
__global__ void add_ten(const rt_real *in, rt_real *out, long cells) {
  for (long i = threadIdx.x; i < cells; i += blockDim.x) out[i] = in[i] + 10;
}
static void stencil_step(const rt_real *in, rt_real *out, const RtGrid *g) {
  add_ten<<<1, 32>>>(in, out, g->cells);
}
#else
static void stencil_step(const rt_real *in, rt_real *out, const RtGrid *g) {
  for (long i = 0; i < g->cells; i++) out[i] = in[i] + 10;
}
#endif

static const RtStencil star2d = {"t", "cpu", "double", 2, {1, 1, 0}, {1, 1, 0}, 5, 1.0, 0,
                                 8, 1, 1, 0, NULL, 0, NULL, NULL, {0, 0, 0}};

/* Whether every cell of buffer `which` holds v. */
static int holds(Engine *e, int which, rt_real v, rt_real *host) {
  engine_download(e, which, host);
  int all = 1;
  for (long i = 0; i < e->g.cells; i++) all &= host[i] == v;
  return all;
}

int main(void) {
  long n[2] = {5, 7};
  RtGrid g = rt_grid_make(&star2d, n);
  rt_real *a = rt_alloc_grid(&g), *b = rt_alloc_grid(&g), *h = rt_alloc_grid(&g);
  for (long i = 0; i < g.cells; i++) a[i] = 1, b[i] = 2;
  engine_setup();
  Engine *e = engine_create(&g);
  engine_upload(e, a, b);
  rt_real *before[2] = {e->buf[0], e->buf[1]};
  engine_swap(e);
  EXPECT(e->buf[0] == before[1] && e->buf[1] == before[0], "engine_swap must trade the names");
  EXPECT(holds(e, 0, 2, h) && holds(e, 1, 1, h), "after engine_swap buffer 0 holds what 1 held");
  engine_swap(e);
  engine_step(e, 0);
  engine_sync(e);
  EXPECT(holds(e, 1, 11, h) && holds(e, 0, 1, h), "the step from buffer 0 into 1, complete after engine_sync");
  engine_destroy(e);
  free(a);
  free(b);
  free(h);
#ifdef TEST_ENGINE_CUDA
  return expect_summary("test_engine_cuda");
#else
  return expect_summary("test_engine");
#endif
}
