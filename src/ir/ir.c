#include "ir.h"


#include <float.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/mem.h"

static const MathFunc math_funcs[] = {
    {"sqrt", "sqrtf", 1}, {"fabs", "fabsf", 1}, {"exp", "expf", 1},   {"log", "logf", 1},
    {"sin", "sinf", 1},   {"cos", "cosf", 1},   {"tanh", "tanhf", 1}, {"fmin", "fminf", 2},
    {"fmax", "fmaxf", 2},
};

const MathFunc *ir_math_func(const char *name) {
  for (size_t i = 0; i < sizeof math_funcs / sizeof *math_funcs; i++)
    if (!strcmp(name, math_funcs[i].name) || !strcmp(name, math_funcs[i].float_name))
      return &math_funcs[i];
  return NULL;
}

const char *ir_math_func_list(void) {
  return "sqrt, fabs, exp, log, sin, cos, tanh, fmin, fmax (and their f-suffixed forms)";
}

Expr *ir_new_expr(ExprKind kind) {
  Expr *e = xcalloc(1, sizeof *e);
  e->kind = kind;
  return e;
}

Expr *ir_copy_expr(const Expr *e) {
  Expr *c = ir_new_expr(e->kind);
  *c = *e;
  for (int i = 0; i < e->nargs; i++) c->arg[i] = ir_copy_expr(e->arg[i]);
  return c;
}

void ir_free_expr(Expr *e) {
  if (!e) return;
  for (int i = 0; i < e->nargs; i++) ir_free_expr(e->arg[i]);
  free(e);
}

static bool same_offset(const int *a, const int *b) {
  return a[0] == b[0] && a[1] == b[1] && a[2] == b[2];
}

/* Where point off sits in point_slots, or the free slot it would take. */
static int point_slot(const Stencil *st, const int off[IR_MAX_DIMS]) {
  unsigned h = 2166136261u;
  for (int a = 0; a < IR_MAX_DIMS; a++) h = (h ^ (unsigned)off[a]) * 16777619u;
  unsigned mask = (unsigned)st->point_slots_cap - 1, i = h & mask;
  while (st->point_slots[i] >= 0 && !same_offset(st->points[st->point_slots[i]].off, off))
    i = (i + 1) & mask;
  return (int)i;
}

/* Points are looked up by offset in a hash table kept at most half full, so that a stencil of
 * thousands of points (an unrolled convolution) is built in linear time. */
int ir_add_point(Stencil *st, const int off[IR_MAX_DIMS]) {
  if (2 * (st->npoints + 1) > st->point_slots_cap) {
    free(st->point_slots);
    st->point_slots_cap = st->point_slots_cap ? 2 * st->point_slots_cap : 64;
    st->point_slots = xcalloc((size_t)st->point_slots_cap, sizeof *st->point_slots);
    for (int i = 0; i < st->point_slots_cap; i++) st->point_slots[i] = -1;
    for (int p = 0; p < st->npoints; p++) st->point_slots[point_slot(st, st->points[p].off)] = p;
  }
  int slot = point_slot(st, off);
  if (st->point_slots[slot] >= 0) return st->point_slots[slot];
  if (st->npoints == st->points_cap) {
    st->points_cap = st->points_cap ? 2 * st->points_cap : 16;
    st->points = xrealloc(st->points, (size_t)st->points_cap * sizeof *st->points);
  }
  memcpy(st->points[st->npoints].off, off, sizeof st->points->off);
  st->point_slots[slot] = st->npoints;
  return st->npoints++;
}

int ir_count_flops(const Expr *e) {
  int n = 0;
  switch (e->kind) {
  case EX_ADD: case EX_SUB: case EX_MUL: case EX_DIV: case EX_IDIV: case EX_SHR: n = 1; break;
  default: break;
  }
  for (int i = 0; i < e->nargs; i++) n += ir_count_flops(e->arg[i]);
  return n;
}

