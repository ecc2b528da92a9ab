#include "flat.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "parser.h"

/* The stride of each axis over the extents: stride[dims - 1] = 1, stride[ax] = stride[ax + 1]
 * times the extent of axis ax + 1 (a name or a constant). */
static int strides(Parser *p, int dims, const char (*ext_param)[IR_NAME_MAX], const int *ext_pad,
                   const long *ext_const, Poly stride[IR_MAX_DIMS]) {
  stride[dims - 1] = (Poly){.n = 1, .t = {{1, 0, {0}}}};
  for (int ax = dims - 2; ax >= 0; ax--) {
    Poly e = {.n = 1, .t = {{ext_const[ax + 1], 0, {0}}}};
    if (ext_param[ax + 1][0]) {
      Poly name, pad = {.n = 1, .t = {{ext_pad[ax + 1], 0, {0}}}};
      if (poly_name(p, ext_param[ax + 1], &name)) return -1;
      poly_add(&name, &pad, &e); /* n + pad */
      if (e.n < 0) return -1;
    }
    if (!poly_mul(&stride[ax + 1], &e, &stride[ax])) return -1;
  }
  return 0;
}

static bool same_names(const Term *a, const Term *b) {
  return a->deg == b->deg && !memcmp(a->sym, b->sym, (size_t)a->deg);
}

/* Splits the constant part k of an index over the strides, largest first: k = sum off[ax] *
 * stride[ax]; what is left is not a multiple of them. */
static int split_offsets(Parser *p, const char *name, int dims, const char (*vars)[IR_NAME_MAX],
                         const Poly stride[IR_MAX_DIMS], Poly k, int off[IR_MAX_DIMS], char *msg,
                         size_t cap) {
  for (int ax = 0; ax < dims; ax++) {
    const Term *s = poly_lead(&stride[ax]);
    long long c = 0;
    for (int i = 0; i < k.n; i++)
      if (same_names(&k.t[i], s)) c = k.t[i].coef;
    long long o = (c >= 0 ? c + s->coef / 2 : c - s->coef / 2) / s->coef; /* nearest multiple */
    bool position = !vars[ax][0]; /* (a position from the start, not an offset: any size) */
    if (!position && (o < -MAX_OFFSET || o > MAX_OFFSET)) {
      snprintf(msg, cap, "offset %lld of '%s' along axis %d is too large; stencilc handles radii "
                         "up to %d", o, name, ax, MAX_OFFSET);
      return -1;
    }
    const Term *prev = ax > 0 ? poly_lead(&stride[ax - 1]) : NULL;
    if (prev && same_names(prev, s) && 2 * llabs(o) * s->coef >= prev->coef) {
      snprintf(msg, cap, "the offset in the index of '%s' cannot be told apart from a step along "
                         "the next axis", name);
      return -1;
    }
    Poly step, left, po = {.n = 1, .t = {{o, 0, {0}}}};
    if (!poly_mul(&stride[ax], &po, &step)) {
      snprintf(msg, cap, "the grid's strides have too many names");
      return -1;
    }
    poly_sub(p, &k, &step, &left);
    k = left;
    off[ax] = (int)o;
  }
  long long rest;
  if (!poly_is_const(&k, &rest) || rest != 0) {
    char text[256];
    poly_text(p, &k, text, sizeof text);
    snprintf(msg, cap, "the index of '%s' adds '%s', which is not a multiple of the grid's strides",
             name, text);
    return -1;
  }
  return 0;
}

/* The single-stencil front end's parser over what the file was parsed with, in the time loop,
 * with the loop variables vars (no index locals). */
static void flat_parser(const FlatInput *in, Input *input, Parser *p, Sweep *sw, int dims,
                        const char (*vars)[IR_NAME_MAX]) {
  *input = (Input){in->path, in->index, in->args, in->nargs, in->unsaved};
  memset(p, 0, sizeof *p);
  p->path = in->path;
  p->in = input;
  p->tu = in->tu;
  p->time.at = in->scope;
  p->bind = in->bind;
  memset(sw, 0, sizeof *sw);
  sw->nloops = dims;
  for (int v = 0; v < dims; v++) snprintf(sw->loops[v].var, IR_NAME_MAX, "%s", vars[v]);
  p->sw = sw;
}

int flat_row(const FlatInput *in, CXCursor decl, char name[IR_NAME_MAX], CXCursor *grid,
             char *msg, size_t cap) {
  Input input;
  Parser p;
  Sweep sw;
  flat_parser(in, &input, &p, &sw, 0, NULL);
  if (!pointer_in_loops(&p, decl)) return 0;
  Access target;
  if (row_target(&p, decl, &target, NULL)) {
    snprintf(msg, cap, "%s", p.why.msg);
    return -1;
  }
  snprintf(name, IR_NAME_MAX, "%s", target.name);
  *grid = target.decl;
  return 1;
}

