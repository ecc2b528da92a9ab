#include "ir.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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

static void *xcalloc(size_t n, size_t size) {
  void *p = calloc(n ? n : 1, size);
  if (!p) {
    fputs("stencilc: out of memory\n", stderr);
    exit(3);
  }
  return p;
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

int ir_add_point(Stencil *st, const int off[IR_MAX_DIMS]) {
  for (int p = 0; p < st->npoints; p++)
    if (!memcmp(st->points[p].off, off, sizeof st->points[p].off)) return p;
  Point *pts = realloc(st->points, (size_t)(st->npoints + 1) * sizeof *pts);
  if (!pts) {
    fputs("stencilc: out of memory\n", stderr);
    exit(3);
  }
  st->points = pts;
  memcpy(st->points[st->npoints].off, off, sizeof pts->off);
  return st->npoints++;
}

int ir_count_flops(const Expr *e) {
  int n = 0;
  switch (e->kind) {
  case EX_ADD: case EX_SUB: case EX_MUL: case EX_DIV: n = 1; break;
  default: break;
  }
  for (int i = 0; i < e->nargs; i++) n += ir_count_flops(e->arg[i]);
  return n;
}

/* A linear form under construction: k * sym(kw) + sum_p c[p] * sym(w[p]) * in[p], where
 * sym(-1) is 1 and sym(j) is run-time weight j; c[p] == 0 means point p is absent. */
typedef struct {
  double *c;
  int *w;
  double k;
  int kw;
} Lin;

static void lin_init(Lin *l, int npoints) {
  l->c = xcalloc((size_t)npoints, sizeof *l->c);
  l->w = xcalloc((size_t)npoints, sizeof *l->w);
  for (int p = 0; p < npoints; p++) l->w[p] = -1;
  l->k = 0;
  l->kw = -1;
}

static void lin_free(Lin *l) {
  free(l->c);
  free(l->w);
}

static bool lin_has_load(const Lin *l, int npoints) {
  for (int p = 0; p < npoints; p++)
    if (l->c[p] != 0) return true;
  return false;
}

/* a * sym(aw) + b * sym(bw) as one term *c * sym(*w); false when that needs two weights. */
static bool add_terms(double a, int aw, double b, int bw, double *c, int *w) {
  if (b == 0) *c = a, *w = aw;
  else if (a == 0) *c = b, *w = bw;
  else if (aw == bw) *c = a + b, *w = aw;
  else return false;
  return true;
}

/* The term c * sym(*w) times k * sym(kw); false when that is a product of two weights. */
static bool scale_term(double *c, int *w, double k, int kw) {
  if (*c == 0) return true;
  if (*w >= 0 && kw >= 0) return false;
  *c = *c * k;
  if (kw >= 0) *w = kw;
  return true;
}

static bool lin_scale(Lin *l, int npoints, double k, int kw) {
  for (int p = 0; p < npoints; p++)
    if (!scale_term(&l->c[p], &l->w[p], k, kw)) return false;
  return scale_term(&l->k, &l->kw, k, kw);
}

/* l = l op r for a binary operator; false when the result is not linear in the grid values (a
 * product of two loads, a load in a divisor, a division by a weight, a product of weights). */
static bool lin_combine(ExprKind op, Lin *l, const Lin *r, int npoints) {
  if (op == EX_ADD || op == EX_SUB) {
    double s = op == EX_ADD ? 1 : -1;
    for (int p = 0; p < npoints; p++)
      if (!add_terms(l->c[p], l->w[p], s * r->c[p], r->w[p], &l->c[p], &l->w[p])) return false;
    return add_terms(l->k, l->kw, s * r->k, r->kw, &l->k, &l->kw);
  }
  if (op == EX_MUL && !lin_has_load(l, npoints)) {
    double k = l->k;
    int kw = l->kw;
    memcpy(l->c, r->c, (size_t)npoints * sizeof *l->c);
    memcpy(l->w, r->w, (size_t)npoints * sizeof *l->w);
    l->k = r->k;
    l->kw = r->kw;
    return lin_scale(l, npoints, k, kw);
  }
  if (op == EX_MUL && !lin_has_load(r, npoints)) return lin_scale(l, npoints, r->k, r->kw);
  if (op == EX_DIV && !lin_has_load(r, npoints) && r->kw < 0 && r->k != 0) {
    for (int p = 0; p < npoints; p++) l->c[p] /= r->k;
    l->k /= r->k;
    return true;
  }
  return false;
}

/* Fills l (from lin_init) with the linear form of e; false when e is not linear in the grid
 * values. The coefficients come out as the operators compute them from the literals, bottom
 * up, so that a folded division rounds as the written one would. */
static bool linear_form(const Expr *e, int npoints, Lin *l) {
  switch (e->kind) {
  case EX_CONST: l->k = e->value; return true;
  case EX_LOAD: l->c[e->point] = 1; return true;
  case EX_WEIGHT: l->k = 1; l->kw = e->weight; return true;
  case EX_NEG: return linear_form(e->arg[0], npoints, l) && lin_scale(l, npoints, -1, -1);
  case EX_CALL: return false;
  case EX_ADD: case EX_SUB: case EX_MUL: case EX_DIV: break;
  }
  Lin r;
  lin_init(&r, npoints);
  bool ok = linear_form(e->arg[0], npoints, l) && linear_form(e->arg[1], npoints, &r) &&
            lin_combine(e->kind, l, &r, npoints);
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
  Lin l;
  lin_init(&l, st->npoints);
  /* a weight in the constant term would leave no compile-time constant to add */
  st->associative = has_load(st->expr) && linear_form(st->expr, st->npoints, &l) &&
                    (l.kw < 0 || l.k == 0);
  if (st->associative) {
    st->coef = l.c;
    st->coef_weight = l.w;
    st->constant = l.k;
  } else {
    lin_free(&l);
    st->coef = NULL;
    st->coef_weight = NULL;
    st->constant = 0;
  }
  st->flops = ir_count_flops(st->expr);
}

long ir_extent_for_interior(const Stencil *st, int axis, long n) {
  return n + st->lo[axis] + st->hi[axis];
}

double ir_gain(const Stencil *st) {
  if (!st->associative) return 1;
  double g = 0;
  for (int p = 0; p < st->npoints; p++)
    if (st->coef_weight[p] < 0) g += fabs(st->coef[p]);
  return g;
}

double ir_weight_gain(const Stencil *st, int k) {
  if (!st->associative) return 0;
  double g = 0;
  for (int p = 0; p < st->npoints; p++)
    if (st->coef_weight[p] == k) g += fabs(st->coef[p]);
  return g;
}

const char *ir_dtype_name(DType t) { return t == DTYPE_DOUBLE ? "double" : "float"; }

const char *ir_shape_name(Shape s) {
  return s == SHAPE_STAR ? "star" : s == SHAPE_BOX ? "box" : "general";
}

void ir_free(Stencil *st) {
  ir_free_expr(st->expr);
  free(st->points);
  free(st->coef);
  free(st->coef_weight);
  memset(st, 0, sizeof *st);
}
