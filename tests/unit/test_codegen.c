// End-to-end tests of the code generators: stencils built by hand, programs generated, compiled,
// run and checked against an evaluator written here, independent of the generated reference.
// Build and run (from the repository root):
//   sh scripts/embed.sh build/gen/runtime_text runtime/*.h
//   cc -std=c11 -D_POSIX_C_SOURCE=200809L -Isrc -Ibuild/gen tests/unit/test_codegen.c
//      src/codegen/*.c src/ir/ir.c src/util/*.c build/gen/runtime_text.c -lm -o build/test_codegen
//   build/test_codegen
// Needs gcc with OpenMP; the CUDA programs are compiled (not run) when nvcc is on PATH.
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "backends/backends.h"
#include "codegen/codegen.h"
#include "codegen/emit.h"
#include "codegen/program.h"
#include "expect.h"
#include "rt_common.h" /* rt_fill_weights: the weights a program fills, for the evaluator */

static char tmpdir[] = "/tmp/stencilc_test_XXXXXX";

/* ---- Building stencils by hand ---- */

static Expr *cst(const char *text) {
  Expr *e = ir_new_expr(EX_CONST);
  e->value = strtod(text, NULL);
  snprintf(e->text, sizeof e->text, "%s", text);
  return e;
}

static Expr *ld(Stencil *st, int o0, int o1, int o2) {
  int off[IR_MAX_DIMS] = {o0, o1, o2};
  Expr *e = ir_new_expr(EX_LOAD);
  e->point = ir_add_point(st, off);
  return e;
}

static Expr *wt(int k) {
  Expr *e = ir_new_expr(EX_WEIGHT);
  e->weight = k;
  return e;
}

static Expr *bin(ExprKind k, Expr *a, Expr *b) {
  Expr *e = ir_new_expr(k);
  e->nargs = 2;
  e->arg[0] = a;
  e->arg[1] = b;
  return e;
}

static Expr *call1(const char *func, Expr *a) {
  Expr *e = ir_new_expr(EX_CALL);
  e->func = func;
  e->nargs = 1;
  e->arg[0] = a;
  return e;
}

static void init_stencil(Stencil *st, const char *name, int dims, TimeForm tf) {
  memset(st, 0, sizeof *st);
  snprintf(st->name, sizeof st->name, "%s", name);
  snprintf(st->func_name, sizeof st->func_name, "kernel");
  snprintf(st->array, sizeof st->array, "A");
  st->dims = dims;
  st->dtype = DTYPE_DOUBLE;
  st->time_form = tf;
}

/* 0.2 * (c + n + s + e + w), result alternating buffers. */
static void make_jacobi2d(Stencil *st) {
  init_stencil(st, "j2d5pt", 2, TIME_PARITY);
  Expr *sum = bin(EX_ADD, ld(st, 0, 0, 0), ld(st, -1, 0, 0));
  sum = bin(EX_ADD, sum, ld(st, 1, 0, 0));
  sum = bin(EX_ADD, sum, ld(st, 0, 1, 0));
  sum = bin(EX_ADD, sum, ld(st, 0, -1, 0));
  st->expr = bin(EX_MUL, cst("0.2"), sum);
  for (int a = 0; a < 2; a++) st->lo[a] = st->hi[a] = 1;
  ir_classify(st);
}

/* A 7-point star with a different coefficient per point, copy-back time form, and a halo
 * wider than the radius on some sides. */
static void make_star3d(Stencil *st) {
  static const char *coef[7] = {"0.25", "0.05", "0.15", "0.1", "0.12", "0.08", "0.2"};
  static const int off[7][3] = {{0, 0, 0}, {-1, 0, 0}, {1, 0, 0}, {0, -1, 0},
                                {0, 1, 0}, {0, 0, -1}, {0, 0, 1}};
  init_stencil(st, "star3d7pt", 3, TIME_COPYBACK);
  for (int p = 0; p < 7; p++) {
    Expr *term = bin(EX_MUL, cst(coef[p]), ld(st, off[p][0], off[p][1], off[p][2]));
    st->expr = p ? bin(EX_ADD, st->expr, term) : term;
  }
  int lo[3] = {1, 2, 1}, hi[3] = {2, 1, 1};
  memcpy(st->lo, lo, sizeof lo);
  memcpy(st->hi, hi, sizeof hi);
  ir_classify(st);
}

/* c - 0.1 * e2 + 0.05 * sqrt(fabs(n * s)) / (1 + w * w): non-linear, a division, an integer
 * literal, and an asymmetric radius (e2 is two cells away along the last axis). */
