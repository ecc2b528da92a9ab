/* Convergence loops (Stencil.conv) in the generated programs: the engine steps until the
 * residual of a step drops to the tolerance, at most -t steps (engine_advance, so rt_driver.h's
 * RT_ENGINE_ADVANCE path runs it), and the reference makes as many steps as the engine's last
 * run, then keeps its grid and bound: the program's own check compares the grids after the same
 * steps, and `stencilc check` compares the step count with the user's loop (the output dump
 * holds it, emit_converge_dump). The result stays in buffer 0 (RtStencil.copyback) whatever the count.
 * A host engine (cpu) computes the residual on the host after each step; a CUDA engine (naive) has
 * its sweep kernel reduce it on the device and reads the one scalar back after each step. A
 * residual the source computes every K steps (Converge.check_every) is computed, reduced and read
 * back on those steps alone; the others run the plain step. */
#include <math.h>

#include "emit.h"

void emit_converge_defines(Buf *out, const Stencil *st) {
  if (!st->conv.kind) return;
  buf_puts(out, "#define RT_ENGINE_ADVANCE 1\n#define RT_CONVERGE 1\n");
}

void emit_converge_reference(Buf *out, const Stencil *st, bool before) {
  if (!st->conv.kind) return;
  if (before) { /* the reference below is the sweep of one step */
    buf_puts(out, "#define reference_step reference_sweep\n"
                  "#define reference_bound_step reference_sweep_bound\n");
    return;
  }
  buf_puts(out,
           "#undef reference_step\n#undef reference_bound_step\n"
           "static long rt_conv_iters; /* the steps the engine's last run made */\n"
           "static long rt_conv_ref;   /* the reference's steps since that run */\n"
           "/* Past those steps the result is copied into the other buffer once; both then hold\n"
           " * it, whichever the caller reads. */\n"
           "static void reference_bound_step(const rt_real *in, const double *bin, double *bout,\n"
           "                                 const RtGrid *g) {\n"
           "  if (rt_conv_ref < rt_conv_iters) reference_sweep_bound(in, bin, bout, g);\n"
           "  else if (rt_conv_ref == rt_conv_iters) memcpy(bout, bin, (size_t)g->cells * sizeof(double));\n"
           "}\n"
           "static void reference_step(const rt_real *in, rt_real *out, const RtGrid *g) {\n"
           "  if (rt_conv_ref < rt_conv_iters) reference_sweep(in, out, g);\n"
           "  else if (rt_conv_ref == rt_conv_iters) memcpy(out, in, (size_t)g->cells * sizeof(rt_real));\n"
           "  rt_conv_ref++;\n"
           "}\n");
}

/* The tolerance: the run-time scalar's host copy, or the constant. */
static void emit_tolerance(Buf *out, const Converge *cv) {
  if (cv->tol_scalar >= 0) buf_printf(out, "(double)rt_w_host[%d]", cv->tol_scalar);
  else buf_printf(out, "%.17g", cv->tol_const);
}

/* The loops over the interior in memory order, the last axis innermost, whose body adds cell c's
 * difference dv (in double from the stored element type's, as the user's loop computes it) to r
 * by `accumulate`; omp_max: OpenMP threads over axis 0 with a max reduction (a max's order does
 * not matter; a sum's does). The loops need the bounds of emit_grid_bounds and `double r`. */
static void emit_residual_loops(Emitter *e, int d, bool omp_max, const char *accumulate) {
  if (omp_max) em_directive(e, "#pragma omp parallel for reduction(max : r)");
  emit_cell_loops(e, d, NULL);
  em_line(e, "const double dv = (double)(out[c] - in[c]);");
  em_line(e, "%s", accumulate);
  emit_cell_nest_close(e, d);
}

void emit_converge_first(Buf *out, const Stencil *st, const char *tol) {
  const Converge *cv = &st->conv;
  if (cv->first == INFINITY || st->time_do) buf_puts(out, "INFINITY");
  else if (cv->first_tol == 1) buf_printf(out, "%s + %.17g", tol, cv->first);
  else if (cv->first_tol) buf_printf(out, "%.17g * %s + %.17g", cv->first_tol, tol, cv->first);
  else buf_printf(out, "%.17g", cv->first);
}

/* `double r = ...;`: the residual before the first step, in a scope with `tol`. */
static void emit_first_residual(Emitter *e, const Stencil *st) {
  em_begin(e);
  buf_puts(e->out, "double r = ");
  emit_converge_first(e->out, st, "tol");
  buf_puts(e->out, st->conv.first == INFINITY || st->time_do ? ";" : "; /* the residual's value before the loop */");
  em_end(e);
}

