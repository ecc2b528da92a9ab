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
/* Temporally blocked backends advance several steps per call, alternating the buffers launch by
 * launch, and return the buffer that holds the result of `steps` steps. */
static int stencil_advance(rt_real *buf[2], const RtGrid *g, long steps);
#else
static void stencil_step(const rt_real *in, rt_real *out, const RtGrid *g);
#endif

typedef struct Engine {
  RtGrid g;
  rt_real *buf[2]; /* device */
  cudaEvent_t start, stop;
  /* The halo copies of MPI programs (engine_read_block, engine_write_block) go on a stream of their
   * own, so that the slabs coming in are copied while the kernels of the inner planes run on the
   * default stream (rt_mpi_block); events order the two where the data says so. */
  cudaStream_t copies;
  cudaEvent_t computed, copied;
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
  RT_CUDA_CHECK(cudaStreamCreateWithFlags(&e->copies, cudaStreamNonBlocking));
  RT_CUDA_CHECK(cudaEventCreateWithFlags(&e->computed, cudaEventDisableTiming));
  RT_CUDA_CHECK(cudaEventCreateWithFlags(&e->copied, cudaEventDisableTiming));
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
/* `steps` steps from buffer 0; returns the buffer holding the result. */
RT_API int engine_advance(Engine *e, long steps) { return stencil_advance(e->buf, &e->g, steps); }
#else
RT_API void engine_step(Engine *e, int src) { stencil_step(e->buf[src], e->buf[1 - src], &e->g); }

/* One time step of interior planes [first, first + count) of axis 0 only (the MPI programs'
 * overlap of the halo exchange, rt_mpi.h): the step of the grid of those planes. */
RT_API void engine_step_planes(Engine *e, int src, long first, long count) {
  long off;
  RtGrid sub = rt_grid_planes(&e->g, first, count, &off);
  stencil_step(e->buf[src] + off, e->buf[1 - src] + off, &sub);
}
#endif

RT_API void engine_download(Engine *e, int which, rt_real *host) {
  RT_CUDA_CHECK(cudaMemcpy(host, e->buf[which], rt_cuda_bytes(e), cudaMemcpyDeviceToHost));
}

/* Where element `first` of buffer `which` lives on the device: the halo planes an MPI program
 * built with RT_MPI_NCCL sends and receives there (rt_mpi.h). */
RT_API rt_real *engine_device_span(Engine *e, int which, long first) { return e->buf[which] + first; }

/* A block of buffer `which`, out to or in from packed (pinned) host memory: the halo slabs an MPI
 * program exchanges (rt_mpi.h). Out: after the kernels queued so far, and complete on return
 * (the host sends it). In: queued on the copy stream, and every kernel launched after it waits
 * for it; the copy stream's next read waits for it too, before `host` is reused. */
RT_API void engine_read_block(Engine *e, int which, const RtBlock *b, rt_real *host) {
  RT_CUDA_CHECK(cudaEventRecord(e->computed, 0));
  RT_CUDA_CHECK(cudaStreamWaitEvent(e->copies, e->computed, 0));
  rt_cuda_block_copy(e->buf[which], b, host, 1, e->copies);
  RT_CUDA_CHECK(cudaStreamSynchronize(e->copies));
}

RT_API void engine_write_block(Engine *e, int which, const RtBlock *b, const rt_real *host) {
  rt_cuda_block_copy(e->buf[which], b, (rt_real *)host, 0, e->copies);
  RT_CUDA_CHECK(cudaEventRecord(e->copied, e->copies));
  RT_CUDA_CHECK(cudaStreamWaitEvent(0, e->copied, 0));
}

/* Host memory for what the engine reads and writes by block: pinned. */
RT_API void *engine_host_alloc(size_t bytes) { return rt_cuda_host_alloc(bytes); }
RT_API void engine_host_free(void *p) { rt_cuda_host_free(p); }

/* Waits for the work queued so far: the kernels and, through the waits engine_write_block
 * queued on the default stream, the copies in. */
RT_API void engine_sync(Engine *e) {
  (void)e;
  RT_CUDA_CHECK(cudaStreamSynchronize(0));
}

RT_API void engine_timer_start(Engine *e) { RT_CUDA_CHECK(cudaEventRecord(e->start, 0)); }

RT_API double engine_timer_stop(Engine *e) {
  float ms = 0;
  RT_CUDA_CHECK(cudaEventRecord(e->stop, 0));
  RT_CUDA_CHECK(cudaEventSynchronize(e->stop));
  RT_CUDA_CHECK(cudaEventElapsedTime(&ms, e->start, e->stop));
  return ms;
}

RT_API void engine_destroy(Engine *e) {
  RT_CUDA_CHECK(cudaStreamSynchronize(e->copies));
  RT_CUDA_CHECK(cudaStreamDestroy(e->copies));
  RT_CUDA_CHECK(cudaEventDestroy(e->computed));
  RT_CUDA_CHECK(cudaEventDestroy(e->copied));
  RT_CUDA_CHECK(cudaEventDestroy(e->start));
  RT_CUDA_CHECK(cudaEventDestroy(e->stop));
  RT_CUDA_CHECK(cudaFree(e->buf[0]));
  RT_CUDA_CHECK(cudaFree(e->buf[1]));
  free(e);
}

#endif
