/* The stages every backend shares: the checks of a stencil, plan, explain, emit. The table of
 * backends is src/backends/backends.c. */
#include "codegen.h"

#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "emit.h"
#include "util/diag.h"

void codegen_get_params(const GenOptions *opt, void *params, size_t size) {
  assert(size <= sizeof opt->params && size % sizeof(int) == 0);
  memcpy(params, opt->params.v, size);
}

void codegen_set_params(GenOptions *opt, const void *params, size_t size) {
  assert(size <= sizeof opt->params && size % sizeof(int) == 0);
  memcpy(opt->params.v, params, size);
}

int codegen_require_linear(const Stencil *st, Refusal *why, const char *because) {
  if (st->associative) return 0;
  return codegen_refuse(why, "use --backend n5d or naive, which evaluate any expression",
                        "the stencil is not linear (not a sum of coefficient x point), so %s", because);
}

static SrcLoc stencil_loc(const Stencil *st) {
  SrcLoc loc = {st->name, 0, 0};
  return loc;
}

/* Every load must name a point, every weight one of the weights, and every call a supported
 * function with its arity. */
static int check_expr(const Stencil *st, const Expr *e) {
  if (e->kind == EX_LOAD && (e->point < 0 || e->point >= st->npoints)) {
    diag_error(stencil_loc(st), NULL, "internal: load of point %d of %d", e->point, st->npoints);
    return -1;
  }
  if (e->kind == EX_WEIGHT &&
      (e->weight < 0 || e->weight >= st->nweights || st->nweights > IR_MAX_WEIGHTS)) {
    diag_error(stencil_loc(st), NULL, "internal: weight %d of %d", e->weight, st->nweights);
    return -1;
  }
  if (e->kind == EX_CALL) {
    const MathFunc *f = e->func ? ir_math_func(e->func) : NULL;
    if (!f || f->nargs != e->nargs) {
      diag_error(stencil_loc(st), ir_math_func_list(), "unsupported call to '%s' with %d arguments",
                 e->func ? e->func : "?", e->nargs);
      return -1;
    }
  }
  for (int i = 0; i < e->nargs; i++)
    if (check_expr(st, e->arg[i])) return -1;
  return 0;
}

/* Reads must stay inside the halo: the generated programs never bounds-check a neighbour. */
static int check_points(const Stencil *st) {
  for (int p = 0; p < st->npoints; p++)
    for (int a = 0; a < IR_MAX_DIMS; a++) {
      int o = st->points[p].off[a];
      bool inside = a < st->dims ? (-o <= st->lo[a] && o <= st->hi[a]) : o == 0;
      if (!inside) {
        diag_error(stencil_loc(st), "the loop bounds must leave a halo at least as wide as the "
                                    "stencil radius",
                   "offset %d along axis %d reads outside the grid", o, a);
        return -1;
      }
    }
  return 0;
}

static int check_stencil(const Stencil *st, const GenOptions *opt) {
  if (st->dims < 1 || st->dims > 3) {
    diag_error(stencil_loc(st), NULL, "%dD stencils are not supported (1D, 2D or 3D only)", st->dims);
    return -1;
  }
  if (!st->expr || st->npoints < 1) {
    diag_error(stencil_loc(st), NULL, "the stencil reads no grid point");
    return -1;
  }
  if (!opt->backend || (opt->dtype != DTYPE_FLOAT && opt->dtype != DTYPE_DOUBLE)) {
    diag_error(stencil_loc(st), NULL, "internal: bad generation options");
    return -1;
  }
  for (int a = 0; a < st->dims; a++)
    if (st->lo[a] < 0 || st->hi[a] < 0) {
      diag_error(stencil_loc(st), NULL, "negative halo along axis %d", a);
      return -1;
    }
  return check_points(st) || check_expr(st, st->expr) ? -1 : 0;
}

int codegen_refuse_converge(const Stencil *st, Refusal *why) {
  if (!st->conv.kind) return 0;
  return codegen_refuse(why,
                        "run a fixed number of iterations to generate code: for (int iter = 0; "
                        "iter < iter_max; iter++) { <sweep>; <copy-back or swap> } (stencilc "
                        "info shows the residual it recognised)",
                        "the time loop runs until the residual '%s' drops to the tolerance; "
                        "convergence loops are recognised but not generated yet",
                        st->conv.var);
}

int codegen_plan(const Stencil *st, const GenOptions *opt, PlanStore *plan, char *why, size_t n) {
  const Backend *b = opt->backend;
  Refusal r;
  memset(plan, 0, sizeof *plan);
  if (!codegen_refuse_converge(st, &r) && !b->plan(st, opt, plan->bytes, &r)) return 0;
  snprintf(why, n, "%s: %s", b->name, r.msg);
  return -1;
}

int codegen_prepare(const Stencil *st, const GenOptions *opt, PlanStore *plan) {
  if (check_stencil(st, opt)) return -1;
  const Backend *b = opt->backend;
  Refusal r;
  memset(plan, 0, sizeof *plan);
  if (codegen_refuse_converge(st, &r) || b->plan(st, opt, plan->bytes, &r)) {
    diag_error(stencil_loc(st), r.hint, "%s: %s", b->name, r.msg);
    return -1;
  }
  return 0;
}

void codegen_explain(Buf *out, const Stencil *st, const GenOptions *opt, const PlanStore *plan) {
  char params[256];
  codegen_params_text(opt, params, sizeof params);
  buf_printf(out, "plan: %s, %s, %dD, from --backend %s%s%s\n", st->name, ir_dtype_name(opt->dtype),
             st->dims, opt->backend->name, params[0] ? " " : "", params);
  if (opt->backend->explain) opt->backend->explain(out, st, plan->bytes);
}

void codegen_emit(Buf *out, const Stencil *st, const GenOptions *opt, const PlanStore *plan) {
  emit_program(out, st, opt, plan->bytes);
}

int codegen_program(Buf *out, const Stencil *st, const GenOptions *opt) {
  PlanStore plan;
  if (codegen_prepare(st, opt, &plan)) return -1;
  codegen_emit(out, st, opt, &plan);
  return 0;
}