void emit_converge_checked(Buf *out, const Stencil *st, const char *k) {
  const Converge *cv = &st->conv;
  buf_printf(out, "(%s + %ldL) %% %ldL == %ldL", k, cv->check_offset, cv->check_every, cv->check_phase);
}

/* The step from buffer src into 1 - src: `step`, which also sets r to its residual, or on the
 * steps that do not compute the residual (Converge.check_every) `plain`, which keeps r. */
static void emit_converge_step(Emitter *e, const Stencil *st, const char *step, const char *plain) {
  if (st->conv.check_every == 1) {
    em_line(e, "%s", step);
    return;
  }
  em_begin(e);
  buf_puts(e->out, "if (");
  emit_converge_checked(e->out, st, "k");
  buf_puts(e->out, ") { /* the steps on which the source computes the residual */");
  em_end(e);
  e->depth++;
  em_line(e, "%s", step);
  em_else(e);
  em_line(e, "%s /* the residual keeps its value, above the tolerance */", plain);
  em_close(e);
}

/* The function `head` (returning the buffer holding the result): steps from buffer 0 while the
 * last step's residual is above the tolerance, at most `steps`. `step` makes one step from buffer
 * src into 1 - src and sets `double r` to its residual; `plain` makes one without the residual
 * (emit_converge_step). */
static void emit_converge_advance(Emitter *e, const Stencil *st, const char *head, const char *step,
                                  const char *plain) {
  bool sum = st->conv.kind == CONV_SUM_SQ;
  em_line(e, "/* Steps from buffer 0 while the last step's residual is above the tolerance%s, at\n"
             " * most `steps`; returns the buffer holding the result. */",
          st->time_do ? " (the first step always: a do loop)" : "");
  em_open(e, "%s", head);
  em_begin(e);
  buf_printf(e->out, "const double tol = ");
  emit_tolerance(e->out, &st->conv);
  buf_puts(e->out, ";");
  em_end(e);
  emit_first_residual(e, st);
  em_line(e, "int src = 0;");
  em_line(e, "long k = 0;");
  em_line(e, "rt_conv_ref = 0;");
  em_open(e, "while (k < steps && %s > tol)", sum ? "sqrt(r)" : "r");
  emit_converge_step(e, st, step, plain);
  em_line(e, "src ^= 1;");
  em_line(e, "k++;");
  em_close(e);
  em_line(e, "rt_conv_iters = k;");
  em_line(e, "return src;");
  em_close(e);
  /* rt_dump.h's writer, renamed: emit_converge_dump wraps it */
  buf_puts(e->out, "#define rt_dump_write rt_dump_write_grid\n");
}

void emit_converge_engine(Buf *out, const Stencil *st) {
  int d = st->dims;
  bool sum = st->conv.kind == CONV_SUM_SQ;
  Emitter e = {out, 0};
  em_line(&e, "/* The residual of a step over the interior: %s, in double from the stored\n"
              " * element type's difference, as the user's loop computes it. */",
          sum ? "the sum of (new - old)^2, cell by cell in memory order (the sum's order is "
                "the user's)"
              : "the largest |new - old|");
  em_open(&e, "static double conv_residual(const rt_real *in, const rt_real *out, const RtGrid *g)");
  emit_grid_bounds(&e, d, false);
  em_line(&e, "double r = 0;");
  emit_residual_loops(&e, d, !sum, sum ? "r += dv * dv;" : "r = fmax(r, fabs(dv));");
  em_line(&e, "return r;");
  em_close(&e);
  emit_converge_advance(&e, st, "RT_API int engine_advance(Engine *e, long steps)",
                        "engine_step(e, src);\n"
                        "r = conv_residual(e->buf[src], e->buf[1 - src], &e->g);",
                        "engine_step(e, src);");
}

void emit_converge_dump(Buf *out, const Stencil *st) {
  if (!st->conv.kind) return;
  buf_puts(out,
           "\n#undef rt_dump_write\n"
           "/* The dump, and in an output dump's spare header field (int64 number 14 of rt_dump.h's\n"
           " * format) the steps the run made until it converged, which stencilc check compares\n"
           " * with the user's loop's (rt_usercheck.h). */\n"
           "RT_API void rt_dump_write(const char *path, int kind, const RtGrid *g, const int lo[],\n"
           "                          const int hi[], long steps, const rt_real *cells,\n"
           "                          const rt_real *w, int nweights) {\n"
           "  rt_dump_write_grid(path, kind, g, lo, hi, steps, cells, w, nweights);\n"
           "  if (kind != RT_DUMP_OUTPUT) return;\n"
           "  int64_t iterations = rt_conv_iters;\n"
           "  FILE *f = fopen(path, \"r+b\");\n"
           "  int ok = f && !fseek(f, 8 + 14 * (long)sizeof iterations, SEEK_SET) &&\n"
           "           fwrite(&iterations, sizeof iterations, 1, f) == 1;\n"
           "  if (f) ok = !fclose(f) && ok;\n"
           "  if (!ok) {\n"
           "    fprintf(stderr, \"stencilc: cannot write %s\\n\", path);\n"
           "    exit(4);\n"
           "  }\n"
           "}\n");
}

