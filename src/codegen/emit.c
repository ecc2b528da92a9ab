#include "emit.h"

#include <assert.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "runtime_text.h"
#include "util/hash.h"
#include "util/version.h"

/* ---- Expressions ---- */

static bool const_is_negative(const Expr *e) { return e->value < 0 || e->text[0] == '-'; }

/* Binding strength of the emitted form: sums 1, products 2, unary minus 3, atoms 4. */
static int precedence(const Expr *e) {
  switch (e->kind) {
  case EX_ADD: case EX_SUB: return 1;
  case EX_MUL: case EX_DIV: return 2;
  case EX_NEG: return 3;
  case EX_CONST: return const_is_negative(e) ? 3 : 4;
  default: return 4;
  }
}

/* Shortest %g form of v that reads back exactly, always with a '.' or exponent. */
static void format_double(char *lit, size_t cap, double v) {
  snprintf(lit, cap, "%.15g", v);
  if (strtod(lit, NULL) != v) snprintf(lit, cap, "%.17g", v);
  if (!strpbrk(lit, ".eE")) strncat(lit, ".0", cap - strlen(lit) - 1);
}

void emit_number(Buf *out, double v, DType arith) {
  char lit[64];
  format_double(lit, sizeof lit, v);
  buf_printf(out, "%s%s", lit, arith == DTYPE_FLOAT ? "f" : "");
}

/* The literal as written when it is already a floating literal ("0.2", "1e-3", "5."), else the
 * value ("5" becomes "5.0", so constant subexpressions never divide as integers). */
static void emit_const(Buf *out, const Expr *e, DType arith) {
  const char *t = e->text;
  bool hex = t[0] == '0' && (t[1] == 'x' || t[1] == 'X');
  char lit[64];
  if (t[0] && strpbrk(t, hex ? ".pP" : ".eE"))
    snprintf(lit, sizeof lit, "%s", t);
  else
    format_double(lit, sizeof lit, e->value);
  /* In double arithmetic (the reference) a constant keeps the value it has in the program's
   * element type, as in the kernel: a float program's 0.1 is 0.1f everywhere. */
  if (arith == DTYPE_FLOAT) buf_printf(out, "%sf", lit);
  else buf_printf(out, "(rt_real)%s", lit);
}

/* Run-time weight k: `rt_w[k]`. CUDA kernels read the __constant__ array rt_w of
 * runtime/rt_cuda.h; host loops bind rt_w to the host copy (emit_host_step). In double
 * arithmetic the stored value is widened first, as the reference reads grid values. */
static void emit_weight(Buf *out, int k, DType arith) {
  buf_printf(out, arith == DTYPE_DOUBLE ? "(double)rt_w[%d]" : "rt_w[%d]", k);
}

static void emit_operand(Buf *out, const Stencil *st, const Expr *e, bool parens, DType arith,
                         EmitLoadFn load, const void *ctx) {
  if (parens) buf_puts(out, "(");
  emit_expr(out, st, e, arith, load, ctx);
  if (parens) buf_puts(out, ")");
}

static void emit_call(Buf *out, const Stencil *st, const Expr *e, DType arith, EmitLoadFn load,
                      const void *ctx) {
  const MathFunc *f = ir_math_func(e->func);
  buf_printf(out, "%s(", arith == DTYPE_FLOAT ? f->float_name : f->name);
  for (int i = 0; i < e->nargs; i++) {
    if (i) buf_puts(out, ", ");
    emit_expr(out, st, e->arg[i], arith, load, ctx);
  }
  buf_puts(out, ")");
}

