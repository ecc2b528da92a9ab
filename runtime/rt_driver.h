/* rt_driver.h: main() of every generated program, the same for all backends.
 * Included last. Before it the generated code defines:
 *   static const RtStencil rt_stencil;                       the stencil's facts
 *   void reference_step(const rt_real *in, rt_real *out, const RtGrid *g);  plain C, in double
 *   void reference_bound_step(const rt_real *in, const double *bin, double *bout, const RtGrid *g);
 *       the bound per cell of that step (rt_common.h, "Verification")
 * and the engine hooks (rt_cpu.h and rt_cuda.h define them on top of the generated
 * stencil_step(), rt_engine.h those the same for both); buffers are numbered 0 and 1, one per
 * time level:
 *   engine_setup()                  once, before anything (CUDA: device detection, exit 3)
 *   engine_create(g)                storage for two buffers of grid g
 *   engine_upload(e, b0, b1)        host -> engine, both buffers (and the run-time weights)
 *   engine_step(e, src)             one time step from buffer src into buffer 1 - src
 *   engine_advance(e, steps)        (RT_ENGINE_ADVANCE, in place of engine_step) steps from
 *                                   buffer 0; returns the buffer holding the result
 *   engine_swap(e)                  buffers 0 and 1 trade names (no data moves)
 *   engine_download(e, which, h)    engine buffer `which` -> host
 *   engine_sync(e)                  waits for the queued work (CUDA launches are asynchronous)
 *   engine_timer_start(e), engine_timer_stop(e) -> elapsed ms (completes the queued work)
 *   engine_destroy(e)
 * and, for the reference cache, RT_REF_HASH: a hash of the reference code and of the runtime
 * that fills the initial state (the same in every program of one stencil and dtype). A backend
 * that fuses steps defines RT_LAUNCH_STEPS, the steps of one full launch (default 1). */
#ifndef STENCILC_RT_DRIVER_H
#define STENCILC_RT_DRIVER_H

/* Where the result is after `steps` steps: the user's code either alternates two buffers or
 * copies back into the first one after every step. */
RT_API int rt_result_buffer(long steps) {
  return rt_stencil.copyback ? 0 : (int)(steps % 2);
}

/* `steps` steps from buffer 0; returns the buffer the engine left the result in: steps % 2 one
 * step at a time, the parity of the launches for an engine that fuses steps. */
RT_API int rt_engine_steps(Engine *e, long steps) {
#ifdef RT_ENGINE_ADVANCE
  return engine_advance(e, steps);
#else
  for (long t = 0; t < steps; t++) engine_step(e, (int)(t % 2));
  return (int)(steps % 2);
#endif
}

/* `steps` steps from buffer 0, the result then in buffer rt_result_buffer(steps), where the
 * user's loop leaves it: when the engine left it in the other buffer, the two are renamed
 * (engine_swap), nothing copied. Both hold the same fixed halo, and no caller reads the other
 * buffer's interior after a run. */
RT_API void rt_engine_run(Engine *e, long steps) {
  if (rt_engine_steps(e, steps) != rt_result_buffer(steps)) engine_swap(e);
}

/* The reference and its bound per cell (bnd[0..1]: 0 at the start, the halo stays 0). */
RT_API void rt_reference_run(rt_real *buf[2], double *bnd[2], const RtGrid *g, long steps) {
  for (long t = 0; t < steps; t++) {
    reference_bound_step(buf[t % 2], bnd[t % 2], bnd[(t + 1) % 2], g);
    reference_step(buf[t % 2], buf[(t + 1) % 2], g);
  }
  if (rt_result_buffer(steps) != (int)(steps % 2)) {
    memcpy(buf[0], buf[1], (size_t)g->cells * sizeof(rt_real));
    memcpy(bnd[0], bnd[1], (size_t)g->cells * sizeof(double));
  }
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
  double tol; /* the normwise fallback (rt_tolerance) */
  int pass;
} RtCheck;

/* Fills the run-time weights (if the stencil has any): its run-time scalars as the options
 * give them, or else random weights from the seed; returns the gain. */
