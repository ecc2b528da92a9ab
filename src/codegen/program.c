/* Programs of several stages (see program.h). A stage's reads name buffers by field and shift:
 * the emitted code binds one pointer per (field, shift) a stage reads, `in_<field>_<shift>`, to
 * buffer (t + shift) % levels, and `out` to the written buffer (t + 1) % levels. An in-place
 * stage reads `out`'s buffer at its own cell only (the front end checked it), so no pointer is
 * declared restrict. Expressions go through emit_expr with a load callback; run-time scalars
 * are EX_WEIGHT, read as rt_w[k] like the run-time weights of single stencils. */
#include "program.h"

#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "emit.h"
#include "n5d.h"
#include "n5d_program.h"
#include "naive.h"
#include "p25d.h"
#include "ssam.h"
#include "runtime_text.h"
#include "util/diag.h"
#include "util/mem.h"

typedef struct {
  const Program *pr;
  const Stage *s;
  bool as_double; /* the reference reads stored values widened to double */
  /* In a kernel of several stages (ProgramKernels): its first stage; the values stages
   * kernel_first .. s - 1 store are in registers (new_<field>). NULL elsewhere. */
  const Stage *kernel_first;
  /* The cell's position along axis a is i<a> + cell_lo[a] (a kernel's thread, counted from the
   * bounds' start); NULL where i<a> is the position itself (a host loop). */
  const int *cell_lo;
} LoadCtx;

static bool at_cell(const int *off) { return !off[0] && !off[1] && !off[2]; }

/* The buffer of the written field that the stage writes: (t + 1) % levels, 0 when in place. */
static bool writes_buffer(const Program *pr, const Stage *s, const Ref *r) {
  return r->field == s->field && r->shift == (pr->fields[s->field].levels > 1);
}

static void ref_name(Buf *out, const Program *pr, const Ref *r) {
  buf_printf(out, "in_%s_%d", pr->fields[r->field].name, r->shift);
}

/* The register holding the value an earlier stage of the kernel stored in the buffer point
 * `point` of l->s reads, or NULL. */
static const Stage *register_of(const LoadCtx *l, int point) {
  for (const Stage *w = l->kernel_first; w && w < l->s; w++)
    if (writes_buffer(l->pr, w, &l->s->refs[point])) {
      assert(at_cell(l->s->st.points[point].off)); /* (codegen_program_fusion) */
      return w;
    }
  return NULL;
}

static void emit_load(Buf *out, const Stencil *st, int point, const void *ctx) {
  const LoadCtx *l = ctx;
  const Stage *w = register_of(l, point);
  if (w) {
    buf_printf(out, "new_%s", l->pr->fields[w->field].name);
    return;
  }
  if (l->as_double) buf_puts(out, "(double)");
  ref_name(out, l->pr, &l->s->refs[point]);
  const Field *fd = &l->pr->fields[l->s->refs[point].field];
  if (fd->per_axis) { /* element (position along its axis + offset) of a 1D array */
    int a = fd->axis, k = st->points[point].off[a] + (l->cell_lo ? l->cell_lo[a] : 0);
    if (k) buf_printf(out, "[i%d %c %d]", a, k < 0 ? '-' : '+', abs(k));
    else buf_printf(out, "[i%d]", a);
    return;
  }
  buf_puts(out, "[");
  emit_point_index(out, st, point);
  buf_puts(out, "]");
}

/* Whether point p is the first of the stage's reads of its buffer. */
static bool first_read_of_buffer(const Stage *s, int p) {
  for (int q = 0; q < p; q++)
    if (s->refs[q].field == s->refs[p].field && s->refs[q].shift == s->refs[p].shift) return false;
  return true;
}

/* buf index of field f's buffer (t + shift) % levels. */
static void emit_buffer(Buf *out, const Program *pr, int f, int shift) {
  int levels = pr->fields[f].levels;
  if (levels == 1) buf_printf(out, "rt_buf[%d]", f * PROG_MAX_LEVELS);
  else buf_printf(out, "rt_buf[%d + (t + %d) %% %d]", f * PROG_MAX_LEVELS, shift, levels);
}

/* The pointers of a stage: `out` and one per buffer read, as declarations, a line each (host),
 * or as the arguments of a kernel launch appended to the line begun (args). */
static void emit_pointers(Emitter *e, const Program *pr, const Stage *s, bool args) {
  Buf *out = e->out;
  if (!args) {
    em_begin(e);
    buf_puts(out, "rt_real *const out = ");
  }
  emit_buffer(out, pr, s->field, pr->fields[s->field].levels > 1);
  for (int p = 0; p < s->st.npoints; p++) {
    if (!first_read_of_buffer(s, p)) continue;
    if (args) {
      buf_puts(out, ", ");
    } else {
      buf_puts(out, ";");
      em_end(e);
      em_begin(e);
      buf_puts(out, "const rt_real *const ");
      ref_name(out, pr, &s->refs[p]);
      buf_puts(out, " = ");
    }
    emit_buffer(out, pr, s->refs[p].field, s->refs[p].shift);
  }
  if (!args) {
    buf_puts(out, ";");
    em_end(e);
  }
}

/* Whether e reads a run-time scalar (then the host stage binds rt_w). */
static bool reads_scalar(const Expr *e) {
  if (e->kind == EX_WEIGHT) return true;
  for (int k = 0; k < e->nargs; k++)
    if (reads_scalar(e->arg[k])) return true;
  return false;
}

/* A host loop nest for stage i: the reference (double, no simd) or the cpu backend's. */
static void emit_host_stage(Buf *out, const Program *pr, int i, const char *prefix, DType arith,
                            bool reference) {
  const Stage *s = &pr->stages[i];
  int d = pr->dims;
  Emitter e = {out, 0};
  em_open(&e, "static void %s_stage%d(rt_real *const *rt_buf, const RtGrid *g, long t)", prefix, i);
  for (int a = 0; a < d - 1; a++) em_line(&e, "const long s%d = g->stride[%d];", a, a);
  for (int a = 0; a < d; a++)
    em_line(&e, "const long b%d = %d, e%d = g->ext[%d] - %d;", a, s->st.lo[a], a, a, s->st.hi[a]);
  if (reads_scalar(s->st.expr)) em_line(&e, "const rt_real *const rt_w = rt_w_host;");
  em_line(&e, "(void)t; /* unused when every field keeps one buffer */");
  emit_pointers(&e, pr, s, false);
  emit_cell_nest(&e, d, !reference);
  LoadCtx l = {pr, s, reference, NULL, NULL};
  emit_expr_line(&e, "out[c] = (rt_real)(", &s->st, s->st.expr, arith, emit_load, &l, ");");
  emit_cell_nest_close(&e, d);
  em_close(&e);
  buf_puts(out, "\n");
}

/* ---- point sources (PointSource in ir/program.h; runtime/rt_source.h) ---- */

typedef struct {
  const Program *pr;
  int n;          /* the source */
  bool as_double; /* the reference's */
} SourceCtx;

/* The source array's element at the step's time index, rounded to the element type as the
 * user's array holds it; or the time loop's counter, in the arithmetic (as C converts the int
 * where it meets a float or double operand). */
