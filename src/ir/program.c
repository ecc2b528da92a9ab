#include "program.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Stages have tens of points, so a linear search finds a read; Stencil's offset hash would
 * merge reads of different fields at one offset. */
int program_add_point(Stage *s, int field, int shift, const int off[IR_MAX_DIMS]) {
  Stencil *st = &s->st;
  for (int p = 0; p < st->npoints; p++)
    if (s->refs[p].field == field && s->refs[p].shift == shift &&
        !memcmp(st->points[p].off, off, sizeof st->points[p].off))
      return p;
  if (st->npoints == st->points_cap) {
    st->points_cap = st->points_cap ? 2 * st->points_cap : 16;
    st->points = realloc(st->points, (size_t)st->points_cap * sizeof *st->points);
    s->refs = realloc(s->refs, (size_t)st->points_cap * sizeof *s->refs);
    if (!st->points || !s->refs) {
      fputs("stencilc: out of memory\n", stderr);
      exit(3);
    }
  }
  memcpy(st->points[st->npoints].off, off, sizeof st->points->off);
  s->refs[st->npoints] = (Ref){field, shift};
  return st->npoints++;
}

/* Star when no read leaves more than one axis; box when the distinct offsets fill the radius
 * box; else general. */
static Shape stage_shape(const Stage *s) {
  const Stencil *st = &s->st;
  bool star = true;
  int distinct = 0;
  for (int p = 0; p < st->npoints; p++) {
    int nonzero = 0;
    for (int a = 0; a < st->dims; a++) nonzero += st->points[p].off[a] != 0;
    star = star && nonzero <= 1;
    bool seen = false;
    for (int q = 0; q < p && !seen; q++)
      seen = !memcmp(st->points[q].off, st->points[p].off, sizeof st->points[p].off);
    distinct += !seen;
  }
  if (star) return SHAPE_STAR;
  long box = 1;
  for (int a = 0; a < st->dims; a++) box *= 2L * st->radius[a] + 1;
  return distinct == box ? SHAPE_BOX : SHAPE_GENERAL;
}

/* The stage's expression with point `unit` at u, the other state reads 0, every coefficient
 * read and scalar s. */
static double eval(const Program *pr, const Stage *st, const Expr *e, int unit, double u,
                   double s) {
  double a = e->nargs > 0 ? eval(pr, st, e->arg[0], unit, u, s) : 0;
  double b = e->nargs > 1 ? eval(pr, st, e->arg[1], unit, u, s) : 0;
  switch (e->kind) {
  case EX_CONST: return e->value;
  case EX_LOAD: return pr->fields[st->refs[e->point].field].coef ? s : e->point == unit ? u : 0;
  case EX_WEIGHT: return s;
  case EX_NEG: return -a;
  case EX_ADD: return a + b;
  case EX_SUB: return a - b;
  case EX_MUL: return a * b;
  case EX_DIV: return a / b;
  case EX_CALL: case EX_FLOAT: return NAN; /* not linear: leaves the scale alone */
  case EX_IDIV: case EX_SHR: return NAN; /* integer grids, never a program's */
  }
  return NAN;
}

/* The coefficient of state read p at coefficient magnitude s: E(e_p) - E(0); NAN when the
 * stage is not linear in that read. */
static double coefficient(const Program *pr, const Stage *st, int p, double s) {
  const Expr *e = st->st.expr;
  double zero = eval(pr, st, e, -1, 0, s), a = eval(pr, st, e, p, 1, s) - zero;
  double twice = eval(pr, st, e, p, 2, s) - zero;
  return isfinite(a) && fabs(twice - 2 * a) <= 1e-9 * (1 + fabs(a)) ? a : NAN;
}

/* The stage's spatial gain at coefficient magnitude s (see program_coef_scale); 0 when the
 * stage is not linear in its state reads. */
static double spatial_gain(const Program *pr, const Stage *st, double s) {
  double g = 0;
  for (int p = 0; p < st->st.npoints; p++) {
    if (pr->fields[st->refs[p].field].coef) continue;
    double a = coefficient(pr, st, p, s), a0 = coefficient(pr, st, p, 0);
    /* at s = 0 a quotient of scalars (dt / Cap) is 0 / 0: its part that does not vary with s
     * is its value at a tiny s */
    if (!isfinite(a0)) a0 = coefficient(pr, st, p, s * 1e-9);
    if (!isfinite(a) || !isfinite(a0)) return 0;
    g += fabs(a - a0);
  }
  return g;
}

double program_stage_gain(const Program *pr, int i) {
  const Stage *st = &pr->stages[i];
  double g = 0;
  for (int p = 0; p < st->st.npoints; p++) {
    if (pr->fields[st->refs[p].field].coef) continue;
    double a = coefficient(pr, st, p, pr->coef_scale);
    if (!isfinite(a)) return ir_gain(&st->st);
    g += fabs(a);
  }
  return g;
}

