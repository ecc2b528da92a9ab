/* rt_program_main.h: main() of the programs generated for stencil programs, included last;
 * see rt_program.h. */
#ifndef STENCILC_RT_PROGRAM_MAIN_H
#define STENCILC_RT_PROGRAM_MAIN_H

/* ---- inputs ---- */

struct RtPart; /* an MPI rank's part of the grid (rt_mpi_part.h, in MPI programs only) */

RT_API uint64_t rt_prog_seed(uint64_t seed, int f, int k) {
  return rt_mix64(seed ^ ((uint64_t)(f * RT_PROG_LEVELS + k + 1) * 0x6669656c64ULL)); /* "field" */
}

/* s of the header: rt_program.coef_scale, unless rt_prog_rescale lowered it. */
static double rt_prog_scale_lowered;

RT_API double rt_prog_scale(void) {
  return rt_prog_scale_lowered > 0 ? rt_prog_scale_lowered : rt_program.coef_scale;
}

/* Host buffers of every field, filled as the header says; unused slots NULL. An MPI rank's part
 * gets the values the whole grid has there: cell c is the whole grid's cell whole_cell(part, c)
 * (NULL: g is the whole grid). */
RT_API void rt_prog_inputs(rt_real **h, const RtGrid *g, uint64_t seed,
                           long (*whole_cell)(const struct RtPart *, long), const struct RtPart *part) {
  for (int f = 0; f < rt_program.nfields; f++)
    for (int k = 0; k < RT_PROG_LEVELS; k++) {
      rt_real *b = NULL;
      if (k < rt_program.fields[f].levels) {
        b = rt_alloc_grid(g);
        uint64_t s = rt_prog_seed(seed, f, k);
        int coef = rt_program.fields[f].coef;
        for (long i = 0; i < g->cells; i++) {
          double v = rt_random_value(s, (uint64_t)(whole_cell ? whole_cell(part, i) : i));
          b[i] = (rt_real)(coef ? fabs(v) * rt_prog_scale() : v);
        }
      }
      h[f * RT_PROG_LEVELS + k] = b;
    }
}

RT_API void rt_prog_free(rt_real **h) {
  for (int i = 0; i < RT_PROG_BUFFERS; i++) free(h[i]);
}

/* Scalars: the values stencilc's --param gave (RT_PROG_PARAM_SET and RT_PROG_PARAM_VALUES, one
 * entry per scalar, defined by the generated code when it had any), the others positive,
 * magnitude in [0.1 s, s]. */
RT_API void rt_prog_scalars(uint64_t seed) {
#ifdef RT_NWEIGHTS
#ifdef RT_PROG_PARAM_SET
  static const int given[RT_NWEIGHTS] = RT_PROG_PARAM_SET;
  static const double value[RT_NWEIGHTS] = RT_PROG_PARAM_VALUES;
#else
  static const int given[RT_NWEIGHTS] = {0};
  static const double value[RT_NWEIGHTS] = {0};
#endif
  for (int k = 0; k < RT_NWEIGHTS; k++)
    rt_w_host[k] = given[k] ? (rt_real)value[k]
                            : (rt_real)(fabs(rt_random_value(seed ^ 0x7363616c6172ULL, (uint64_t)k)) * /* "scalar" */
                                        rt_prog_scale());
#else
  (void)seed;
#endif
}

/* ---- runs ---- */

/* Whether buffer i (field i / RT_PROG_LEVELS) is state a stage writes: what is checked, dumped
 * and, on MPI ranks, exchanged. */
RT_API int rt_prog_state(int i) {
  int f = i / RT_PROG_LEVELS;
  return f < rt_program.nfields && i % RT_PROG_LEVELS < rt_program.fields[f].levels &&
         !rt_program.fields[f].coef;
}

/* `steps` steps from t = 0: one program_step per step, or the blocked engine's program_advance
 * (n5d), which fuses several steps per launch and renames buffers. */
RT_API void rt_prog_run(rt_real **d, const RtGrid *g, long steps) {
#ifdef RT_PROGRAM_ADVANCE
  program_advance(d, g, 0, steps);
#else
  for (long t = 0; t < steps; t++) program_step(d, g, t);
#endif
}

/* The engine's buffers of every field (RT_PROG_ENGINE_BUFFERS: twins included, each uploaded
 * from the buffer it twins), from h. */