static void emit_source_load(Buf *out, const Stencil *st, int point, const void *ctx) {
  (void)st;
  const SourceCtx *c = ctx;
  const PointSource *ps = &c->pr->sources[c->n];
  if (point == SOURCE_TIME) {
    const char *type = c->as_double ? "double" : "rt_real";
    if (c->pr->t_start) buf_printf(out, "(%s)(t + %d)", type, c->pr->t_start);
    else buf_printf(out, "(%s)t", type);
    return;
  }
  buf_printf(out, "%s(rt_real)rt_prog_source_value(%d, t", c->as_double ? "(double)" : "", c->n);
  if (c->pr->t_start + ps->shift) buf_printf(out, " + %d", c->pr->t_start + ps->shift);
  buf_puts(out, ")");
}

/* `<prefix>_source<n>`: source n added to its cell of the buffer its stage wrote, on the host
 * (the reference in double, or the cpu backend), or by a one-thread kernel (naive). */
static void emit_source(Buf *out, const Program *pr, int n, const char *prefix, DType arith,
                        bool reference, bool cuda) {
  const PointSource *ps = &pr->sources[n];
  const Stencil *st = &pr->stages[ps->after].st;
  Emitter e = {out, 0};
  em_open(&e, "static void %s_source%d(rt_real *const *rt_buf, const RtGrid *g, long t)", prefix, n);
  bool scalars = reads_scalar(ps->expr);
  for (int a = 0; a < pr->dims; a++) scalars = scalars || ps->index[a] >= 0;
  if (scalars) em_line(&e, "const rt_real *const rt_w = rt_w_host;");
  em_begin(&e);
  buf_printf(out, "const long cell[%d] = {", pr->dims);
  for (int a = 0; a < pr->dims; a++) {
    if (a) buf_puts(out, ", ");
    if (ps->index[a] >= 0) buf_printf(out, "(long)rt_w[%d]", ps->index[a]);
    if (ps->index[a] < 0 || ps->off[a]) buf_printf(out, "%s%ld", ps->index[a] < 0 ? "" : " + ", ps->off[a]);
  }
  buf_puts(out, "};");
  em_end(&e);
  em_begin(&e);
  buf_puts(out, "rt_real *const out = ");
  emit_buffer(out, pr, ps->field, pr->fields[ps->field].levels > 1);
  buf_puts(out, ";");
  em_end(&e);
  em_line(&e, "const long c = rt_prog_source_cell(g, \"%s\", cell);", pr->fields[ps->field].name);
  SourceCtx c = {pr, n, reference};
  if (cuda) {
    emit_expr_line(&e, ps->op == '-' ? "const rt_real v = -(rt_real)(" : "const rt_real v = (rt_real)(",
                   st, ps->expr, arith, emit_source_load, &c, ");");
    em_line(&e, "rt_prog_source_kernel<<<1, 1>>>(out, c, v, %d);", ps->op == '=');
    em_line(&e, "RT_CUDA_LAUNCH_CHECK();");
  } else if (ps->op == '=') {
    emit_expr_line(&e, "out[c] = (rt_real)(", st, ps->expr, arith, emit_source_load, &c, ");");
  } else {
    char head[64];
    snprintf(head, sizeof head, "out[c] = (rt_real)(%sout[c] %c (", reference ? "(double)" : "",
             ps->op);
    emit_expr_line(&e, head, st, ps->expr, arith, emit_source_load, &c, "));");
  }
  em_close(&e);
  buf_puts(out, "\n");
}

/* ---- boundary stages (Boundary in ir/program.h) ----
 * Each reads and writes its buffers through `bf_<field>_<shift>`, the grid's extents e<a> and
 * strides s<a>, its loop counters i<a>, and the time arrays' values of the step as tv<q>_<r>
 * (statement q's read r), computed on the host (one value per step). */

typedef struct {
  const Program *pr;
  const Boundary *b;
  int q;          /* the statement */
  bool as_double; /* the reference's */
} BcCtx;

static void bc_buffer_name(Buf *out, const Program *pr, const BcCell *c) {
  buf_printf(out, "bf_%s_%d", pr->fields[c->field].name, c->shift);
}

static void bc_index(Buf *out, const Program *pr, const Boundary *b, const BcCell *c) {
  for (int a = 0; a < pr->dims; a++) {
    const BcPos *at = &c->at[a];
    buf_puts(out, a ? " + " : "");
    if (b->looped[a] && (at->end || at->dir < 0)) /* (e0 - 1 - i0), (4L - i0) */
      buf_printf(out, "(%s%d %c %ld %c i%d)", at->end ? "e" : "", at->end ? a : 0,
                 at->off < 0 ? '-' : '+', labs(at->off), at->dir < 0 ? '-' : '+', a);
    else if (b->looped[a]) buf_printf(out, "(i%d + %ld)", a, at->off);
    else if (at->end) buf_printf(out, "(e%d - %ld)", a, -at->off);
    else buf_printf(out, "%ldL", at->off);
    if (a < pr->dims - 1) buf_printf(out, " * s%d", a);
  }
}

static void emit_bc_load(Buf *out, const Stencil *st, int point, const void *ctx) {
  (void)st;
  const BcCtx *l = ctx;
  const BcCell *c = &l->b->stmts[l->q].reads[point];
  if (l->as_double) buf_puts(out, "(double)");
  if (c->array >= 0) {
    buf_printf(out, "tv%d_%d", l->q, point);
    return;
  }
  bc_buffer_name(out, l->pr, c);
  buf_puts(out, "[");
  bc_index(out, l->pr, l->b, c);
  buf_puts(out, "]");
}

/* Calls fn for each distinct buffer boundary b accesses (the written ones first). */
static void bc_buffers(const Program *pr, const Boundary *b, void (*fn)(void *, const BcCell *),
                       void *ctx) {
  bool seen[PROG_MAX_FIELDS][PROG_MAX_LEVELS] = {{false}};
  (void)pr;
  for (int pass = 0; pass < 2; pass++)
    for (int q = 0; q < b->nstmts; q++)
      for (int r = -1; r < b->stmts[q].nreads; r++) {
        const BcCell *c = r < 0 ? &b->stmts[q].lhs : &b->stmts[q].reads[r];
        if ((r < 0) != (pass == 0) || c->array >= 0 || seen[c->field][c->shift]) continue;
        seen[c->field][c->shift] = true;
        fn(ctx, c);
      }
}

typedef struct {
  Emitter *e;
  const Program *pr;
  bool args; /* kernel arguments (", rt_real *bf_u_0"), else host declarations */
} BcBufCtx;

static void bc_buffer_decl(void *ctx, const BcCell *c) {
  BcBufCtx *x = ctx;
  Buf *out = x->e->out;
  if (x->args) {
    buf_puts(out, ", rt_real *");
    bc_buffer_name(out, x->pr, c);
    return;
  }
  em_begin(x->e);
  buf_puts(out, "rt_real *const ");
  bc_buffer_name(out, x->pr, c);
  buf_puts(out, " = ");
  emit_buffer(out, x->pr, c->field, c->shift);
  buf_puts(out, ";");
  em_end(x->e);
}