void emit_expr(Buf *out, const Stencil *st, const Expr *e, DType arith, EmitLoadFn load,
               const void *ctx) {
  static const char ops[] = {[EX_ADD] = '+', [EX_SUB] = '-', [EX_MUL] = '*', [EX_DIV] = '/'};
  int p = precedence(e);
  switch (e->kind) {
  case EX_CONST:
    emit_const(out, e, arith);
    break;
  case EX_LOAD:
    load(out, st, e->point, ctx);
    break;
  case EX_WEIGHT:
    emit_weight(out, e->weight, arith);
    break;
  case EX_NEG:
    buf_puts(out, "-");
    emit_operand(out, st, e->arg[0], precedence(e->arg[0]) <= p, arith, load, ctx);
    break;
  case EX_ADD: case EX_SUB: case EX_MUL: case EX_DIV:
    /* Floating-point operations do not reassociate: a right operand of equal strength keeps its
     * parentheses, a left one never needs them (the operators associate to the left). */
    emit_operand(out, st, e->arg[0], precedence(e->arg[0]) < p, arith, load, ctx);
    buf_printf(out, " %c ", ops[e->kind]);
    emit_operand(out, st, e->arg[1], precedence(e->arg[1]) <= p, arith, load, ctx);
    break;
  case EX_CALL:
    emit_call(out, st, e, arith, load, ctx);
    break;
  }
}

void emit_coef(Buf *out, const Stencil *st, int p, DType arith) {
  int k = st->coef_weight[p];
  if (k < 0) {
    emit_number(out, st->coef[p], arith);
  } else if (st->coef[p] == 1) {
    emit_weight(out, k, arith);
  } else {
    buf_puts(out, "(");
    emit_number(out, st->coef[p], arith);
    buf_puts(out, " * ");
    emit_weight(out, k, arith);
    buf_puts(out, ")");
  }
}

bool emit_coef_used(const Stencil *st, int p) { return st->coef[p] != 0; }

void emit_linear_form(Buf *out, const Stencil *st, DType arith, EmitLoadFn load, const void *ctx) {
  bool first = true;
  for (int p = 0; p < st->npoints; p++) {
    if (!emit_coef_used(st, p)) continue;
    if (!first) buf_puts(out, " + ");
    emit_coef(out, st, p, arith);
    buf_puts(out, " * ");
    load(out, st, p, ctx);
    first = false;
  }
  if (st->constant != 0 || first) {
    if (!first) buf_puts(out, " + ");
    emit_number(out, st->constant, arith);
  }
}

void emit_point_index(Buf *out, const Stencil *st, int p) {
  buf_puts(out, "c");
  for (int a = 0; a < st->dims; a++) {
    int o = st->points[p].off[a];
    if (o == 0) continue;
    const char *sign = o < 0 ? " - " : " + ";
    int mag = abs(o);
    if (a == st->dims - 1)
      buf_printf(out, "%s%d", sign, mag);
    else if (mag == 1)
      buf_printf(out, "%ss%d", sign, a);
    else
      buf_printf(out, "%s%d * s%d", sign, mag, a);
  }
}

void emit_load_global(Buf *out, const Stencil *st, int point, const void *ctx) {
  (void)ctx;
  buf_puts(out, "in[");
  emit_point_index(out, st, point);
  buf_puts(out, "]");
}

/* The reference reads stored elements and computes in double. */
static void emit_load_as_double(Buf *out, const Stencil *st, int point, const void *ctx) {
  buf_puts(out, "(double)");
  emit_load_global(out, st, point, ctx);
}

/* ---- Indented lines ---- */

void em_begin(Emitter *e) { buf_printf(e->out, "%*s", 2 * e->depth, ""); }

void em_end(Emitter *e) { buf_puts(e->out, "\n"); }

static void em_vline(Emitter *e, const char *fmt, va_list ap, const char *end) {
  char line[1024];
  vsnprintf(line, sizeof line, fmt, ap);
  em_begin(e);
  buf_printf(e->out, "%s%s%s\n", line, line[0] && end[0] ? " " : "", end);
}

void em_line(Emitter *e, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  em_vline(e, fmt, ap, "");
  va_end(ap);
}

void em_open(Emitter *e, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  em_vline(e, fmt, ap, "{");
  va_end(ap);
  e->depth++;
}

void em_close(Emitter *e) {
  assert(e->depth > 0);
  e->depth--;
  em_line(e, "}");
}

void em_else(Emitter *e) {
  assert(e->depth > 0);
  e->depth--;
  em_line(e, "} else {");
  e->depth++;
}

/* ---- Host loop nests (reference, CPU backend) ---- */

