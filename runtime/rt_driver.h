/* rt_driver.h: main() of every generated program, the same for all backends.
 * Included last. Before it the generated code defines:
 *   static const RtStencil rt_stencil;                       the stencil's facts
 *   void reference_step(const rt_real *in, rt_real *out, const RtGrid *g);  plain C, in double
 * and the engine hooks (rt_cpu.h and rt_cuda.h define them on top of the generated
 * stencil_step()); buffers are numbered 0 and 1, one per time level:
 *   engine_setup()                  once, before anything (CUDA: device detection, exit 3)
 *   engine_create(g)                storage for two buffers of grid g
 *   engine_upload(e, b0, b1)        host -> engine, both buffers (and the run-time weights)
 *   engine_step(e, src)             one time step from buffer src into buffer 1 - src
 *   engine_copy(e, from, to)        whole-buffer copy (copy-back form)
 *   engine_download(e, which, h)    engine buffer `which` -> host
 *   engine_timer_start(e), engine_timer_stop(e) -> elapsed ms (completes the queued work)
 *   engine_destroy(e) */
#ifndef STENCILC_RT_DRIVER_H
#define STENCILC_RT_DRIVER_H

/* Where the result is after `steps` steps: the user's code either alternates two buffers or
 * copies back into the first one after every step. */
RT_API int rt_result_buffer(long steps) {
  return rt_stencil.copyback ? 0 : (int)(steps % 2);
}

RT_API void rt_engine_run(Engine *e, long steps) {
#ifdef RT_ENGINE_ADVANCE
  engine_advance(e, steps);
#else
  for (long t = 0; t < steps; t++) engine_step(e, (int)(t % 2));
#endif
  if (rt_result_buffer(steps) != (int)(steps % 2)) engine_copy(e, 1, 0);
}

RT_API void rt_reference_run(rt_real *buf[2], const RtGrid *g, long steps) {
  for (long t = 0; t < steps; t++) reference_step(buf[t % 2], buf[(t + 1) % 2], g);
  if (rt_result_buffer(steps) != (int)(steps % 2))
    memcpy(buf[0], buf[1], (size_t)g->cells * sizeof(rt_real));
}

/* Buffer 0: random non-zero values everywhere; buffer 1: the same halo, interior poisoned with
 * NaN, so a cell the engine fails to write is caught. */
RT_API void rt_initial_state(rt_real *buf[2], const RtGrid *g, uint64_t seed) {
  rt_fill_random(buf[0], g->cells, seed);
  memcpy(buf[1], buf[0], (size_t)g->cells * sizeof(rt_real));
  rt_poison_interior(buf[1], g);
}

typedef struct {
  RtCompare cmp;
  double tol;
  int pass;
} RtCheck;

/* Fills the run-time weights (if the stencil has any) from the seed; returns the gain. */
RT_API double rt_setup_weights(uint64_t seed) {
#ifdef RT_NWEIGHTS
  rt_fill_weights(rt_w_host, RT_NWEIGHTS, rt_stencil.weight_gain, seed);
  return rt_stencil_gain(&rt_stencil, rt_w_host);
#else
  (void)seed;
  return rt_stencil.gain;
#endif
}

/* Runs the engine and the reference from the same fresh state and compares the whole result
 * buffer, halo included. Dumps (optional) are the initial buffer 0 and the engine's result. */