static void bc_buffer_arg(void *ctx, const BcCell *c) {
  BcBufCtx *x = ctx;
  buf_puts(x->e->out, ", ");
  emit_buffer(x->e->out, x->pr, c->field, c->shift);
}

/* The values of the time arrays this step (host): tv<q>_<r> = element t + t_start + shift. */
static void bc_time_values(Emitter *e, const Program *pr, const Boundary *b) {
  for (int q = 0; q < b->nstmts; q++)
    for (int r = 0; r < b->stmts[q].nreads; r++) {
      const BcCell *c = &b->stmts[q].reads[r];
      if (c->array >= 0)
        em_line(e, "const rt_real tv%d_%d = (rt_real)rt_prog_source_value(%d, t + %d);", q, r,
                program_tarray_id(pr, c->array), pr->t_start + c->shift);
    }
}

static bool bc_reads_scalar(const Boundary *b) {
  for (int q = 0; q < b->nstmts; q++)
    if (reads_scalar(b->stmts[q].expr)) return true;
  return false;
}

/* The assignments of one iteration, in the user's order. */
static void bc_assignments(Emitter *e, const Program *pr, const Boundary *b, DType arith,
                           bool reference) {
  Stencil none;
  memset(&none, 0, sizeof none);
  none.dims = pr->dims;
  for (int q = 0; q < b->nstmts; q++) {
    Buf head = {0};
    bc_buffer_name(&head, pr, &b->stmts[q].lhs);
    buf_puts(&head, "[");
    bc_index(&head, pr, b, &b->stmts[q].lhs);
    buf_puts(&head, "] = (rt_real)(");
    BcCtx l = {pr, b, q, reference};
    emit_expr_line(e, head.s, &none, b->stmts[q].expr, arith, emit_bc_load, &l, ");");
    buf_free(&head);
  }
}

/* The end of boundary b's loop along axis a: e<a> - k, or a constant (Boundary.hi_start). */
static void bc_end(Buf *out, const Boundary *b, int a) {
  if (b->hi_start[a]) buf_printf(out, "%ldL", b->hi[a]);
  else buf_printf(out, "e%d - %ld", a, -b->hi[a]);
}

/* The extents and strides a boundary's cells are computed from, declared from g (host). */
static void bc_geometry(Emitter *e, int d) {
  for (int a = 0; a < d; a++) em_line(e, "const long e%d = g->ext[%d]; (void)e%d;", a, a, a);
  for (int a = 0; a < d - 1; a++) em_line(e, "const long s%d = g->stride[%d]; (void)s%d;", a, a, a);
}

/* `<prefix>_bc<n>`: boundary n on the host, a loop nest over its looped axes. */
static void emit_host_boundary(Buf *out, const Program *pr, int n, const char *prefix, DType arith,
                               bool reference) {
  const Boundary *b = &pr->boundaries[n];
  Emitter e = {out, 0};
  em_open(&e, "static void %s_bc%d(rt_real *const *rt_buf, const RtGrid *g, long t)", prefix, n);
  em_line(&e, "(void)t;");
  bc_geometry(&e, pr->dims);
  if (bc_reads_scalar(b)) em_line(&e, "const rt_real *const rt_w = rt_w_host;");
  BcBufCtx x = {&e, pr, false};
  bc_buffers(pr, b, bc_buffer_decl, &x);
  bc_time_values(&e, pr, b);
  int loops = 0;
  for (int a = 0; a < pr->dims; a++)
    if (b->looped[a]) {
      Buf end = {0};
      bc_end(&end, b, a);
      em_open(&e, "for (long i%d = %ld; i%d < %s; i%d++)", a, b->lo[a], a, end.s, a);
      buf_free(&end);
      loops++;
    }
  bc_assignments(&e, pr, b, arith, reference);
  while (loops--) em_close(&e);
  em_close(&e);
  buf_puts(out, "\n");
}

/* The boundary kernel's parameters after its count (decl) or the launcher's arguments for them:
 * the buffers, the extents, the strides and the time arrays' values of this step. */
static void bc_kernel_params(Buf *out, const Boundary *b, BcBufCtx *x, bool decl) {
  int d = x->pr->dims;
  bc_buffers(x->pr, b, decl ? bc_buffer_decl : bc_buffer_arg, x);
  for (int a = 0; a < d; a++) buf_printf(out, decl ? ", long e%d" : ", e%d", a);
  for (int a = 0; a < d - 1; a++) buf_printf(out, decl ? ", long s%d" : ", s%d", a);
  for (int q = 0; q < b->nstmts; q++)
    for (int r = 0; r < b->stmts[q].nreads; r++)
      if (b->stmts[q].reads[r].array >= 0)
        buf_printf(out, decl ? ", rt_real tv%d_%d" : ", tv%d_%d", q, r);
}

/* naive: boundary n as a kernel of one thread per iteration (the front end checked that they are
 * independent) and its host launcher `naive_bc<n>`. */
static void emit_cuda_boundary(Buf *out, const Program *pr, int n, DType dtype) {
  const Boundary *b = &pr->boundaries[n];
  int d = pr->dims;
  Emitter e = {out, 0};
  BcBufCtx x = {&e, pr, true};
  buf_printf(out, "__global__ void bc%d_kernel(long rt_count", n);
  bc_kernel_params(out, b, &x, true);
  em_open(&e, ")");
  em_line(&e, "long rt_r = (long)blockIdx.x * blockDim.x + threadIdx.x;");
  em_line(&e, "if (rt_r >= rt_count) return;");
  for (int a = d - 1; a >= 0; a--)
    if (b->looped[a]) {
      Buf end = {0};
      bc_end(&end, b, a);
      em_line(&e, "const long i%d = %ld + rt_r %% (%s - %ld);", a, b->lo[a], end.s, b->lo[a]);
      em_line(&e, "rt_r /= %s - %ld;", end.s, b->lo[a]);
      buf_free(&end);
    }
  for (int a = 0; a < d; a++) em_line(&e, "(void)e%d;", a);
  for (int a = 0; a < d - 1; a++) em_line(&e, "(void)s%d;", a);
  bc_assignments(&e, pr, b, dtype, false);
  em_close(&e);
  buf_puts(out, "\n");
  em_open(&e, "static void naive_bc%d(rt_real *const *rt_buf, const RtGrid *g, long t)", n);
  em_line(&e, "(void)t;");
  bc_geometry(&e, d);
  bc_time_values(&e, pr, b);
  em_line(&e, "long rt_count = 1;");
  for (int a = 0; a < d; a++)
    if (b->looped[a]) {
      Buf end = {0};
      bc_end(&end, b, a);
      em_line(&e, "rt_count *= %s - %ld;", end.s, b->lo[a]);
      buf_free(&end);
    }
  em_line(&e, "if (rt_count <= 0) return; /* a loop of no iteration on a small grid */");
  em_begin(&e);
  buf_printf(out, "bc%d_kernel<<<(unsigned)((rt_count + 255) / 256), 256>>>(rt_count", n);
  bc_kernel_params(out, b, &x, false);
  buf_puts(out, ");");
  em_end(&e);
  em_line(&e, "RT_CUDA_LAUNCH_CHECK();");
  em_close(&e);
  buf_puts(out, "\n");
}