static void make_nonlinear2d(Stencil *st) {
  init_stencil(st, "nonlin2d", 2, TIME_PARITY);
  Expr *lin = bin(EX_SUB, ld(st, 0, 0, 0), bin(EX_MUL, cst("0.1"), ld(st, 0, 2, 0)));
  Expr *root = call1("sqrt", call1("fabs", bin(EX_MUL, ld(st, -1, 0, 0), ld(st, 1, 0, 0))));
  Expr *w = ld(st, 0, -1, 0);
  Expr *den = bin(EX_ADD, cst("1"), bin(EX_MUL, w, ld(st, 0, -1, 0)));
  st->expr = bin(EX_ADD, lin, bin(EX_DIV, bin(EX_MUL, cst("0.05"), root), den));
  st->lo[0] = st->hi[0] = st->lo[1] = 1;
  st->hi[1] = 2;
  ir_classify(st);
}

/* c + 1 / sqrt(1.03 + (c - n)^2): the reciprocal square root of gradient2d, which kernels
 * write as one rsqrt call (runtime/rt_common.h, rt_rsqrt) and host code as the division. */
static void make_rsqrt2d(Stencil *st) {
  init_stencil(st, "rsqrt2d", 2, TIME_PARITY);
  Expr *d = bin(EX_SUB, ld(st, 0, 0, 0), ld(st, -1, 0, 0));
  Expr *d2 = bin(EX_SUB, ld(st, 0, 0, 0), ld(st, -1, 0, 0));
  Expr *root = call1("sqrt", bin(EX_ADD, cst("1.03"), bin(EX_MUL, d, d2)));
  st->expr = bin(EX_ADD, ld(st, 0, 0, 0), bin(EX_DIV, cst("1.0"), root));
  st->lo[0] = 1;
  ir_classify(st);
}

/* (sum over a 2x3 filter of W[a][b] * in[a][b - 1]) / 2 + 0.1 * in[-1][0]: run-time weights,
 * each scaled by the folded division, beside a constant coefficient. */
static void make_conv2x3(Stencil *st) {
  init_stencil(st, "conv2x3", 2, TIME_PARITY);
  snprintf(st->weights, sizeof st->weights, "W");
  st->weight_dims = 2;
  st->weight_shape[0] = 2;
  st->weight_shape[1] = 3;
  st->nweights = 6;
  Expr *sum = cst("0.0");
  for (int k = 0; k < 6; k++)
    sum = bin(EX_ADD, sum, bin(EX_MUL, wt(k), ld(st, k / 3, k % 3 - 1, 0)));
  st->expr = bin(EX_ADD, bin(EX_DIV, sum, cst("2.0")), bin(EX_MUL, cst("0.1"), ld(st, -1, 0, 0)));
  st->lo[0] = st->lo[1] = st->hi[0] = st->hi[1] = 1;
  ir_classify(st);
}

/* ---- Independent evaluator ---- */

static double weights[IR_MAX_WEIGHTS]; /* as the program under test fills them */

static double call_math(const char *f, double x) {
  if (!strcmp(f, "sqrt")) return sqrt(x);
  if (!strcmp(f, "fabs")) return fabs(x);
  if (!strcmp(f, "exp")) return exp(x);
  if (!strcmp(f, "log")) return log(x);
  if (!strcmp(f, "sin")) return sin(x);
  if (!strcmp(f, "cos")) return cos(x);
  if (!strcmp(f, "tanh")) return tanh(x);
  printf("evaluator: no function %s\n", f);
  exit(1);
}

static double eval(const Expr *e, const double *vals) {
  switch (e->kind) {
  case EX_CONST: return e->value;
  case EX_LOAD: return vals[e->point];
  case EX_WEIGHT: return weights[e->weight];
  case EX_NEG: return -eval(e->arg[0], vals);
  case EX_ADD: return eval(e->arg[0], vals) + eval(e->arg[1], vals);
  case EX_SUB: return eval(e->arg[0], vals) - eval(e->arg[1], vals);
  case EX_MUL: return eval(e->arg[0], vals) * eval(e->arg[1], vals);
  case EX_DIV: return eval(e->arg[0], vals) / eval(e->arg[1], vals);
  case EX_CALL: return call_math(e->func, eval(e->arg[0], vals));
  case EX_FLOAT: return (float)eval(e->arg[0], vals);
  case EX_IDIV: return trunc(eval(e->arg[0], vals) / eval(e->arg[1], vals));
  case EX_SHR: return floor(ldexp(eval(e->arg[0], vals), -(int)eval(e->arg[1], vals)));
  }
  return NAN;
}