/* A linear form under construction: k + sum of c * in[point] over its terms, where each
 * coefficient (and k) is a Sym: b + c * sym(w), sym(w) run-time weight w, or b alone when w < 0
 * (then c is 0). The terms are sorted by point, each point at most once; a term whose
 * coefficient is 0 is absent. Sparse, so that a sum of many products costs time in its number
 * of terms, not in terms times points. */
typedef struct {
  double b, c;
  int w;
} Sym;

typedef struct {
  int point;
  Sym s;
} Term;

typedef struct {
  Term *t;
  int n, cap;
  Sym k;
} Lin;

static const Sym SYM_ZERO = {0, 0, -1};

static bool sym_zero(Sym a) { return a.b == 0 && a.c == 0; }

static void lin_init(Lin *l) {
  memset(l, 0, sizeof *l);
  l->k = SYM_ZERO;
}

static void lin_free(Lin *l) { free(l->t); }

static void lin_push(Lin *l, Term t) {
  if (l->n == l->cap) {
    l->cap = l->cap ? 2 * l->cap : 4;
    l->t = xrealloc(l->t, (size_t)l->cap * sizeof *l->t);
  }
  l->t[l->n++] = t;
}

static bool lin_has_load(const Lin *l) {
  for (int i = 0; i < l->n; i++)
    if (!sym_zero(l->t[i].s)) return true;
  return false;
}

/* a + s * b as one Sym; false when that needs two weights. */
static bool add_syms(Sym a, Sym b, double s, Sym *out) {
  if (a.c != 0 && b.c != 0 && a.w != b.w) return false;
  out->b = a.b + s * b.b;
  out->c = a.c + s * b.c;
  out->w = a.c != 0 ? a.w : b.c != 0 ? b.w : -1;
  if (out->c == 0) out->w = -1;
  return true;
}

/* *a times k; false when that is a product of two weights. */
static bool scale_sym(Sym *a, Sym k) {
  if (sym_zero(*a)) return true;
  if (a->c != 0 && k.c != 0) return false;
  Sym r = {a->b * k.b, a->c != 0 ? a->c * k.b : a->b * k.c, a->c != 0 ? a->w : k.w};
  if (r.c == 0) r.w = -1;
  *a = r;
  return true;
}

static bool lin_scale(Lin *l, Sym k) {
  for (int i = 0; i < l->n; i++)
    if (!scale_sym(&l->t[i].s, k)) return false;
  return scale_sym(&l->k, k);
}

/* l + s * r, merging the sorted terms; r's terms past l's last point (the usual case in a long
 * sum: points are numbered in order of appearance) are appended in place. */
static bool lin_add(Lin *l, const Lin *r, double s) {
  Lin sum;
  lin_init(&sum);
  bool append = l->n == 0 || r->n == 0 || r->t[0].point > l->t[l->n - 1].point;
  Lin *out = append ? l : &sum;
  int ln = l->n, i = append ? ln : 0, j = 0;
  while (i < ln || j < r->n) {
    Term t;
    if (j == r->n || (i < ln && l->t[i].point < r->t[j].point)) {
      t = l->t[i++];
    } else if (i == ln || r->t[j].point < l->t[i].point) {
      t.point = r->t[j].point;
      add_syms(SYM_ZERO, r->t[j++].s, s, &t.s);
    } else {
      t.point = l->t[i].point;
      if (!add_syms(l->t[i].s, r->t[j].s, s, &t.s)) {
        lin_free(&sum);
        return false;
      }
      i++, j++;
    }
    lin_push(out, t);
  }
  if (!append) {
    free(l->t);
    l->t = sum.t, l->n = sum.n, l->cap = sum.cap;
  }
  return add_syms(l->k, r->k, s, &l->k);
}

/* l = l op r for a binary operator; false when the result is not linear in the grid values (a
 * product of two loads, a load in a divisor, a division by a weight, a product of weights). */