/* The calls of the point sources added after stage i, or after boundary stage bc (-1: none). */
static void emit_source_calls(Emitter *e, const Program *pr, int i, int bc, const char *prefix) {
  for (int n = 0; n < pr->nsources; n++)
    if (bc >= 0 ? pr->sources[n].after_bc == bc : pr->sources[n].after == i && pr->sources[n].after_bc < 0)
      em_line(e, "%s_source%d(rt_buf, g, t);", prefix, n);
}

/* The calls of the boundary stages that run before stage i (nstages: after the last), each
 * followed by the point sources added after it. */
static void emit_boundary_calls(Emitter *e, const Program *pr, int i, const char *prefix) {
  for (int n = 0; n < pr->nboundaries; n++)
    if (pr->boundaries[n].before == i) {
      em_line(e, "%s_bc%d(rt_buf, g, t);", prefix, n);
      emit_source_calls(e, pr, -1, n, prefix);
    }
}

static void emit_step_calls(Buf *out, const Program *pr, const char *name, const char *prefix) {
  Emitter e = {out, 0};
  em_open(&e, "static void %s(rt_real *const *rt_buf, const RtGrid *g, long t)", name);
  for (int i = 0; i < pr->nstages; i++) {
    emit_boundary_calls(&e, pr, i, prefix);
    em_line(&e, "%s_stage%d(rt_buf, g, t);", prefix, i);
    emit_source_calls(&e, pr, i, -1, prefix);
  }
  emit_boundary_calls(&e, pr, pr->nstages, prefix);
  em_close(&e);
}

/* ---- naive: a kernel per stage, or per run of stages of one loop nest (ProgramKernels) ---- */

static bool boundary_before(const Program *pr, int i) {
  for (int n = 0; n < pr->nboundaries; n++)
    if (pr->boundaries[n].before == i) return true;
  return false;
}

static bool source_after(const Program *pr, int i) {
  for (int n = 0; n < pr->nsources; n++)
    if (pr->sources[n].after == i) return true;
  return false;
}

/* Whether some stage of first .. last other than stage j writes the buffer r names. */
static bool written_by_other(const Program *pr, int first, int last, int j, const Ref *r) {
  for (int m = first; m <= last; m++)
    if (m != j && writes_buffer(pr, &pr->stages[m], r)) return true;
  return false;
}

/* Whether stages first .. last may run in one kernel (ProgramKernels): last joins the kernel of
 * first .. last - 1. */
static bool fusible(const Program *pr, int first, int last) {
  const Stage *a = &pr->stages[first], *b = &pr->stages[last];
  if (b->nest != a->nest || boundary_before(pr, last) || source_after(pr, last - 1)) return false;
  for (int ax = 0; ax < pr->dims; ax++)
    if (b->st.lo[ax] != a->st.lo[ax] || b->st.hi[ax] != a->st.hi[ax]) return false;
  for (int j = first; j <= last; j++)
    for (int p = 0; p < pr->stages[j].st.npoints; p++)
      if (!at_cell(pr->stages[j].st.points[p].off) &&
          written_by_other(pr, first, last, j, &pr->stages[j].refs[p]))
        return false;
  return true;
}

void codegen_program_fusion(const Program *pr, ProgramKernels *k) {
  k->nkernels = 0;
  for (int i = 0; i < pr->nstages; i++)
    if (i == 0 || !fusible(pr, k->first[k->nkernels - 1], i)) k->first[k->nkernels++] = i;
  k->first[k->nkernels] = pr->nstages;
  for (int n = 0; n < k->nkernels; n++) { /* the invariants emit_kernel relies on */
    int first = k->first[n], last = k->first[n + 1] - 1;
    assert(first <= last);
    for (int i = first; i < last; i++) assert(!source_after(pr, i));
    for (int i = first + 1; i <= last; i++) {
      assert(!boundary_before(pr, i));
      for (int j = first; j < i; j++) assert(pr->stages[j].field != pr->stages[i].field);
    }
  }
}

/* CUDA passes a kernel at most 4 KB of parameters: a kernel of stages takes a pointer per stage
 * it writes, one per buffer it reads (every buffer at most), then the extents and strides
 * (emit_thread_args); a boundary kernel takes fewer. */
_Static_assert(((int)PROG_MAX_STAGES + (int)PROG_MAX_FIELDS * (int)PROG_MAX_LEVELS) * sizeof(void *) +
                       2 * IR_MAX_DIMS * sizeof(long) <=
                   4096,
               "a kernel's buffers and extents fit CUDA's parameter space");

/* The distinct buffers stages first .. last read, in the order of their first reads. */
static int kernel_reads(const Program *pr, int first, int last, Ref *reads) {
  int n = 0;
  for (int i = first; i <= last; i++)
    for (int p = 0; p < pr->stages[i].st.npoints; p++) {
      const Ref *r = &pr->stages[i].refs[p];
      bool seen = false;
      for (int q = 0; q < n && !seen; q++) seen = reads[q].field == r->field && reads[q].shift == r->shift;
      if (seen) continue;
      assert(n < PROG_MAX_FIELDS * PROG_MAX_LEVELS);
      reads[n++] = *r;
    }
  return n;
}

/* The pointer a kernel writes stage i's field through: `out` in a kernel of one stage. */
static void out_name(Buf *out, const Program *pr, int i, bool fused) {
  buf_puts(out, "out");
  if (fused) buf_printf(out, "_%s", pr->fields[pr->stages[i].field].name);
}

/* Kernel n of ProgramKernels: `stage<i>_kernel` for stage i alone, `stages<first>_<last>_kernel`
 * for several (as they run). */
static void kernel_name(Buf *out, const ProgramKernels *k, int n) {
  int first = k->first[n], last = k->first[n + 1] - 1;
  if (first == last) buf_printf(out, "stage%d_kernel", first);
  else buf_printf(out, "stages%d_%d_kernel", first, last);
}

static void emit_kernel(Buf *out, const Program *pr, const ProgramKernels *k, int n, DType dtype,
                        const int *block) {
  int first = k->first[n], last = k->first[n + 1] - 1, d = pr->dims, threads = 1;
  bool fused = last > first;
  for (int a = 0; a < d; a++) threads *= block[a];
  buf_printf(out, "__global__ void __launch_bounds__(%d)\n", threads);
  kernel_name(out, k, n);
  for (int i = first; i <= last; i++) {
    buf_puts(out, i == first ? "(rt_real *" : ", rt_real *");
    out_name(out, pr, i, fused);
  }
  Ref reads[PROG_MAX_FIELDS * PROG_MAX_LEVELS];
  int nreads = kernel_reads(pr, first, last, reads);
  for (int r = 0; r < nreads; r++) {
    buf_puts(out, ", const rt_real *");
    ref_name(out, pr, &reads[r]);
  }
  Emitter e = {out, 0};
  const int *lo = pr->stages[first].st.lo;
  emit_thread_cell(&e, d, lo);
  if (!fused) {
    LoadCtx l = {pr, &pr->stages[first], false, NULL, lo};
    emit_expr_line(&e, "out[c] = ", &l.s->st, l.s->st.expr, dtype, emit_load, &l, ";");
  }
  /* several stages: every value first, in the user's order, a later stage reading an earlier
   * one's from its register; then the stores, so that no store lies between the loads (which
   * the compiler may then share between the stages) and a read of a buffer a later stage
   * writes sees the old value, as in the user's loop */
  for (int i = first; i <= last && fused; i++) {
    const Stage *s = &pr->stages[i];
    LoadCtx l = {pr, s, false, &pr->stages[first], lo};
    Buf head = {0};
    buf_printf(&head, "const rt_real new_%s = ", pr->fields[s->field].name);
    emit_expr_line(&e, head.s, &s->st, s->st.expr, dtype, emit_load, &l, ";");
    buf_free(&head);
  }
  for (int i = first; i <= last && fused; i++) {
    const char *name = pr->fields[pr->stages[i].field].name;
    em_line(&e, "out_%s[c] = new_%s;", name, name);
  }
  em_close(&e);
  buf_puts(out, "\n");
}