RT_API double rt_setup_weights(const RtOptions *o) {
#ifdef RT_NWEIGHTS
  if (rt_stencil.nscalars)
    for (int k = 0; k < rt_stencil.nscalars; k++) rt_w_host[k] = (rt_real)o->scalar[k];
  else
    rt_fill_weights(rt_w_host, RT_NWEIGHTS, rt_stencil.weight_gain, o->seed);
  return rt_stencil_gain(&rt_stencil, rt_w_host);
#else
  (void)o;
  return rt_stencil.gain;
#endif
}

#ifndef RT_LAUNCH_STEPS
#define RT_LAUNCH_STEPS 1
#endif

/* Where the reference's result for this grid, steps and seed lives in the cache directory. */
RT_API void rt_ref_path(char *path, size_t cap, const char *dir, const RtGrid *g, long steps,
                        uint64_t seed) {
  char size[96];
  rt_format_size(size, sizeof size, g->dims, g->n);
  uint64_t h = RT_REF_HASH; /* the run-time scalars' values are the user's: part of the key */
#ifdef RT_NWEIGHTS
  for (int k = 0; k < rt_stencil.nscalars; k++) {
    double v = (double)rt_w_host[k];
    uint64_t bits;
    memcpy(&bits, &v, sizeof bits);
    h = rt_mix64(h ^ bits);
  }
#endif
  snprintf(path, cap, "%s/ref-%016llx-%s-%s-t%ld-s%llu.raw", dir, (unsigned long long)h,
           rt_stencil.dtype, size, steps, (unsigned long long)seed);
}

/* Reads a cached result (the values, then their bounds) into out and bound; 1 when the file
 * exists and holds exactly the grid's. Nothing is read into out unless the size is right: out
 * holds the reference's initial halo, which a partial read would overwrite before the reference
 * runs after all. */
RT_API int rt_ref_load(const char *path, rt_real *out, double *bound, long cells) {
  FILE *f = fopen(path, "rb");
  if (!f) return 0;
  long bytes = cells * (long)(sizeof(rt_real) + sizeof(double));
  int whole = !fseek(f, 0, SEEK_END) && ftell(f) == bytes && !fseek(f, 0, SEEK_SET) &&
              fread(out, sizeof(rt_real), (size_t)cells, f) == (size_t)cells &&
              fread(bound, sizeof(double), (size_t)cells, f) == (size_t)cells;
  fclose(f);
  return whole;
}

/* Stores a result for the next program: written aside, then renamed, so that a reader never sees
 * half a file. A cache that cannot be written only costs time: no error. */
RT_API void rt_ref_store(const char *path, const rt_real *ref, const double *bound, long cells) {
  char tmp[4200];
  snprintf(tmp, sizeof tmp, "%s.%llx.tmp", path, (unsigned long long)rt_random_u64((uint64_t)rt_now_ms(), 0));
  FILE *f = fopen(tmp, "wb");
  int ok = f && fwrite(ref, sizeof(rt_real), (size_t)cells, f) == (size_t)cells &&
           fwrite(bound, sizeof(double), (size_t)cells, f) == (size_t)cells;
  if (f) ok = !fclose(f) && ok;
  if (!ok || rename(tmp, path)) remove(tmp);
}

/* The reference from the fresh state in buf[0..1] (bnd[0..1] zero): its result lands in
 * buf[rt_result_buffer], its bound in bnd[rt_result_buffer]. */
RT_API void rt_reference(rt_real *buf[2], double *bnd[2], const RtGrid *g, long steps,
                         uint64_t seed, const char *cache) {
  char path[4096];
  int r = rt_result_buffer(steps);
  if (cache) {
    rt_ref_path(path, sizeof path, cache, g, steps, seed);
    if (rt_ref_load(path, buf[r], bnd[r], g->cells)) return;
  }
  rt_reference_run(buf, bnd, g, steps);
  if (cache) {
    mkdir(cache, 0777); /* one level; when it cannot be made, the store fails quietly */
    rt_ref_store(path, buf[r], bnd[r], g->cells);
  }
}

/* The run-time weights, for the input dump. */
#ifdef RT_NWEIGHTS
#define RT_DUMP_WEIGHTS rt_w_host, RT_NWEIGHTS
#else
#define RT_DUMP_WEIGHTS NULL, 0
#endif