typedef struct {
  long ext[3], n[3];
  long cells;
} Grid;

static Grid grid_of(const Stencil *st, const long n[3]) {
  Grid g = {{1, 1, 1}, {1, 1, 1}, 1};
  for (int a = 0; a < st->dims; a++) {
    g.n[a] = n[a];
    g.ext[a] = n[a] + st->lo[a] + st->hi[a];
    g.cells *= g.ext[a];
  }
  return g;
}

/* Linear index of (i, j, k), with unused trailing axes of extent 1. */
static long at(const Stencil *st, const Grid *g, long i, long j, long k) {
  return st->dims == 2 ? i * g->ext[1] + j : (i * g->ext[1] + j) * g->ext[2] + k;
}

/* One step over the interior in double, stored rounded to the element type. */
static void eval_step(const Stencil *st, const Grid *g, DType dt, const double *in, double *out) {
  double vals[64];
  int lo2 = st->dims == 3 ? st->lo[2] : 0;
  for (long i = st->lo[0]; i < st->lo[0] + g->n[0]; i++)
    for (long j = st->lo[1]; j < st->lo[1] + g->n[1]; j++)
      for (long k = lo2; k < lo2 + g->n[2]; k++) {
        for (int p = 0; p < st->npoints; p++) {
          const int *o = st->points[p].off;
          vals[p] = in[at(st, g, i + o[0], j + o[1], k + o[2])];
        }
        double v = eval(st->expr, vals);
        out[at(st, g, i, j, k)] = dt == DTYPE_FLOAT ? (double)(float)v : v;
      }
}

/* The weights a program run with `seed` uses, rounded to its element type. */
static void fill_weights(const Stencil *st, DType dt, uint64_t seed) {
  double gain[IR_MAX_WEIGHTS];
  for (int k = 0; k < st->nweights; k++) gain[k] = ir_weight_gain(st, k);
  rt_fill_weights(weights, st->nweights, gain, seed);
  for (int k = 0; k < st->nweights; k++)
    if (dt == DTYPE_FLOAT) weights[k] = (float)weights[k];
}

static double *read_raw(const char *path, long cells, DType dt) {
  size_t size = dt == DTYPE_FLOAT ? sizeof(float) : sizeof(double);
  void *raw = malloc((size_t)cells * size);
  double *v = malloc((size_t)cells * sizeof *v);
  FILE *f = fopen(path, "rb");
  size_t got = f ? fread(raw, size, (size_t)cells, f) : 0;
  if (f) fclose(f);
  if (got != (size_t)cells) {
    printf("FAIL: %s holds %zu of %ld elements\n", path, got, cells);
    failures++;
    free(raw);
    free(v);
    return NULL;
  }
  for (long c = 0; c < cells; c++)
    v[c] = dt == DTYPE_FLOAT ? (double)((float *)raw)[c] : ((double *)raw)[c];
  free(raw);
  return v;
}

/* Replays `steps` steps from the dumped initial grid and compares with the dumped result. */
static void check_dump(const Stencil *st, DType dt, const long n[3], long steps, uint64_t seed,
                       const char *init_path, const char *result_path) {
  Grid g = grid_of(st, n);
  double *init = read_raw(init_path, g.cells, dt), *got = read_raw(result_path, g.cells, dt);
  fill_weights(st, dt, seed);
  if (!init || !got) return;
  double *buf[2] = {malloc((size_t)g.cells * sizeof(double)), malloc((size_t)g.cells * sizeof(double))};
  memcpy(buf[0], init, (size_t)g.cells * sizeof(double));
  memcpy(buf[1], init, (size_t)g.cells * sizeof(double));
  int cur = 0;
  for (long t = 0; t < steps; t++) {
    eval_step(st, &g, dt, buf[cur], buf[1 - cur]);
    if (st->time_form == TIME_COPYBACK)
      memcpy(buf[cur], buf[1 - cur], (size_t)g.cells * sizeof(double));
    else
      cur = 1 - cur;
  }
  double max_diff = 0, max_ref = 0;
  long halo_changed = 0, bad = 0;
  for (long c = 0; c < g.cells; c++) {
    double r = buf[cur][c];
    if (!isfinite(got[c])) bad++;
    max_diff = fmax(max_diff, fabs(got[c] - r));
    max_ref = fmax(max_ref, fabs(r));
    /* A cell the evaluator never wrote is halo: it must still hold the initial value. */
    if (buf[1 - cur][c] == init[c] && r == init[c] && got[c] != init[c]) halo_changed++;
  }
  double bound = dt == DTYPE_FLOAT ? 1e-4 : 1e-12;
  EXPECT(bad == 0, "%s %s: %ld non-finite cells in the result", st->name, ir_dtype_name(dt), bad);
  EXPECT(max_diff <= bound * max_ref, "%s %s steps %ld: max diff %g vs evaluator (max %g)",
         st->name, ir_dtype_name(dt), steps, max_diff, max_ref);
  EXPECT(halo_changed == 0, "%s: %ld halo cells changed", st->name, halo_changed);
  free(init);
  free(got);
  free(buf[0]);
  free(buf[1]);
}

