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

/* Linear form of an expression: constant + sum_p coef[p] * in[p]. Returns false when the
 * expression is not linear in the grid values (a product of two loads, a load under a call or
 * in a divisor). */
static bool linear_form(const Expr *e, int npoints, double *coef, double *constant) {
  double *ca = xcalloc((size_t)npoints, sizeof *ca), *cb = xcalloc((size_t)npoints, sizeof *cb);
  double ka = 0, kb = 0;
  bool ok = true, a_const = true, b_const = true;
  switch (e->kind) {
  case EX_CONST:
    *constant = e->value;
    memset(coef, 0, (size_t)npoints * sizeof *coef);
    break;
  case EX_LOAD:
    memset(coef, 0, (size_t)npoints * sizeof *coef);
    coef[e->point] = 1;
    *constant = 0;
    break;
  case EX_NEG:
    ok = linear_form(e->arg[0], npoints, coef, constant);
    for (int p = 0; p < npoints; p++) coef[p] = -coef[p];
    *constant = -*constant;
    break;
  case EX_ADD: case EX_SUB: case EX_MUL: case EX_DIV:
    ok = linear_form(e->arg[0], npoints, ca, &ka) && linear_form(e->arg[1], npoints, cb, &kb);
    for (int p = 0; p < npoints; p++) {
      if (ca[p] != 0) a_const = false;
      if (cb[p] != 0) b_const = false;
    }
    if (!ok) break;
    if (e->kind == EX_ADD || e->kind == EX_SUB) {
      double s = e->kind == EX_ADD ? 1 : -1;
      for (int p = 0; p < npoints; p++) coef[p] = ca[p] + s * cb[p];
      *constant = ka + s * kb;
    } else if (e->kind == EX_MUL && (a_const || b_const)) {
      double k = a_const ? ka : kb;
      const double *c = a_const ? cb : ca;
      double kk = a_const ? kb : ka;
      for (int p = 0; p < npoints; p++) coef[p] = k * c[p];
      *constant = k * kk;
    } else if (e->kind == EX_DIV && b_const && kb != 0) {
      for (int p = 0; p < npoints; p++) coef[p] = ca[p] / kb;
      *constant = ka / kb;
    } else {
      ok = false;
    }
    break;
  case EX_CALL:
    ok = false;
    break;
  }
  free(ca);
  free(cb);
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
  st->coef = xcalloc((size_t)st->npoints, sizeof *st->coef);
  st->constant = 0;
  st->associative = has_load(st->expr) && linear_form(st->expr, st->npoints, st->coef, &st->constant);
  if (!st->associative) {
    free(st->coef);
    st->coef = NULL;
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
  for (int p = 0; p < st->npoints; p++) g += fabs(st->coef[p]);
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
  memset(st, 0, sizeof *st);
}