/* ---- The library of a convergence loop (api.c) ---- */

void emit_converge_library_state(Buf *out, const Stencil *st) {
  if (!st->conv.kind) return;
  buf_puts(out, "/* The state engine_advance (the generated programs' loop, in the kernel code below) keeps\n"
                " * for their reference; the library's own loop is api_converge. */\n"
                "static long rt_conv_iters, rt_conv_ref;\n");
}

void emit_converge_library(Buf *out, const Stencil *st) {
  const Converge *cv = &st->conv;
  bool sum = cv->kind == CONV_SUM_SQ;
  Emitter e = {out, 0};
  em_line(&e, "/* The source's loop: steps from buf[0], step k from buf[k %% 2] into buf[1 - k %% 2], %s\n"
              " * the residual of the last step (conv_residual) is above tol and fewer than max_iter steps\n"
              " * ran. Returns the steps made, the last one's residual in *residual (with no step, the\n"
              " * residual's value before the loop: %s). */",
          st->time_do ? "the first one\n * always (a do loop), then more while" : "while",
          cv->first == INFINITY || st->time_do ? "above any tolerance" : "the source's");
  em_open(&e, "static long api_converge(rt_real *buf[2], const RtGrid *g, double tol, long max_iter,\n"
              "                         double *residual)");
  emit_first_residual(&e, st);
  em_line(&e, "long k = 0;");
  em_open(&e, "while (%s(k < max_iter && %s > tol))", st->time_do ? "k == 0 || " : "",
          sum ? "sqrt(r)" : "r");
  em_line(&e, "stencil_step(buf[k %% 2], buf[1 - k %% 2], g);");
  if (cv->check_every == 1) {
    em_line(&e, "r = conv_residual(buf[k %% 2], buf[1 - k %% 2], g);");
  } else {
    em_begin(&e);
    buf_puts(out, "if (");
    emit_converge_checked(out, st, "k");
    buf_puts(out, ") r = conv_residual(buf[k % 2], buf[1 - k % 2], g);");
    em_end(&e);
  }
  em_line(&e, "k++;");
  em_close(&e);
  em_line(&e, "*residual = r;");
  em_line(&e, "return k;");
  em_close(&e);
}

/* ---- CUDA engines: the residual reduced on the device ---- */

/* The residual's accumulation of cell c's difference dv into r. In CUDA the product is rounded
 * alone (nvcc would fuse r + dv * dv into one multiply-add, which the user's cc does not). */
static const char *cuda_accumulate(const Stencil *st) {
  return st->conv.kind == CONV_SUM_SQ ? "r = __dadd_rn(r, __dmul_rn(dv, dv));" : "r = fmax(r, fabs(dv));";
}

void emit_converge_cell(Emitter *e, const Stencil *st) {
  em_line(e, "const double dv = (double)(out[c] - in[c]);");
  em_line(e, "%s", cuda_accumulate(st));
}

/* A shuffle tree over a warp's r: lane 0's r is then the warp's. */
static void emit_warp_reduce(Emitter *e, bool sum) {
  em_line(e, "for (int d = 16; d > 0; d /= 2) r = %s(r, __shfl_down_sync(0xffffffffu, r, d));",
          sum ? "__dadd_rn" : "fmax");
}

void emit_converge_block_reduce(Emitter *e, const Stencil *st, int threads) {
  bool sum = st->conv.kind == CONV_SUM_SQ;
  em_line(e, "/* The block's residual: each warp's by shuffles, the warps' by warp 0 from shared memory,\n"
             " * then one atomic per block: %s. */",
          sum ? "a double add, the blocks in any order (the host proves\n"
                " * the test's outcome from that sum, or sums again in the user's order)"
              : "a max on the bits (non-negative doubles order as\n"
                " * their bits do)");
  em_line(e, "extern __shared__ __align__(16) unsigned char smem[];");
  em_line(e, "double *const warp_r = (double *)smem;");
  em_line(e, "const int t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);");
  emit_warp_reduce(e, sum);
  em_line(e, "if (t %% 32 == 0) warp_r[t / 32] = r;");
  em_line(e, "__syncthreads();");
  em_open(e, "if (t < 32)");
  em_line(e, "r = t < %d ? warp_r[t] : 0;", threads / 32);
  emit_warp_reduce(e, sum);
  if (sum) em_line(e, "if (t == 0) atomicAdd(residual, r);");
  else em_line(e, "if (t == 0) atomicMax((unsigned long long *)residual, (unsigned long long)__double_as_longlong(r));");
  em_close(e);
}