/* ---- Generating, compiling, running ---- */

/* Runs cmd through the shell, captures stdout and stderr; returns the exit status. */
static int run(const char *cmd, char *out, size_t cap) {
  char full[4096];
  snprintf(full, sizeof full, "%s 2>&1", cmd);
  FILE *p = popen(full, "r");
  if (!p) return -1;
  size_t len = fread(out, 1, cap - 1, p);
  out[len] = '\0';
  int status = pclose(p);
  return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

static char *generate(const Stencil *st, const char *backend, DType dt) {
  Buf out = {0};
  GenOptions opt = {.backend = backends_find(backend), .dtype = dt};
  int rc = codegen_program(&out, st, &opt);
  EXPECT(rc == 0 && out.len > 0, "codegen_program failed for %s", st->name);
  return out.s;
}

static void write_text(const char *path, const char *text) {
  Buf b = {0};
  buf_puts(&b, text);
  if (buf_write_file(&b, path)) {
    printf("cannot write %s\n", path);
    exit(1);
  }
  buf_free(&b);
}

/* Compiles C source text into tmpdir/<stem>; returns 0 on success. */
static int compile_cpu(const char *stem, const char *src) {
  char path[512], cmd[2048];
  static char log[1 << 16];
  snprintf(path, sizeof path, "%s/%s.c", tmpdir, stem);
  write_text(path, src);
  snprintf(cmd, sizeof cmd,
           "gcc -std=c11 -O3 -fopenmp -Wall -Wextra -Werror -o %s/%s %s -lm", tmpdir, stem, path);
  int rc = run(cmd, log, sizeof log);
  EXPECT(rc == 0, "compiling %s failed:\n%s", path, log);
  return rc;
}

static int run_program(const char *stem, const char *args, char *out, size_t cap) {
  char cmd[1024];
  snprintf(cmd, sizeof cmd, "OMP_NUM_THREADS=2 %s/%s %s", tmpdir, stem, args);
  return run(cmd, out, cap);
}

typedef struct {
  const char *size; /* as given to -s */
  const char *full; /* as printed in RESULT */
  long n[3];
  long steps;
} RunCase;

static void test_cpu_program(const Stencil *st, DType dt, const RunCase *cases, int ncases) {
  char stem[128], out[1 << 14], args[2048];
  snprintf(stem, sizeof stem, "%s_cpu_%s", st->name, ir_dtype_name(dt));
  char *src = generate(st, "cpu", dt);
  if (!src || compile_cpu(stem, src)) {
    free(src);
    return;
  }
  free(src);
  for (int i = 0; i < ncases; i++) {
    const RunCase *rc = &cases[i];
    char init[512], result[512];
    snprintf(init, sizeof init, "%s/%s_%d.init", tmpdir, stem, i);
    snprintf(result, sizeof result, "%s/%s_%d.out", tmpdir, stem, i);
    /* The check size equals the run size, so the dumps hold the whole grid. */
    snprintf(args, sizeof args, "-s %s --check-size %s -t %ld -r 2 --seed %d --dump-init %s --dump %s",
             rc->size, rc->size, rc->steps, 100 + i, init, result);
    int status = run_program(stem, args, out, sizeof out);
    EXPECT(status == 0 && strstr(out, "verify=PASS"), "%s %s exited %d:\n%s", stem, args, status,
           out);
    char expect[256];
    snprintf(expect, sizeof expect, "RESULT name=%s backend=cpu dtype=%s size=%s steps=%ld reps=2 ms=",
             st->name, ir_dtype_name(dt), rc->full, rc->steps);
    EXPECT(strstr(out, expect), "%s: no line starting '%s' in:\n%s", stem, expect, out);
    if (status == 0) check_dump(st, dt, rc->n, rc->steps, (uint64_t)(100 + i), init, result);
  }
}

/* Copies src with the first `from` inside the kernel region replaced by `to` (same length). */
static char *mutate_kernel(const char *src, const char *from, const char *to) {
  char *s = strdup(src);
  char *begin = strstr(s, CODEGEN_KERNEL_BEGIN), *end = begin ? strstr(begin, CODEGEN_KERNEL_END) : NULL;
  char *hit = begin ? strstr(begin, from) : NULL;
  if (!end || !hit || hit > end || strlen(from) != strlen(to)) {
    free(s);
    return NULL;
  }
  memcpy(hit, to, strlen(to));
  return s;
}

/* A perturbed kernel (the reference untouched) must make the program fail verification. */
static void test_mutation(const Stencil *st, const char *from, const char *to, const char *tag,
                          const char *args) {
  char *src = generate(st, "cpu", DTYPE_DOUBLE);
  char *bad = src ? mutate_kernel(src, from, to) : NULL;
  EXPECT(bad != NULL, "'%s' not found in the kernel region", from);
  if (bad) {
    char stem[128], out[1 << 14];
    snprintf(stem, sizeof stem, "mutant_%s", tag);
    if (!compile_cpu(stem, bad)) {
      int status = run_program(stem, args, out, sizeof out);
      EXPECT(status == 1 && strstr(out, "FAIL") && !strstr(out, "verify=PASS"),
             "mutant %s ('%s' -> '%s') exited %d:\n%s", tag, from, to, status, out);
    }
  }
  free(src);
  free(bad);
}

/* The linear form keeps a run-time weight as a coefficient's factor, and emit_coef writes it. */
static void test_weights_linear_form(const Stencil *conv) {
  EXPECT(conv->associative, "conv2x3 is linear");
  for (int p = 0; conv->associative && p < conv->npoints; p++) {
    const int *o = conv->points[p].off;
    int k = o[0] == -1 ? -1 : o[0] * 3 + o[1] + 1;
    double c = k < 0 ? 0.1 : 0.5;
    EXPECT(conv->coef_weight[p] == k && conv->coef[p] == c, "point (%d, %d): coef %g weight %d, "
           "expected %g weight %d", o[0], o[1], conv->coef[p], conv->coef_weight[p], c, k);
  }
  EXPECT(ir_gain(conv) == 0.1, "constant gain %g, expected 0.1", ir_gain(conv));
  EXPECT(ir_weight_gain(conv, 4) == 0.5, "weight gain %g, expected 0.5", ir_weight_gain(conv, 4));
  int p4 = -1; /* the point weight 4 scales: offset (1, 0) */
  for (int p = 0; p < conv->npoints; p++)
    if (conv->points[p].off[0] == 1 && conv->points[p].off[1] == 0) p4 = p;
  Buf f = {0}, d = {0};
  emit_coef(&f, conv, p4, DTYPE_FLOAT);
  emit_coef(&d, conv, p4, DTYPE_DOUBLE);
  EXPECT(f.s && !strcmp(f.s, "(0.5f * rt_w[4])"), "float coefficient '%s'", f.s ? f.s : "");
  EXPECT(d.s && !strcmp(d.s, "(0.5 * (double)rt_w[4])"), "double coefficient '%s'", d.s ? d.s : "");
  buf_free(&f);
  buf_free(&d);

  /* Forms that are linear in the grid but whose coefficients are not constant * one weight are
   * computed as written: two weights on one point, a product of weights, a division by a weight,
   * a weight in the constant term. */
  Stencil st;
  for (int form = 0; form < 4; form++) {
    init_stencil(&st, "w", 2, TIME_PARITY);
    st.nweights = 2;
    Expr *e = NULL;
    Expr *w0a = bin(EX_MUL, wt(0), ld(&st, 0, 0, 0));
    if (form == 0) e = bin(EX_ADD, w0a, bin(EX_MUL, wt(1), ld(&st, 0, 0, 0)));
    else ir_free_expr(w0a);
    if (form == 1) e = bin(EX_MUL, bin(EX_MUL, wt(0), wt(1)), ld(&st, 0, 0, 0));
    if (form == 2) e = bin(EX_DIV, ld(&st, 0, 0, 0), wt(1));
    if (form == 3) e = bin(EX_ADD, wt(0), ld(&st, 0, 0, 0));
    st.expr = e;
    ir_classify(&st);
    EXPECT(!st.associative && !st.coef && !st.coef_weight, "form %d taken as associative", form);
    ir_free(&st);
  }
}

static void test_bad_arguments(void) {
  static const char *bad[] = {"-s 0", "-s 10x10x10", "-t", "-t -3", "-r x", "--bogus 1", "-s 12y"};
  char out[1 << 14];
  for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
    int status = run_program("j2d5pt_cpu_double", bad[i], out, sizeof out);
    EXPECT(status == 2, "'%s' exited %d, expected 2:\n%s", bad[i], status, out);
  }
  int status = run_program("j2d5pt_cpu_double", "-h", out, sizeof out);
  EXPECT(status == 0 && strstr(out, "usage"), "-h exited %d:\n%s", status, out);
}