static void emit_launches(Buf *out, const Program *pr, const ProgramKernels *k, const int *block) {
  int d = pr->dims;
  Emitter e = {out, 0};
  em_open(&e, "static void program_step(rt_real *const *rt_buf, const RtGrid *g, long t)");
  emit_thread_block(&e, d, block);
  for (int n = 0; n < k->nkernels; n++) {
    int first = k->first[n], last = k->first[n + 1] - 1;
    const Stage *s = &pr->stages[first];
    emit_boundary_calls(&e, pr, first, "naive");
    em_open(&e, "%s", "");
    em_line(&e, "long n[%d];", d);
    for (int a = 0; a < d; a++)
      em_line(&e, "n[%d] = g->ext[%d] - %d;", a, a, s->st.lo[a] + s->st.hi[a]);
    emit_thread_grid(&e, d, block, "n");
    em_begin(&e);
    kernel_name(out, k, n);
    buf_puts(out, "<<<grid, block>>>(");
    for (int i = first; i <= last; i++) {
      const Stage *w = &pr->stages[i];
      buf_puts(out, i == first ? "" : ", ");
      emit_buffer(out, pr, w->field, pr->fields[w->field].levels > 1);
    }
    Ref reads[PROG_MAX_FIELDS * PROG_MAX_LEVELS];
    int nreads = kernel_reads(pr, first, last, reads);
    for (int r = 0; r < nreads; r++) {
      buf_puts(out, ", ");
      emit_buffer(out, pr, reads[r].field, reads[r].shift);
    }
    emit_thread_args(out, d, "n");
    buf_puts(out, ");");
    em_end(&e);
    em_line(&e, "RT_CUDA_LAUNCH_CHECK();");
    em_close(&e);
    for (int i = first; i <= last; i++) emit_source_calls(&e, pr, i, -1, "naive");
  }
  emit_boundary_calls(&e, pr, pr->nstages, "naive");
  em_close(&e);
}

/* ---- the whole program ---- */

/* What makes the input a program rather than one stencil, for refusals: its stage count, then
 * each field of other than two levels and each coefficient grid, as many as fit in text (a
 * program has up to PROG_MAX_FIELDS), the rest counted, then its first run-time scalar. */
static void program_traits(const Program *pr, char *text, size_t n) {
  enum { TAIL = 64 }; /* room kept for the count of the rest and the scalar */
  size_t len = (size_t)snprintf(text, n, "%d stage%s", pr->nstages, pr->nstages == 1 ? "" : "s");
  int rest = 0;
  for (int f = 0; f < pr->nfields; f++) {
    const Field *fd = &pr->fields[f];
    char trait[2 * IR_NAME_MAX];
    if (fd->coef) snprintf(trait, sizeof trait, ", coefficient grid '%s'", fd->name);
    else if (fd->levels != 2)
      snprintf(trait, sizeof trait, ", '%s' with %d time level%s", fd->name, fd->levels,
               fd->levels == 1 ? " (updated in place)" : "s");
    else continue;
    if (len + strlen(trait) + TAIL < n) len += (size_t)snprintf(text + len, n - len, "%s", trait);
    else rest++;
  }
  if (rest && len < n)
    len += (size_t)snprintf(text + len, n - len, ", and %d more such field%s", rest, rest == 1 ? "" : "s");
  if (pr->nscalars && len < n) snprintf(text + len, n - len, ", run-time scalar '%s'", pr->scalars[0]);
}

static const char *const HINT_PROGRAM_BACKENDS =
    "stencil programs run on --backend naive (CUDA) and cpu; n5d blocks the one-stage program of "
    "one field (two or three time levels, coefficient grids); 25d streams one-stage 3D programs";

/* naive's plan for the program (its block shape), planned for the first stage: every stage has
 * the program's axes. */
static int naive_plan(const Program *pr, const GenOptions *opt, NaivePlan *plan, char *why, size_t n) {
  PlanStore store;
  if (codegen_plan(&pr->stages[0].st, opt, &store, why, n)) return -1;
  memcpy(plan, store.bytes, sizeof *plan);
  if (plan->tile > 1) { /* the stages' kernels compute one cell per thread */
    snprintf(why, n, "--outputs (cells per thread) is for single stencils; a stencil program's "
                     "stages compute one cell per thread: leave --outputs out");
    return -1;
  }
  return 0;
}

static bool is_cpu(const Backend *b) { return !b->engine->cuda; }

/* The first stage that reads field f, or -1. */
static int reader_of(const Program *pr, int f) {
  for (int i = 0; i < pr->nstages; i++)
    for (int p = 0; p < pr->stages[i].st.npoints; p++)
      if (pr->stages[i].refs[p].field == f) return i;
  return -1;
}

/* Why 25d or ssam cannot take the program: the first thing in it their scheme has no place for.
 * 2.5D blocking (Zhang et al.) streams the planes of one 3D input grid along its first axis
 * through a queue in registers or shared memory; the program's other grids are read at the cell
 * from global memory (p25d.h), one launch computes one stage, and chaining stages is not
 * implemented. SSAM (Chen et al.) holds one input grid in a warp's registers and passes partial
 * sums of that input times constant coefficients (kernel arguments) between lanes: a
 * coefficient grid, a second time level, a second input field or a chain of stages needs a
 * second queue or cache per input, not implemented. */
static void streaming_obstacle(const Program *pr, bool ssam, char *text, size_t n) {
  if (ssam && pr->dims == 1) {
    snprintf(text, n, "this program is 1D; SSAM lays a 2D or 3D grid over a warp's lanes and "
                      "registers");
    return;
  }
  if (!ssam && pr->dims != 3) {
    snprintf(text, n, "2.5D blocking streams the planes of a 3D grid; this program is %dD", pr->dims);
    return;
  }
  for (int f = 0; f < pr->nfields && ssam; f++)
    if (pr->fields[f].coef) {
      snprintf(text, n, "stage %d reads coefficient grid '%s', which varies cell by cell; %s",
               reader_of(pr, f), pr->fields[f].name,
               "SSAM multiplies its cached input by constant coefficients only");
      return;
    }
  if (ssam && program_second_order(pr)) {
    snprintf(text, n, "it reads a field at level t - 1 as well as t (second order in time); the "
                      "systolic warp caches one input level");
    return;
  }
  if (pr->nstages > 1) {
    snprintf(text, n, "it has %d stages, each reading what the others write; one %s launch "
                      "computes one statement, and chaining the stages is not implemented",
             pr->nstages, ssam ? "SSAM" : "2.5D");
    return;
  }
  for (int f = 0; f < pr->nfields && ssam; f++)
    if (pr->fields[f].levels != 2) {
      snprintf(text, n, "'%s' keeps %d time level%s; the SSAM kernel reads level t and writes t + 1 "
               "into a second buffer", pr->fields[f].name, pr->fields[f].levels,
               pr->fields[f].levels == 1 ? " (updated in place)" : "s");
      return;
    }
  program_traits(pr, text, n);
}