/* conv_sum_exact (a kernel of one thread: the user's order, memory order, which no parallel sum
 * keeps) and conv_sum_decides (whether the device's sum in its own order decides the test as
 * the user's would). */
static void emit_exact_sum(Emitter *e, const Stencil *st) {
  em_line(e, "/* The sum of squares in the user's order, by one thread: the steps whose residual is too\n"
             " * close to the tolerance for the parallel sum to decide run it. */");
  em_open(e, "__global__ void conv_sum_exact(const rt_real *in, const rt_real *out, double *residual, RtGrid grid)");
  em_line(e, "const RtGrid *g = &grid;");
  emit_grid_bounds(e, st->dims, false);
  em_line(e, "double r = 0;");
  emit_residual_loops(e, st->dims, false, cuda_accumulate(st));
  em_line(e, "*residual = r;");
  em_close(e);
  em_blank(e);
  em_line(e, "/* Two sums of the same n non-negative terms in different orders are each within (n - 1) u\n"
             " * (1 + O(nu)) of the exact sum (u = 2^-53, no partial sum overflowing), so within 2.01 n u\n"
             " * of each other; 4 n u of r leaves room for the rounding of the bounds. When sqrt at both\n"
             " * ends of that interval compares with tol alike, so does the user's sum. 0 is every term 0;\n"
             " * NaN, infinity and sums near the ends of the range are left to the exact sum. */");
  em_open(e, "static int conv_sum_decides(double r, double tol, const RtGrid *g)");
  em_line(e, "if (r == 0) return 1;");
  em_line(e, "if (!(r > 0x1p-900 && r < 0x1p+1000)) return 0;");
  em_line(e, "const double slack = 4.0 * (double)g->cells * 0x1p-53;");
  em_line(e, "return sqrt(r * (1 - slack)) > tol || !(sqrt(r * (1 + slack)) > tol);");
  em_close(e);
  em_blank(e);
}

void emit_converge_cuda_engine(Buf *out, const Stencil *st) {
  bool sum = st->conv.kind == CONV_SUM_SQ;
  Emitter e = {out, 0};
  em_blank(&e);
  if (sum) emit_exact_sum(&e, st);
  em_line(&e, "static double *rt_conv_dev; /* the device's residual of a step */");
  em_line(&e, "/* One step from in into out and its residual, read back: the test of each step is the\n"
              " * user's. */");
  em_open(&e, "static double conv_step(const rt_real *in, rt_real *out, const RtGrid *g, double tol)");
  if (!sum) em_line(&e, "(void)tol;");
  em_line(&e, "if (!rt_conv_dev) RT_CUDA_CHECK(cudaMalloc((void **)&rt_conv_dev, sizeof(double)));");
  em_line(&e, "RT_CUDA_CHECK(cudaMemset(rt_conv_dev, 0, sizeof(double))); /* 0.0 */");
  em_line(&e, "stencil_conv_step(in, out, g, rt_conv_dev);");
  em_line(&e, "double r;");
  em_line(&e, "RT_CUDA_CHECK(cudaMemcpy(&r, rt_conv_dev, sizeof r, cudaMemcpyDeviceToHost));");
  if (sum) {
    em_open(&e, "if (!conv_sum_decides(r, tol, g))");
    em_line(&e, "conv_sum_exact<<<1, 1>>>(in, out, rt_conv_dev, *g);");
    em_line(&e, "RT_CUDA_LAUNCH_CHECK();");
    em_line(&e, "RT_CUDA_CHECK(cudaMemcpy(&r, rt_conv_dev, sizeof r, cudaMemcpyDeviceToHost));");
    em_close(&e);
  }
  em_line(&e, "return r;");
  em_close(&e);
  em_blank(&e);
  emit_converge_advance(&e, st, "static int stencil_advance(rt_real *buf[2], const RtGrid *g, long steps)",
                        "r = conv_step(buf[src], buf[1 - src], g, tol);",
                        "stencil_step(buf[src], buf[1 - src], g);");
}