void emit_host_step(Buf *out, const Stencil *st, const HostStep *hs) {
  int d = st->dims;
  Emitter e = {out, 0};
  em_open(&e, "static void %s(const rt_real *__restrict__ in, rt_real *__restrict__ out, "
              "const RtGrid *g)", hs->name);
  for (int a = 0; a < d - 1; a++) em_line(&e, "const long s%d = g->stride[%d];", a, a);
  for (int a = 0; a < d; a++) em_line(&e, "const long b%d = g->lo[%d], e%d = g->lo[%d] + g->n[%d];", a, a, a, a, a);
  if (st->nweights) /* host code reads the host copy (in CUDA programs rt_w is on the device) */
    em_line(&e, "const rt_real *const rt_w = rt_w_host;");
  /* in 1D the one loop is both the parallel and the vector loop */
  buf_puts(out, d == 1 && hs->simd ? "#pragma omp parallel for simd\n" : "#pragma omp parallel for\n");
  for (int a = 0; a < d - 1; a++, e.depth++) /* one statement each: no braces */
    em_line(&e, "for (long i%d = b%d; i%d < e%d; i%d++)", a, a, a, a, a);
  if (hs->simd && d > 1) buf_puts(out, "#pragma omp simd\n");
  em_open(&e, "for (long i%d = b%d; i%d < e%d; i%d++)", d - 1, d - 1, d - 1, d - 1, d - 1);
  em_begin(&e);
  buf_puts(out, "const long c = ");
  for (int a = 0; a < d - 1; a++) buf_printf(out, "i%d * s%d + ", a, a);
  buf_printf(out, "i%d;", d - 1);
  em_end(&e);
  em_begin(&e);
  buf_puts(out, "out[c] = (rt_real)(");
  emit_expr(out, st, st->expr, hs->arith, hs->load, NULL);
  buf_puts(out, ");");
  em_end(&e);
  em_close(&e);
  buf_puts(out, "}\n");
}

/* ---- Multi-step launches ---- */

void emit_advance(Buf *out, const char *bt, const char *launch) {
  buf_printf(out, "#define RT_LAUNCH_STEPS %s\n", bt);
  buf_printf(out,
             "/* Launches of bT steps each (the last one shorter), alternating the buffers; the\n"
             " * result then moves to buf[steps %% 2] if the launch count left it in the other. */\n"
             "static void stencil_advance(rt_real *buf[2], const RtGrid *g, long steps) {\n"
             "  int src = 0;\n"
             "  for (long done = 0; done < steps; src ^= 1) {\n"
             "    long bt = steps - done < %s ? steps - done : %s;\n"
             "%s"
             "    done += bt;\n"
             "  }\n"
             "  if (src != (int)(steps %% 2))\n"
             "    RT_CUDA_CHECK(cudaMemcpyAsync(buf[steps %% 2], buf[src], (size_t)g->cells * sizeof(rt_real),\n"
             "                                  cudaMemcpyDeviceToDevice));\n"
             "}\n",
             bt, bt, launch);
}

int codegen_refuse(Refusal *why, const char *hint, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(why->msg, sizeof why->msg, fmt, ap);
  va_end(ap);
  why->hint = hint;
  return -1;
}

void emit_smem_setup(Buf *out, const char *kernel, const char *bytes) {
  buf_printf(out,
             "  static bool ready = false;\n"
             "  if (!ready) {\n"
             "    RT_CUDA_CHECK(cudaFuncSetAttribute(%s,\n"
             "                                       cudaFuncAttributeMaxDynamicSharedMemorySize, %s));\n"
             "    ready = true;\n"
             "  }\n",
             kernel, bytes);
}

/* ---- Whole program ---- */

static const char *const cuda_texts[] = {rt_rt_chunk, rt_rt_cuda, NULL};
static const char *const cpu_texts[] = {rt_rt_cpu, NULL};
const ProgramEngine engine_cuda = {1, cuda_texts, {1L << 28, 16384, 512}, 1000, 5};
const ProgramEngine engine_cpu = {0, cpu_texts, {1L << 22, 2048, 128}, 10, 3};

static void emit_c_string(Buf *out, const char *s) {
  buf_puts(out, "\"");
  for (; *s; s++) buf_printf(out, *s == '"' || *s == '\\' ? "\\%c" : "%c", *s);
  buf_puts(out, "\"");
}