static bool lin_combine(ExprKind op, Lin *l, Lin *r) {
  if (op == EX_ADD || op == EX_SUB) return lin_add(l, r, op == EX_ADD ? 1 : -1);
  if (op == EX_MUL && !lin_has_load(l)) {
    Sym k = l->k;
    Lin tmp = *l;
    *l = *r;
    *r = tmp; /* the caller frees what was l */
    return lin_scale(l, k);
  }
  if (op == EX_MUL && !lin_has_load(r)) return lin_scale(l, r->k);
  if (op == EX_DIV && !lin_has_load(r) && r->k.c == 0 && r->k.b != 0) {
    for (int i = 0; i < l->n; i++) l->t[i].s.b /= r->k.b, l->t[i].s.c /= r->k.b;
    l->k.b /= r->k.b, l->k.c /= r->k.b;
    return true;
  }
  return false;
}

/* Fills l (from lin_init) with the linear form of e; false when e is not linear in the grid
 * values. The coefficients come out as the operators compute them from the literals, bottom
 * up, so that a folded division rounds as the written one would. */
static bool linear_form(const Expr *e, Lin *l) {
  switch (e->kind) {
  case EX_CONST: l->k.b = e->value; return true;
  case EX_LOAD: lin_push(l, (Term){e->point, {1, 0, -1}}); return true;
  case EX_WEIGHT: l->k = (Sym){0, 1, e->weight}; return true;
  case EX_NEG: return linear_form(e->arg[0], l) && lin_scale(l, (Sym){-1, 0, -1});
  case EX_CALL: case EX_FLOAT: case EX_IDIV: case EX_SHR: return false;
  case EX_ADD: case EX_SUB: case EX_MUL: case EX_DIV: break;
  }
  Lin r;
  lin_init(&r);
  bool ok = linear_form(e->arg[0], l) && linear_form(e->arg[1], &r) && lin_combine(e->kind, l, &r);
  lin_free(&r);
  return ok;
}

static bool has_load(const Expr *e) {
  if (e->kind == EX_LOAD) return true;
  for (int i = 0; i < e->nargs; i++)
    if (has_load(e->arg[i])) return true;
  return false;
}

static Shape classify_shape(const Stencil *st) {
  bool star = true;
  for (int p = 0; p < st->npoints; p++) {
    int nonzero = 0;
    for (int a = 0; a < st->dims; a++) nonzero += st->points[p].off[a] != 0;
    if (nonzero > 1) star = false;
  }
  if (star) return SHAPE_STAR;
  long box_cells = 1;
  for (int a = 0; a < st->dims; a++) box_cells *= 2L * st->radius[a] + 1;
  /* Points are distinct and all lie inside the radius box, so a full count means a full box. */
  return st->npoints == box_cells ? SHAPE_BOX : SHAPE_GENERAL;
}

void ir_classify(Stencil *st) {
  for (int a = 0; a < IR_MAX_DIMS; a++) st->radius[a] = 0;
  for (int p = 0; p < st->npoints; p++)
    for (int a = 0; a < st->dims; a++) {
      int r = abs(st->points[p].off[a]);
      if (r > st->radius[a]) st->radius[a] = r;
    }
  st->shape = classify_shape(st);
  st->diagonal_free = true;
  for (int p = 0; p < st->npoints; p++) {
    const int *o = st->points[p].off;
    bool other = false;
    for (int a = 1; a < st->dims; a++) other |= o[a] != 0;
    if (o[0] != 0 && other) st->diagonal_free = false;
  }
  free(st->coef);
  free(st->coef_weight);
  free(st->coef_base);
  st->coef = NULL;
  st->coef_weight = NULL;
  st->coef_base = NULL;
  st->constant = 0;
  Lin l;
  lin_init(&l);
  /* a weight in the constant term would leave no compile-time constant to add; an integer grid's
   * update is computed as written, in C's int and floating types, never reassociated */
  st->associative = !ir_dtype_integer(st->dtype) && has_load(st->expr) && linear_form(st->expr, &l) && l.k.c == 0;
  if (st->associative) {
    st->coef = xcalloc((size_t)st->npoints, sizeof *st->coef);
    st->coef_weight = xcalloc((size_t)st->npoints, sizeof *st->coef_weight);
    st->coef_base = xcalloc((size_t)st->npoints, sizeof *st->coef_base);
    for (int p = 0; p < st->npoints; p++) st->coef_weight[p] = -1;
    for (int i = 0; i < l.n; i++) {
      Sym s = l.t[i].s;
      int p = l.t[i].point;
      st->coef_weight[p] = s.c != 0 ? s.w : -1;
      st->coef[p] = s.c != 0 ? s.c : s.b;
      st->coef_base[p] = s.c != 0 ? s.b : 0;
    }
    st->constant = l.k.b;
  }
  lin_free(&l);
  st->flops = ir_count_flops(st->expr);
}

