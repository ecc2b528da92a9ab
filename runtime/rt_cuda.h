/* rt_cuda.h: the engine hooks of rt_driver.h for CUDA programs whose generated stencil_step()
 * launches kernels on device buffers (one step per call), or stencil_advance() several steps.
 * Comes after rt_chunk.h and rt_cuda_base.h (checked calls, block counts, rt_w). */
#ifndef STENCILC_RT_CUDA_H
#define STENCILC_RT_CUDA_H

/* rt_stream_chunk (rt_chunk.h) for this device, at full occupancy (2048 threads per SM). */
RT_API int rt_cuda_stream_chunk(long n0, long tiles, int threads, long least) {
  static int sms = 0;
  if (!sms) RT_CUDA_CHECK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0));
  return (int)rt_stream_chunk(n0, tiles, threads, sms, 2048, least);
}

#ifdef RT_ENGINE_ADVANCE
/* Temporally blocked backends advance several steps per call and leave the result of `steps`
 * steps in buf[steps % 2]. */
static void stencil_advance(rt_real *buf[2], const RtGrid *g, long steps);
#else
static void stencil_step(const rt_real *in, rt_real *out, const RtGrid *g);
#endif

typedef struct Engine {
  RtGrid g;
  rt_real *buf[2]; /* device */
  cudaEvent_t start, stop;
} Engine;

RT_API void engine_setup(void) {
  int count = 0;
  cudaError_t err = cudaGetDeviceCount(&count);
  if (err != cudaSuccess || count == 0) {
    fprintf(stderr, "stencilc: no CUDA device found (%s)\n",
            err != cudaSuccess ? cudaGetErrorString(err) : "device count is 0");
    exit(3);
  }
  int device = rt_cuda_device(count); /* one rank per GPU */
  RT_CUDA_CHECK(cudaSetDevice(device));
}

RT_API size_t rt_cuda_bytes(const Engine *e) { return (size_t)e->g.cells * sizeof(rt_real); }

RT_API Engine *engine_create(const RtGrid *g) {
  Engine *e = (Engine *)rt_xmalloc(sizeof *e);
  e->g = *g;
  RT_CUDA_CHECK(cudaMalloc((void **)&e->buf[0], rt_cuda_bytes(e)));
  RT_CUDA_CHECK(cudaMalloc((void **)&e->buf[1], rt_cuda_bytes(e)));
  RT_CUDA_CHECK(cudaEventCreate(&e->start));
  RT_CUDA_CHECK(cudaEventCreate(&e->stop));
  return e;
}

RT_API void engine_upload(Engine *e, const rt_real *b0, const rt_real *b1) {
  RT_CUDA_CHECK(cudaMemcpy(e->buf[0], b0, rt_cuda_bytes(e), cudaMemcpyHostToDevice));
  RT_CUDA_CHECK(cudaMemcpy(e->buf[1], b1, rt_cuda_bytes(e), cudaMemcpyHostToDevice));
#ifdef RT_NWEIGHTS
  RT_CUDA_CHECK(cudaMemcpyToSymbol(rt_w, rt_w_host, sizeof rt_w_host));
#endif
}

#ifdef RT_ENGINE_ADVANCE
RT_API void engine_advance(Engine *e, long steps) { stencil_advance(e->buf, &e->g, steps); }
#else
RT_API void engine_step(Engine *e, int src) { stencil_step(e->buf[src], e->buf[1 - src], &e->g); }
#endif

RT_API void engine_copy(Engine *e, int from, int to) {
  RT_CUDA_CHECK(cudaMemcpy(e->buf[to], e->buf[from], rt_cuda_bytes(e), cudaMemcpyDeviceToDevice));
}

RT_API void engine_download(Engine *e, int which, rt_real *host) {
  RT_CUDA_CHECK(cudaMemcpy(host, e->buf[which], rt_cuda_bytes(e), cudaMemcpyDeviceToHost));
}

/* Elements [first, first + count) of buffer `which`, out to or in from the host: the halo planes
 * an MPI program exchanges (rt_mpi.h), staged through host memory. */
RT_API void engine_read_span(Engine *e, int which, long first, long count, rt_real *host) {
  RT_CUDA_CHECK(cudaMemcpy(host, e->buf[which] + first, (size_t)count * sizeof(rt_real),
                           cudaMemcpyDeviceToHost));
}

RT_API void engine_write_span(Engine *e, int which, long first, long count, const rt_real *host) {
  RT_CUDA_CHECK(cudaMemcpy(e->buf[which] + first, host, (size_t)count * sizeof(rt_real),
                           cudaMemcpyHostToDevice));
}

/* Host memory for what the engine reads and writes by span: pinned. */
RT_API void *engine_host_alloc(size_t bytes) { return rt_cuda_host_alloc(bytes); }
RT_API void engine_host_free(void *p) { rt_cuda_host_free(p); }

RT_API void engine_timer_start(Engine *e) { RT_CUDA_CHECK(cudaEventRecord(e->start, 0)); }

RT_API double engine_timer_stop(Engine *e) {
  float ms = 0;
  RT_CUDA_CHECK(cudaEventRecord(e->stop, 0));
  RT_CUDA_CHECK(cudaEventSynchronize(e->stop));
  RT_CUDA_CHECK(cudaEventElapsedTime(&ms, e->start, e->stop));
  return ms;
}

RT_API void engine_destroy(Engine *e) {
  RT_CUDA_CHECK(cudaEventDestroy(e->start));
  RT_CUDA_CHECK(cudaEventDestroy(e->stop));
  RT_CUDA_CHECK(cudaFree(e->buf[0]));
  RT_CUDA_CHECK(cudaFree(e->buf[1]));
  free(e);
}

#endif