static void emit_header_comment(Buf *out, const Stencil *st, DType dtype, const Backend *bi) {
  const char *ext = bi->engine->cuda ? "cu" : "c";
  buf_printf(out,
             "/* Generated by stencilc " STENCILC_VERSION
             " from %s (function %s): backend %s, element type %s.\n"
             " * Runs the stencil, verifies it against a plain C reference and times it.\n"
             " * Compile: ",
             st->name, st->func_name[0] ? st->func_name : "?", bi->name, ir_dtype_name(dtype));
  if (bi->engine->cuda)
    buf_printf(out, "nvcc -O3 -gencode=arch=compute_90,code=sm_90 -Xcompiler -fopenmp");
  else
    buf_printf(out, "gcc -std=c11 -O3 -fopenmp");
  buf_printf(out, " -o %s_%s THIS_FILE.%s%s\n", st->name, bi->name, ext, bi->engine->cuda ? "" : " -lm");
  buf_printf(out, " * Run: ./%s_%s -h */\n", st->name, bi->name);
}

static void emit_int_array(Buf *out, const int *v, int n) {
  buf_puts(out, "{");
  for (int a = 0; a < n; a++) buf_printf(out, "%s%d", a ? ", " : "", v[a]);
  buf_puts(out, "}");
}

/* What each run-time weight adds to the gain per unit of its magnitude (ir_weight_gain). */
static void emit_weight_gains(Buf *out, const Stencil *st) {
  buf_printf(out, "\n/* Run-time weights %s: gain per unit |w[k]| (sum of |coef| of the points it "
                  "scales). */\nstatic const double rt_weight_gain[%d] = {",
             st->weights, st->nweights);
  for (int k = 0; k < st->nweights; k++) {
    char g[64];
    format_double(g, sizeof g, ir_weight_gain(st, k));
    buf_printf(out, "%s%s%s", k ? "," : "", k % 8 ? " " : "\n  ", g);
  }
  buf_puts(out, "};\n");
}

/* The constants block: every fact about the stencil the runtime needs, in one initializer. */
static void emit_constants(Buf *out, const Stencil *st, DType dtype, const Backend *bi) {
  int lo[IR_MAX_DIMS] = {0}, hi[IR_MAX_DIMS] = {0};
  for (int a = 0; a < st->dims; a++) {
    lo[a] = st->lo[a];
    hi[a] = st->hi[a];
  }
  char gain[64];
  format_double(gain, sizeof gain, ir_gain(st));
  if (st->nweights) emit_weight_gains(out, st);
  buf_puts(out, "\n/* Stencil constants: name, backend, dtype, dims, lo, hi, flops, gain, copyback,\n"
                " * default size, steps, reps, weights, their gains, the sizes the source fixes. */\n"
                "static const RtStencil rt_stencil = {");
  emit_c_string(out, st->name);
  buf_printf(out, ", \"%s\", \"%s\", %d, ", bi->name, ir_dtype_name(dtype), st->dims);
  emit_int_array(out, lo, IR_MAX_DIMS);
  buf_puts(out, ", ");
  emit_int_array(out, hi, IR_MAX_DIMS);
  long steps = bi->engine->default_steps, n;
  ir_fixed_steps(st, &steps);
  buf_printf(out, ", %d, %s, %d, %ld, %ld, %ld", st->flops, gain, st->time_form == TIME_COPYBACK,
             bi->engine->default_size[st->dims - 1], steps, bi->engine->default_reps);
  if (st->nweights) buf_printf(out, ", %d, rt_weight_gain", st->nweights);
  else buf_puts(out, ", 0, NULL");
  /* the sizes the source fixes, per axis (0: the default size) */
  buf_puts(out, ", {");
  for (int a = 0; a < IR_MAX_DIMS; a++)
    buf_printf(out, "%s%ld", a ? ", " : "", a < st->dims && ir_fixed_interior(st, a, &n) ? n : 0);
  buf_puts(out, "}};\n");
}