double ir_gain(const Stencil *st) {
  if (!st->associative) return 1;
  double g = 0;
  for (int p = 0; p < st->npoints; p++)
    g += fabs(st->coef_weight[p] < 0 ? st->coef[p] : st->coef_base[p]);
  return g;
}

double ir_weight_gain(const Stencil *st, int k) {
  if (!st->associative) return 0;
  double g = 0;
  for (int p = 0; p < st->npoints; p++)
    if (st->coef_weight[p] == k) g += fabs(st->coef[p]);
  return g;
}

/* The value of a scalar's definition, with the scalars before it at all[]. */
static double eval_def(const Expr *e, const double *all) {
  double a = e->nargs > 0 ? eval_def(e->arg[0], all) : 0, b = e->nargs > 1 ? eval_def(e->arg[1], all) : 0;
  switch (e->kind) {
  case EX_CONST: return e->value;
  case EX_WEIGHT: return all[e->weight];
  case EX_NEG: return -a;
  case EX_ADD: return a + b;
  case EX_SUB: return a - b;
  case EX_MUL: return a * b;
  case EX_DIV: return a / b;
  case EX_FLOAT: return (float)a;
  case EX_IDIV: case EX_SHR: return NAN; /* integer grids' updates only, never scalars */
  case EX_CALL: break;
  case EX_LOAD: return NAN; /* the front end keeps loads out of definitions */
  }
  const char *f = e->func;
  return !strcmp(f, "sqrt") ? sqrt(a) : !strcmp(f, "fabs") ? fabs(a) : !strcmp(f, "exp") ? exp(a)
       : !strcmp(f, "log") ? log(a) : !strcmp(f, "sin") ? sin(a) : !strcmp(f, "cos") ? cos(a)
       : !strcmp(f, "tanh") ? tanh(a) : !strcmp(f, "fmin") ? fmin(a, b) : fmax(a, b);
}

void ir_eval_scalars(const Stencil *st, double *all) {
  for (int k = 0; k < st->nscalars; k++)
    if (st->scalars[k].kind == SCALAR_DERIVED) {
      all[k] = eval_def(st->scalars[k].def, all);
      if (st->scalars[k].type == DTYPE_FLOAT) all[k] = (float)all[k];
    }
}

double ir_gain_at(const Stencil *st, const double *all) {
  if (!st->associative) return 1;
  double g = fabs(st->constant);
  for (int p = 0; p < st->npoints; p++) {
    int k = st->coef_weight[p];
    g += fabs(k < 0 ? st->coef[p] : st->coef_base[p] + st->coef[p] * all[k]);
  }
  return g;
}

/* The largest s = 2^-i (i <= 40) that keeps the gain at most 1 with the parameters `only` at s
 * (all of them when only < 0) and the others at 1; 0 when none does. */