RT_API void rt_prog_upload(rt_real **d, rt_real *const *h, const RtGrid *g) {
  size_t bytes = (size_t)g->cells * sizeof(rt_real);
  for (int i = 0; i < RT_PROG_ENGINE_BUFFERS; i++) {
    const int twin = i >= RT_PROG_BUFFERS;
    const rt_real *from = !twin || rt_prog_state(i - RT_PROG_BUFFERS) ? h[i % RT_PROG_BUFFERS] : NULL;
    d[i] = from ? rt_engine_alloc(bytes) : NULL;
    if (from) rt_engine_put(d[i], from, bytes);
  }
  rt_engine_scalars();
}

RT_API void rt_prog_release(rt_real **d) {
  for (int i = 0; i < RT_PROG_ENGINE_BUFFERS; i++)
    if (d[i]) rt_engine_free(d[i]);
}

/* ---- dumps (--dump-input, --dump-output): every buffer of every field, for a check of the
 * program against the user's own code (tests/program_oracle.h reads them). One file, in the
 * host's byte order:
 *   8 bytes   "STCPROG1"
 *   8 int64   elem_size (4 or 8), dims, steps, nfields, nscalars, ext[3] (halo included,
 *             axis 0 first, unused axes 1)
 *   per field   char name[32], int64 levels, int64 coef
 *   per field, per buffer k < levels: the whole grid, axis 0 slowest (buffer k is the user's
 *             time level k: step t writes buffer (t + 1) % levels)
 *   per scalar  char name[32], double value
 * An input dump holds the initial state, an output dump the engine's after `steps` steps. */
enum { RT_PROG_NAME = 32 };

RT_API void rt_prog_dump(const char *path, const RtGrid *g, long steps, rt_real *const *buf) {
  FILE *f = fopen(path, "wb");
  int64_t h[8] = {(int64_t)sizeof(rt_real), g->dims, steps, rt_program.nfields, rt_program.nscalars};
  for (int a = 0; a < RT_MAX_DIMS; a++) h[5 + a] = a < g->dims ? g->ext[a] : 1;
  int ok = f && fwrite("STCPROG1", 1, 8, f) == 8 && fwrite(h, sizeof h[0], 8, f) == 8;
  for (int i = 0; ok && i < rt_program.nfields; i++) {
    char name[RT_PROG_NAME] = {0};
    int64_t facts[2] = {rt_program.fields[i].levels, rt_program.fields[i].coef};
    snprintf(name, sizeof name, "%s", rt_program.fields[i].name);
    ok = fwrite(name, 1, sizeof name, f) == sizeof name && fwrite(facts, sizeof facts[0], 2, f) == 2;
  }
  for (int i = 0; ok && i < rt_program.nfields; i++)
    for (int k = 0; ok && k < rt_program.fields[i].levels; k++)
      ok = fwrite(buf[i * RT_PROG_LEVELS + k], sizeof(rt_real), (size_t)g->cells, f) == (size_t)g->cells;
  for (int k = 0; ok && k < rt_program.nscalars; k++) {
    char name[RT_PROG_NAME] = {0};
#ifdef RT_NWEIGHTS
    double v = (double)rt_w_host[k];
#else
    double v = 0;
#endif
    snprintf(name, sizeof name, "%s", rt_program.scalar_names[k]);
    ok = fwrite(name, 1, sizeof name, f) == sizeof name && fwrite(&v, sizeof v, 1, f) == 1;
  }
  if (f) ok = !fclose(f) && ok;
  if (!ok) {
    fprintf(stderr, "stencilc: cannot write %s\n", path);
    exit(4);
  }
}

#define RT_PROG_GROWTH 1e6 /* the growth of the reference over the steps taken as a blow-up */

/* The largest |value| of the state buffers (h as rt_prog_inputs makes them). */
static double rt_prog_state_max(rt_real *const *h, const RtGrid *g) {
  double m = 0;
  for (int i = 0; i < RT_PROG_BUFFERS; i++)
    for (long c = 0; h[i] && rt_prog_state(i) && c < g->cells; c++)
      m = isfinite((double)h[i][c]) ? fmax(m, fabs((double)h[i][c])) : INFINITY;
  return m;
}

/* Whether the check may lower s when its reference blows up: no --param value is given (given
 * values, and those stencilc check computes from the others with the user's code, must stay
 * what they are) and s is not yet tiny. */
RT_API int rt_prog_may_rescale(void) {
#ifdef RT_PROG_PARAM_SET /* the generated code defines it when --param gave a value */
  return 0;
#else
  return rt_prog_scale() > 1e-12;
#endif
}