/* The dumps of the initial state `init` asked for: --dump-init (raw) and --dump-input. rt_check
 * and the MPI programs' rt_mpi_check (rank 0, the whole grid) both write them. */
RT_API void rt_dump_initial(const rt_real *init, const RtGrid *g, long steps, const RtOptions *o) {
  if (o->dump_init) rt_write_raw(o->dump_init, init, g->cells);
  if (o->dump_input)
    rt_dump_write(o->dump_input, RT_DUMP_INPUT, g, rt_stencil.lo, rt_stencil.hi, steps, init,
                  RT_DUMP_WEIGHTS);
}

/* The engine's result `got` after `steps` steps from the fresh state in buf[0..1]: written to the
 * dumps asked for (dumps: 1), then compared cell by cell (rt_compare_bounded) with the reference
 * run from buf. rt_check and the MPI programs' rt_mpi_check both end with it. */
RT_API RtCheck rt_check_result(const rt_real *got, rt_real *buf[2], const RtGrid *g, long steps,
                               double gain, uint64_t seed, const RtOptions *o, int dumps) {
  if (dumps && o->dump) rt_write_raw(o->dump, got, g->cells);
  if (dumps && o->dump_output)
    rt_dump_write(o->dump_output, RT_DUMP_OUTPUT, g, rt_stencil.lo, rt_stencil.hi, steps, got,
                  RT_DUMP_WEIGHTS);
  double *bnd[2] = {(double *)rt_xcalloc((size_t)g->cells, sizeof(double)),
                    (double *)rt_xcalloc((size_t)g->cells, sizeof(double))};
  rt_reference(buf, bnd, g, steps, seed, o->ref_cache);
  RtCheck c;
  int r = rt_result_buffer(steps);
  c.tol = rt_tolerance(RT_EPS, rt_stencil.flops, steps, gain);
  c.cmp = rt_compare_bounded(got, buf[r], bnd[r], g, c.tol);
  c.pass = rt_passes(&c.cmp);
  free(bnd[0]);
  free(bnd[1]);
  return c;
}

/* The check's line; `run` says how it ran where that is more than one process ("" or
 * " ranks=P halo_steps=B"). */
RT_API void rt_check_print(const char *label, const long n[], long steps, const char *run,
                           const RtCheck *c) {
  char size[96];
  rt_format_size(size, sizeof size, rt_stencil.dims, n);
  printf("check %s: size=%s steps=%ld%s max_abs=%.3e max_rel=%.3e err/bound=%.3g", label, size,
         steps, run, c->cmp.max_abs, c->cmp.max_rel, c->cmp.worst);
  if (c->cmp.over) printf(" over=%ld", c->cmp.over);
  if (c->cmp.fallback) printf(" fallback=%ld", c->cmp.fallback);
  if (c->cmp.halo) printf(" halo=%ld", c->cmp.halo);
  if (c->cmp.nonfinite) printf(" nonfinite=%ld", c->cmp.nonfinite);
  printf(" %s\n", c->pass ? "PASS" : "FAIL");
  fflush(stdout);
}

/* Runs the engine and the reference from the same fresh state and compares the result buffers
 * (rt_check_result). Dumps (optional) are the initial buffer 0 and the engine's result. */
RT_API RtCheck rt_check(const char *label, const long n[], long steps, double gain, uint64_t seed,
                        const RtOptions *o, int dumps) {
  RtGrid g = rt_grid_make(&rt_stencil, n);
  rt_real *buf[2] = {rt_alloc_grid(&g), rt_alloc_grid(&g)};
  rt_real *got = rt_alloc_grid(&g);
  rt_initial_state(buf, &g, seed);
  if (dumps) rt_dump_initial(buf[0], &g, steps, o);

  Engine *e = engine_create(&g);
  engine_upload(e, buf[0], buf[1]);
  rt_engine_run(e, steps);
  engine_download(e, rt_result_buffer(steps), got);
  engine_destroy(e);
  RtCheck c = rt_check_result(got, buf, &g, steps, gain, seed, o, dumps);
  rt_check_print(label, n, steps, "", &c);
  free(buf[0]);
  free(buf[1]);
  free(got);
  return c;
}