RT_API RtCheck rt_check(const char *label, const long n[], long steps, double gain, uint64_t seed,
                        const char *dump_init, const char *dump) {
  RtGrid g = rt_grid_make(&rt_stencil, n);
  rt_real *buf[2] = {rt_alloc_grid(&g), rt_alloc_grid(&g)};
  rt_real *got = rt_alloc_grid(&g);
  rt_initial_state(buf, &g, seed);
  if (dump_init) rt_write_raw(dump_init, buf[0], g.cells);

  Engine *e = engine_create(&g);
  engine_upload(e, buf[0], buf[1]);
  rt_engine_run(e, steps);
  engine_download(e, rt_result_buffer(steps), got);
  engine_destroy(e);
  if (dump) rt_write_raw(dump, got, g.cells);

  rt_reference_run(buf, &g, steps);
  RtCheck c;
  c.cmp = rt_compare(got, buf[rt_result_buffer(steps)], g.cells);
  c.tol = rt_tolerance(RT_EPS, rt_stencil.flops, steps, gain);
  c.pass = rt_passes(&c.cmp, c.tol);

  char size[96];
  rt_format_size(size, sizeof size, g.dims, n);
  printf("check %s: size=%s steps=%ld max_abs=%.3e max_rel=%.3e tol=%.3e", label, size, steps,
         c.cmp.max_abs, c.cmp.max_rel, c.tol);
  if (c.cmp.nonfinite) printf(" nonfinite=%ld", c.cmp.nonfinite);
  printf(" %s\n", c.pass ? "PASS" : "FAIL");
  fflush(stdout);
  free(buf[0]);
  free(buf[1]);
  free(got);
  return c;
}

/* One warm-up run, then reps timed runs of `steps` steps; returns the median in ms. Uploads
 * and downloads are outside the timed region. */
RT_API double rt_time_runs(const long n[], long steps, long reps, uint64_t seed) {
  RtGrid g = rt_grid_make(&rt_stencil, n);
  rt_real *buf[2] = {rt_alloc_grid(&g), rt_alloc_grid(&g)};
  rt_initial_state(buf, &g, seed);
  Engine *e = engine_create(&g);
  engine_upload(e, buf[0], buf[1]);
  free(buf[0]);
  free(buf[1]);

  double *ms = (double *)rt_xmalloc((size_t)reps * sizeof *ms);
  rt_engine_run(e, steps);
  for (long r = 0; r < reps; r++) {
    engine_timer_start(e);
    rt_engine_run(e, steps);
    ms[r] = engine_timer_stop(e);
  }
  double median = rt_median(ms, (int)reps);
  free(ms);
  engine_destroy(e);
  return median;
}

int main(int argc, char **argv) {
  RtOptions o;
  rt_parse_options(argc, argv, &rt_stencil, &o);
  engine_setup();
  double gain = rt_setup_weights(o.seed);

  long check_n[RT_MAX_DIMS] = {0, 0, 0};
  for (int a = 0; a < rt_stencil.dims; a++) check_n[a] = o.check[a] < o.n[a] ? o.check[a] : o.n[a];
  RtCheck ca = rt_check("a", check_n, o.steps, gain, o.seed, o.dump_init, o.dump);
  RtCheck cb = rt_check("b", o.n, o.steps < 3 ? o.steps : 3, gain, o.seed + 1, NULL, NULL);
  if (!ca.pass || !cb.pass) {
    printf("FAIL: verification failed, not timing\n");
    return 1;
  }

  double ms = rt_time_runs(o.n, o.steps, o.reps, o.seed + 2);
  double cells = 1;
  for (int a = 0; a < rt_stencil.dims; a++) cells *= (double)o.n[a];
  double gcells = cells * (double)o.steps / (ms * 1e-3) / 1e9;
  char size[96];
  rt_format_size(size, sizeof size, rt_stencil.dims, o.n);
  printf("RESULT name=%s backend=%s dtype=%s size=%s steps=%ld reps=%ld ms=%.3f gcells=%.4f "
         "gflops=%.3f max_abs=%.3e max_rel=%.3e verify=PASS\n",
         rt_stencil.name, rt_stencil.backend, rt_stencil.dtype, size, o.steps, o.reps, ms, gcells,
         gcells * rt_stencil.flops, fmax(ca.cmp.max_abs, cb.cmp.max_abs),
         fmax(ca.cmp.max_rel, cb.cmp.max_rel));
  return 0;
}

#endif