/* s divided by 4 and the scalars drawn again (rt_prog_check below says when), said on stderr. */
RT_API void rt_prog_rescale(uint64_t seed, long steps, double growth) {
  fprintf(stderr, "stencilc: the random coefficients at scale %.3g make the scheme grow %s over "
                  "%ld steps; drawn again at scale %.3g (--param NAME=VALUE gives the values of "
                  "the real run)\n",
          rt_prog_scale(), isfinite(growth) ? "a million-fold" : "past the type's range", steps,
          rt_prog_scale() / 4);
  rt_prog_scale_lowered = rt_prog_scale() / 4;
  rt_prog_scalars(seed);
}

typedef struct {
  double max_abs, max_rel, tol;
  long nonfinite;
  int pass;
  int blew_up; /* the reference grew past RT_PROG_GROWTH (rt_prog_check's may_rescale): not compared */
  double growth;
} RtProgCheck;

RT_API RtProgCheck rt_prog_check_start(long steps) {
  RtProgCheck c = {0, 0, 0, 0, 1, 0, 0};
  c.tol = rt_program_tolerance(RT_EPS, rt_program.view.flops, rt_program.view.gain,
                               rt_program.second_order, steps);
  return c;
}

/* One written buffer of the engine's against the reference's, each relative to its own max. */
RT_API void rt_prog_compare(RtProgCheck *c, const rt_real *got, const rt_real *ref, long cells) {
  RtCompare cmp = rt_compare_normwise(got, ref, cells, c->tol);
  c->nonfinite += cmp.nonfinite;
  c->max_abs = fmax(c->max_abs, cmp.max_abs);
  c->max_rel = fmax(c->max_rel, cmp.max_rel);
  c->pass = c->pass && rt_passes(&cmp);
}

/* The check's line; `run` as in rt_check_print. */
RT_API void rt_prog_check_print(const char *label, const long n[], long steps, const char *run,
                                const RtProgCheck *c) {
  char size[96];
  rt_format_size(size, sizeof size, rt_program.view.dims, n);
  printf("check %s: size=%s steps=%ld%s max_abs=%.3e max_rel=%.3e tol=%.3e", label, size, steps,
         run, c->max_abs, c->max_rel, c->tol);
  if (c->nonfinite) printf(" nonfinite=%ld", c->nonfinite);
  printf(" %s\n", c->pass ? "PASS" : "FAIL");
  fflush(stdout);
}

/* --dump FILE: the written buffers of the result, field by field, level by level, raw. */
RT_API FILE *rt_prog_dump_open(const char *path) {
  FILE *f = path ? fopen(path, "wb") : NULL;
  if (path && !f) {
    fprintf(stderr, "stencilc: cannot write %s\n", path);
    exit(4);
  }
  return f;
}

RT_API void rt_prog_dump_close(FILE *f, const char *path) {
  if (f && (ferror(f) | fclose(f))) {
    fprintf(stderr, "stencilc: cannot write %s\n", path);
    exit(4);
  }
}

/* Runs the engine and the reference from the same inputs and compares every written buffer;
 * writes the dumps asked for (any of them NULL): --dump the written buffers raw, --dump-input and
 * --dump-output in rt_dump.h's format. may_rescale: when the reference's state grows past
 * RT_PROG_GROWTH times its start, nothing is compared or printed and blew_up is set (main then
 * lowers s and checks again: the header's coef_scale bounds each stage's gain in one step, not
 * every scheme's growth over many, and random positive weights of a Laplacian passed in, w[0] > 0,
 * make a leapfrog u(t+1) = 2 u(t) - u(t-1) + g u(t) with g > 0 grow by about 1 + sqrt(g) a step,
 * past float's range within a few hundred, where the check would compare infinities). */
