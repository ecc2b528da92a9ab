/* The reference's bound per cell: emits reference_bound_step(), which propagates, beside the
 * reference, a bound on the error a correct kernel may make in each cell. The rules and their
 * derivation are in runtime/rt_common.h ("Verification"); this file only writes them out for the
 * stencil's expression: the table of its terms as written for linear stencils (the runtime sums
 * S and M), the running error analysis of the expression as written (RtErr) for the others. */
#include "emit.h"

#include <assert.h>
#include <math.h>
#include <stdio.h>

/* The terms of a linear stencil as written (RtTerm of runtime/rt_common.h). */
typedef struct {
  Emitter e; /* one row a line, inside the initializer */
  int count;
} Terms;

/* |value| and the weight of a factor without loads; false when the table cannot hold it (two
 * weights, a sum holding a weight, a division by a weight, a call). */
static bool factor(const Expr *e, double *mag, int *weight) {
  double m1, m2;
  int w1 = -1, w2 = -1;
  switch (e->kind) {
  case EX_CONST: *mag = fabs(e->value); *weight = -1; return true;
  case EX_WEIGHT: *mag = 1; *weight = e->weight; return true;
  case EX_NEG: return factor(e->arg[0], mag, weight);
  case EX_ADD: case EX_SUB: case EX_MUL: case EX_DIV:
    if (!factor(e->arg[0], &m1, &w1) || !factor(e->arg[1], &m2, &w2)) return false;
    if ((w1 >= 0 && w2 >= 0) || (e->kind == EX_DIV && w2 >= 0)) return false;
    if ((e->kind == EX_ADD || e->kind == EX_SUB) && (w1 >= 0 || w2 >= 0)) return false;
    *mag = e->kind == EX_MUL ? m1 * m2 : e->kind == EX_DIV ? m1 / m2 : m1 + m2;
    *weight = w1 >= 0 ? w1 : w2;
    return true;
  default: return false;
  }
}

static bool has_load(const Expr *e) {
  if (e->kind == EX_LOAD) return true;
  for (int i = 0; i < e->nargs; i++)
    if (has_load(e->arg[i])) return true;
  return false;
}

/* One row of the table: a read at offset `off` (NULL: a constant term), |value|, weight. */
static void add_term(Terms *t, const int *off, double value, int weight) {
  static const int none[3];
  const int *o = off ? off : none;
  char lit[64];
  snprintf(lit, sizeof lit, "%.17g", value);
  if (t->count++) buf_puts(t->e.out, ",\n");
  em_begin(&t->e);
  buf_printf(t->e.out, "{%d, {%d, %d, %d}, %s, %d}", off != NULL, o[0], o[1], o[2], lit, weight);
}

/* Appends e's terms, each scaled by mag (and weight, when >= 0); false when one cannot be held. */
static bool collect(Terms *t, const Stencil *st, const Expr *e, double mag, int weight) {
  double m;
  int w;
  switch (e->kind) {
  case EX_LOAD:
    add_term(t, st->points[e->point].off, mag, weight);
    return true;
  case EX_NEG:
    return collect(t, st, e->arg[0], mag, weight);
  case EX_ADD: case EX_SUB:
    return collect(t, st, e->arg[0], mag, weight) && collect(t, st, e->arg[1], mag, weight);
  case EX_MUL: case EX_DIV: {
    int side = has_load(e->arg[0]) ? 0 : 1; /* the side with the loads */
    if (e->kind == EX_DIV && side == 1) return false;
    if (has_load(e->arg[1 - side]) || !factor(e->arg[1 - side], &m, &w)) return false;
    if (w >= 0 && weight >= 0) return false;
    return collect(t, st, e->arg[side], e->kind == EX_DIV ? mag / m : mag * m, w >= 0 ? w : weight);
  }
  default: /* a constant term */
    if (!factor(e, &m, &w) || (w >= 0 && weight >= 0)) return false;
    add_term(t, NULL, mag * m, w >= 0 ? w : weight);
    return true;
  }
}

/* The linear bound: the table of terms and a call to rt_bound_linear_step; false (nothing
 * written) when the terms do not fit the table. */
static bool emit_linear_bound(Buf *out, const Stencil *st, const char *name) {
  Buf table = {0};
  Terms t = {{&table, 1}, 0};
  bool fits = collect(&t, st, st->expr, 1, -1) && t.count > 0;
  /* a folded coefficient b + c * w rounds once more than c * w (rt_common.h, "Verification") */
  int extra = 2;
  for (int p = 0; p < st->npoints; p++)
    if (st->coef_base[p] != 0) extra = 3;
  if (fits) {
    buf_printf(out, "\n/* The stencil's terms as written, for the reference's bound per cell "
                    "(runtime/rt_common.h,\n * \"Verification\"): reads, offset, |constants|, "
                    "weight. */\nstatic const RtTerm rt_bound_terms[%d] = {\n%s};\n",
               t.count, table.s);
    Emitter e = {out, 0};
    em_open(&e, "static void %s(const rt_real *in, const double *bin, double *bout, const RtGrid *g)",
            name);
    em_line(&e, "rt_bound_linear_step(in, bin, bout, g, rt_bound_terms, %d, %d, %s);", t.count,
            st->flops + extra, st->nweights ? "rt_w_host" : "NULL");
    em_close(&e);
  }
  buf_free(&table);
  return fits;
}