static void test_rejects_reads_outside_halo(void) {
  Stencil st;
  make_jacobi2d(&st);
  st.hi[1] = 0; /* the point at +1 along axis 1 now reads past the grid */
  Buf out = {0};
  GenOptions opt = {.backend = backends_find("cpu"), .dtype = DTYPE_DOUBLE};
  printf("(an error message about axis 1 is expected here)\n");
  fflush(stdout);
  EXPECT(codegen_program(&out, &st, &opt) != 0 && out.len == 0, "out-of-halo read accepted");
  buf_free(&out);
  ir_free(&st);
}

static void test_float_literals(const Stencil *st) {
  char *f = generate(st, "cpu", DTYPE_FLOAT), *d = generate(st, "cpu", DTYPE_DOUBLE);
  const char *kf = f ? strstr(f, CODEGEN_KERNEL_BEGIN) : NULL;
  const char *kd = d ? strstr(d, CODEGEN_KERNEL_BEGIN) : NULL;
  EXPECT(kf && strstr(kf, "0.05f *") && strstr(kf, "1.0f + ") && strstr(kf, "sqrtf(fabsf("),
         "float kernel lacks f-suffixed constants or float calls");
  EXPECT(kd && strstr(kd, "0.05 *") && strstr(kd, "1.0 + ") && strstr(kd, "sqrt(fabs(") &&
             !strstr(kd, "0.05f"), "double kernel has float constants or calls");
  free(f);
  free(d);
}