static double bounded_value(const Stencil *st, int only) {
  double all[IR_MAX_SCALARS] = {0}, s = 1;
  for (int i = 0; i <= 40; i++, s /= 2) {
    for (int k = 0; k < st->nscalars; k++) all[k] = only < 0 || k == only ? s : 1;
    ir_eval_scalars(st, all);
    if (ir_gain_at(st, all) <= 1 + 1e-12) return s;
  }
  return 0;
}

void ir_scalar_defaults(Stencil *st) {
  if (!st->nscalars) return; /* (the weights of a weight array are filled at random) */
  double s = st->associative ? bounded_value(st, -1) : 1;
  int only = -1;
  /* a coefficient of parameters that one common value cancels (r = alpha * dt / (dx * dx)):
   * the first parameter that bounds it alone, the others at 1 */
  for (int k = 0; s == 0 && k < st->nscalars; k++)
    if (st->scalars[k].kind == SCALAR_PARAM && (s = bounded_value(st, k)) > 0) only = k;
  if (s == 0) s = 1;
  for (int k = 0; k < st->nscalars; k++)
    if (st->scalars[k].kind == SCALAR_PARAM) st->scalars[k].value = only < 0 || k == only ? s : 1;
  /* a convergence loop's tolerance: stops a relaxation of random data within tens of steps */
  if (st->conv.kind && st->conv.tol_scalar >= 0) st->scalars[st->conv.tol_scalar].value = 1e-2;
}

bool ir_fixed_interior(const Stencil *st, int a, long *n) {
  /* a stage of a stencil program records no extents (0): nothing is fixed */
  if (st->extent_param[a][0] || st->extent_const[a] <= 0) return false;
  *n = st->extent_const[a] - st->lo[a] - st->hi[a];
  return true;
}

bool ir_fixed_steps(const Stencil *st, long *steps) {
  if (st->steps_param[0] || st->steps_const <= 0) return false;
  *steps = st->steps_const * st->steps_per_iter;
  return true;
}

const char *ir_extent_var(const char *param, const char *bound) { return param[0] ? param : bound; }

static const struct {
  const char *name;
  int bytes;
  bool integer;
  double lo, hi;
} dtype_table[] = {
    [DTYPE_FLOAT] = {"float", 4, false, -FLT_MAX, FLT_MAX},
    [DTYPE_DOUBLE] = {"double", 8, false, -DBL_MAX, DBL_MAX},
    [DTYPE_U8] = {"unsigned char", 1, true, 0, UCHAR_MAX},
    [DTYPE_U16] = {"unsigned short", 2, true, 0, USHRT_MAX},
    [DTYPE_I8] = {"signed char", 1, true, SCHAR_MIN, SCHAR_MAX},
    [DTYPE_I16] = {"short", 2, true, SHRT_MIN, SHRT_MAX},
    [DTYPE_I32] = {"int", 4, true, INT_MIN, INT_MAX},
};

const char *ir_dtype_name(DType t) { return dtype_table[t].name; }

int ir_dtype_bytes(DType t) { return dtype_table[t].bytes; }

bool ir_dtype_integer(DType t) { return dtype_table[t].integer; }

void ir_dtype_range(DType t, double *lo, double *hi) {
  *lo = dtype_table[t].lo;
  *hi = dtype_table[t].hi;
}

bool ir_expr_integer(const Expr *e) {
  switch (e->kind) {
  case EX_LOAD: case EX_IDIV: case EX_SHR: return true;
  case EX_CONST: return e->integer;
  case EX_NEG: case EX_ADD: case EX_SUB: case EX_MUL:
    for (int i = 0; i < e->nargs; i++)
      if (!ir_expr_integer(e->arg[i])) return false;
    return true;
  default: return false;
  }
}

/* ---- integer grids: interval arithmetic (ir_integer_range) ---- */

typedef struct {
  double lo, hi;
} Range;

typedef struct {
  Range in;     /* the values loads read */
  char *why;    /* the first reason the update is refused */
  size_t size;
} RangeCheck;