int flat_offsets(const FlatInput *in, CXCursor c, CXCursor row, const char *name, int dims,
                 const char (*vars)[IR_NAME_MAX], const char (*ext_param)[IR_NAME_MAX],
                 const int *ext_pad, const long *ext_const, int off[IR_MAX_DIMS], char *msg,
                 size_t cap) {
  Input input;
  Parser p;
  Sweep sw;
  flat_parser(in, &input, &p, &sw, dims, vars);
  Poly index, stride[IR_MAX_DIMS];
  for (int ax = 0; ax < IR_MAX_DIMS; ax++) off[ax] = 0;
  if (poly_of(&p, c, &index)) {
    snprintf(msg, cap, "%s", p.why.msg);
    return -1;
  }
  if (!clang_Cursor_isNull(row)) { /* row[j - 1]: the row's offset into the grid added */
    Access grid;
    Poly base, sum;
    if (row_target(&p, row, &grid, &base)) {
      snprintf(msg, cap, "%s", p.why.msg);
      return -1;
    }
    poly_add(&index, &base, &sum);
    if (sum.n < 0) {
      snprintf(msg, cap, "index arithmetic overflows");
      return -1;
    }
    index = sum;
  }
  if (strides(&p, dims, ext_param, ext_pad, ext_const, stride)) {
    snprintf(msg, cap, "the grid's strides have too many names");
    return -1;
  }
  for (int ax = 0; ax < dims; ax++) { /* index = sum vars[ax] * stride[ax] + k */
    if (!vars[ax][0]) continue; /* a constant position along ax: in k */
    Poly s, rest, d;
    long long zero;
    bool split = poly_split(&p, &index, vars[ax], &s, &rest);
    poly_sub(&p, &s, &stride[ax], &d);
    if (!split || !poly_is_const(&d, &zero) || zero != 0) {
      char got[256], want[256];
      poly_text(&p, &s, got, sizeof got);
      poly_text(&p, &stride[ax], want, sizeof want);
      snprintf(msg, cap, "it multiplies '%s' by '%s', but the grids' stride along axis %d is '%s'",
               vars[ax], split ? got : "itself", ax, want);
      return -1;
    }
    index = rest;
  }
  return split_offsets(&p, name, dims, vars, stride, index, off, msg, cap);
}

bool flat_eval_index(const FlatInput *in, CXCursor c, long long *v) {
  Input input;
  Parser p;
  Sweep sw;
  flat_parser(in, &input, &p, &sw, 0, NULL);
  return eval_index(&p, c, v);
}

int flat_unroll(const FlatInput *in, CXCursor c, int dims, const char (*vars)[IR_NAME_MAX],
                UnrollStmt stmt, void *ctx, Refusal *why) {
  Input input;
  Parser p;
  Sweep sw;
  flat_parser(in, &input, &p, &sw, dims, vars); /* (the loop variables: no radius loop's name) */
  static const char *const hint =
      "write the radius loop's body as updates of the cell's temporaries: for (int r = 1; r <= "
      "R; r++) lap += c[r] * (p[i + r] + p[i - r]);";
  int rc = unroll_loop(&p, c, stmt, ctx, hint);
  *why = p.why;
  return rc;
}

int flat_counted_loop(const FlatInput *in, CXCursor parent, CXCursor loop, Loop *l,
                      CXCursor *init, CXCursor *inc, Refusal *why) {
  Input input;
  Parser p;
  Sweep sw;
  flat_parser(in, &input, &p, &sw, 0, NULL);
  p.time_parent = parent;
  int rc = parse_time_loop(&p, loop, l);
  if (!rc && p.conv.on)
    rc = fail(&p, p.conv.test, "iterate a single stencil to convergence, or run the stages a fixed "
                               "number of steps: for (int t = 0; t < nt; t++)",
              "a stencil program's time loop that runs until a residual converges");
  *init = p.time_init;
  *inc = p.time_inc;
  *why = p.why;
  return rc;
}

int flat_table_item(const FlatInput *in, CXCursor c, const Access *a, CXCursor *item,
                    Refusal *why) {
  Input input;
  Parser p;
  Sweep sw;
  flat_parser(in, &input, &p, &sw, 0, NULL);
  int rc = table_item(&p, c, a, item);
  *why = p.why;
  return rc;
}