/* Kernels call rt_rsqrt for 1 / sqrt(x) and keep no division by a square root; the host form
 * of the call is checked against the evaluator by test_cpu_program. */
static void test_reciprocal_sqrt(const Stencil *st) {
  char *f = generate(st, "naive", DTYPE_FLOAT), *d = generate(st, "naive", DTYPE_DOUBLE);
  const char *kf = f ? strstr(f, CODEGEN_KERNEL_BEGIN) : NULL;
  const char *kd = d ? strstr(d, CODEGEN_KERNEL_BEGIN) : NULL;
  EXPECT(kf && strstr(kf, "rt_rsqrtf(1.03f + ") && !strstr(kf, "/ sqrtf("),
         "float kernel does not call rt_rsqrtf for 1 / sqrtf");
  EXPECT(kd && strstr(kd, "rt_rsqrt((rt_real)1.03 + ") && !strstr(kd, "/ sqrt("),
         "double kernel does not call rt_rsqrt for 1 / sqrt");
  free(f);
  free(d);
}

/* Generates naive CUDA programs and compiles them with nvcc, all at once. */
static void test_naive_compiles(Stencil *const *sts, int nst) {
  if (system("command -v nvcc >/dev/null 2>&1") != 0) {
    printf("SKIP: nvcc not on PATH, CUDA programs not compiled\n");
    return;
  }
  pid_t pids[8];
  char logs[8][600];
  int n = 0;
  for (int i = 0; i < nst; i++)
    for (int t = 0; t < 2; t++) {
      DType dt = t ? DTYPE_DOUBLE : DTYPE_FLOAT;
      char path[512], cmd[2048];
      snprintf(path, sizeof path, "%s/%s_naive_%s.cu", tmpdir, sts[i]->name, ir_dtype_name(dt));
      snprintf(logs[n], sizeof logs[n], "%s.log", path);
      char *src = generate(sts[i], "naive", dt);
      if (!src) continue;
      write_text(path, src);
      free(src);
      snprintf(cmd, sizeof cmd,
               "nvcc -O3 -gencode=arch=compute_90,code=sm_90 -Xcompiler -fopenmp "
               "-Xcompiler -Wall,-Wextra -o %.*s %s > %s 2>&1",
               (int)(strlen(path) - 3), path, path, logs[n]);
      pids[n] = fork();
      if (pids[n] == 0) {
        execl("/bin/sh", "sh", "-c", cmd, (char *)NULL);
        _exit(127);
      }
      n++;
    }
  for (int i = 0; i < n; i++) {
    int status = 0;
    waitpid(pids[i], &status, 0);
    char out[1 << 14] = "", cmd[sizeof logs[i] + 8];
    strcpy(cmd, "cat ");
    strncat(cmd, logs[i], sizeof cmd - sizeof "cat ");
    run(cmd, out, sizeof out);
    EXPECT(WIFEXITED(status) && WEXITSTATUS(status) == 0, "nvcc failed, see %s:\n%s", logs[i], out);
    EXPECT(!strstr(out, "warning"), "nvcc warned, see %s:\n%s", logs[i], out);
  }
}