static Range range_refuse(RangeCheck *rc, const char *msg) {
  if (!rc->why[0]) snprintf(rc->why, rc->size, "%s", msg);
  return (Range){-INFINITY, INFINITY};
}

static Range range_hull(double a, double b, double c, double d) {
  return (Range){fmin(fmin(a, b), fmin(c, d)), fmax(fmax(a, b), fmax(c, d))};
}

/* C truncates toward zero: the quotient's range is that of a / b rounded toward zero. */
static Range range_div(Range a, Range b, bool truncate) {
  if (b.lo <= 0 && b.hi >= 0) return (Range){-INFINITY, INFINITY};
  Range q = range_hull(a.lo / b.lo, a.lo / b.hi, a.hi / b.lo, a.hi / b.hi);
  return truncate ? (Range){trunc(q.lo), trunc(q.hi)} : q;
}

static Range range_of(RangeCheck *rc, const Expr *e);

/* The range of operand i, checked below 2^24 in magnitude when it is an int operand of a
 * floating operation (float holds it exactly). */
static Range operand_range(RangeCheck *rc, const Expr *e, int i) {
  Range r = range_of(rc, e->arg[i]);
  if (!ir_expr_integer(e) && ir_expr_integer(e->arg[i]) && (r.lo < -16777216 || r.hi > 16777216))
    range_refuse(rc, "an int value that may exceed 2^24 in magnitude is converted to floating "
                     "point, which may round it");
  return r;
}

static Range range_call(const Expr *e, Range a, Range b) {
  if (!strcmp(e->func, "fmin")) return (Range){fmin(a.lo, b.lo), fmin(a.hi, b.hi)};
  if (!strcmp(e->func, "fmax")) return (Range){fmax(a.lo, b.lo), fmax(a.hi, b.hi)};
  if (!strcmp(e->func, "fabs"))
    return a.lo >= 0 ? a : a.hi <= 0 ? (Range){-a.hi, -a.lo} : (Range){0, fmax(-a.lo, a.hi)};
  if (!strcmp(e->func, "sqrt")) return (Range){a.lo > 0 ? sqrt(a.lo) : 0, sqrt(fmax(a.hi, 0))};
  if (!strcmp(e->func, "tanh")) return (Range){-1, 1};
  if (!strcmp(e->func, "sin") || !strcmp(e->func, "cos")) return (Range){-1, 1};
  if (!strcmp(e->func, "exp")) return (Range){0, exp(a.hi)};
  return (Range){-INFINITY, INFINITY};
}

static Range range_of(RangeCheck *rc, const Expr *e) {
  Range a = {0, 0}, b = {0, 0}, r;
  if (e->nargs > 0) a = operand_range(rc, e, 0);
  if (e->nargs > 1) b = operand_range(rc, e, 1);
  switch (e->kind) {
  case EX_CONST: return (Range){e->value, e->value};
  case EX_LOAD: return rc->in;
  case EX_WEIGHT:
    return range_refuse(rc, "an integer grid's update reads a run-time coefficient, whose "
                            "range stencilc cannot bound");
  case EX_NEG: r = (Range){-a.hi, -a.lo}; break;
  case EX_ADD: r = (Range){a.lo + b.lo, a.hi + b.hi}; break;
  case EX_SUB: r = (Range){a.lo - b.hi, a.hi - b.lo}; break;
  case EX_MUL: r = range_hull(a.lo * b.lo, a.lo * b.hi, a.hi * b.lo, a.hi * b.hi); break;
  case EX_DIV: r = range_div(a, b, false); break;
  case EX_IDIV:
    if (b.lo <= 0 && b.hi >= 0) return range_refuse(rc, "divides by an int that may be 0");
    r = range_div(a, b, true);
    break;
  case EX_SHR:
    if (a.lo < 0)
      return range_refuse(rc, "shifts right an int that may be negative (C leaves the result "
                              "to the implementation)");
    if (b.lo < 0 || b.hi > 31 || b.lo != b.hi)
      return range_refuse(rc, "shifts by a count that is not a constant in [0, 31]");
    r = (Range){floor(ldexp(a.lo, -(int)b.lo)), floor(ldexp(a.hi, -(int)b.lo))};
    break;
  case EX_CALL: r = range_call(e, a, b); break;
  case EX_FLOAT: default: r = a; break; /* rounding to float keeps a range's ends in it */
  }
  if (ir_expr_integer(e) && (r.lo < INT_MIN || r.hi > INT_MAX))
    return range_refuse(rc, "the int arithmetic may overflow 'int' (C leaves its result "
                            "undefined)");
  if (!ir_expr_integer(e)) { /* rounding to nearest moves x by |x| 2^-24 in float, 2^-53 in double */
    double u = e->kind == EX_FLOAT ? 0x1p-24 : 0x1p-53;
    r.lo -= fabs(r.lo) * u;
    r.hi += fabs(r.hi) * u;
  }
  return r;
}