/* ---- 25d: a one-stage 3D program streamed along axis 0 (p25d.h) ---- */

/* The buffer 25d streams: of those the stage reads, not the one it writes (read at the cell
 * only), the one read at the most points off the cell (the wave equation's level t, not the
 * velocity grid or level t-1). streamed[p] marks its points; -1 when the stage reads none. */
static int choose_stream(const Program *pr, const Stage *s, bool *streamed) {
  int best = -1, best_off = -1;
  for (int p = 0; p < s->st.npoints; p++) {
    if (!first_read_of_buffer(s, p) || writes_buffer(pr, s, &s->refs[p])) continue;
    int off = 0;
    for (int q = 0; q < s->st.npoints; q++)
      off += s->refs[q].field == s->refs[p].field && s->refs[q].shift == s->refs[p].shift &&
             !at_cell(s->st.points[q].off);
    if (off > best_off) best = p, best_off = off;
  }
  for (int q = 0; q < s->st.npoints; q++)
    streamed[q] = best >= 0 && s->refs[q].field == s->refs[best].field &&
                  s->refs[q].shift == s->refs[best].shift;
  return best;
}

static int p25d_program_plan(const Program *pr, const GenOptions *opt, P25dPlan *pl, bool *streamed,
                             char *why, size_t n) {
  char obstacle[400];
  Refusal r;
  if (pr->dims != 3 || pr->nstages > 1) {
    streaming_obstacle(pr, false, obstacle, sizeof obstacle);
    snprintf(why, n, "25d: %s; --backend naive (CUDA) or cpu runs this program", obstacle);
    return -1;
  }
  if (opt->mpi) {
    snprintf(why, n, "25d: streams stencil programs on one GPU; with --mpi, --backend naive (CUDA) "
                     "or cpu runs them on ranks");
    return -1;
  }
  const Stage *s = &pr->stages[0];
  if (choose_stream(pr, s, streamed) < 0) {
    snprintf(why, n, "25d: the stage reads no grid but the cell it writes, so there is nothing "
                     "to stream; --backend naive (CUDA) or cpu runs this program");
    return -1;
  }
  if (p25d_plan_stage(&s->st, streamed, opt, pl, &r)) {
    snprintf(why, n, "25d: %s; %s", r.msg, r.hint);
    return -1;
  }
  return 0;
}

static void emit_p25d(Buf *out, const Program *pr, const GenOptions *opt) {
  const Stage *s = &pr->stages[0];
  P25dPlan pl;
  bool *streamed = xcalloc((size_t)s->st.npoints, sizeof *streamed);
  char why[512];
  p25d_program_plan(pr, opt, &pl, streamed, why, sizeof why); /* codegen_program_validate accepted it */
  Buf params = {0}, args = {0}, stream = {0};
  Emitter e = {&args, 0};
  emit_pointers(&e, pr, s, true);
  for (int p = 0; p < s->st.npoints; p++) {
    if (!first_read_of_buffer(s, p)) continue;
    buf_puts(&params, ", const rt_real *");
    ref_name(&params, pr, &s->refs[p]);
    if (streamed[p] && !stream.len) ref_name(&stream, pr, &s->refs[p]);
  }
  /* the other buffers read at the cell, each fetched a plane ahead */
  int *fetch = xcalloc((size_t)s->st.npoints, sizeof *fetch), nfetch = 0;
  Buf names[PROG_MAX_FIELDS * PROG_MAX_LEVELS] = {{0}};
  const char *fetch_names[PROG_MAX_FIELDS * PROG_MAX_LEVELS];
  for (int p = 0; p < s->st.npoints; p++) {
    fetch[p] = -1;
    if (streamed[p] || !at_cell(s->st.points[p].off)) continue;
    for (int q = 0; q < p && fetch[p] < 0; q++)
      if (fetch[q] >= 0 && s->refs[q].field == s->refs[p].field && s->refs[q].shift == s->refs[p].shift)
        fetch[p] = fetch[q];
    if (fetch[p] >= 0) continue;
    assert(nfetch < PROG_MAX_FIELDS * PROG_MAX_LEVELS);
    ref_name(&names[nfetch], pr, &s->refs[p]);
    fetch_names[nfetch] = names[nfetch].s;
    fetch[p] = nfetch++;
  }
  LoadCtx l = {pr, s, false, NULL, NULL};
  P25dStage sg = {streamed, fetch, nfetch, fetch_names, emit_load, &l, "stage0_kernel", params.s,
                  stream.s, args.s};
  p25d_emit_stage(out, &s->st, opt->dtype, &pl, &sg);
  for (int k = 0; k < nfetch; k++) buf_free(&names[k]);
  buf_free(&params);
  buf_free(&args);
  buf_free(&stream);
  free(fetch);
  free(streamed);
}

/* gen --explain for 25d: the plan's block and window, what is streamed and what is read at the
 * cell. */
static void explain_p25d(Buf *out, const Program *pr, const GenOptions *opt) {
  const Stage *s = &pr->stages[0];
  P25dPlan pl;
  bool *streamed = xcalloc((size_t)s->st.npoints, sizeof *streamed);
  char why[512];
  if (!p25d_program_plan(pr, opt, &pl, streamed, why, sizeof why)) {
    int first = choose_stream(pr, s, streamed);
    const Ref *r = &s->refs[first];
    buf_printf(out, "plan: one-stage program, 25d hybrid placement (value queue), block %dx%d "
                    "threads, one step per launch\n", pl.by, pl.bx);
    buf_printf(out, "plan: streams '%s' (level %s): its column's %d planes in registers, its plane "
                    "with halo (%d cells) in two shared tiles, %ld bytes; about %d registers per "
                    "thread\n", pr->fields[r->field].name, program_level_name(pr, 0, r), pl.w,
               pl.tile, pl.smem, pl.regs);
    buf_puts(out, "plan: read from global memory at the cell:");
    int others = 0;
    for (int p = 0; p < s->st.npoints; p++) {
      if (streamed[p] || !first_read_of_buffer(s, p)) continue;
      const char *level = program_level_name(pr, 0, &s->refs[p]);
      buf_printf(out, "%s '%s'", others++ ? "," : "", pr->fields[s->refs[p].field].name);
      if (level) buf_printf(out, " (level %s)", level);
    }
    buf_puts(out, others ? "\n" : " nothing\n");
  }
  free(streamed);
}