/* ---- naive's kernels of a program (codegen_program_fusion) ----
 * A 2D velocity-stress step as the front end gives it: stages 0 and 1 (vx, vz, each in place)
 * from one loop nest reading the stresses at offsets, stage 2 (sxx) from another nest reading
 * the velocities at offsets; `k` a coefficient grid. The stages of one nest share a kernel
 * only while each reads what the others of the kernel write at the cell alone and they run
 * over the same cells. */
enum { F_VX, F_VZ, F_SXX, F_K };

static void fusion_stage(Program *pr, int i, int field, int nest, int lo) {
  Stage *s = &pr->stages[i];
  memset(s, 0, sizeof *s);
  s->field = field;
  s->nest = nest;
  s->st.dims = 2;
  for (int a = 0; a < 2; a++) s->st.lo[a] = lo, s->st.hi[a] = 1;
  pr->fields[field].writer = i;
  pr->nstages = i + 1;
}

static void fusion_read(Program *pr, int i, int field, int o0, int o1) {
  int off[IR_MAX_DIMS] = {o0, o1, 0};
  program_add_point(&pr->stages[i], field, 0, off);
}

/* vx, vz in one nest, sxx in its own; vz reads `vz_reads_vx` (0: nothing) of vx at (o0, o1). */
static void fusion_program(Program *pr, bool vz_reads_vx, int o0, int o1, int vz_lo) {
  memset(pr, 0, sizeof *pr);
  pr->dims = 2;
  pr->nfields = 4;
  static const char *const names[] = {"vx", "vz", "sxx", "k"};
  for (int f = 0; f < 4; f++) {
    snprintf(pr->fields[f].name, IR_NAME_MAX, "%s", names[f]);
    pr->fields[f].levels = 1;
    pr->fields[f].coef = f == F_K;
    pr->fields[f].writer = -1;
  }
  fusion_stage(pr, 0, F_VX, 0, 1);
  fusion_read(pr, 0, F_VX, 0, 0);
  fusion_read(pr, 0, F_SXX, 0, 1);
  fusion_read(pr, 0, F_SXX, 0, 0);
  fusion_read(pr, 0, F_K, 0, 0);
  fusion_stage(pr, 1, F_VZ, 0, vz_lo);
  fusion_read(pr, 1, F_VZ, 0, 0);
  fusion_read(pr, 1, F_SXX, 1, 0);
  fusion_read(pr, 1, F_SXX, 0, 0);
  if (vz_reads_vx) fusion_read(pr, 1, F_VX, o0, o1);
  fusion_stage(pr, 2, F_SXX, 2, 1);
  fusion_read(pr, 2, F_SXX, 0, 0);
  fusion_read(pr, 2, F_VX, 0, 0);
  fusion_read(pr, 2, F_VX, 0, -1);
  fusion_read(pr, 2, F_VZ, 0, 0);
  fusion_read(pr, 2, F_VZ, -1, 0);
}

static void expect_kernels(const Program *pr, const int *first, int n, const char *what) {
  ProgramKernels k;
  codegen_program_fusion(pr, &k);
  bool same = k.nkernels == n && k.first[n] == pr->nstages;
  for (int i = 0; i < n && same; i++) same = k.first[i] == first[i];
  EXPECT(same, "%s: %d kernels, the second from stage %d", what, k.nkernels,
         k.nkernels > 1 ? k.first[1] : -1);
}