/* One warm-up run, then reps timed runs of *steps steps; returns the median in ms. Uploads
 * and downloads are outside the timed region. With time_ms, the warm-up is one full launch,
 * and *steps becomes the whole launches that take about time_ms (at most *steps). A
 * convergence loop (RT_CONVERGE) stops where its residual drops, and from a converged grid at
 * once: each timed run starts from the same grid, and *steps becomes the steps each made. */
RT_API double rt_time_runs(const long n[], long *steps, long reps, long time_ms, uint64_t seed) {
  RtGrid g = rt_grid_make(&rt_stencil, n);
  /* one host grid for both buffers: no check reads the result, so buffer 1 needs only the halo */
  rt_real *init = rt_alloc_grid(&g);
  rt_fill_random(init, g.cells, seed);
  Engine *e = engine_create(&g);
  engine_upload(e, init, init);

  if (time_ms > 0 && *steps > RT_LAUNCH_STEPS) {
    long launch = RT_LAUNCH_STEPS;
    rt_engine_run(e, launch);
    engine_timer_start(e);
    rt_engine_run(e, launch);
    double per_launch = engine_timer_stop(e);
    double launches = floor((double)time_ms / (per_launch > 1e-3 ? per_launch : 1e-3) + 0.5);
    if (launches < 1) launches = 1;
    if (launches * launch < (double)*steps) *steps = (long)launches * launch;
  } else {
    rt_engine_run(e, *steps);
  }
  double *ms = (double *)rt_xmalloc((size_t)reps * sizeof *ms);
  for (long r = 0; r < reps; r++) {
#ifdef RT_CONVERGE
    engine_upload(e, init, init);
#endif
    engine_timer_start(e);
    rt_engine_run(e, *steps);
    ms[r] = engine_timer_stop(e);
  }
#ifdef RT_CONVERGE
  *steps = rt_conv_iters;
#endif
  double median = rt_median(ms, (int)reps);
  free(ms);
  free(init);
  engine_destroy(e);
  return median;
}

#ifndef RT_MPI /* rt_mpi.h has the main() of MPI programs */
int main(int argc, char **argv) {
  RtOptions o;
  rt_parse_options(argc, argv, &rt_stencil, &o);
  engine_setup();
  double gain = rt_setup_weights(&o);

  long check_n[RT_MAX_DIMS] = {0, 0, 0};
  int full = o.dump_input || o.dump_output; /* the dumps are of the size asked for */
  for (int a = 0; a < rt_stencil.dims; a++)
    check_n[a] = !full && o.check[a] < o.n[a] ? o.check[a] : o.n[a];
  RtCheck ca = rt_check("a", check_n, o.steps, gain, o.seed, &o, 1), cb = ca;
  if (!o.skip_full_check) cb = rt_check("b", o.n, o.steps < 3 ? o.steps : 3, gain, o.seed + 1, &o, 0);
  if (!ca.pass || !cb.pass) {
    printf("FAIL: verification failed, not timing\n");
    return 1;
  }

  long steps = o.steps;
  double ms = rt_time_runs(o.n, &steps, o.reps, o.time_ms, o.seed + 2);
  double cells = 1;
  for (int a = 0; a < rt_stencil.dims; a++) cells *= (double)o.n[a];
  double gcells = cells * (double)steps / (ms * 1e-3) / 1e9;
  char size[96];
  rt_format_size(size, sizeof size, rt_stencil.dims, o.n);
  printf("RESULT name=%s backend=%s dtype=%s size=%s steps=%ld reps=%ld ms=%.3f gcells=%.4f "
         "gflops=%.3f max_abs=%.3e max_rel=%.3e verify=%s\n",
         rt_stencil.name, rt_stencil.backend, rt_stencil.dtype, size, steps, o.reps, ms, gcells,
         gcells * rt_stencil.flops, fmax(ca.cmp.max_abs, cb.cmp.max_abs),
         fmax(ca.cmp.max_rel, cb.cmp.max_rel), o.skip_full_check ? "SMALL" : "PASS");
  return 0;
}
#endif /* RT_MPI */

#endif
