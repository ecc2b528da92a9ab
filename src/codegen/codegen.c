/* Backend table, checks on what the backends accept, and the program entry point. */
#include "codegen.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "emit.h"
#include "util/diag.h"

static const BackendInfo *const backends[BACKEND_COUNT] = {
    [BACKEND_NAIVE] = &backend_naive,
    [BACKEND_CPU] = &backend_cpu,
    [BACKEND_N5D] = &backend_n5d,
    [BACKEND_25D] = &backend_p25d,
    [BACKEND_SSAM] = &backend_ssam,
};
int codegen_backend_from_name(const char *name) {
  for (int b = 0; b < BACKEND_COUNT; b++)
    if (!strcmp(name, backends[b]->name)) return b;
  return -1;
}

const char *codegen_backend_name(Backend b) { return backends[b]->name; }

static const char *const placements[] = {
    [P25D_AUTO] = "auto", [P25D_GLOBAL] = "global", [P25D_SHARED] = "shared",
    [P25D_HYBRID] = "hybrid", [P25D_REGISTER] = "register",
};

int codegen_placement_from_name(const char *name) {
  for (int p = P25D_GLOBAL; p <= P25D_REGISTER; p++)
    if (!strcmp(name, placements[p])) return p;
  return -1;
}

const char *codegen_placement_name(Placement p) { return placements[p]; }

int codegen_backend_is_cuda(Backend b) { return backends[b]->cuda; }

long codegen_default_size(Backend b, int dims) { return backends[b]->default_size[dims - 2]; }

long codegen_default_steps(Backend b) { return backends[b]->default_steps; }

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
  if (st->dims != 2 && st->dims != 3) {
    diag_error(stencil_loc(st), NULL, "%dD stencils are not supported (2D or 3D only)", st->dims);
    return -1;
  }
  if (!st->expr || st->npoints < 1) {
    diag_error(stencil_loc(st), NULL, "the stencil reads no grid point");
    return -1;
  }
  if ((unsigned)opt->backend >= BACKEND_COUNT || (opt->dtype != DTYPE_FLOAT && opt->dtype != DTYPE_DOUBLE)) {
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

int codegen_validate(const Stencil *st, const GenOptions *opt, char *why, size_t n) {
  const BackendInfo *bi = backends[opt->backend];
  Refusal r;
  if (!bi->check || !bi->check(st, opt, &r)) return 0;
  return codegen_refusal_text(&r, bi->name, why, n);
}

int codegen_program(Buf *out, const Stencil *st, const GenOptions *opt) {
  if (check_stencil(st, opt)) return -1;
  const BackendInfo *bi = backends[opt->backend];
  Refusal r;
  if (bi->check && bi->check(st, opt, &r)) {
    diag_error(stencil_loc(st), r.hint, "%s: %s", bi->name, r.msg);
    return -1;
  }
  emit_program(out, st, opt, bi);
  return 0;
}
