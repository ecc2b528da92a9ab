#include "emit.h"

#include <assert.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "runtime_text.h"
#include "util/hash.h"
#include "util/mem.h"
#include "util/version.h"

/* ---- Expressions ---- */

static bool const_is_negative(const Expr *e) { return e->value < 0 || e->text[0] == '-'; }

/* Binding strength of the emitted form: shifts 0, sums 1, products 2, unary minus 3, atoms 4. */
static int precedence(const Expr *e) {
  switch (e->kind) {
  case EX_SHR: return 0;
  case EX_ADD: case EX_SUB: return 1;
  case EX_MUL: case EX_DIV: case EX_IDIV: return 2;
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

/* An integer grid's expression (arith an integer type) is written as C computes it: int nodes
 * (ir_expr_integer) in int, from the grid's values and int literals; floating nodes in double,
 * where C's float arithmetic is an EX_FLOAT rounding (exact: double holds a float operation's
 * result before it rounds to float). An int operand of a floating node is converted first, as
 * C converts it (a floating division of two ints stays one). */
static bool int_in_floating(const Expr *parent, const Expr *e, DType arith) {
  return ir_dtype_integer(arith) && !ir_expr_integer(parent) && ir_expr_integer(e);
}

static void emit_operand_of(Buf *out, const Stencil *st, const Expr *parent, const Expr *e,
                            bool parens, DType arith, EmitLoadFn load, const void *ctx) {
  bool convert = int_in_floating(parent, e, arith);
  if (convert) buf_puts(out, "(double)");
  if (parens || convert) buf_puts(out, "(");
  emit_expr(out, st, e, arith, load, ctx);
  if (parens || convert) buf_puts(out, ")");
}

static void emit_operand(Buf *out, const Stencil *st, const Expr *e, bool parens, DType arith,
                         EmitLoadFn load, const void *ctx) {
  emit_operand_of(out, st, e, e, parens, arith, load, ctx);
}

static void emit_call(Buf *out, const Stencil *st, const Expr *e, DType arith, EmitLoadFn load,
                      const void *ctx) {
  const MathFunc *f = ir_math_func(e->func);
  buf_printf(out, "%s(", arith == DTYPE_FLOAT ? f->float_name : f->name);
  for (int i = 0; i < e->nargs; i++) {
    if (i) buf_puts(out, ", ");
    emit_operand_of(out, st, e, e->arg[i], false, arith, load, ctx);
  }
  buf_puts(out, ")");
}

/* Whether e is 1 / sqrt(x), written as rt_rsqrt(x) (runtime/rt_common.h): one call of CUDA's
 * rsqrt in kernels, the source's division in host code. */
static bool is_reciprocal_sqrt(const Expr *e) {
  const Expr *d = e->arg[1];
  return e->kind == EX_DIV && e->arg[0]->kind == EX_CONST && e->arg[0]->value == 1 &&
         d->kind == EX_CALL && !strcmp(d->func, "sqrt");
}

void emit_expr(Buf *out, const Stencil *st, const Expr *e, DType arith, EmitLoadFn load,
               const void *ctx) {
  static const char ops[] = {[EX_ADD] = '+', [EX_SUB] = '-', [EX_MUL] = '*', [EX_DIV] = '/'};
  int p = precedence(e);
  switch (e->kind) {
  case EX_CONST:
    if (ir_dtype_integer(arith) && e->integer) buf_printf(out, "%.0f", e->value);
    else if (ir_dtype_integer(arith)) emit_number(out, e->value, DTYPE_DOUBLE);
    else emit_const(out, e, arith);
    break;
  case EX_LOAD:
    load(out, st, e->point, ctx);
    break;
  case EX_WEIGHT:
    emit_weight(out, e->weight, arith);
    break;
  case EX_NEG:
    buf_puts(out, "-");
    emit_operand_of(out, st, e, e->arg[0], precedence(e->arg[0]) <= p, arith, load, ctx);
    break;
  case EX_IDIV: case EX_SHR: /* int operands only: written as C's / and >> */
    emit_operand(out, st, e->arg[0], precedence(e->arg[0]) < p, arith, load, ctx);
    buf_puts(out, e->kind == EX_IDIV ? " / " : " >> ");
    emit_operand(out, st, e->arg[1], precedence(e->arg[1]) <= p, arith, load, ctx);
    break;
  case EX_DIV:
    if (is_reciprocal_sqrt(e)) {
      buf_puts(out, arith == DTYPE_FLOAT ? "rt_rsqrtf(" : "rt_rsqrt(");
      emit_expr(out, st, e->arg[1]->arg[0], arith, load, ctx);
      buf_puts(out, ")");
      break;
    }
    /* fall through */
  case EX_ADD: case EX_SUB: case EX_MUL:
    if (e->kind == EX_MUL && ir_dtype_integer(arith) && !ir_expr_integer(e)) {
      /* an integer grid's floating product: RT_MUL (runtime/rt_common.h) keeps nvcc from fusing
       * it with an addition into an FMA, whose single rounding may move the result across an
       * integer the store truncates to */
      buf_puts(out, "RT_MUL(");
      emit_operand_of(out, st, e, e->arg[0], false, arith, load, ctx);
      buf_puts(out, ", ");
      emit_operand_of(out, st, e, e->arg[1], false, arith, load, ctx);
      buf_puts(out, ")");
      break;
    }
    /* Floating-point operations do not reassociate: a right operand of equal strength keeps its
     * parentheses, a left one never needs them (the operators associate to the left). */
    emit_operand_of(out, st, e, e->arg[0], precedence(e->arg[0]) < p, arith, load, ctx);
    buf_printf(out, " %c ", ops[e->kind]);
    emit_operand_of(out, st, e, e->arg[1], precedence(e->arg[1]) <= p, arith, load, ctx);
    break;
  case EX_CALL:
    emit_call(out, st, e, arith, load, ctx);
    break;
  case EX_FLOAT: /* parenthesised, an atom; a value of float arithmetic is a float already */
    buf_puts(out, arith == DTYPE_DOUBLE || ir_dtype_integer(arith) ? "(double)(float)(" : "(");
    emit_expr(out, st, e->arg[0], arith, load, ctx);
    buf_puts(out, ")");
    break;
  }
}

void emit_expr_line(Emitter *em, const char *head, const Stencil *st, const Expr *e, DType arith,
                    EmitLoadFn load, const void *ctx, const char *tail) {
  em_begin(em);
  buf_puts(em->out, head);
  emit_expr(em->out, st, e, arith, load, ctx);
  buf_puts(em->out, tail);
  em_end(em);
}

void emit_coef(Buf *out, const Stencil *st, int p, DType arith) {
  int k = st->coef_weight[p];
  if (k < 0) {
    emit_number(out, st->coef[p], arith);
  } else if (st->coef[p] == 1 && st->coef_base[p] == 0) {
    emit_weight(out, k, arith);
  } else {
    buf_puts(out, "(");
    if (st->coef_base[p] != 0) {
      emit_number(out, st->coef_base[p], arith);
      buf_puts(out, " + ");
    }
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

void emit_offset_index(Buf *out, const char *base, int dims, const int off[]) {
  buf_puts(out, base);
  for (int a = 0; a < dims; a++) {
    int o = off[a];
    if (o == 0) continue;
    const char *sign = o < 0 ? " - " : " + ";
    int mag = abs(o);
    if (a == dims - 1)
      buf_printf(out, "%s%d", sign, mag);
    else if (mag == 1)
      buf_printf(out, "%ss%d", sign, a);
    else
      buf_printf(out, "%s%d * s%d", sign, mag, a);
  }
}

void emit_point_index(Buf *out, const Stencil *st, int p) {
  emit_offset_index(out, "c", st->dims, st->points[p].off);
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

/* Each line of the text at the current depth (an empty one stays empty), then `end`. */
static void em_vline(Emitter *e, const char *fmt, va_list ap, const char *end) {
  char text[2048];
  int n = vsnprintf(text, sizeof text, fmt, ap);
  assert(n >= 0 && (size_t)n < sizeof text);
  for (char *line = text, *next; line; line = next) {
    next = strchr(line, '\n');
    if (next) *next++ = 0;
    if (line[0] || (!next && end[0])) em_begin(e);
    buf_printf(e->out, "%s%s%s\n", line, !next && line[0] && end[0] ? " " : "", next ? "" : end);
  }
}

void em_line(Emitter *e, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  em_vline(e, fmt, ap, "");
  va_end(ap);
}

void em_blank(Emitter *e) { buf_puts(e->out, "\n"); }

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

void em_directive(Emitter *e, const char *fmt, ...) {
  char text[256];
  va_list ap;
  va_start(ap, fmt);
  int n = vsnprintf(text, sizeof text, fmt, ap);
  va_end(ap);
  assert(n >= 0 && (size_t)n < sizeof text);
  buf_printf(e->out, "%s\n", text);
}

/* ---- Host loop nests (reference, CPU backend) ---- */

/* Whether x reads a run-time weight (a convergence loop's tolerance is a scalar no update reads). */
static bool reads_weights(const Expr *x) {
  if (x->kind == EX_WEIGHT) return true;
  for (int i = 0; i < x->nargs; i++)
    if (reads_weights(x->arg[i])) return true;
  return false;
}

void emit_host_step(Buf *out, const Stencil *st, const HostStep *hs) {
  int d = st->dims;
  Emitter e = {out, 0};
  em_open(&e, "static void %s(const rt_real *__restrict__ in, rt_real *__restrict__ out, "
              "const RtGrid *g)", hs->name);
  emit_grid_bounds(&e, d, reads_weights(st->expr));
  emit_cell_nest(&e, d, hs->simd);
  emit_expr_line(&e, "out[c] = (rt_real)(", st, st->expr, hs->arith, hs->load, NULL, ");");
  emit_cell_nest_close(&e, d);
  em_close(&e);
}

void emit_grid_bounds(Emitter *e, int d, bool weights) {
  for (int a = 0; a < d - 1; a++) em_line(e, "const long s%d = g->stride[%d];", a, a);
  for (int a = 0; a < d; a++) em_line(e, "const long b%d = g->lo[%d], e%d = g->lo[%d] + g->n[%d];", a, a, a, a, a);
  if (weights) /* host code reads the host copy (in CUDA programs rt_w is on the device) */
    em_line(e, "const rt_real *const rt_w = rt_w_host;");
}

/* ---- Multi-step launches ---- */

void emit_advance_open(Emitter *e, const char *bt) {
  em_directive(e, "#define RT_LAUNCH_STEPS %s", bt);
  em_line(e, "/* Launches of bT steps each (the last one shorter), alternating the buffers; returns the\n"
             " * buffer the last one wrote, where level `steps` is (0 when steps is 0): the caller\n"
             " * renames its buffers rather than have the whole grid copied. */");
  em_open(e, "static int stencil_advance(rt_real *buf[2], const RtGrid *g, long steps)");
  em_line(e, "int src = 0;");
  em_open(e, "for (long done = 0; done < steps; src ^= 1)");
  em_line(e, "long bt = steps - done < %s ? steps - done : %s;", bt, bt);
}

void emit_advance_close(Emitter *e) {
  em_line(e, "done += bt;");
  em_close(e);
  em_line(e, "return src;");
  em_close(e);
}

int codegen_refuse(Refusal *why, const char *hint, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(why->msg, sizeof why->msg, fmt, ap);
  va_end(ap);
  why->hint = hint;
  return -1;
}

void emit_smem_setup(Emitter *e, const char *kernel, const char *bytes) {
  em_line(e, "static bool ready = false;");
  em_open(e, "if (!ready)");
  em_line(e, "RT_CUDA_CHECK(cudaFuncSetAttribute(%s,\n"
             "                                   cudaFuncAttributeMaxDynamicSharedMemorySize, %s));",
          kernel, bytes);
  em_line(e, "ready = true;");
  em_close(e);
}

/* ---- Whole program ---- */

static const char *const cuda_texts[] = {rt_rt_chunk, rt_rt_cuda_base, rt_rt_cuda, rt_rt_engine, NULL};
static const char *const cpu_texts[] = {rt_rt_cpu, rt_rt_engine, NULL};
const ProgramEngine engine_cuda = {1, cuda_texts, {1L << 28, 16384, 512}, 1000, 5};
const ProgramEngine engine_cpu = {0, cpu_texts, {1L << 22, 2048, 128}, 10, 3};

static void emit_c_string(Buf *out, const char *s) {
  buf_puts(out, "\"");
  for (; *s; s++) buf_printf(out, *s == '"' || *s == '\\' ? "\\%c" : "%c", *s);
  buf_puts(out, "\"");
}

void emit_compile_command(char *out, size_t n, const GenOptions *opt, bool cuda) {
  if (!cuda) snprintf(out, n, "gcc -std=c11 -O3 -fopenmp");
  else snprintf(out, n, "nvcc -O3 %s -Xcompiler -fopenmp",
                opt->nvcc_arch[0] ? opt->nvcc_arch : "-gencode=arch=compute_90,code=sm_90");
}

static void emit_header_comment(Buf *out, const Stencil *st, const GenOptions *opt) {
  const Backend *bi = opt->backend;
  const char *ext = bi->engine->cuda ? "cu" : "c";
  buf_printf(out,
             "/* Generated by stencilc " STENCILC_VERSION
             " from %s (function %s): backend %s, element type %s.\n"
             " * Runs the stencil, verifies it against a plain C reference and times it.\n"
             " * Compile: ",
             st->name, st->func_name[0] ? st->func_name : "?", bi->name, ir_dtype_name(opt->dtype));
  char compile[COMPILE_COMMAND_MAX];
  emit_compile_command(compile, sizeof compile, opt, bi->engine->cuda);
  buf_puts(out, compile);
  buf_printf(out, " -o %s_%s THIS_FILE.%s%s%s%s\n", st->name, bi->name, ext,
             bi->engine->cuda ? "" : " -lm", bi->libs ? " " : "", bi->libs ? bi->libs : "");
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
  Emitter e = {out, 1}; /* eight gains a line inside the initializer */
  for (int k = 0; k < st->nweights; k++) {
    char g[64];
    format_double(g, sizeof g, ir_weight_gain(st, k));
    if (k % 8) {
      buf_puts(out, ", ");
    } else {
      buf_puts(out, k ? ",\n" : "\n");
      em_begin(&e);
    }
    buf_puts(out, g);
  }
  buf_puts(out, "};\n");
}

/* The run-time scalars: names, whether --param sets them, defaults (ir_scalar_defaults), and
 * rt_derive_scalars (emit_derive_scalars). */
static void emit_scalars(Buf *out, const Stencil *st) {
  buf_printf(out, "\n/* Run-time scalars: name, set by --param, default. */\n"
                  "static const RtScalar rt_scalars[%d] = {", st->nscalars);
  for (int k = 0; k < st->nscalars; k++) {
    const Scalar *s = &st->scalars[k];
    char v[64];
    format_double(v, sizeof v, s->kind == SCALAR_PARAM ? s->value : 0);
    buf_printf(out, "%s{\"%s\", %d, %s}", k ? ", " : "", s->name, s->kind == SCALAR_PARAM, v);
  }
  buf_puts(out, "};\n\n");
  emit_derive_scalars(out, st);
}

void emit_derive_scalars(Buf *out, const Stencil *st) {
  buf_puts(out, "static void rt_derive_scalars(double *rt_w) {\n");
  int derived = 0;
  for (int k = 0; k < st->nscalars; k++) {
    const Scalar *s = &st->scalars[k];
    if (s->kind != SCALAR_DERIVED) continue;
    buf_printf(out, "  rt_w[%d] = (%s)(", k, ir_dtype_name(s->type));
    emit_expr(out, st, s->def, DTYPE_DOUBLE, emit_load_global, NULL);
    buf_printf(out, "); /* %s */\n", s->name);
    derived++;
  }
  if (!derived) buf_puts(out, "  (void)rt_w;\n");
  buf_puts(out, "}\n");
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
  if (st->nscalars) emit_scalars(out, st);
  buf_puts(out, "\n/* Stencil constants: name, backend, dtype, dims, lo, hi, flops, gain, copyback,\n"
                " * default size, steps, reps, weights, their gains, run-time scalars, the sizes the\n"
                " * source fixes. */\n"
                "static const RtStencil rt_stencil = {");
  emit_c_string(out, st->name);
  buf_printf(out, ", \"%s\", \"%s\", %d, ", bi->name, ir_dtype_name(dtype), st->dims);
  emit_int_array(out, lo, IR_MAX_DIMS);
  buf_puts(out, ", ");
  emit_int_array(out, hi, IR_MAX_DIMS);
  long steps = bi->engine->default_steps, n;
  ir_fixed_steps(st, &steps);
  buf_printf(out, ", %d, %s, %d, %ld, %ld, %ld", st->flops, gain,
             st->time_form == TIME_COPYBACK || st->conv.kind, /* converge.c */
             bi->engine->default_size[st->dims - 1], steps, bi->engine->default_reps);
  if (st->nweights) buf_printf(out, ", %d, rt_weight_gain", st->nweights);
  else buf_puts(out, ", 0, NULL");
  if (st->nscalars) buf_printf(out, ", %d, rt_scalars, rt_derive_scalars", st->nscalars);
  else buf_puts(out, ", 0, NULL, NULL");
  /* the sizes the source fixes, per axis (0: the default size) */
  buf_puts(out, ", {");
  for (int a = 0; a < IR_MAX_DIMS; a++)
    buf_printf(out, "%s%ld", a ? ", " : "", a < st->dims && ir_fixed_interior(st, a, &n) ? n : 0);
  buf_puts(out, "}};\n");
}

/* The reference's cells per chunk of a row: its partial sums (doubles) stay in L1. */
enum { REF_CHUNK = 256 };

static bool reads_cells(const Expr *x) {
  if (x->kind == EX_LOAD) return true;
  for (int i = 0; i < x->nargs; i++)
    if (reads_cells(x->arg[i])) return true;
  return false;
}

/* One loop over the chunk's cells (iL from x0 to x1; c the cell, when EXPR reads one; no EXPR:
 * the store) with body head EXPR tail. */
static void emit_chunk_loop(Emitter *e, const Stencil *st, const Expr *x, const char *head,
                            const char *tail) {
  int d = st->dims;
  em_open(e, "for (long i%d = x0; i%d < x1; i%d++)", d - 1, d - 1, d - 1);
  if (x && !reads_cells(x)) {
    emit_expr_line(e, head, st, x, DTYPE_DOUBLE, emit_load_as_double, NULL, tail);
    em_close(e);
    return;
  }
  em_begin(e);
  buf_puts(e->out, "const long c = ");
  for (int a = 0; a < d - 1; a++) buf_printf(e->out, "i%d * s%d + ", a, a);
  buf_printf(e->out, "i%d;", d - 1);
  em_end(e);
  if (x) emit_expr_line(e, head, st, x, DTYPE_DOUBLE, emit_load_as_double, NULL, tail);
  else em_line(e, "%s", head);
  em_close(e);
}

/* A run of at least this many terms of the form coefficient * grid value (a constant or a
 * run-time weight times a load) is added from a table, in one loop over the run's terms around
 * the loop over the chunk: as many operations, in the same order, but one loop for gcc to compile
 * instead of one per term. Those it vectorised cost minutes of host compile for the large boxes
 * and filters (conv2d-20x20's 400 loops: 28 s of gcc -O3 CPU time, over 60 s in tune's parallel
 * builds; box3d3r's 343: over 100 s), more than all the device code. Smaller stencils keep a
 * loop per term. */
enum { REF_TABLE_MIN = 32 };

/* The coefficient and the load of a term coefficient * load (either order), or false. */
static bool linear_term(const Expr *x, const Expr **coef, const Expr **load) {
  if (x->kind != EX_MUL) return false;
  for (int i = 0; i < 2; i++) {
    const Expr *k = x->arg[i], *v = x->arg[1 - i];
    if ((k->kind == EX_CONST || k->kind == EX_WEIGHT) && v->kind == EX_LOAD) {
      *coef = k, *load = v;
      return true;
    }
  }
  return false;
}

/* Terms from .. to - 1, each coefficient * load, added (op '+') or subtracted ('-') from a table:
 * the coefficient in double, the weight it multiplies (-1: none) and the load's offset per axis.
 * acc - k * v is acc + (-k) * v bit for bit, and k * v is v * k, so every cell gets the value
 * the loop per term would give. */
static void emit_term_table(Emitter *e, const Stencil *st, const Expr **term, const char *op,
                            int from, int to) {
  int d = st->dims, L = d - 1, n = to - from;
  bool weighted = false;
  em_begin(e);
  buf_printf(e->out, "static const struct { double k; int w; int off[%d]; } rt_ref_t%d[%d] = {", d, from, n);
  for (int t = from; t < to; t++) {
    const Expr *coef, *load;
    bool ok = linear_term(term[t], &coef, &load);
    assert(ok);
    (void)ok;
    buf_printf(e->out, "%s{%s", t > from ? ", " : "", op[t] == '-' ? "-" : "");
    if (coef->kind == EX_CONST) emit_const(e->out, coef, DTYPE_DOUBLE);
    else buf_puts(e->out, "1.0");
    weighted |= coef->kind == EX_WEIGHT;
    buf_printf(e->out, ", %d, {", coef->kind == EX_WEIGHT ? coef->weight : -1);
    for (int a = 0; a < d; a++) buf_printf(e->out, "%s%d", a ? ", " : "", st->points[load->point].off[a]);
    buf_puts(e->out, "}}");
  }
  buf_puts(e->out, "};");
  em_end(e);
  em_open(e, "for (int t = 0; t < %d; t++)", n);
  if (weighted)
    em_line(e, "const double k = rt_ref_t%d[t].w < 0 ? rt_ref_t%d[t].k : rt_ref_t%d[t].k * (double)rt_w[rt_ref_t%d[t].w];",
            from, from, from, from);
  else
    em_line(e, "const double k = rt_ref_t%d[t].k;", from);
  em_begin(e);
  buf_puts(e->out, "const long o = ");
  for (int a = 0; a < L; a++) buf_printf(e->out, "rt_ref_t%d[t].off[%d] * s%d + ", from, a, a);
  buf_printf(e->out, "rt_ref_t%d[t].off[%d];", from, L);
  em_end(e);
  char head[96];
  snprintf(head, sizeof head, "acc[i%d - x0] = acc[i%d - x0] + k * (double)in[c + o];", L, L);
  emit_chunk_loop(e, st, NULL, head, NULL);
  em_close(e);
}

/* reference_step: the expression in double from the stored values, rounded to the element type
 * on store. Its top-level chain of + and - (((t1 + t2) - t3) + ...) is split into its terms, and
 * each term is added in its own loop over a chunk of a row into double partial sums: every
 * cell gets the same operations in the same order as the expression written for one cell, but
 * in loops the compiler vectorises (cell by cell, gcc vectorised none of the 729-term box's:
 * half a minute a step at 512^3 on 16 cores). Rows and chunks in parallel. */
static void emit_reference_rows(Buf *out, const Stencil *st) {
  int d = st->dims, n = 1, L = d - 1;
  for (const Expr *x = st->expr; x->kind == EX_ADD || x->kind == EX_SUB; x = x->arg[0]) n++;
  const Expr **term = xcalloc((size_t)n, sizeof *term);
  char *op = xcalloc((size_t)n, 1);
  int k = n;
  const Expr *x = st->expr;
  for (; x->kind == EX_ADD || x->kind == EX_SUB; x = x->arg[0]) {
    term[--k] = x->arg[1];
    op[k] = x->kind == EX_ADD ? '+' : '-';
  }
  term[0] = x;
  Emitter e = {out, 0};
  em_open(&e, "static void reference_step(const rt_real *__restrict__ in, rt_real *__restrict__ out, "
              "const RtGrid *g)");
  emit_grid_bounds(&e, d, reads_weights(st->expr));
  em_begin(&e);
  buf_puts(out, "const long rows = 1");
  for (int a = 0; a < L; a++) buf_printf(out, " * (e%d - b%d)", a, a);
  buf_printf(out, ", chunks = (e%d - b%d + %d) / %d;", L, L, REF_CHUNK - 1, REF_CHUNK);
  em_end(&e);
  em_directive(&e, "#pragma omp parallel for");
  em_open(&e, "for (long r = 0; r < rows * chunks; r++)");
  if (d > 1) em_line(&e, "long row = r / chunks;");
  for (int a = L - 1; a >= 0; a--) {
    em_line(&e, "const long i%d = b%d + row %% (e%d - b%d);", a, a, a, a);
    if (a) em_line(&e, "row /= e%d - b%d;", a, a);
  }
  em_line(&e, "const long x0 = b%d + r %% chunks * %d, x1 = x0 + %d < e%d ? x0 + %d : e%d;", L, REF_CHUNK,
          REF_CHUNK, L, REF_CHUNK, L);
  em_line(&e, "double acc[%d];", REF_CHUNK);
  char head[64];
  snprintf(head, sizeof head, "acc[i%d - x0] = (", L);
  emit_chunk_loop(&e, st, term[0], head, ");");
  for (k = 1; k < n;) {
    const Expr *coef, *load;
    int run = k;
    while (run < n && linear_term(term[run], &coef, &load)) run++;
    if (run - k >= REF_TABLE_MIN) {
      emit_term_table(&e, st, term, op, k, run);
      k = run;
      continue;
    }
    snprintf(head, sizeof head, "acc[i%d - x0] = acc[i%d - x0] %c (", L, L, op[k]);
    emit_chunk_loop(&e, st, term[k], head, ");");
    k++;
  }
  snprintf(head, sizeof head, "out[c] = (rt_real)acc[i%d - x0];", L);
  emit_chunk_loop(&e, st, NULL, head, NULL);
  em_close(&e);
  em_close(&e);
  free(term);
  free(op);
}

/* The reference step, and RT_REF_HASH: a hash of it, of the element type and of the runtime
 * (its driver fills the initial state and the run-time weights), so that programs of one stencil and
 * dtype, whatever their backend, share cached reference results. */
static void emit_reference_step(Buf *out, const Stencil *st, DType dtype, double transform) {
  Buf ref = {0};
  emit_converge_reference(&ref, st, true);
  if (ir_dtype_integer(dtype)) { /* the expression as C computes it (emit_expr), stored as C does */
    buf_puts(&ref, "\n/* Reference: the expression in C's int and floating types, converted to the\n"
                   " * element type on store. */\n");
    emit_host_step(&ref, st, &(HostStep){"reference_step", dtype, 0, emit_load_global});
  } else {
    buf_puts(&ref, "\n/* Reference: the expression in double from the stored values, rounded to the\n"
                   " * element type on store. */\n");
    emit_reference_rows(&ref, st);
  }
  emit_bound_step(&ref, st, transform);
  emit_converge_reference(&ref, st, false);
  const char *type = ir_dtype_name(dtype);
  uint64_t h = hash_bytes(HASH_INIT, ref.s, ref.len);
  h = hash_bytes(h, type, strlen(type));
  h = hash_bytes(h, rt_rt_common, strlen(rt_rt_common));
  h = hash_bytes(h, rt_rt_driver, strlen(rt_rt_driver));
  buf_printf(out, "%s\n#define RT_REF_HASH 0x%016llxULL\n", ref.s, (unsigned long long)h);
  buf_free(&ref);
}

void emit_engine_prelude(Buf *out, const Stencil *st, const GenOptions *opt) {
  buf_printf(out, "#define RT_REAL %s\n", ir_dtype_name(opt->dtype));
  if (ir_dtype_integer(opt->dtype)) /* the values the grid is filled with and keeps */
    buf_printf(out, "#define RT_VALUE_LO %.0fLL\n#define RT_VALUE_HI %.0fLL\n", st->value_lo,
               st->value_hi);
  if (st->nweights) buf_printf(out, "#define RT_NWEIGHTS %d\n", st->nweights);
  if (opt->backend->multistep) buf_puts(out, "#define RT_ENGINE_ADVANCE 1\n");
  emit_converge_defines(out, st);
  if (opt->mpi) buf_puts(out, "#define RT_MPI 1\n");
  buf_puts(out, rt_rt_common);
  for (const char *const *t = opt->backend->engine->texts; *t; t++) buf_puts(out, *t);
}

void emit_program(Buf *out, const Stencil *st, const GenOptions *opt, const void *plan) {
  const Backend *bi = opt->backend;
  DType dtype = opt->dtype;
  emit_header_comment(out, st, opt);
  emit_engine_prelude(out, st, opt);
  emit_constants(out, st, dtype, bi);
  emit_reference_step(out, st, dtype, bi->transform_error ? bi->transform_error(plan) : 0);
  buf_printf(out, "\n%s\n", CODEGEN_KERNEL_BEGIN);
  bi->emit(out, st, opt, plan);
  buf_printf(out, "%s\n\n", CODEGEN_KERNEL_END);
  buf_puts(out, rt_rt_dump);
  emit_converge_dump(out, st);
  buf_puts(out, rt_rt_driver);
  if (opt->mpi) {
    buf_puts(out, rt_rt_procgrid);
    buf_puts(out, rt_rt_mpi_part);
    buf_puts(out, rt_rt_mpi);
  }
}

/* emit_thread_tile; stay: the threads past the grid stay, `inside` false (emit_thread_cell_stay). */
static void thread_tile(Emitter *e, int d, const int lo[IR_MAX_DIMS], const int tile[IR_MAX_DIMS],
                        const char *name, bool stay) {
  static const char thread_axis[] = "xyz";
  Buf *out = e->out;
  for (int a = 0; a < d; a++) buf_printf(out, ", int n%d", a);
  for (int a = 0; a < d - 1; a++) buf_printf(out, ", long s%d", a);
  buf_puts(out, ") {\n");
  e->depth++;
  for (int a = 0; a < d; a++) {
    char t = thread_axis[d - 1 - a];
    if (tile[a] == 1) /* a thread's index fits: the grid covers at most n cells plus a block */
      em_line(e, "const int i%d = blockIdx.%c * blockDim.%c + threadIdx.%c;", a, t, t, t);
    else /* the first cell of a tile past int's range is still past n */
      em_line(e, "const long i%d = (long)(blockIdx.%c * blockDim.%c + threadIdx.%c) * %d;", a, t, t, t, tile[a]);
  }
  em_begin(e);
  if (stay) {
    buf_puts(out, "const bool inside = ");
    for (int a = 0; a < d; a++) buf_printf(out, "%si%d < n%d", a ? " && " : "", a, a);
    buf_puts(out, ";");
  } else {
    buf_puts(out, "if (");
    for (int a = 0; a < d; a++) buf_printf(out, "%si%d >= n%d", a ? " || " : "", a, a);
    buf_puts(out, ") return;");
  }
  em_end(e);
  em_begin(e);
  buf_printf(out, "const long %s = ", name);
  for (int a = 0; a < d - 1; a++) buf_printf(out, "(long)(i%d + %d) * s%d + ", a, lo[a], a);
  buf_printf(out, "(i%d + %d);", d - 1, lo[d - 1]);
  em_end(e);
}

void emit_thread_tile(Emitter *e, int d, const int lo[IR_MAX_DIMS], const int tile[IR_MAX_DIMS],
                      const char *name) {
  thread_tile(e, d, lo, tile, name, false);
}

static const int one_cell[IR_MAX_DIMS] = {1, 1, 1};

void emit_thread_cell(Emitter *e, int d, const int lo[IR_MAX_DIMS]) {
  thread_tile(e, d, lo, one_cell, "c", false);
}

void emit_thread_cell_stay(Emitter *e, int d, const int lo[IR_MAX_DIMS]) {
  thread_tile(e, d, lo, one_cell, "c", true);
}

void emit_thread_block(Emitter *e, int d, const int block[IR_MAX_DIMS]) {
  em_begin(e);
  buf_puts(e->out, "const dim3 block(");
  for (int a = d - 1; a >= 0; a--) buf_printf(e->out, "%s%d", a == d - 1 ? "" : ", ", block[a]);
  buf_puts(e->out, ");");
  em_end(e);
}

void emit_thread_grid(Emitter *e, int d, const int block[IR_MAX_DIMS], const char *extent) {
  const char *head = "const dim3 grid(";
  for (int a = d - 1; a >= 0; a--) {
    if (a < d - 1) buf_puts(e->out, ",\n");
    em_begin(e);
    buf_printf(e->out, "%-*srt_cuda_blocks(%s[%d], %d, %s)", (int)strlen(head), a == d - 1 ? head : "",
               extent, a, block[a], a == d - 1 ? "2147483647L / 32" : "65535L");
  }
  buf_puts(e->out, ");");
  em_end(e);
}

void emit_thread_args(Buf *out, int d, const char *extent) {
  for (int a = 0; a < d; a++) buf_printf(out, ", (int)%s[%d]", extent, a);
  for (int a = 0; a < d - 1; a++) buf_printf(out, ", g->stride[%d]", a);
}

void emit_cell_nest(Emitter *e, int d, bool simd) {
  /* in 1D the one loop is both the parallel and the vector loop */
  em_directive(e, d == 1 && simd ? "#pragma omp parallel for simd" : "#pragma omp parallel for");
  emit_cell_loops(e, d, simd && d > 1 ? "#pragma omp simd" : NULL);
}

void emit_cell_loops(Emitter *e, int d, const char *inner) {
  for (int a = 0; a < d - 1; a++, e->depth++) /* one statement each: no braces */
    em_line(e, "for (long i%d = b%d; i%d < e%d; i%d++)", a, a, a, a, a);
  if (inner) em_directive(e, "%s", inner);
  em_open(e, "for (long i%d = b%d; i%d < e%d; i%d++)", d - 1, d - 1, d - 1, d - 1, d - 1);
  em_begin(e);
  buf_puts(e->out, "const long c = ");
  for (int a = 0; a < d - 1; a++) buf_printf(e->out, "i%d * s%d + ", a, a);
  buf_printf(e->out, "i%d;", d - 1);
  em_end(e);
}

void emit_cell_nest_close(Emitter *e, int d) {
  em_close(e);
  e->depth -= d - 1;
}
