/* rt_cpu.h: the engine hooks of rt_driver.h for C + OpenMP programs. The engine keeps both
 * time levels in host memory; the generated code defines stencil_step(), one time step. */
#ifndef STENCILC_RT_CPU_H
#define STENCILC_RT_CPU_H

static void stencil_step(const rt_real *in, rt_real *out, const RtGrid *g);

typedef struct Engine {
  RtGrid g;
  rt_real *buf[2];
  double t0;
} Engine;

RT_API void engine_setup(void) {}

RT_API Engine *engine_create(const RtGrid *g) {
  Engine *e = (Engine *)rt_xmalloc(sizeof *e);
  e->g = *g;
  e->buf[0] = rt_alloc_grid(g);
  e->buf[1] = rt_alloc_grid(g);
  e->t0 = 0;
  return e;
}

RT_API size_t rt_cpu_bytes(const Engine *e) { return (size_t)e->g.cells * sizeof(rt_real); }

RT_API void engine_upload(Engine *e, const rt_real *b0, const rt_real *b1) {
  memcpy(e->buf[0], b0, rt_cpu_bytes(e));
  memcpy(e->buf[1], b1, rt_cpu_bytes(e));
}

RT_API void engine_step(Engine *e, int src) { stencil_step(e->buf[src], e->buf[1 - src], &e->g); }

/* One time step of interior planes [first, first + count) of axis 0 only (the MPI programs'
 * overlap of the halo exchange, rt_mpi.h): the step of the grid of those planes. */
RT_API void engine_step_planes(Engine *e, int src, long first, long count) {
  long off;
  RtGrid sub = rt_grid_planes(&e->g, first, count, &off);
  stencil_step(e->buf[src] + off, e->buf[1 - src] + off, &sub);
}

RT_API void engine_download(Engine *e, int which, rt_real *host) {
  memcpy(host, e->buf[which], rt_cpu_bytes(e));
}

/* A block of buffer `which`, out to or in from packed host memory: the halo slabs an MPI program
 * exchanges (rt_mpi.h). */
RT_API void engine_read_block(Engine *e, int which, const RtBlock *b, rt_real *host) {
  rt_block_read(e->buf[which], b, host);
}

RT_API void engine_write_block(Engine *e, int which, const RtBlock *b, const rt_real *host) {
  rt_block_write(e->buf[which], b, host);
}

/* Host memory for what the engine reads and writes by block (plain memory here). */
RT_API void *engine_host_alloc(size_t bytes) { return rt_xmalloc(bytes); }
RT_API void engine_host_free(void *p) { free(p); }

/* The work is complete when a hook returns: nothing to wait for. */
RT_API void engine_sync(Engine *e) { (void)e; }

RT_API void engine_timer_start(Engine *e) { e->t0 = rt_now_ms(); }

RT_API double engine_timer_stop(Engine *e) { return rt_now_ms() - e->t0; }

RT_API void engine_destroy(Engine *e) {
  free(e->buf[0]);
  free(e->buf[1]);
  free(e);
}

#endif