/* Whether every step maps values in `in` to stored values in the grid's type, defined, and (for
 * int) back into `in`; the reason in rc->why when not. */
static bool range_closed(const Stencil *st, Range in, char *why, size_t size) {
  RangeCheck rc = {in, why, size};
  why[0] = 0;
  Range r = range_of(&rc, st->expr);
  double lo, hi;
  ir_dtype_range(st->dtype, &lo, &hi);
  bool floating = !ir_expr_integer(st->expr);
  if (why[0]) return false;
  if (floating && !(r.lo > lo - 1 && r.hi < hi + 1)) /* C truncates toward zero */
    snprintf(why, size, "stores a floating value that may be outside the range of '%s' [%.0f, "
             "%.0f] (C leaves that conversion undefined)", ir_dtype_name(st->dtype), lo, hi);
  else if (!floating && lo < 0 && (r.lo < lo || r.hi > hi)) /* unsigned types wrap as C says */
    snprintf(why, size, "stores an int that may be outside the range of '%s' (C leaves that "
             "conversion to the implementation)", ir_dtype_name(st->dtype));
  else if (st->dtype == DTYPE_I32 && (trunc(r.lo) < in.lo || trunc(r.hi) > in.hi))
    snprintf(why, size, "the values grow from step to step without a bound that keeps int's "
             "arithmetic from overflowing");
  return !why[0];
}

bool ir_integer_range(Stencil *st, char *why, size_t size) {
  double lo, hi;
  ir_dtype_range(st->dtype, &lo, &hi);
  if (st->dtype != DTYPE_I32) {
    st->value_lo = lo, st->value_hi = hi;
    return range_closed(st, (Range){lo, hi}, why, size);
  }
  /* int: the widest of [-2^k, 2^k] and [0, 2^k] that the update keeps, k down from 30; when
   * none does, the reason for the narrowest symmetric one (not an overflow of wide values) */
  char last[256] = "";
  for (int k = 30; k >= 4; k--) {
    double b = ldexp(1, k);
    for (int sign = 0; sign < 2; sign++) {
      Range in = {sign ? 0 : -b, b};
      if (range_closed(st, in, why, size)) {
        st->value_lo = in.lo, st->value_hi = in.hi;
        return true;
      }
      if (!sign) snprintf(last, sizeof last, "%s", why);
    }
  }
  snprintf(why, size, "%s", last);
  return false;
}

const char *ir_shape_name(Shape s) {
  return s == SHAPE_STAR ? "star" : s == SHAPE_BOX ? "box" : "general";
}

void ir_free(Stencil *st) {
  ir_free_expr(st->expr);
  free(st->points);
  free(st->point_slots);
  free(st->coef);
  free(st->coef_weight);
  free(st->coef_base);
  for (int k = 0; k < st->nscalars; k++) ir_free_expr(st->scalars[k].def);
  memset(st, 0, sizeof *st);
}