static void test_program_fusion(void) {
  Program pr;
  static const int fused[] = {0, 2}, apart[] = {0, 1, 2};
  fusion_program(&pr, false, 0, 0, 1);
  expect_kernels(&pr, fused, 2, "velocities of one nest");
  program_free(&pr);
  fusion_program(&pr, true, 0, 0, 1);
  expect_kernels(&pr, fused, 2, "vz reading the new vx at its cell");
  program_free(&pr);
  fusion_program(&pr, true, 0, 1, 1);
  expect_kernels(&pr, apart, 3, "vz reading the new vx at offset +1 along axis 1");
  program_free(&pr);
  fusion_program(&pr, true, -1, 0, 1);
  expect_kernels(&pr, apart, 3, "vz reading the new vx at offset -1 along axis 0");
  program_free(&pr);
  fusion_program(&pr, false, 0, 0, 2);
  expect_kernels(&pr, apart, 3, "vz over other cells than vx");
  program_free(&pr);
  /* vx reading vz (written after it in the kernel) at an offset: another thread's vz may be new */
  fusion_program(&pr, false, 0, 0, 1);
  fusion_read(&pr, 0, F_VZ, 0, 1);
  expect_kernels(&pr, apart, 3, "vx reading vz at an offset");
  program_free(&pr);
  /* a point source after vx, or a boundary stage before vz, runs between the kernels */
  fusion_program(&pr, false, 0, 0, 1);
  pr.nsources = 1;
  pr.sources[0].field = F_VX;
  pr.sources[0].after = 0;
  expect_kernels(&pr, apart, 3, "a source after vx");
  pr.nsources = 0;
  pr.nboundaries = 1;
  pr.boundaries[0].before = 1;
  expect_kernels(&pr, apart, 3, "a boundary stage before vz");
  program_free(&pr);
}

int main(void) {
  if (!mkdtemp(tmpdir)) {
    perror("mkdtemp");
    return 1;
  }
  Stencil jac, star, nonlin, conv, rsq;
  make_jacobi2d(&jac);
  make_rsqrt2d(&rsq);
  make_star3d(&star);
  make_nonlinear2d(&nonlin);
  make_conv2x3(&conv);
  test_weights_linear_form(&conv);

  static const RunCase cases2d[] = {{"13x29", "13x29", {13, 29, 1}, 1},
                                     {"50", "50x50", {50, 50, 1}, 2},
                                     {"7x5", "7x5", {7, 5, 1}, 7},
                                     {"33x65", "33x65", {33, 65, 1}, 40}};
  static const RunCase cases3d[] = {{"9x11x13", "9x11x13", {9, 11, 13}, 1},
                                    {"6x7x5", "6x7x5", {6, 7, 5}, 2},
                                    {"10", "10x10x10", {10, 10, 10}, 7}};
  static const RunCase cases_nonlin[] = {{"13x29", "13x29", {13, 29, 1}, 1},
                                         {"19x6", "19x6", {19, 6, 1}, 7}};
  for (int t = 0; t < 2; t++) {
    DType dt = t ? DTYPE_DOUBLE : DTYPE_FLOAT;
    test_cpu_program(&jac, dt, cases2d, 4);
    test_cpu_program(&star, dt, cases3d, 3);
    test_cpu_program(&nonlin, dt, cases_nonlin, 2);
    test_cpu_program(&conv, dt, cases2d, 4);
    test_cpu_program(&rsq, dt, cases_nonlin, 2);
  }
  test_bad_arguments();
  test_mutation(&jac, "0.2", "0.3", "coef", "-s 31x17 -t 3 -r 1");
  test_mutation(&jac, "c - s0", "c + s0", "offset", "-s 31x17 -t 3 -r 1");
  test_mutation(&star, "0.05", "0.06", "coef3d", "-s 9x8x7 -t 2 -r 1");
  test_mutation(&conv, "rt_w[3]", "rt_w[4]", "weight", "-s 31x17 -t 1 -r 1");
  test_float_literals(&nonlin);
  test_reciprocal_sqrt(&rsq);
  test_rejects_reads_outside_halo();
  test_program_fusion();
  Stencil *naive_sts[] = {&jac, &star, &conv, &rsq};
  test_naive_compiles(naive_sts, 4);

  ir_free(&jac);
  ir_free(&star);
  ir_free(&nonlin);
  ir_free(&conv);
  ir_free(&rsq);
  if (failures) {
    printf("test_codegen: files kept in %s\n", tmpdir);
  } else {
    char cmd[128];
    snprintf(cmd, sizeof cmd, "rm -rf %s", tmpdir);
    if (system(cmd) != 0) printf("note: could not remove %s\n", tmpdir);
  }
  return expect_summary("test_codegen");
}