/* gen --explain for naive: its kernels per step (ProgramKernels) and the stages each computes. */
static void explain_naive(Buf *out, const Program *pr) {
  ProgramKernels k;
  codegen_program_fusion(pr, &k);
  buf_printf(out, "plan: naive, %d kernel%s per step for %d stage%s", k.nkernels,
             k.nkernels == 1 ? "" : "s", pr->nstages, pr->nstages == 1 ? "" : "s");
  for (int n = 0; n < k.nkernels; n++) {
    int first = k.first[n], last = k.first[n + 1] - 1;
    buf_printf(out, "%s kernel %d: ", n ? ";" : ":", n);
    for (int i = first; i <= last; i++)
      buf_printf(out, "%s%s", i > first ? ", " : "", pr->fields[pr->stages[i].field].name);
    if (first == last) buf_printf(out, " (stage %d)", first);
    else buf_printf(out, " (stages %d-%d of one loop nest, the values stored at the cell kept in "
                         "registers)", first, last);
  }
  buf_puts(out, "\n");
}

void codegen_program_explain(Buf *out, const Program *pr, const GenOptions *opt) {
  char why[512];
  if (opt->backend == &backend_naive) {
    if (!codegen_program_validate(pr, opt, why, sizeof why)) explain_naive(out, pr);
  } else if (opt->backend == &backend_p25d) {
    explain_p25d(out, pr, opt);
  } else if (opt->backend == &backend_n5d) {
    N5dProgramPlan plan;
    if (!n5d_program_plan(pr, opt, &plan, why, sizeof why)) n5d_program_explain(out, &plan);
  }
}

int codegen_program_axis_refusal(const Program *pr, const GenOptions *opt, char *why, size_t n) {
  int axis_array = program_axis_array(pr);
  if (axis_array < 0 || (!opt->mpi && (opt->backend == &backend_naive || is_cpu(opt->backend))))
    return 0;
  const Field *fd = &pr->fields[axis_array];
  snprintf(why, n, "%s: the program reads the 1D coefficient array '%s' along axis %d, which the "
                   "%s%s %s no place for; --backend naive (CUDA) or cpu%s runs it",
           opt->backend->name, fd->name, fd->axis, opt->mpi ? "--mpi decomposition" : opt->backend->name,
           opt->mpi ? "" : " kernels", opt->mpi ? "has" : "have", opt->mpi ? " without --mpi" : "");
  return -1;
}

int codegen_program_validate(const Program *pr, const GenOptions *opt, char *why, size_t n) {
  NaivePlan plan;
  if (pr->nsources && opt->mpi) {
    snprintf(why, n, "%s: point sources run on one GPU or CPU: leave --mpi out (--backend naive "
                     "(CUDA) or cpu)", opt->backend->name);
    return -1;
  }
  if (pr->nsources && opt->backend != &backend_naive && !is_cpu(opt->backend)) {
    snprintf(why, n, "%s: the program adds a point source to '%s' after its stages each step, "
                     "which the %s kernels have no place for; --backend naive (CUDA) or cpu runs "
                     "programs with point sources",
             opt->backend->name, pr->fields[pr->sources[0].field].name, opt->backend->name);
    return -1;
  }
  if (pr->nboundaries && opt->mpi) {
    snprintf(why, n, "%s: boundary stages (line %d) run on one GPU or CPU: leave --mpi out "
                     "(--backend naive (CUDA) or cpu)", opt->backend->name, pr->boundaries[0].line);
    return -1;
  }
  if (pr->nboundaries && opt->backend != &backend_naive && !is_cpu(opt->backend)) {
    snprintf(why, n, "%s: the program sets boundary cells in its time loop (line %d), which the "
                     "%s kernels have no place for; --backend naive (CUDA) or cpu runs programs "
                     "with boundary stages",
             opt->backend->name, pr->boundaries[0].line, opt->backend->name);
    return -1;
  }
  if (codegen_program_axis_refusal(pr, opt, why, n)) return -1;
  if (opt->backend == &backend_naive) return naive_plan(pr, opt, &plan, why, n);
  if (is_cpu(opt->backend)) return 0;
  N5dProgramPlan n5d;
  if (opt->backend == &backend_n5d && opt->mpi) {
    snprintf(why, n, "n5d: blocks stencil programs on one GPU; with --mpi, --backend naive (CUDA) "
                     "or cpu runs them on ranks");
    return -1;
  }
  if (opt->backend == &backend_n5d) return n5d_program_plan(pr, opt, &n5d, why, n);
  if (opt->backend == &backend_p25d) {
    P25dPlan pl;
    bool *streamed = xcalloc((size_t)pr->stages[0].st.npoints, sizeof *streamed);
    int rc = p25d_program_plan(pr, opt, &pl, streamed, why, n);
    free(streamed);
    return rc;
  }
  if (opt->backend == &backend_ssam) {
    char obstacle[400];
    streaming_obstacle(pr, true, obstacle, sizeof obstacle);
    snprintf(why, n, "ssam: %s; --backend naive (CUDA) or cpu runs this program", obstacle);
    return -1;
  }
  char traits[256];
  program_traits(pr, traits, sizeof traits);
  snprintf(why, n, "%s: takes one statement updating one grid with two time levels from level t; "
                   "this program has %s",
           opt->backend->name, traits);
  return -1;
}

static void emit_constants(Buf *out, const Program *pr, DType dtype, const Backend *b) {
  buf_puts(out, "\n/* The fields: name, time levels (buffers), coefficient grid. */\n"
                "static const RtField rt_fields[RT_PROG_FIELDS] = {");
  for (int f = 0; f < pr->nfields; f++)
    buf_printf(out, "%s{\"%s\", %d, %d}", f ? ", " : "", pr->fields[f].name, pr->fields[f].levels,
               pr->fields[f].coef);
  buf_puts(out, "};\n");
  if (pr->nscalars) {
    buf_puts(out, "static const char *const rt_scalar_names[] = {");
    for (int k = 0; k < pr->nscalars; k++) buf_printf(out, "%s\"%s\"", k ? ", " : "", pr->scalars[k]);
    buf_puts(out, "};\n");
  }
  buf_puts(out, "\n/* The program: name, backend, dtype, dims, halo lo, hi, flops (all stages),\n"
                " * gain (product of the stages'), 0, default size, steps (the source's when it fixes them),\n"
                " * reps, 0, NULL, 0, NULL, NULL, the interior the source fixes per axis (0: none);\n"
                " * fields, scalars, coefficient scale, second order in time, the\n"
                " * scalars' names. */\n"
                "static const RtProgram rt_program = {{\"");
  buf_printf(out, "%s\", \"%s\", \"%s\", %d, {", pr->name, b->name,
             ir_dtype_name(dtype), pr->dims);
  for (int a = 0; a < IR_MAX_DIMS; a++) buf_printf(out, "%s%d", a ? ", " : "", a < pr->dims ? pr->lo[a] : 0);
  buf_puts(out, "}, {");
  for (int a = 0; a < IR_MAX_DIMS; a++) buf_printf(out, "%s%d", a ? ", " : "", a < pr->dims ? pr->hi[a] : 0);
  long steps = b->engine->default_steps, n[IR_MAX_DIMS] = {0, 0, 0};
  program_fixed_steps(pr, &steps);
  for (int a = 0; a < pr->dims; a++) program_fixed_interior(pr, a, &n[a]);
  buf_printf(out, "}, %d, %.17g, 0, %ld, %ld, %ld, 0, NULL, 0, NULL, NULL, {%ld, %ld, %ld}}, RT_PROG_FIELDS, rt_fields, %d, %.17g, %d, %s};\n",
             pr->flops, program_gain(pr), b->engine->default_size[pr->dims - 1], steps,
             b->engine->default_reps, n[0], n[1], n[2], pr->nscalars, pr->coef_scale,
             program_second_order(pr), pr->nscalars ? "rt_scalar_names" : "NULL");
}