/* The expression as a tree of rt_e_* calls: (value, error bound) at every node. */
static void emit_running(Buf *out, const Stencil *st, const Expr *e) {
  static const char *const ops[] = {[EX_ADD] = "add", [EX_SUB] = "sub", [EX_MUL] = "mul",
                                    [EX_DIV] = "div"};
  switch (e->kind) {
  case EX_CONST:
    buf_puts(out, "rt_e_const(");
    emit_number(out, e->value, DTYPE_DOUBLE);
    buf_puts(out, ")");
    return;
  case EX_WEIGHT:
    buf_printf(out, "rt_e_const((double)rt_w[%d])", e->weight);
    return;
  case EX_LOAD:
    buf_puts(out, "rt_e_load(in, bin, ");
    emit_point_index(out, st, e->point);
    buf_puts(out, ")");
    return;
  case EX_NEG:
    buf_puts(out, "rt_e_neg(");
    break;
  case EX_ADD: case EX_SUB: case EX_MUL: case EX_DIV:
    buf_printf(out, "rt_e_%s(", ops[e->kind]);
    break;
  case EX_CALL:
    buf_printf(out, "rt_e_%s(", ir_math_func(e->func)->name);
    break;
  case EX_FLOAT:
    buf_puts(out, "rt_e_tofloat(");
    break;
  case EX_IDIV: case EX_SHR: /* integer grids have the exact bound (emit_exact_bound) */
    assert(!"integer operator in a floating bound");
    return;
  }
  for (int i = 0; i < e->nargs; i++) {
    if (i) buf_puts(out, ", ");
    emit_running(out, st, e->arg[i]);
  }
  buf_puts(out, ")");
}

static void emit_running_bound(Buf *out, const Stencil *st, const char *name) {
  int d = st->dims;
  Emitter e = {out, 0};
  buf_puts(out, "\n/* The reference's bound per cell for one step (runtime/rt_common.h, \"Verification\"):\n"
                " * running error analysis of the expression as written. */\n");
  em_open(&e, "static void %s(const rt_real *__restrict__ in, const double *__restrict__ bin,\n"
              "                                 double *__restrict__ bout, const RtGrid *g)", name);
  emit_grid_bounds(&e, d, st->nweights);
  emit_cell_nest(&e, d, false);
  em_begin(&e);
  buf_puts(out, "bout[c] = rt_e_store(");
  emit_running(out, st, st->expr);
  buf_puts(out, ");");
  em_end(&e);
  emit_cell_nest_close(&e, d);
  em_close(&e);
}

/* The bound of a step that goes through a transform of whole tiles: the local bound (`local`),
 * then rt_bound_transform_step with the factor times the filter's gain, sum |coefficient|. */
static void emit_transform_bound(Buf *out, const Stencil *st, const char *local, double factor) {
  Emitter e = {out, 0};
  buf_puts(out, "\n/* The step goes through a transform of whole tiles, which errs in every output relative\n"
                " * to the tile's largest value (runtime/rt_common.h, rt_bound_transform_step). */\n");
  em_open(&e, "static void reference_bound_step(const rt_real *in, const double *bin, double *bout, "
              "const RtGrid *g)");
  em_line(&e, "%s(in, bin, bout, g);", local);
  if (st->nweights) em_line(&e, "const rt_real *const rt_w = rt_w_host;");
  em_begin(&e);
  buf_puts(out, "const double gain = 0");
  for (int p = 0; p < st->npoints; p++) {
    if (!emit_coef_used(st, p)) continue;
    buf_puts(out, " + fabs(");
    emit_coef(out, st, p, DTYPE_DOUBLE);
    buf_puts(out, ")");
  }
  buf_puts(out, ";");
  em_end(&e);
  em_line(&e, "rt_bound_transform_step(in, bin, bout, g, %.17g * gain);", factor);
  em_close(&e);
}

/* An integer grid's step is exact: the program computes what the reference does, in the same C
 * types (the comparison allows no difference). */
static void emit_exact_bound(Buf *out) {
  Emitter e = {out, 0};
  buf_puts(out, "\n/* An integer grid's step is computed exactly: the bound is 0 everywhere. */\n");
  em_open(&e, "static void reference_bound_step(const rt_real *in, const double *bin, double *bout, "
              "const RtGrid *g)");
  em_line(&e, "(void)in, (void)bin;");
  em_line(&e, "memset(bout, 0, (size_t)g->cells * sizeof *bout);");
  em_close(&e);
}

void emit_bound_step(Buf *out, const Stencil *st, double transform) {
  assert(transform == 0 || st->associative);
  if (ir_dtype_integer(st->dtype)) {
    emit_exact_bound(out);
    return;
  }
  const char *name = transform > 0 ? "reference_bound_local" : "reference_bound_step";
  if (!(st->associative && emit_linear_bound(out, st, name))) emit_running_bound(out, st, name);
  if (transform > 0) emit_transform_bound(out, st, name, transform);
}