RT_API RtProgCheck rt_prog_check(const char *label, const long n[], long steps, uint64_t seed,
                                 const char *dump, const char *dump_input, const char *dump_output,
                                 int may_rescale) {
  RtGrid g = rt_grid_make(&rt_program.view, n);
  rt_real *h[RT_PROG_BUFFERS], *d[RT_PROG_ENGINE_BUFFERS];
  rt_prog_inputs(h, &g, seed, NULL, NULL);
  double start = may_rescale ? rt_prog_state_max(h, &g) : 0;
  if (dump_input) rt_prog_dump(dump_input, &g, steps, h);
  rt_prog_upload(d, h, &g);
  rt_prog_run(d, &g, steps);
  rt_engine_sync();
  if (dump_output) {
    rt_real *e[RT_PROG_BUFFERS];
    for (int i = 0; i < RT_PROG_BUFFERS; i++) {
      e[i] = h[i] ? rt_alloc_grid(&g) : NULL;
      if (h[i]) rt_engine_get(e[i], d[i], (size_t)g.cells * sizeof(rt_real));
    }
    rt_prog_dump(dump_output, &g, steps, e);
    rt_prog_free(e);
  }
  for (long t = 0; t < steps; t++) reference_step(h, &g, t);
  RtProgCheck c = rt_prog_check_start(steps);
  c.growth = may_rescale && start > 0 ? rt_prog_state_max(h, &g) / start : 0;
  if (!(c.growth <= RT_PROG_GROWTH)) { /* (NaN too) */
    c.blew_up = 1;
    rt_prog_release(d);
    rt_prog_free(h);
    return c;
  }
  rt_real *got = rt_alloc_grid(&g);
  FILE *df = rt_prog_dump_open(dump);
  for (int i = 0; i < RT_PROG_BUFFERS; i++) {
    if (!rt_prog_state(i)) continue;
    rt_engine_get(got, d[i], (size_t)g.cells * sizeof(rt_real));
    if (df) fwrite(got, sizeof(rt_real), (size_t)g.cells, df);
    rt_prog_compare(&c, got, h[i], g.cells);
  }
  rt_prog_dump_close(df, dump);
  rt_prog_check_print(label, n, steps, "", &c);
  free(got);
  rt_prog_release(d);
  rt_prog_free(h);
  return c;
}

RT_API double rt_prog_time(const long n[], long steps, long reps, uint64_t seed) {
  RtGrid g = rt_grid_make(&rt_program.view, n);
  rt_real *h[RT_PROG_BUFFERS], *d[RT_PROG_ENGINE_BUFFERS];
  rt_prog_inputs(h, &g, seed, NULL, NULL);
  rt_prog_upload(d, h, &g);
  rt_prog_free(h);
  rt_prog_run(d, &g, steps); /* warm-up */
  rt_engine_sync();
  double *ms = (double *)rt_xmalloc((size_t)reps * sizeof *ms);
  for (long r = 0; r < reps; r++) {
    double t0 = rt_now_ms();
    rt_prog_run(d, &g, steps);
    rt_engine_sync();
    ms[r] = rt_now_ms() - t0;
  }
  double median = rt_median(ms, (int)reps);
  free(ms);
  rt_prog_release(d);
  return median;
}

#ifndef RT_MPI /* rt_program_mpi.h has the main() of MPI programs */
int main(int argc, char **argv) {
  RtOptions o;
  const RtStencil *view = &rt_program.view;
  rt_parse_options(argc, argv, view, &o);
  if (o.dump_init || o.ref_cache || o.time_ms)
    rt_bad_arg(argv[0], view,
               "stencil programs take -s -t -r --seed --check-size --skip-full-check --dump "
               "--dump-input --dump-output; not", "--dump-init, --ref-cache, --time-ms");
  rt_engine_setup();
  rt_prog_scalars(o.seed);
  long check_n[RT_MAX_DIMS] = {0, 0, 0};
  int full = o.dump || o.dump_input || o.dump_output; /* the dumps are of the size asked for */
  for (int a = 0; a < view->dims; a++)
    check_n[a] = o.check[a] < o.n[a] && !full ? o.check[a] : o.n[a];
  RtProgCheck ca;
  while ((ca = rt_prog_check("a", check_n, o.steps, o.seed, o.dump, o.dump_input, o.dump_output,
                             rt_prog_may_rescale())).blew_up)
    rt_prog_rescale(o.seed, o.steps, ca.growth);
  RtProgCheck cb = ca;
  if (!o.skip_full_check)
    cb = rt_prog_check("b", o.n, o.steps < 3 ? o.steps : 3, o.seed + 1, NULL, NULL, NULL, 0);
  if (!ca.pass || !cb.pass) {
    printf("FAIL: verification failed, not timing\n");
    return 1;
  }
  double ms = rt_prog_time(o.n, o.steps, o.reps, o.seed + 2);
  double cells = 1;
  for (int a = 0; a < view->dims; a++) cells *= (double)o.n[a];
  double gcells = cells * (double)o.steps / (ms * 1e-3) / 1e9;
  char size[96];
  rt_format_size(size, sizeof size, view->dims, o.n);
  printf("RESULT name=%s backend=%s dtype=%s size=%s steps=%ld reps=%ld ms=%.3f gcells=%.4f "
         "gflops=%.3f max_abs=%.3e max_rel=%.3e verify=%s\n",
         view->name, view->backend, view->dtype, size, o.steps, o.reps, ms, gcells,
         gcells * view->flops, fmax(ca.max_abs, cb.max_abs), fmax(ca.max_rel, cb.max_rel),
         o.skip_full_check ? "SMALL" : "PASS");
  return 0;
}
#endif /* RT_MPI */

#endif