/* The cells along axis a one step depends on, on either side (runtime/rt_program_mpi.h): a stage
 * reads what the earlier ones wrote in the same step, so their radii add up. */
static int step_reach(const Program *pr, int a) {
  int r = 0;
  for (int i = 0; i < pr->nstages; i++) r += pr->stages[i].st.radius[a];
  return r;
}

int codegen_program_stages(Buf *out, const Program *pr, const GenOptions *opt) {
  char why[512];
  SrcLoc loc = {pr->path[0] ? pr->path : pr->name, pr->path[0] ? (unsigned)pr->region_line : 0, 1};
  if (codegen_program_validate(pr, opt, why, sizeof why)) {
    diag_error(loc, HINT_PROGRAM_BACKENDS, "%s", why);
    return -1;
  }
  const Backend *b = opt->backend;
  bool cuda = b->engine->cuda;
  char compile[COMPILE_COMMAND_MAX];
  emit_compile_command(compile, sizeof compile, opt, cuda);
  buf_printf(out,
             "/* Generated by stencilc from %s (function %s): a stencil program of %d stage%s, "
             "backend %s, element type %s.\n"
             " * Runs every stage, verifies against a plain C reference and times it.\n"
             " * Compile: %s -o %s_%s THIS_FILE.%s%s\n * Run: ./%s_%s -h */\n",
             pr->name, pr->func_name, pr->nstages, pr->nstages == 1 ? "" : "s",
             b->name, ir_dtype_name(opt->dtype),
             compile,
             pr->name, b->name, cuda ? "cu" : "c", cuda ? "" : " -lm", pr->name, b->name);
  codegen_program_prelude(out, pr, opt);
  emit_constants(out, pr, opt->dtype, b);
  buf_puts(out, "\n/* Reference: every stage in double from the stored values, rounded to the element\n"
                " * type on store. */\n");
  for (int i = 0; i < pr->nstages; i++) emit_host_stage(out, pr, i, "reference", DTYPE_DOUBLE, true);
  for (int n = 0; n < pr->nsources; n++)
    emit_source(out, pr, n, "reference", DTYPE_DOUBLE, true, false);
  for (int n = 0; n < pr->nboundaries; n++)
    emit_host_boundary(out, pr, n, "reference", DTYPE_DOUBLE, true);
  emit_step_calls(out, pr, "reference_step", "reference");
  codegen_program_kernels(out, pr, opt);
  buf_puts(out, "\n");
  buf_puts(out, rt_rt_program_main);
  if (opt->mpi) {
    buf_puts(out, rt_rt_procgrid);
    buf_puts(out, rt_rt_mpi_part);
    buf_puts(out, rt_rt_program_mpi);
  }
  return 0;
}

void codegen_program_prelude(Buf *out, const Program *pr, const GenOptions *opt) {
  bool cuda = opt->backend->engine->cuda;
  buf_printf(out, "#define RT_REAL %s\n#define RT_PROG_FIELDS %d\n", ir_dtype_name(opt->dtype),
             pr->nfields);
  if (pr->nscalars) buf_printf(out, "#define RT_NWEIGHTS %d\n", pr->nscalars);
  bool given = false;
  for (int k = 0; k < pr->nscalars; k++) given = given || pr->scalar_given[k];
  if (given) { /* --param's values (rt_prog_scalars) */
    buf_puts(out, "#define RT_PROG_PARAM_SET {");
    for (int k = 0; k < pr->nscalars; k++) buf_printf(out, "%s%d", k ? ", " : "", pr->scalar_given[k]);
    buf_puts(out, "}\n#define RT_PROG_PARAM_VALUES {");
    for (int k = 0; k < pr->nscalars; k++) buf_printf(out, "%s%.17g", k ? ", " : "", pr->scalar_value[k]);
    buf_puts(out, "}\n");
  }
  bool n5d = opt->backend == &backend_n5d;
  if (cuda) buf_puts(out, "#define RT_PROGRAM_CUDA 1\n");
  if (n5d) buf_puts(out, "#define RT_PROGRAM_ADVANCE 1\n");
  if (opt->mpi)
    buf_printf(out, "#define RT_MPI 1\n#define RT_PROG_STEP_REACH0 %d\n#define RT_PROG_STEP_REACH1 %d\n",
               step_reach(pr, 0), pr->dims > 1 ? step_reach(pr, 1) : 0);
  buf_puts(out, rt_rt_common);
  if (cuda) buf_puts(out, rt_rt_cuda_base);
  if (n5d || opt->backend == &backend_p25d) buf_puts(out, rt_rt_chunk);
  buf_puts(out, rt_rt_program);
  if (pr->nsources || pr->ntarrays) buf_puts(out, rt_rt_source);
}

void codegen_program_kernels(Buf *out, const Program *pr, const GenOptions *opt) {
  bool cuda = opt->backend->engine->cuda, n5d = opt->backend == &backend_n5d;
  char why[512];
  buf_printf(out, "\n%s\n", CODEGEN_KERNEL_BEGIN);
  if (opt->backend == &backend_p25d) {
    emit_p25d(out, pr, opt);
  } else if (n5d) {
    N5dProgramPlan plan;
    n5d_program_plan(pr, opt, &plan, why, sizeof why); /* codegen_program_validate accepted it */
    n5d_program_emit(out, pr, opt->dtype, &plan);
  } else if (cuda) {
    NaivePlan plan;
    naive_plan(pr, opt, &plan, why, sizeof why); /* codegen_program_validate accepted it */
    ProgramKernels kernels;
    codegen_program_fusion(pr, &kernels);
    for (int k = 0; k < kernels.nkernels; k++) emit_kernel(out, pr, &kernels, k, opt->dtype, plan.block);
    for (int n = 0; n < pr->nsources; n++) emit_source(out, pr, n, "naive", opt->dtype, false, true);
    for (int n = 0; n < pr->nboundaries; n++) emit_cuda_boundary(out, pr, n, opt->dtype);
    emit_launches(out, pr, &kernels, plan.block);
  } else {
    for (int i = 0; i < pr->nstages; i++) emit_host_stage(out, pr, i, "cpu", opt->dtype, false);
    for (int n = 0; n < pr->nsources; n++) emit_source(out, pr, n, "cpu", opt->dtype, false, false);
    for (int n = 0; n < pr->nboundaries; n++)
      emit_host_boundary(out, pr, n, "cpu", opt->dtype, false);
    emit_step_calls(out, pr, "program_step", "cpu");
  }
  buf_printf(out, "%s\n", CODEGEN_KERNEL_END);
}