/* The reference step, and RT_REF_HASH: a hash of it, of the element type and of the runtime
 * (its driver fills the initial state and the run-time weights), so that programs of one stencil and
 * dtype, whatever their backend, share cached reference results. */
static void emit_reference_step(Buf *out, const Stencil *st, DType dtype) {
  Buf ref = {0};
  buf_puts(&ref, "\n/* Reference: the expression in double from the stored values, rounded to the\n"
                 " * element type on store. */\n");
  HostStep hs = {"reference_step", DTYPE_DOUBLE, 0, emit_load_as_double};
  emit_host_step(&ref, st, &hs);
  emit_bound_step(&ref, st);
  const char *type = ir_dtype_name(dtype);
  uint64_t h = hash_bytes(HASH_INIT, ref.s, ref.len);
  h = hash_bytes(h, type, strlen(type));
  h = hash_bytes(h, rt_rt_common, strlen(rt_rt_common));
  h = hash_bytes(h, rt_rt_driver, strlen(rt_rt_driver));
  buf_printf(out, "%s\n#define RT_REF_HASH 0x%016llxULL\n", ref.s, (unsigned long long)h);
  buf_free(&ref);
}

void emit_program(Buf *out, const Stencil *st, const GenOptions *opt, const void *plan) {
  const Backend *bi = opt->backend;
  DType dtype = opt->dtype;
  emit_header_comment(out, st, dtype, bi);
  buf_printf(out, "#define RT_REAL %s\n", ir_dtype_name(dtype));
  if (st->nweights) buf_printf(out, "#define RT_NWEIGHTS %d\n", st->nweights);
  if (bi->multistep) buf_puts(out, "#define RT_ENGINE_ADVANCE 1\n");
  buf_puts(out, rt_rt_common);
  for (const char *const *t = bi->engine->texts; *t; t++) buf_puts(out, *t);
  emit_constants(out, st, dtype, bi);
  emit_reference_step(out, st, dtype);
  buf_printf(out, "\n%s\n", CODEGEN_KERNEL_BEGIN);
  bi->emit(out, st, opt, plan);
  buf_printf(out, "%s\n\n", CODEGEN_KERNEL_END);
  buf_puts(out, rt_rt_dump);
  buf_puts(out, rt_rt_driver);
}

void emit_thread_cell(Buf *out, int d, const int lo[IR_MAX_DIMS]) {
  static const char thread_axis[] = "xyz";
  for (int a = 0; a < d; a++) buf_printf(out, ", int n%d", a);
  for (int a = 0; a < d - 1; a++) buf_printf(out, ", long s%d", a);
  buf_puts(out, ") {\n");
  for (int a = 0; a < d; a++) {
    char t = thread_axis[d - 1 - a];
    buf_printf(out, "  const int i%d = blockIdx.%c * blockDim.%c + threadIdx.%c;\n", a, t, t, t);
  }
  buf_puts(out, "  if (");
  for (int a = 0; a < d; a++) buf_printf(out, "%si%d >= n%d", a ? " || " : "", a, a);
  buf_puts(out, ") return;\n  const long c = ");
  for (int a = 0; a < d - 1; a++) buf_printf(out, "(long)(i%d + %d) * s%d + ", a, lo[a], a);
  buf_printf(out, "(i%d + %d);\n  out[c] = ", d - 1, lo[d - 1]);
}

void emit_cell_nest(Buf *out, int d, bool simd) {
  /* in 1D the one loop is both the parallel and the vector loop */
  buf_puts(out, d == 1 && simd ? "#pragma omp parallel for simd\n" : "#pragma omp parallel for\n");
  for (int a = 0; a < d; a++) {
    if (a == d - 1 && simd && d > 1) buf_puts(out, "#pragma omp simd\n");
    buf_printf(out, "%*sfor (long i%d = b%d; i%d < e%d; i%d++)%s\n", 2 * (a + 1), "", a, a, a, a,
               a, a == d - 1 ? " {" : "");
  }
  buf_printf(out, "%*sconst long c = ", 2 * (d + 1), "");
  for (int a = 0; a < d - 1; a++) buf_printf(out, "i%d * s%d + ", a, a);
  buf_printf(out, "i%d;\n", d - 1);
}