double program_gain(const Program *pr) {
  double g = 1;
  for (int i = 0; i < pr->nstages; i++) {
    double s = program_stage_gain(pr, i);
    g *= s > 1 ? s : 1;
  }
  return g;
}

double program_coef_scale(const Program *pr) {
  double s = 1;
  for (int i = 0; i < pr->nstages; i++)
    while (s > 1e-6 && spatial_gain(pr, &pr->stages[i], s) > 1) s /= 2;
  return s;
}

const char *program_level_name(const Program *pr, int stage, const Ref *r) {
  const Field *f = &pr->fields[r->field];
  if (f->coef) return NULL;
  bool written_before = f->writer < stage;
  if (r->shift == 0) return f->levels == 1 && written_before ? "t+1" : "t";
  if (r->shift == 2) return "t-1";
  if (written_before) return "t+1";
  return f->levels == 2 ? "t-1" : "t-2";
}

bool program_second_order(const Program *pr) {
  for (int i = 0; i < pr->nstages; i++) {
    const Stage *s = &pr->stages[i];
    for (int p = 0; p < s->st.npoints; p++) {
      const char *l = program_level_name(pr, i, &s->refs[p]);
      if (l && !strcmp(l, "t-1")) return true;
    }
  }
  return false;
}

int program_field(const Program *pr, const char *name) {
  for (int f = 0; f < pr->nfields; f++)
    if (!strcmp(pr->fields[f].name, name)) return f;
  return -1;
}

int program_axis_array(const Program *pr) {
  for (int f = 0; f < pr->nfields; f++)
    if (pr->fields[f].per_axis) return f;
  return -1;
}

void program_classify(Program *pr) {
  memset(pr->lo, 0, sizeof pr->lo);
  memset(pr->hi, 0, sizeof pr->hi);
  memset(pr->radius, 0, sizeof pr->radius);
  for (int f = 0; f < pr->nfields; f++) memset(pr->fields[f].radius, 0, sizeof pr->fields[f].radius);
  pr->flops = 0;
  pr->max_levels = 1;
  for (int f = 0; f < pr->nfields; f++)
    if (pr->fields[f].levels > pr->max_levels) pr->max_levels = pr->fields[f].levels;
  for (int i = 0; i < pr->nstages; i++) {
    Stage *s = &pr->stages[i];
    ir_classify(&s->st);
    s->st.shape = stage_shape(s);
    pr->flops += s->st.flops;
    for (int a = 0; a < pr->dims; a++) {
      if (s->st.lo[a] > pr->lo[a]) pr->lo[a] = s->st.lo[a];
      if (s->st.hi[a] > pr->hi[a]) pr->hi[a] = s->st.hi[a];
      if (s->st.radius[a] > pr->radius[a]) pr->radius[a] = s->st.radius[a];
    }
    for (int p = 0; p < s->st.npoints; p++) {
      Field *f = &pr->fields[s->refs[p].field];
      for (int a = 0; a < pr->dims; a++) {
        int r = abs(s->st.points[p].off[a]);
        if (r > f->radius[a]) f->radius[a] = r;
      }
    }
  }
  pr->coef_scale = program_coef_scale(pr);
}

void program_free(Program *pr) {
  for (int i = 0; i < pr->nstages; i++) {
    free(pr->stages[i].refs);
    ir_free(&pr->stages[i].st);
  }
  for (int i = 0; i < pr->nsources; i++) ir_free_expr(pr->sources[i].expr);
  for (int i = 0; i < pr->nboundaries; i++)
    for (int k = 0; k < pr->boundaries[i].nstmts; k++) ir_free_expr(pr->boundaries[i].stmts[k].expr);
  memset(pr, 0, sizeof *pr);
}

int program_tarray_id(const Program *pr, int k) { return pr->nsources + k; }

static bool reads_point(const Expr *e, int point) {
  if (e->kind == EX_LOAD) return e->point == point;
  for (int i = 0; i < e->nargs; i++)
    if (reads_point(e->arg[i], point)) return true;
  return false;
}

bool program_source_reads_time(const PointSource *ps) { return reads_point(ps->expr, SOURCE_TIME); }

void program_source_value(const PointSource *ps, char *out, size_t size) {
  if (ps->array[0]) snprintf(out, size, "'%s'", ps->array);
  else snprintf(out, size, "%s", program_source_reads_time(ps) ? "a value of the time step" : "a constant");
}

bool program_fixed_interior(const Program *pr, int a, long *n) {
  if (pr->extent_param[a][0] || pr->extent_const[a] <= 0) return false;
  *n = pr->extent_const[a] - pr->lo[a] - pr->hi[a];
  return *n > 0;
}

bool program_fixed_steps(const Program *pr, long *steps) {
  if (pr->steps_param[0] || pr->steps_const <= 0) return false;
  *steps = pr->steps_const;
  return true;
}
