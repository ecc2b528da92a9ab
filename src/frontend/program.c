/* Recognises a stencil program (see ir/program.h) in a libclang AST:
 *   for (t = T0; t < T; t++) {                       the time loop, outermost
 *     for (i = L0; i < E0 - H0; i++) ...             stage 1: its own 1, 2 or 3 spatial loops
 *       { float tmp = ...; tmp += ...;               local temporaries (optional)
 *         F[(t + 1) % M][i][j] = f(G[(t + k) % M'][i + c][j + d], K[i + c][j + d], s, ...); }
 *     for (...) ... H[i][j] = ...;                   stage 2, ... in order
 *   }
 * F with M = 2 or 3 time levels (its first dimension), or none (F[i][j]: updated in place, or a
 * temporary of the step); K a coefficient grid (read only); s a scalar parameter; constants
 * from literals, macros, const variables and const arrays read at constant subscripts. An
 * update may read the buffer it writes only at its own cell (the leapfrog, FDTD); a grid of one
 * buffer may be updated with F[i][j] op= e. A cell body that assigns several grids is as many
 * stages over the same loops, in source order, where that computes what the loop does
 * (fused_read).
 * Grids may also be pointers: to rows or planes (float (*u)[NY][NX]), or flat (float *u read
 * as u[IDX(i, j, k)] or u[idx + nx], flat.h) over constant or run-time sizes; an extent no
 * declaration gives is the one the loop bound implies (i < NZ - 1, j < nx - R). Pointers
 * rotated after the stages (tmp = u; u = unew; unew = tmp) are the time levels of one field
 * (Rotation). Between the stages, loop nests over fewer axes (or one-cell assignments) that set
 * edge cells at constant or extent-relative positions, and nests that write ghost layers
 * (u[n - 1 - g]), are boundary stages (Boundary), kept in their order among the stages; point
 * sources are added where the time loop adds them. */
#include "program.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cursor.h"
#include "flat.h"
#include "inline.h"
#include "observer.h"
#include "omp.h"
#include "operators.h"

enum {
  MAX_TEMPS = 16,            /* local temporaries in one cell's body */
  /* statements in a time loop's or a cell's body: SOFI3D's 3D stress update declares nine
   * velocity derivatives and shared factors before its six assignments, about 20 */
  MAX_BODY = 32,
  MAX_COPIED_NODES = 1 << 16, /* expression nodes copied from uses of temporaries */
  /* the last element (its index in the flattened array) of a coefficient array parameter read
   * (c[r], w[a][b]): its elements are run-time scalars named "c[r]", "w[a][b]", at most
   * PROG_MAX_SCALARS of them, and a radius above this is no stencil's (IR radius limit) */
  MAX_PARAMETER_ELEMENT = 64,
};

typedef struct {
  CXCursor decl;
  Expr *e;
} Temp;

/* A float or double variable of the time loop that its point sources read and no stage does:
 * a local declared after the first stage (float t = it * dt - t0;), one declared before the
 * loop and assigned once in it (pulse = exp(...);), read as that value, or a step counter
 * declared before the loop and incremented once per step (T = T + 1; T += dt;): its value
 * before the loop, a run-time scalar, plus the increment per step. */
typedef struct {
  CXCursor decl;
  CXCursor value; /* its value, a null cursor for a counter */
  CXCursor stmt;  /* the statement of the loop that assigns or increments one declared before
                     it, which the sources after it see; else a null cursor */
  CXCursor by;    /* a counter's increment (null for ++ and --) */
  int sign;       /* a counter's: 1, or -1 where it is decremented */
} SourceVar;

/* Pointers the time loop rotates after its stages (tmp = u; u = unew; unew = tmp, or three of
 * them: u, its t - 1 level and its t + 1 level): one field of len levels. name[k] takes the
 * value of name[k + 1] (modulo len), so at each step name[k] is buffer (t + shift(k)) % len with
 * shift(k + 1) = shift(k) + 1; the name a stage writes has shift 1 (rotation_shift). */
typedef struct {
  char name[PROG_MAX_LEVELS][IR_NAME_MAX];
  int len;
  int written; /* the index of the name a stage writes, -1 before the first pass reaches it */
  /* Two pointers that pick two grids by the step's parity at the top of each step, never
   * moved (take_picks): name[k] holds grid[k] at the loop's first step, and the other grid at
   * the next, as a rotated pointer would. */
  bool picked;
  char grid[PROG_MAX_LEVELS][IR_NAME_MAX];
} Rotation;

typedef struct {
  const char *path;
  CXTranslationUnit tu;
  Program *pr;
  Loop time;
  Loop loops[IR_MAX_DIMS]; /* the spatial loops of the stage being read */
  long long size[IR_MAX_DIMS]; /* the grid extent each loop's constant bound implies, or 0 */
  FlatInput flat;                /* for flattened indices and radius loops (flat.h) */
  Bindings bind;                 /* the radius loops of the cell being unrolled (flat.bind) */
  Rotation rot[PROG_MAX_FIELDS]; /* pointers the time loop rotates after its stages */
  int nrot;
  int stage;
  /* Each stage's loop nest and its assignment, statement `at` of the nest's cell body: a cell
   * body assigning several grids is several stages over the same loops (nest_stages), `fused`
   * then. pos is the statement of the cell body being read. */
  struct {
    CXCursor nest, stmt;
    int at;
    bool fused;
  } site[PROG_MAX_STAGES];
  int pos;
  Temp temps[MAX_TEMPS];
  int ntemps, max_temps;
  long copied;
  PointSource *source; /* the point source whose value is being read, else NULL */
  SourceVar source_vars[MAX_TEMPS];
  int nsource_vars, source_depth;
  int expr_depth;      /* operations parse_expr is inside */
  BcStatement *bcs;    /* the boundary assignment whose value is being read, else NULL */
  BcStatement bc_locals; /* the reads of a boundary body's locals (their loads index these) */
  char bc_var[IR_MAX_DIMS][IR_NAME_MAX]; /* its loop's counter per axis, "" where none runs */
  bool program_form; /* seen something only a program has */
  bool failed;       /* the first failure, printed only when the input is a program */
  SrcLoc loc;
  char msg[512];
  const char *hint;
} Parser;

static const char *const HINT_PROGRAM =
    "write each stage as its own loop nest in the time loop: for (t ...) { for (i ...) for (j "
    "...) F[(t + 1) % 3][i][j] = <reads of F[t % 3], F[(t + 2) % 3], K[i][j], ...>; for (i ...) "
    "... }";
static const char *const HINT_GRIDS =
    "fold coefficient grids that are read together into one before the time loop "
    "(b[i] = dt / rho[i]; then b[i] in the stages)";

__attribute__((format(printf, 4, 5))) static int fail(Parser *p, CXCursor at, const char *hint,
                                                      const char *fmt, ...) {
  if (p->failed) return -1;
  p->failed = true;
  p->loc = cur_loc(p->path, at);
  p->hint = hint;
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(p->msg, sizeof p->msg, fmt, ap);
  va_end(ap);
  return -1;
}

/* A refusal of the single-stencil front end's readers (flat.h), unless one came first. */
static int refused(Parser *p, const Refusal *why) {
  if (p->failed) return -1;
  p->failed = true;
  p->loc = why->loc;
  p->hint = why->set ? why->hint : HINT_PROGRAM;
  snprintf(p->msg, sizeof p->msg, "%s", why->set ? why->msg : "cannot read the cell's body");
  return -1;
}

static enum CXCursorKind kind(CXCursor c) { return clang_getCursorKind(c); }

/* The value of an integer expression of constants and the variables of the radius loops being
 * unrolled (r in p[iz + r][iy][ix]); false outside radius loops. */
static bool radius_value(Parser *p, CXCursor c, long long *v) {
  return p->bind.n > 0 && flat_eval_index(&p->flat, c, v);
}

/* ---- loops ---- */

static int parse_loop(Parser *p, CXCursor c, Loop *l, long long *size) {
  CXCursor k[4], kids[2];
  l->at = c;
  if (cur_children(c, k, 4) != 4)
    return fail(p, c, "give the loop an initialisation, a condition and an increment",
                "incomplete for loop");
  bool init = false;
  if (kind(k[0]) == CXCursor_DeclStmt && cur_children(k[0], kids, 2) == 1 &&
      kind(kids[0]) == CXCursor_VarDecl) {
    cur_name(kids[0], l->var);
    /* (the initializer, not the only child: size_t i = 1 has a TypeRef child too) */
    CXCursor value = clang_Cursor_getVarDeclInitializer(kids[0]);
    init = !clang_Cursor_isNull(value) && cur_eval_int(value, &l->lo);
  } else if (kind(k[0]) == CXCursor_BinaryOperator && cur_children(k[0], kids, 2) == 2 &&
             cur_ref_name(kids[0])) {
    snprintf(l->var, sizeof l->var, "%s", cur_ref_name(kids[0]));
    init = cur_eval_int(kids[1], &l->lo);
  }
  char dec[4] = "";
  bool prefix_dec;
  if (kind(k[2]) == CXCursor_UnaryOperator && cur_unary_op(p->tu, k[2], dec, &prefix_dec) &&
      !strcmp(dec, "--"))
    return fail(p, k[2], "count up: for (int i = 1; i < n - 1; i++)",
                "the loop over '%s' counts down; stencilc reads a stencil program's loops counting "
                "up (a single stencil's may count down)", l->var);
  if (!init)
    return fail(p, k[0], "start each loop from a constant: for (int i = R; ...)",
                "loop start is not a constant");
  char op[4] = "";
  long long shift;
  CXCursor cond = k[1];
  if (!cur_loop_cond(p->tu, cond, l->var, kids, op, &shift) || !cur_ref_name(kids[0]) ||
      strcmp(cur_ref_name(kids[0]), l->var))
    return fail(p, cond, "write the condition as i < n - R (or i <= n - R - 1, i != n - R)",
                "loop condition must compare the loop variable '%s' with '<', '<=' or '!='", l->var);
  CXCursor rhs = cur_strip(kids[1]), sub[2];
  char sop[4];
  l->ext[0] = 0;
  l->bound = 0;
  *size = 0;
  if (cur_eval_int(rhs, &l->bound)) {
    *size = cur_implied_size(p->tu, rhs, !strcmp(op, "<="), NULL);
  } else if (cur_ref_name(rhs)) {
    snprintf(l->ext, sizeof l->ext, "%s", cur_ref_name(rhs));
  } else if (kind(rhs) == CXCursor_BinaryOperator && cur_binary_op(p->tu, rhs, sop) &&
             (!strcmp(sop, "-") || !strcmp(sop, "+")) && cur_children(rhs, sub, 2) == 2 &&
             cur_ref_name(sub[0]) && cur_eval_int(sub[1], &l->bound)) {
    snprintf(l->ext, sizeof l->ext, "%s", cur_ref_name(sub[0]));
    if (sop[0] == '+') l->bound = -l->bound; /* i < n + 2 over a grid of n + 2 */
  } else {
    return fail(p, kids[1], "write the bound as n - R, n, or a constant",
                "loop bound must be an extent minus a constant");
  }
  l->bound += l->ext[0] ? shift : -shift; /* i + 1 < n: i < n - 1 */
  if (!strcmp(op, "<=")) l->bound += l->ext[0] ? -1 : 1;
  /* counting up by one (below), i != end is i < end when it starts at or below the end */
  if (!strcmp(op, "!=") && !l->ext[0] && l->lo > l->bound)
    return fail(p, cond, "write the condition as i < n - R",
                "loop '%s' starts at %lld, past its end %lld: with '!=' it would not stop",
                l->var, l->lo, l->bound);
  bool prefix;
  long long one;
  CXCursor inc = k[2], var;
  bool unit = (kind(inc) == CXCursor_UnaryOperator && cur_unary_op(p->tu, inc, op, &prefix) &&
               !strcmp(op, "++") && cur_children(inc, &var, 1) == 1 && cur_ref_name(var) &&
               !strcmp(cur_ref_name(var), l->var)) ||
              (kind(inc) == CXCursor_CompoundAssignOperator && cur_binary_op(p->tu, inc, op) &&
               !strcmp(op, "+=") && cur_children(inc, kids, 2) == 2 &&
               cur_eval_int(kids[1], &one) && one == 1);
  const char *other = unit ? NULL : cur_other_step(p->tu, inc, l->var);
  if (other)
    return fail(p, inc, CUR_HINT_RUNNING_INDEX,
                "the loop over '%s' also steps '%s' (a running index); stencilc reads an index "
                "as loop variables times sizes plus constants", l->var, other);
  if (!unit)
    return fail(p, inc, "only unit steps are supported: write i++", "loop over '%s' does not step by 1",
                l->var);
  l->body = k[3];
  return 0;
}

/* The statements of a body, braces unwrapped: at most MAX_BODY. */
static int statements(Parser *p, CXCursor body, CXCursor *out) {
  if (kind(body) != CXCursor_CompoundStmt) {
    out[0] = body;
    return 1;
  }
  CXCursor kids[MAX_BODY];
  int nk = cur_children(body, kids, MAX_BODY), n = 0;
  for (int i = 0; i < nk && i < MAX_BODY && n <= MAX_BODY; i++) {
    if (omp_once_block(p->tu, kids[i])) /* a block of the step run once (omp single): its statements */
      n += cur_children(kids[i], out + n, MAX_BODY - n);
    else if (n < MAX_BODY)
      out[n++] = kids[i];
    else
      n++;
  }
  if (nk > n) n = nk;
  if (n > MAX_BODY)
    return fail(p, body, "split the body into fewer statements", "a body of %d statements; stencilc reads at most %d",
                n, MAX_BODY);
  return n;
}

/* ---- pointer rotations ---- */

/* The rotation that name belongs to, and its index there in *k; NULL when none. */
static Rotation *rotation_of(Parser *p, const char *name, int *k) {
  for (int r = 0; r < p->nrot; r++)
    for (*k = 0; *k < p->rot[r].len; (*k)++)
      if (!strcmp(p->rot[r].name[*k], name)) return &p->rot[r];
  return NULL;
}

/* The buffer shift of name k of an oriented rotation. */
static int rotation_shift(const Rotation *r, int k) {
  return ((1 - r->written + k) % r->len + r->len) % r->len;
}

/* The field's name: the rotation's name at shift 0 (level t). */
static const char *rotation_field(const Rotation *r) {
  for (int k = 0; k < r->len; k++)
    if (rotation_shift(r, k) == 0) return r->name[k];
  return r->name[0];
}

typedef struct {
  char name[IR_NAME_MAX];
  char value[IR_NAME_MAX]; /* the name whose value at the start of the moves it holds now */
  bool read, written;      /* its starting value was read; it was assigned */
} Move;

/* Name's entry among the moves (added when new). */
static Move *move_entry(Move *mv, int *n, const char *name) {
  for (int i = 0; i < *n; i++)
    if (!strcmp(mv[i].name, name)) return &mv[i];
  Move *m = &mv[(*n)++];
  memset(m, 0, sizeof *m);
  snprintf(m->name, sizeof m->name, "%s", name);
  snprintf(m->value, sizeof m->value, "%s", name);
  return m;
}

static bool is_pointer(CXCursor c) {
  return clang_getCanonicalType(clang_getCursorType(cur_strip(c))).kind == CXType_Pointer;
}

/* Whether s assigns one element of an array (p[src] += w[it] * dt2, u[next][sz][sx] = ...): a
 * point source added each step beside the sweep, as seismic codes inject a wavelet. */
static bool cell_update(CXCursor s, Access *a) {
  CXCursor kids[2];
  enum CXCursorKind k = kind(s);
  return (k == CXCursor_BinaryOperator || k == CXCursor_CompoundAssignOperator) &&
         cur_children(s, kids, 2) == 2 && cur_access(kids[0], a) == CUR_ACCESS;
}

/* The statements after the stages: pointer moves (float *tmp = u; u = unew; unew = tmp;) that
 * rotate 2 or 3 grids; fills p->rot. A name assigned before its value is read is a temporary. */
static int parse_rotations(Parser *p, const CXCursor *s, int n) {
  enum { MAX_MOVES = 4 * PROG_MAX_FIELDS };
  Move mv[MAX_MOVES];
  int nmv = 0;
  for (int i = 0; i < n; i++) {
    CXCursor kids[CUR_MAX_CHILDREN], v[2];
    char op[4];
    int nk = cur_children(s[i], kids, CUR_MAX_CHILDREN);
    char dst[IR_NAME_MAX] = "", src[IR_NAME_MAX] = ""; /* cur_ref_name's buffer is reused */
    CXCursor from_at = clang_getNullCursor();
    if (kind(s[i]) == CXCursor_DeclStmt && nk == 1 && kind(kids[0]) == CXCursor_VarDecl &&
        cur_children(kids[0], v, 2) >= 1 && is_pointer(kids[0])) {
      from_at = clang_Cursor_getVarDeclInitializer(kids[0]);
      cur_name(kids[0], dst);
    } else if (kind(s[i]) == CXCursor_BinaryOperator && nk == 2 && cur_binary_op(p->tu, s[i], op) &&
               !strcmp(op, "=") && is_pointer(kids[0]) && cur_ref_name(kids[0])) {
      snprintf(dst, sizeof dst, "%s", cur_ref_name(kids[0]));
      from_at = kids[1];
    }
    if (!clang_Cursor_isNull(from_at) && cur_ref_name(from_at))
      snprintf(src, sizeof src, "%s", cur_ref_name(from_at));
    Access a;
    if (!dst[0] && cell_update(s[i], &a)) {
      p->program_form = true; /* this message, not the single-stencil front end's */
      return fail(p, s[i],
                  "add the point source right after the stages, before the pointer swap: for "
                  "(...) p_next[...] = ...; p_next[sz * nx + sx] += dt2 * wavelet[it]; float "
                  "*tmp = p_prev; ...",
                  "an update of one element of '%s' after the pointer swap: stencilc takes point "
                  "sources between the stages and the swap only",
                  a.name);
    }
    if (!dst[0] || !src[0] || nmv + 2 > MAX_MOVES)
      return fail(p, s[i],
                  "after the stages, only swap the grids' pointers: float *tmp = u; u = unew; "
                  "unew = tmp;",
                  "a statement in the time loop that is neither a stage's loop nest nor a "
                  "pointer swap");
    char value[IR_NAME_MAX];
    Move *from = move_entry(mv, &nmv, src);
    if (!from->written) from->read = true;
    snprintf(value, sizeof value, "%s", from->value);
    Move *to = move_entry(mv, &nmv, dst);
    to->written = true;
    snprintf(to->value, sizeof to->value, "%s", value);
  }
  /* each grid moved takes the value of another; follow those links around their cycle */
  bool done[MAX_MOVES] = {false};
  for (int i = 0; i < nmv; i++) {
    if (done[i] || !mv[i].written || !mv[i].read || !strcmp(mv[i].value, mv[i].name)) continue;
    Rotation r = {.len = 0, .written = -1};
    int at = i;
    while (at >= 0 && !done[at] && r.len < PROG_MAX_LEVELS + 1) {
      done[at] = true;
      if (r.len < PROG_MAX_LEVELS) snprintf(r.name[r.len], IR_NAME_MAX, "%s", mv[at].name);
      r.len++;
      int next = -1;
      for (int j = 0; j < nmv; j++)
        if (!strcmp(mv[j].name, mv[at].value)) next = j;
      at = next;
    }
    if (at != i || r.len > PROG_MAX_LEVELS || p->nrot == PROG_MAX_FIELDS)
      return fail(p, s[0],
                  "rotate the pointers of 2 or 3 time levels: tmp = um; um = u; u = up; up = tmp;",
                  "the pointer moves after the stages do not rotate 2 or 3 grids");
    p->rot[p->nrot++] = r;
  }
  /* a temporary (assigned, in no rotation) ends each step holding what a rotated pointer holds */
  Program *pr = p->pr;
  for (int i = 0; i < nmv; i++)
    for (int j = 0; j < nmv && mv[i].written && !done[i] && pr->ntemps < PROG_MAX_FIELDS; j++)
      if (done[j] && !strcmp(mv[j].value, mv[i].value)) {
        IrTemp *tp = &pr->temps[pr->ntemps++];
        snprintf(tp->var, sizeof tp->var, "%s", mv[i].name);
        snprintf(tp->same_as, sizeof tp->same_as, "%s", mv[j].name);
        break;
      }
  return 0;
}

/* ---- subscripts ---- */

static bool reads_data(CXCursor c, void *ctx) {
  (void)ctx;
  enum CXCursorKind k = kind(c);
  return k == CXCursor_ArraySubscriptExpr || k == CXCursor_CallExpr || k == CXCursor_MemberRefExpr;
}

/* The value of the integer local that c names, at c, when it is a position computed once from
 * sizes, constants and counters (int k = ny - 1;, or C89's int k; k = ny - 1;: cur_local_value)
 * and never changed otherwise; a null cursor when c names no such local. The value stands
 * before c in the source. */
static CXCursor position_local(CXCursor c) {
  CXCursor decl = clang_getCursorReferenced(c), assigned, where;
  if (kind(c) != CXCursor_DeclRefExpr || kind(decl) != CXCursor_VarDecl ||
      clang_Cursor_hasVarDeclGlobalStorage(decl) == 1 || !cur_integer_type(decl))
    return clang_getNullCursor();
  char name[IR_NAME_MAX]; /* a copy: cur_mentions reuses cur_ref_name's buffer */
  snprintf(name, sizeof name, "%s", cur_ref_name(c));
  CXCursor value = cur_local_value(decl, c, &assigned);
  if (clang_Cursor_isNull(value) || !clang_Cursor_isNull(cur_find(value, true, reads_data, NULL)) ||
      reads_data(cur_strip(value), NULL) || cur_mentions(value, name) ||
      (clang_Cursor_isNull(assigned) &&
       cur_written(clang_Cursor_getTranslationUnit(c), clang_getCursorSemanticParent(decl), decl,
                   &where)))
    return clang_getNullCursor();
  return value;
}

/* Whether index c is var + k, var possibly empty (a constant index), through the integer locals
 * it names (position_local); where not, *bad is the innermost part of c that is not. */
static bool affine_at(Parser *p, CXCursor c, char var[IR_NAME_MAX], long long *k, CXCursor *bad) {
  c = cur_strip(c);
  var[0] = 0;
  *k = 0;
  if (cur_eval_int(c, k) || radius_value(p, c, k)) return true;
  CXCursor value = position_local(c); /* (before c in the source: the reading ends) */
  if (!clang_Cursor_isNull(value)) return affine_at(p, value, var, k, bad);
  if (cur_ref_name(c)) {
    snprintf(var, IR_NAME_MAX, "%s", cur_ref_name(c));
    return true;
  }
  CXCursor kids[2];
  char op[4], va[IR_NAME_MAX], vb[IR_NAME_MAX];
  long long ka, kb;
  *bad = c;
  if (!(kind(c) == CXCursor_BinaryOperator && cur_binary_op(p->tu, c, op) &&
        (!strcmp(op, "+") || !strcmp(op, "-")) && cur_children(c, kids, 2) == 2))
    return false;
  if (!affine_at(p, kids[0], va, &ka, bad) || !affine_at(p, kids[1], vb, &kb, bad)) return false;
  if ((va[0] && vb[0]) || (vb[0] && !strcmp(op, "-"))) {
    *bad = c;
    return false;
  }
  snprintf(var, IR_NAME_MAX, "%s", va[0] ? va : vb);
  *k = !strcmp(op, "+") ? ka + kb : ka - kb;
  return true;
}

/* index = var + k, var possibly empty (a constant index). */
static int affine(Parser *p, CXCursor c, char var[IR_NAME_MAX], long long *k) {
  CXCursor bad;
  if (affine_at(p, c, var, k, &bad)) return 0;
  char op[4];
  if (kind(bad) == CXCursor_BinaryOperator && !cur_binary_op(p->tu, bad, op)) /* libclang 14 */
    return fail(p, bad,
                "write the subscripts out (b[i + 1][j + 1]), or let the macro index a flat "
                "array: #define B(i, j) b[(i) * ld + (j)]",
                "the index's operators come from a macro, which stencilc reads only in the index "
                "of a flat array");
  if (cur_wrapping_index(p->tu, bad)) return fail(p, bad, CUR_HINT_PERIODIC, CUR_MSG_PERIODIC);
  return fail(p, bad, "write each index as a loop variable plus or minus a constant",
              "index is not a loop variable plus a constant");
}

/* The buffer (t + shift) % levels a time subscript names: t % M, (t + k) % M, (t - k) % M. */
static int time_shift(Parser *p, CXCursor c, const char *name, int levels, int *shift) {
  c = cur_strip(c);
  CXCursor kids[2];
  char op[4], var[IR_NAME_MAX];
  long long m, k;
  if (!(kind(c) == CXCursor_BinaryOperator && cur_binary_op(p->tu, c, op) && !strcmp(op, "%") &&
        cur_children(c, kids, 2) == 2 && cur_eval_int(kids[1], &m) &&
        !affine(p, kids[0], var, &k) && !strcmp(var, p->time.var)))
    return fail(p, c, "index the time levels as F[t % 3], F[(t + 1) % 3], F[(t + 2) % 3]",
                "time subscript of '%s' must be (%s + k) %% %d", name, p->time.var, levels);
  if (m != levels)
    return fail(p, c, "take the time subscript modulo the first dimension of the array",
                "time subscript of '%s' is taken modulo %lld, but '%s' holds %d time levels", name,
                m, name, levels);
  if (p->time.lo + k < 0)
    return fail(p, c, "write t - 1 as (t + 2) % 3, or start the time loop at 1",
                "time subscript of '%s' is negative at the first step (%s = %lld)", name,
                p->time.var, p->time.lo);
  *shift = (int)(((k % levels) + levels) % levels);
  return 0;
}

/* ---- grids picked by the step's parity ---- */

static const char *const HINT_PICK =
    "pick the two grids by the step's parity, the one read and the other written: double *src "
    "= (t % 2 == 0) ? u : v; double *dst = (t % 2 == 0) ? v : u;";

enum { MAX_PICKS = 2 * PROG_MAX_FIELDS };

/* A pointer picking one of two grids by the step's parity: grid[s] is the one it holds at the
 * loop's first step (s = 0) and at the next (s = 1); set: where. */
typedef struct {
  char name[IR_NAME_MAX];
  char grid[2][IR_NAME_MAX];
  CXCursor decl, set, grid_decl[2];
} Pick;

/* A test of the step's parity, X, !X, X == c or X != c with X (t + k) % 2 or (t + k) & 1 and c
 * 0 or 1: whether it holds at the loop's first step and at the next, in holds[]. 0, or -1 after
 * a refusal. */
static int parity_holds(Parser *p, CXCursor cond, bool holds[2]) {
  CXCursor x, bad, c;
  char var[IR_NAME_MAX];
  bool invert, modulo;
  long long want = 1, k = 0; /* X alone holds when the parity is 1 */
  cur_split_equality_test(p->tu, cond, &cond, &c, &invert);
  if (!clang_Cursor_isNull(c) && (!cur_eval_int(c, &want) || (want != 0 && want != 1)))
    return fail(p, c, HINT_PICK, "the step's parity is compared with something else than 0 or 1");
  if (!(cur_parity_operand(p->tu, cond, &x, &modulo) && affine_at(p, x, var, &k, &bad) &&
        !strcmp(var, p->time.var)))
    return fail(p, cond, HINT_PICK,
                "the grids are picked by a test that is not the step's parity (%s %% 2 or %s & 1), "
                "the only test a stencil program's picks take",
                p->time.var, p->time.var);
  if (modulo && p->time.lo + k < 0) /* (C's % of a negative value is negative) */
    return fail(p, cond, HINT_PICK, "the step's parity is taken of a value negative at the first "
                "step (%s = %lld)", p->time.var, p->time.lo);
  for (int s = 0; s < 2; s++) holds[s] = ((((p->time.lo + s + k) % 2) + 2) % 2 == want) != invert;
  return 0;
}

/* Records that pointer decl holds arms[0] at the steps where the parity test cond holds and
 * arms[1] at the others (set: the statement). 0, or -1 after a refusal. */
static int record_pick(Parser *p, Pick *picks, int *n, CXCursor decl, CXCursor set,
                       CXCursor cond, const CXCursor arms[2]) {
  char name[IR_NAME_MAX], arm[2][IR_NAME_MAX];
  bool holds[2];
  cur_name(decl, name);
  for (int i = 0; i < 2; i++) {
    if (!cur_ref_name(arms[i]))
      return fail(p, arms[i], HINT_PICK, "'%s' picks something else than a grid", name);
    snprintf(arm[i], IR_NAME_MAX, "%s", cur_ref_name(arms[i]));
  }
  if (!strcmp(arm[0], arm[1]))
    return fail(p, set, HINT_PICK,
                "both choices of '%s' are '%s': it names one grid at every step, not two levels",
                name, arm[0]);
  if (parity_holds(p, cond, holds)) return -1;
  int k = 0;
  while (k < *n && !clang_equalCursors(picks[k].decl, decl)) k++;
  if (k < *n) return fail(p, set, HINT_PICK, "'%s' is picked twice in the step", name);
  if (*n == MAX_PICKS)
    return fail(p, set, HINT_PICK, "more than %d pointers pick grids by the step's parity",
                MAX_PICKS);
  Pick *pk = &picks[(*n)++];
  snprintf(pk->name, sizeof pk->name, "%s", name);
  for (int s = 0; s < 2; s++) {
    snprintf(pk->grid[s], IR_NAME_MAX, "%s", arm[holds[s] ? 0 : 1]);
    pk->grid_decl[s] = clang_getCursorReferenced(cur_strip(arms[holds[s] ? 0 : 1]));
  }
  pk->decl = decl;
  pk->set = set;
  return 0;
}

/* ptr = e; with ptr a pointer variable: its declaration and e; false otherwise. */
static bool pointer_assignment(CXCursor s, CXCursor *decl, CXCursor *value) {
  CXCursor kids[2];
  if (!cur_is_assignment(s, kids) || kind(cur_strip(kids[0])) != CXCursor_DeclRefExpr ||
      !is_pointer(kids[0]))
    return false;
  *decl = clang_getCursorReferenced(cur_strip(kids[0]));
  *value = kids[1];
  return true;
}

/* The pointers a branch of an if sets (ptr = name; statements, braced or not), at most max:
 * their count, or -1 when it holds anything else. */
static int branch_sets(CXCursor branch, CXCursor *decl, CXCursor *value, int max) {
  CXCursor s[CUR_MAX_CHILDREN];
  int n = kind(branch) == CXCursor_CompoundStmt ? cur_children(branch, s, CUR_MAX_CHILDREN) : 1;
  if (n == 1 && kind(branch) != CXCursor_CompoundStmt) s[0] = branch;
  if (n > max || n > CUR_MAX_CHILDREN) return -1;
  for (int i = 0; i < n; i++)
    if (!pointer_assignment(s[i], &decl[i], &value[i])) return -1;
  return n;
}

/* Statement s before the stages, when it picks grids by the step's parity: double *src = (t %
 * 2 == 0) ? u : v; (a declaration may hold several), src = (t % 2 == 0) ? u : v;, or if (t % 2
 * == 0) { src = u; dst = v; } else { src = v; dst = u; }. 1 with the picks recorded, 0 when s
 * is no such statement, -1 after a refusal. */
static int pick_statement(Parser *p, CXCursor s, Pick *picks, int *n) {
  enum { MAX_SET = 4 };
  CXCursor kids[CUR_MAX_CHILDREN], decl[2][MAX_SET], value[2][MAX_SET], arms[3];
  int nk = cur_children(s, kids, CUR_MAX_CHILDREN), found = 0;
  if (kind(s) == CXCursor_DeclStmt && nk <= CUR_MAX_CHILDREN) {
    for (int i = 0; i < nk; i++) {
      CXCursor init = clang_Cursor_getVarDeclInitializer(kids[i]);
      if (kind(kids[i]) != CXCursor_VarDecl || !is_pointer(kids[i]) ||
          (!clang_Cursor_isNull(init) && kind(cur_strip(init)) != CXCursor_ConditionalOperator))
        return 0; /* (declarations of anything else are no picks) */
      found += !clang_Cursor_isNull(init);
    }
    for (int i = 0; i < nk; i++) {
      CXCursor init = clang_Cursor_getVarDeclInitializer(kids[i]);
      if (!clang_Cursor_isNull(init) &&
          (cur_children(cur_strip(init), arms, 3) != 3 ||
           record_pick(p, picks, n, kids[i], init, arms[0], arms + 1)))
        return -1;
    }
    return found > 0;
  }
  if (pointer_assignment(s, &decl[0][0], &value[0][0])) {
    CXCursor v = cur_strip(value[0][0]);
    if (kind(v) != CXCursor_ConditionalOperator || cur_children(v, arms, 3) != 3) return 0;
    return record_pick(p, picks, n, decl[0][0], s, arms[0], arms + 1) ? -1 : 1;
  }
  if (kind(s) != CXCursor_IfStmt || nk != 3) return 0;
  int set[2] = {branch_sets(kids[1], decl[0], value[0], MAX_SET),
                branch_sets(kids[2], decl[1], value[1], MAX_SET)};
  if (set[0] <= 0 || set[1] <= 0) return 0;
  const CXCursor *sets[2] = {decl[0], decl[1]};
  int pair[MAX_SET], lacking;
  char why[CUR_WHY_MAX];
  if (!cur_pair_branch_sets(sets, set, pair, &lacking, why))
    return fail(p, kids[lacking], HINT_PICK, "%s", why);
  for (int i = 0; i < set[0]; i++) {
    CXCursor both[2] = {value[0][i], value[1][pair[i]]};
    if (record_pick(p, picks, n, decl[0][i], s, kids[0], both)) return -1;
  }
  return 1;
}

/* Whether statement s is one of the picks' statements. */
static bool sets_pick(const Pick *picks, int n, CXCursor s) {
  for (int k = 0; k < n; k++)
    if (clang_equalCursors(picks[k].set, s)) return true;
  return false;
}

/* The statements before the stages that pick grids by the step's parity into pointers (the
 * pointers declared in the time loop or before it, and the declarations of those set by an
 * assignment or an if), taken out of s; each two pointers that pick the same two grids the
 * other way round become a field of two levels (a Rotation, picked). 0, or -1 after a refusal. */
static int read_picks(Parser *p, CXCursor *s, int *n) {
  Pick picks[MAX_PICKS];
  int npicks = 0, kept = 0, first = 0;
  bool taken[MAX_BODY] = {false};
  while (first < *n && kind(s[first]) != CXCursor_ForStmt) first++;
  for (int i = 0; i < first; i++) {
    int rc = pick_statement(p, s[i], picks, &npicks);
    if (rc < 0) return -1;
    taken[i] = rc > 0;
  }
  if (!npicks) return 0;
  for (int i = 0; i < first; i++) { /* double *src, *dst; before an if that picks them */
    CXCursor kids[CUR_MAX_CHILDREN];
    int nk = kind(s[i]) == CXCursor_DeclStmt ? cur_children(s[i], kids, CUR_MAX_CHILDREN) : 0;
    bool all = nk > 0 && nk <= CUR_MAX_CHILDREN;
    for (int v = 0; all && v < nk; v++) {
      int k = 0;
      while (k < npicks && !clang_equalCursors(picks[k].decl, kids[v])) k++;
      all = k < npicks;
    }
    taken[i] = taken[i] || all;
  }
  for (int k = 0; k < npicks; k++) /* nothing else in the step moves a pointer or a grid */
    for (int i = 0; i < *n; i++) {
      CXCursor where;
      if (sets_pick(picks, npicks, s[i]) || (kind(s[i]) == CXCursor_DeclStmt && taken[i]))
        continue;
      if (cur_written(p->tu, s[i], picks[k].decl, &where))
        return fail(p, where, HINT_PICK,
                    "the pointer '%s', picked by the step's parity, is changed after its pick",
                    picks[k].name);
      for (int g = 0; g < 2; g++)
        if (cur_written(p->tu, s[i], picks[k].grid_decl[g], &where))
          return fail(p, where, HINT_PICK,
                      "the grid '%s', which '%s' picks by the step's parity, is moved in the "
                      "time loop", picks[k].grid[g], picks[k].name);
    }
  for (int k = 0; k < npicks; k++) { /* pair the pointers */
    if (!picks[k].name[0]) continue;
    int o = k + 1;
    while (o < npicks && !(picks[o].name[0] && !strcmp(picks[o].grid[0], picks[k].grid[1]) &&
                           !strcmp(picks[o].grid[1], picks[k].grid[0])))
      o++;
    if (o == npicks)
      return fail(p, picks[k].set, HINT_PICK,
                  "'%s' picks '%s' and '%s' by the step's parity, but no other pointer picks them "
                  "the other way round: the grid read and the grid written must change places "
                  "each step", picks[k].name, picks[k].grid[0], picks[k].grid[1]);
    if (p->nrot == PROG_MAX_FIELDS)
      return fail(p, picks[k].set, HINT_GRIDS, "more than %d grids (coefficient grids included)",
                  PROG_MAX_FIELDS);
    Rotation *r = &p->rot[p->nrot++];
    memset(r, 0, sizeof *r);
    r->len = 2;
    r->written = -1;
    r->picked = true;
    const Pick *pair[2] = {&picks[k], &picks[o]};
    for (int j = 0; j < 2; j++) { /* (names of IR_NAME_MAX each) */
      memcpy(r->name[j], pair[j]->name, IR_NAME_MAX);
      memcpy(r->grid[j], pair[j]->grid[0], IR_NAME_MAX);
    }
    picks[o].name[0] = '\0';
  }
  for (int i = 0; i < *n; i++)
    if (!taken[i]) s[kept++] = s[i];
  *n = kept;
  p->program_form = true; /* (one sweep between two picked grids is frontend_parse's form) */
  return 0;
}

/* Up to three distinct names of the grids (or pointers) accessed in c (GridNames.n). */
typedef struct {
  char name[3][IR_NAME_MAX];
  int n;
} GridNames;

static bool note_grid(CXCursor c, void *data) {
  GridNames *g = data;
  Access a;
  if (kind(c) != CXCursor_ArraySubscriptExpr || cur_access(c, &a) != CUR_ACCESS) return false;
  bool seen = false;
  for (int i = 0; i < g->n; i++) seen = seen || !strcmp(g->name[i], a.name);
  if (!seen) snprintf(g->name[g->n++], IR_NAME_MAX, "%s", a.name);
  return g->n == 3;
}

/* The picks of read_picks. A refusal of them is this front end's where the step's nests access
 * more than the two pointers of one sweep (a coefficient grid, another field): else it is the
 * single-stencil front end's, which reads one sweep's picks too. */
static int take_picks(Parser *p, CXCursor *s, int *n) {
  if (!read_picks(p, s, n)) return 0;
  GridNames g = {.n = 0};
  for (int i = 0; i < *n && g.n < 3; i++)
    if (kind(s[i]) == CXCursor_ForStmt) cur_find(s[i], true, note_grid, &g);
  if (g.n == 3) p->program_form = true;
  return -1;
}

static int parse_access(Parser *p, CXCursor c, Access *a) {
  switch (cur_access(c, a)) {
  case CUR_ACCESS_DEEP: return fail(p, c, HINT_PROGRAM, "array access has too many subscripts");
  case CUR_NO_ACCESS:
    if (cur_deref(p->tu, c)) return fail(p, c, CUR_HINT_DEREF, CUR_MSG_DEREF);
    return fail(p, c, HINT_PROGRAM, "expected an access to a grid array");
  default: break;
  }
  /* through a row pointer (const float *up = &u[(i - 1) * nx]; up[j]): the grid it points into,
   * the row's offset added to the subscript where it is read (flat_read) */
  char name[IR_NAME_MAX], why[512] = "";
  CXCursor grid;
  int k;
  const Rotation *rot = rotation_of(p, a->name, &k);
  if (rot && rot->picked) return 0; /* (a pick, declared in the loop too, is no row pointer) */
  for (int r = 0; r < p->nrot; r++)
    for (int j = 0; p->rot[r].picked && j < p->rot[r].len; j++)
      if (!strcmp(p->rot[r].grid[j], a->name))
        return fail(p, c, "read and write the grids through the pointers that pick them",
                    "'%s' is accessed directly, but the step picks it into '%s' or '%s' by its "
                    "parity: which level it holds changes each step", a->name, p->rot[r].name[0],
                    p->rot[r].name[1]);
  int row = flat_row(&p->flat, a->decl, name, &grid, why, sizeof why);
  if (row < 0)
    return fail(p, c,
                "set a row pointer once, where it is declared: const float *up = &u[(i - 1) * "
                "nx]; or index the grid itself: u[(i - 1) * nx + j]",
                "%s", why);
  if (row == 0) return 0;
  if (a->nsub != 1)
    return fail(p, c, HINT_PROGRAM, "'%s' is a row pointer but is indexed with %d subscripts",
                a->name, a->nsub);
  a->row = a->decl;
  a->decl = grid;
  snprintf(a->name, sizeof a->name, "%s", name);
  return 0;
}

/* The stage's loop variables, outermost first. */
static void stage_vars(const Parser *p, char vars[IR_MAX_DIMS][IR_NAME_MAX]) {
  for (int ax = 0; ax < p->pr->dims; ax++) memcpy(vars[ax], p->loops[ax].var, IR_NAME_MAX);
}

/* The ?: an index computes with, in it or in the value of an integer local it reads (Rodinia
 * hotspot3D's clamped faces: w = (x == 0) ? c : c - 1), the local's name in cv->local ("" for
 * the index itself). */
typedef struct {
  CXCursor found;
  char local[IR_NAME_MAX];
  int depth;
} Conditional;

static void conditional_in(CXCursor c, Conditional *cv);

static enum CXChildVisitResult conditional_visit(CXCursor c, CXCursor parent, CXClientData data) {
  (void)parent;
  Conditional *cv = data;
  conditional_in(c, cv);
  return clang_Cursor_isNull(cv->found) ? CXChildVisit_Continue : CXChildVisit_Break;
}

static void conditional_in(CXCursor c, Conditional *cv) {
  if (kind(c) == CXCursor_ConditionalOperator) {
    cv->found = c;
    return;
  }
  CXCursor decl = clang_getCursorReferenced(c), assigned;
  if (kind(c) == CXCursor_DeclRefExpr && kind(decl) == CXCursor_VarDecl &&
      cur_integer_type(decl) && cv->depth < CUR_MAX_LOCAL_DEPTH) {
    CXCursor value = cur_local_value(decl, c, &assigned);
    cv->depth++;
    if (!clang_Cursor_isNull(value)) conditional_in(value, cv);
    cv->depth--;
    if (!clang_Cursor_isNull(cv->found) && !cv->local[0]) cur_name(decl, cv->local);
  }
  if (clang_Cursor_isNull(cv->found)) clang_visitChildren(c, conditional_visit, cv);
}

/* The refusal of an index chosen by ?: (a boundary condition), or 0 when sub has none. */
static int conditional_index(Parser *p, const Access *a, CXCursor sub) {
  Conditional cv = {clang_getNullCursor(), "", 0};
  conditional_in(sub, &cv);
  if (clang_Cursor_isNull(cv.found)) return 0;
  return fail(p, cv.found,
              "update the interior only, for (x = 1; x < nx - 1; x++) ... w = c - 1; (the faces "
              "are left as they are; a face set from its neighbour, u[c] = u[c + 1], goes in a "
              "loop of its own over the other axes after the sweep)",
              "the index %s%s%sof '%s' is chosen with ?:, a boundary condition (the neighbour "
              "clamped at the grid's face); a stage's indices are the same affine offsets at "
              "every cell", cv.local[0] ? "'" : "", cv.local, cv.local[0] ? "' " : "", a->name);
}

/* The offsets of a flattened read a[IDX(i + c, j + d, k + e)], a[idx + nx] (idx = i * nx + j):
 * the row-major cell over the program's extents, constant or run-time (flat.h). */
static int flat_read(Parser *p, const Access *a, CXCursor sub, int off[IR_MAX_DIMS]) {
  const Program *pr = p->pr;
  char vars[IR_MAX_DIMS][IR_NAME_MAX], why[512] = "";
  stage_vars(p, vars);
  if (!flat_offsets(&p->flat, sub, a->row, a->name, pr->dims, (const char(*)[IR_NAME_MAX])vars,
                    (const char(*)[IR_NAME_MAX])pr->extent_param, pr->extent_pad,
                    pr->extent_const, off, why, sizeof why))
    return 0;
  if (conditional_index(p, a, sub)) return -1;
  char ext[3 * IR_NAME_MAX + 16] = "";
  for (int ax = 0, n = 0; ax < pr->dims; ax++) {
    if (pr->extent_param[ax][0] && pr->extent_pad[ax])
      n += snprintf(ext + n, sizeof ext - (size_t)n, "%s%s + %d", ax ? " x " : "",
                    pr->extent_param[ax], pr->extent_pad[ax]);
    else if (pr->extent_param[ax][0])
      n += snprintf(ext + n, sizeof ext - (size_t)n, "%s%s", ax ? " x " : "", pr->extent_param[ax]);
    else
      n += snprintf(ext + n, sizeof ext - (size_t)n, "%s%ld", ax ? " x " : "", pr->extent_const[ax]);
  }
  return fail(p, sub,
              "index every flat grid of the program as the row-major cell over the extents its "
              "loops are bounded by: int idx = i * nx + j; ... p[idx + nx], vel[idx]; copy a grid "
              "of other extents (a model of the interior only, another pitch) into one of the "
              "program's extents first",
              "the flattened index of '%s' is not the row-major cell of the loop variables over "
              "the grids' extents (%s): %s", a->name, ext, why);
}

/* Offsets of the last dims subscripts, which must follow the stage's loops (or of one flat
 * subscript, flat_offsets). */
static int offsets(Parser *p, const Access *a, int first, int off[IR_MAX_DIMS]) {
  int dims = p->pr->dims;
  if (dims > 1 && a->nsub - first == 1) return flat_read(p, a, a->sub[first], off);
  if (a->nsub - first != dims)
    return fail(p, a->sub[0],
                "declare every grid with its axes (float u[3][nz][nx], float vel[nz][nx]) and "
                "index each axis with its loop variable; flattened indices are not taken here",
                "'%s' is indexed with %d spatial subscript%s; the loops update %d axes", a->name,
                a->nsub - first, a->nsub - first == 1 ? "" : "s", dims);
  for (int ax = 0; ax < dims; ax++) {
    char var[IR_NAME_MAX];
    long long k;
    if (affine(p, a->sub[first + ax], var, &k)) return -1;
    if (strcmp(var, p->loops[ax].var))
      return fail(p, a->sub[first + ax],
                  "subscripts follow the loop order: the outermost spatial loop indexes the "
                  "first spatial dimension",
                  "subscript %d of '%s' must be '%s' plus a constant", first + ax + 1, a->name,
                  p->loops[ax].var);
    if (k < -64 || k > 64)
      return fail(p, a->sub[first + ax], "stencilc handles radii up to 64", "offset %lld is too large", k);
    off[ax] = (int)k;
  }
  for (int ax = dims; ax < IR_MAX_DIMS; ax++) off[ax] = 0;
  return 0;
}

/* ---- declarations ---- */

/* The extent of axis ax as the stage's loop implies it (for a grid declared without it): the
 * loop's size parameter (i < n - 1), or the constant its bound is written with (i < NZ - 1). */
static int loop_extent(Parser *p, const Access *a, int ax, char param[IR_NAME_MAX], int *pad,
                       long long *e) {
  const Loop *l = &p->loops[ax];
  if (l->ext[0]) {
    snprintf(param, IR_NAME_MAX, "%s", l->ext);
    /* a loop past its bound's name (1 <= i <= n) runs over an interior of n cells: the halo
     * beyond it is as wide as the one below */
    if (l->bound < 0 && l->lo <= IR_MAX_EXTENT_PAD / 2) *pad = (int)(l->lo - l->bound);
  } else if (!(*e = p->size[ax]))
    return fail(p, l->at, "bound the loop by the grid's size (i < NZ - 1, with NZ a macro or a const)",
                "cannot tell the extent of axis %d of '%s': its declaration gives no size and the "
                "loop over '%s' is bounded by a bare number", ax, a->name, l->var);
  return 0;
}

/* A size written n + k (a[ny + 2][nx + 2]: the interior's size and the halo around it), k a
 * constant from 1 to IR_MAX_EXTENT_PAD: its name and k. */
static bool padded_size(Parser *p, CXCursor at, char param[IR_NAME_MAX], int *pad) {
  CXCursor kids[2];
  char op[4];
  long long k;
  at = cur_strip(at);
  if (kind(at) != CXCursor_BinaryOperator || !cur_binary_op(p->tu, at, op) || strcmp(op, "+") ||
      cur_children(at, kids, 2) != 2 || !cur_ref_name(kids[0]) || !cur_eval_int(kids[1], &k) ||
      k < 1 || k > IR_MAX_EXTENT_PAD)
    return false;
  snprintf(param, IR_NAME_MAX, "%s", cur_ref_name(kids[0]));
  *pad = (int)k;
  return true;
}

/* Checks a grid's declaration: floating elements of the program's type, `levels` time levels
 * first when level_dim (none for 1, nor for a pair of swapped pointers), then the program's
 * extents (the first grid sets them). Sizes the declaration does not give (a pointer: float *u
 * indexed flat, float (*u)[NY][NX]) are the loops' (loop_extent). */
static int grid_decl(Parser *p, const Access *a, int levels, bool level_dim, bool first_grid) {
  Program *pr = p->pr;
  enum CXTypeKind ek = clang_getCanonicalType(cur_element_type(clang_getCursorType(a->decl))).kind;
  if (ek != CXType_Float && ek != CXType_Double)
    return fail(p, a->decl, "declare the grids as float or double", "grid '%s' is not of float or double", a->name);
  DType t = ek == CXType_Double ? DTYPE_DOUBLE : DTYPE_FLOAT;
  if (first_grid) pr->dtype = t;
  else if (t != pr->dtype)
    return fail(p, a->decl, "declare every grid of the program with one element type",
                "grid '%s' is %s, but the program's grids are %s", a->name, ir_dtype_name(t),
                ir_dtype_name(pr->dtype));
  bool pointer = cur_pointer_decl(a->decl);
  int k;
  /* (local pointers the loop rotates hold the levels of grids the function was given: float *u =
   * a, *unew = b; any other local pointer could point anywhere) */
  if (pointer && kind(a->decl) != CXCursor_ParmDecl && !rotation_of(p, a->name, &k))
    return fail(p, a->decl, "declare the grid as an array (float u[3][nz][nx]) or pass it as a parameter",
                "grid '%s' is a local pointer; stencil programs take arrays, parameters and "
                "pointers the time loop rotates", a->name);
  CXCursor sizes[1 + IR_MAX_DIMS];
  int n = cur_decl_sizes(a->decl, sizes), first = levels > 1 && level_dim;
  /* axes the declaration leaves out, leading: all of them for a flat grid (float *u, or
   * float u[NZ * NY * NX] or u[3][nz * nx] in more than one dimension), the first for
   * float (*u)[NY][NX] */
  int missing = n == first + pr->dims ? 0
              : first && pr->dims > 1 && n == 2 ? pr->dims /* float u[3][nz * nx] */
              : pointer && n == first + pr->dims - 1 ? 1
              : !first && ((pointer && n == 0) || (pr->dims > 1 && n == 1)) ? pr->dims : -1;
  if (missing < 0)
    return fail(p, a->decl,
                first ? "declare the grid with its time levels first: float u[3][nz][nx]"
                      : "declare the grid with one size per axis: float k[nz][nx]",
                "grid '%s' is declared with %d dimension%s; expected %d", a->name, n,
                n == 1 ? "" : "s", first + pr->dims);
  long long m;
  if (first && (!cur_eval_int(sizes[0], &m) || m != levels))
    return fail(p, sizes[0], "the first dimension holds the time levels: float u[3][nz][nx]",
                "first dimension of '%s' must be %d, the levels its time subscripts take", a->name,
                levels);
  for (int ax = 0; ax < pr->dims; ax++) {
    char param[IR_NAME_MAX] = "";
    long long e = 0;
    int pad = 0;
    CXCursor at = ax < missing ? a->decl : sizes[first + ax - missing];
    if (ax < missing) {
      if (loop_extent(p, a, ax, param, &pad, &e)) return -1;
    } else if (!cur_eval_int(at, &e) && !cur_ref_name(at) && !padded_size(p, at, param, &pad)) {
      return fail(p, at,
                  "give each grid dimension as a parameter (n), a parameter plus a constant (n "
                  "+ 2) or a constant",
                  "grid size must be a variable, a variable plus a constant or a constant");
    } else if (cur_ref_name(at) && !cur_eval_int(at, &e)) {
      snprintf(param, sizeof param, "%s", cur_ref_name(at));
    }
    if (first_grid) {
      snprintf(pr->extent_param[ax], IR_NAME_MAX, "%s", param);
      pr->extent_const[ax] = param[0] ? 0 : e;
      pr->extent_pad[ax] = pad;
    } else if (strcmp(param, pr->extent_param[ax]) || pad != pr->extent_pad[ax] ||
               (!param[0] && e != pr->extent_const[ax])) {
      return fail(p, at, "every grid of a program has the same extents",
                  "axis %d of '%s' differs from the program's first grid", ax, a->name);
    }
  }
  return 0;
}

/* ---- expressions ---- */

static Expr *parse_expr(void *parser, CXCursor c);
static void refuse(void *p, CXCursor at, const char *hint, const char *msg) {
  fail(p, at, hint, "%s", msg);
}

/* How operators.c reads this recogniser's expressions; defined below, after the readers. */
static const ExprForms FORMS;
static bool in_double(void *parser) { return ((Parser *)parser)->pr->dtype == DTYPE_DOUBLE; }

static Expr *constant_expr(double v, const char *text) {
  Expr *e = ir_new_expr(EX_CONST);
  e->value = v;
  snprintf(e->text, sizeof e->text, "%s", text);
  return e;
}

static Expr *node(ExprKind k, Expr *a, Expr *b) {
  Expr *e = ir_new_expr(k);
  e->nargs = 2;
  e->arg[0] = a;
  e->arg[1] = b;
  return e;
}

/* A value clang can compute (a literal, macro, const variable). */
static Expr *evaluated(Parser *p, CXCursor c) {
  double v;
  char text[40];
  if (!cur_literal(p->tu, c, &v, text) && !cur_eval_number(c, &v, text)) return NULL;
  return constant_expr(v, text);
}

static Expr *binary(void *parser, CXCursor c) {
  Parser *p = parser;
  char op[4];
  CXCursor kids[2];
  if (!cur_binary_op(p->tu, c, op) || cur_children(c, kids, 2) != 2) {
    Expr *k = evaluated(p, c); /* a constant macro, #define C0 (-205.0f / 72.0f) */
    if (!k) fail(p, c, "expand the macro by hand", "cannot see the operator (it comes from a macro)");
    return k;
  }
  ExprKind k = op_binary_kind(op);
  if (k == EX_CONST) {
    fail(p, c, HINT_OPERATORS, "operator '%s' is not supported in a stencil expression", op);
    return NULL;
  }
  return op_node(&FORMS, p, k, kids, 2);
}

static Expr *unary(void *parser, CXCursor c) {
  Parser *p = parser;
  return op_sign(&FORMS, p, p->tu, c);
}

enum { MAX_SOURCE_POWER = 4 };

/* pow(x, k) in a point source's value, k a whole constant 1 .. MAX_SOURCE_POWER (Sullivan's
 * Gaussian pulse, exp(-0.5 * pow((t0 - T) / spread, 2.0))): the product x * ... * x, which
 * rounds as pow does for a square. */
static Expr *source_power(Parser *p, CXCursor c) {
  Expr *k = evaluated(p, clang_Cursor_getArgument(c, 1));
  double power = k ? k->value : 0;
  ir_free_expr(k);
  if (power < 1 || power > MAX_SOURCE_POWER || power != (long)power) {
    fail(p, c, "write the power as a product (x * x * x) or as exp(k * log(x))",
         "pow in a point source's value takes a whole constant exponent from 1 to %d",
         MAX_SOURCE_POWER);
    return NULL;
  }
  Expr *x = parse_expr(p, clang_Cursor_getArgument(c, 0));
  Expr *e = x;
  for (int i = 1; e && i < (int)power; i++) e = node(EX_MUL, e, ir_copy_expr(x));
  return e;
}

static Expr *call(void *parser, CXCursor c) {
  Parser *p = parser;
  char name[IR_NAME_MAX];
  cur_name(c, name);
  if (p->source && (!strcmp(name, "pow") || !strcmp(name, "powf")) &&
      clang_Cursor_getNumArguments(c) == 2)
    return source_power(p, c);
  if (op_is_fma(c, name)) return op_fma(&FORMS, p, c);
  const MathFunc *f = ir_math_func(name);
  int n = clang_Cursor_getNumArguments(c);
  char why[512];
  const char *hint;
  if (!f && inline_refusal(c, why, sizeof why, &hint)) {
    fail(p, c, hint, "%s", why);
    return NULL;
  }
  if (!f || n != f->nargs) {
    fail(p, c, ir_math_func_list(), "call to '%s' with %d arguments is not supported", name, n);
    return NULL;
  }
  return op_call(&FORMS, p, c, f);
}

static bool indexed_by_loops(const Parser *p, const Access *a) {
  for (int s = 0; s < a->nsub; s++)
    for (int l = 0; l < p->pr->dims; l++)
      if (cur_mentions_through_locals(a->sub[s], p->loops[l].var)) return true;
  return false;
}

/* Whether the variable read at constant subscripts is a table whose items are its
 * initializer's: a const array or pointer variable (the item reader refuses what has no items),
 * or an array whose elements nothing changes (cur_read_only_table). */
static bool table_var(CXCursor decl) {
  return kind(decl) == CXCursor_VarDecl &&
         (clang_isConstQualifiedType(cur_element_type(clang_getCursorType(decl))) ||
          cur_read_only_table(decl));
}

/* An element of a const array read at constant subscripts or radius-loop variables (c[r],
 * c[axis][r]): the initializer's item there (flat_table_item), folded when clang can. */
static Expr *const_element(Parser *p, CXCursor c, const Access *a) {
  CXCursor item;
  Refusal why;
  if (flat_table_item(&p->flat, c, a, &item, &why)) {
    refused(p, &why);
    return NULL;
  }
  if (clang_Cursor_isNull(item)) return constant_expr(0, "0.0"); /* left out: zero */
  Expr *e = evaluated(p, item);
  return e ? e : parse_expr(p, item);
}

/* An element of an integer array in an operand (operators.c): a const table's item. */
static int int_item(void *parser, CXCursor c, CXCursor *item) {
  Parser *p = parser;
  Access a;
  if (parse_access(p, c, &a)) return -1;
  if (indexed_by_loops(p, &a) && op_is_bool(c)) return fail(p, c, HINT_MASK, MSG_MASK, a.name);
  if (indexed_by_loops(p, &a) || !table_var(a.decl))
    return fail(p, c, "grids hold float or double; integer weights go in a const table with "
                      "their values: static const int K[3] = {1, 2, 1};",
                "reads the integer array '%s', which is no const table read at constant "
                "subscripts", a.name);
  Refusal why;
  if (flat_table_item(&p->flat, c, &a, item, &why)) {
    refused(p, &why);
    return -1;
  }
  if (clang_Cursor_isNull(*item)) /* left out of the list: C makes it zero, read as such */
    return fail(p, c, "list every element of an integer table", "'%s' leaves this element out",
                a.name);
  return 0;
}

/* A read of a grid that another assignment of the same cell body writes (vx[k] += ...;
 * vz[k] += ...; in one loop): the loop computes what its assignments as stages in source order
 * compute only where both read the same value. In the loop, a read at the cell itself sees the
 * new value after the assignment and the old one before it; as stages, a later stage sees the
 * new value and an earlier one the old, so that read must come after the assignment when it is
 * for a later one. A read at another cell sees the new value where the loop has been and the old
 * one elsewhere: that depends on the order of the cells, and is refused. */
static int fused_read(Parser *p, CXCursor c, int f, int shift, const int off[IR_MAX_DIMS]) {
  static const char *const hint =
      "split the loop: one loop nest per assignment, in the order whose values are meant (a "
      "later nest reads the new values of an earlier one at every cell)";
  const Program *pr = p->pr;
  const Field *fd = &pr->fields[f];
  int w = fd->writer;
  if (fd->coef || w == p->stage || shift != (fd->levels > 1) ||
      clang_Cursor_isNull(p->site[w].nest) ||
      !clang_equalCursors(p->site[w].nest, p->site[p->stage].nest))
    return 0;
  unsigned line = cur_loc(p->path, p->site[w].stmt).line;
  for (int ax = 0; ax < pr->dims; ax++)
    if (off[ax])
      return fail(p, c, hint,
                  "reads '%s' at offset %+d along axis %d in the loop body that assigns it (line "
                  "%u): the value read depends on the order of the cells (new where the loop has "
                  "been, old elsewhere)",
                  fd->name, off[ax], ax, line);
  if (w < p->stage && p->pos < p->site[w].at)
    return fail(p, c,
                "read the grid after its assignment when the new value is meant; keep the old "
                "value in a grid of its own otherwise, or split the loop",
                "reads '%s' before its assignment (line %u) for the assignment to '%s' after it: "
                "the loop reads the old value there, but as stages in source order the later one "
                "reads the new value",
                fd->name, line, pr->fields[pr->stages[p->stage].field].name);
  return 0;
}

/* A new read-only field named name, a coefficient grid (its index), or -1 past the limit. */
static int new_coef_field(Parser *p, CXCursor c, const char *name) {
  Program *pr = p->pr;
  if (pr->nfields == PROG_MAX_FIELDS)
    return fail(p, c, HINT_GRIDS, "more than %d grids (coefficient grids included)", PROG_MAX_FIELDS);
  Field *fd = &pr->fields[pr->nfields];
  memset(fd, 0, sizeof *fd);
  snprintf(fd->name, sizeof fd->name, "%s", name);
  fd->levels = 1;
  fd->coef = true;
  fd->writer = -1;
  return pr->nfields++;
}

/* Whether a reads a 1D coefficient array along one axis of a program of several (Field.per_axis:
 * damp_x[ix], dx[i - 1], kz[iz]): one subscript, a stage loop's variable plus a constant, of an
 * array declared with one size or none. True with the axis and the offset. A flat index
 * (iz * nx + ix) is none. */
static bool axis_read(Parser *p, const Access *a, int *axis, long long *k) {
  CXCursor sizes[1 + IR_MAX_DIMS], bad;
  char var[IR_NAME_MAX];
  if (p->pr->dims < 2 || a->nsub != 1 || !clang_Cursor_isNull(a->row) ||
      cur_decl_sizes(a->decl, sizes) > 1 || !affine_at(p, a->sub[0], var, k, &bad))
    return false;
  for (*axis = 0; *axis < p->pr->dims; (*axis)++)
    if (!strcmp(var, p->loops[*axis].var)) return true;
  return false;
}

/* Checks the declaration of a 1D coefficient array along axis ax: the program's element type,
 * and a declared size (const float damp_x[nx]) that is the grids' extent along ax. */
static int axis_decl(Parser *p, const Access *a, int ax) {
  const Program *pr = p->pr;
  enum CXTypeKind ek = clang_getCanonicalType(cur_element_type(clang_getCursorType(a->decl))).kind;
  DType t = ek == CXType_Double ? DTYPE_DOUBLE : DTYPE_FLOAT;
  if ((ek != CXType_Float && ek != CXType_Double) || t != pr->dtype)
    return fail(p, a->decl, "declare the coefficient arrays with the grids' element type",
                "coefficient array '%s' is not of %s, the program's element type", a->name,
                ir_dtype_name(pr->dtype));
  CXCursor sizes[1 + IR_MAX_DIMS];
  if (cur_decl_sizes(a->decl, sizes) == 0) return 0; /* a pointer: the caller's extent */
  char param[IR_NAME_MAX] = "";
  int pad = 0;
  long long e = 0;
  bool same = cur_eval_int(sizes[0], &e)
                  ? !pr->extent_param[ax][0] && e == pr->extent_const[ax]
              : cur_ref_name(sizes[0])
                  ? !strcmp(cur_ref_name(sizes[0]), pr->extent_param[ax]) && !pr->extent_pad[ax]
                  : padded_size(p, sizes[0], param, &pad) &&
                        !strcmp(param, pr->extent_param[ax]) && pad == pr->extent_pad[ax];
  if (same) return 0;
  char ext[IR_NAME_MAX + 24];
  if (!pr->extent_param[ax][0]) snprintf(ext, sizeof ext, "%ld", pr->extent_const[ax]);
  else if (pr->extent_pad[ax]) snprintf(ext, sizeof ext, "%s + %d", pr->extent_param[ax], pr->extent_pad[ax]);
  else snprintf(ext, sizeof ext, "%s", pr->extent_param[ax]);
  return fail(p, sizes[0],
              "declare the array with the grids' extent along its axis (const float damp_x[nx] "
              "for a profile read at damp_x[ix])",
              "coefficient array '%s' is read along axis %d ('%s'), but its size is not the "
              "grids' extent along that axis, %s", a->name, ax, p->loops[ax].var, ext);
}

/* The EX_LOAD of a read of the 1D coefficient array a along axis ax at offset k (axis_read). */
static Expr *read_axis_array(Parser *p, CXCursor c, const Access *a, int ax, long long k) {
  Program *pr = p->pr;
  int f = program_field(pr, a->name);
  p->program_form = true; /* only a program reads one: this message, not the single stencil's */
  if (f >= 0 && !pr->fields[f].per_axis) {
    fail(p, c, "read a grid of the program at every axis (k[iz][ix], k[iz * nx + ix]), a 1D "
               "coefficient array at one (damp_x[ix])",
         "'%s' is read as a grid of the program elsewhere and as a 1D array along axis %d here",
         a->name, ax);
    return NULL;
  }
  if (f >= 0 && pr->fields[f].axis != ax) {
    fail(p, c, "read a 1D coefficient array along one axis, or give each axis an array of its own",
         "1D coefficient array '%s' is read along axis %d ('%s') here and along axis %d "
         "elsewhere", a->name, ax, p->loops[ax].var, pr->fields[f].axis);
    return NULL;
  }
  if (k < -64 || k > 64) {
    fail(p, a->sub[0], "stencilc handles radii up to 64", "offset %lld is too large", k);
    return NULL;
  }
  if (f < 0) {
    if (axis_decl(p, a, ax) || (f = new_coef_field(p, c, a->name)) < 0) return NULL;
    pr->fields[f].per_axis = true;
    pr->fields[f].axis = ax;
  }
  int off[IR_MAX_DIMS] = {0};
  off[ax] = (int)k;
  Expr *e = ir_new_expr(EX_LOAD);
  e->point = program_add_point(&pr->stages[p->stage], f, 0, off);
  return e;
}

static Expr *read_grid(Parser *p, CXCursor c, const Access *a) {
  Program *pr = p->pr;
  int axis, level, known = program_field(pr, a->name);
  long long axis_off;
  if (axis_read(p, a, &axis, &axis_off) && !rotation_of(p, a->name, &level) &&
      (known < 0 || pr->fields[known].coef))
    return read_axis_array(p, c, a, axis, axis_off);
  int k = 0;
  const Rotation *rot = rotation_of(p, a->name, &k);
  const char *name = rot ? rotation_field(rot) : a->name;
  bool level_sub = a->nsub > 1 && cur_mentions(a->sub[0], p->time.var);
  int f = program_field(pr, name);
  if (f < 0 && rot) {
    fail(p, c, "write the new level through one of the rotated pointers",
         "'%s' is rotated by pointer, but no stage writes it or the pointers it rotates with", a->name);
    return NULL;
  }
  if (f < 0) { /* a grid no stage writes: a coefficient grid */
    if (level_sub) {
      fail(p, c, "a grid no stage writes is a coefficient grid, read as k[i][j] without a time "
                 "level",
           "'%s' is read with a time level, but no stage writes it", a->name);
      return NULL;
    }
    if (grid_decl(p, a, 1, false, false) || (f = new_coef_field(p, c, a->name)) < 0) return NULL;
    if (!cur_pointer_decl(a->decl)) p->program_form = true;
  }
  const Field *fd = &pr->fields[f];
  int shift = rot ? rotation_shift(rot, k) : 0, off[IR_MAX_DIMS];
  if (fd->per_axis) {
    fail(p, c, "read a 1D coefficient array at its axis' loop variable plus a constant "
               "(damp_x[ix], dx[ix - 1])",
         "'%s' is a 1D coefficient array along axis %d ('%s'), but this read is not '%s' plus a "
         "constant", a->name, fd->axis, p->loops[fd->axis].var, p->loops[fd->axis].var);
    return NULL;
  }
  if (fd->levels > 1 && !rot && !level_sub) {
    fail(p, c, "read every time level as F[(t + k) % M][i][j]",
         "'%s' is read without its time level", a->name);
    return NULL;
  }
  if (rot && level_sub) {
    fail(p, c, "either rotate pointers or index time levels, not both",
         "'%s' is rotated by pointer and indexed with a time level", a->name);
    return NULL;
  }
  if (level_sub && time_shift(p, a->sub[0], a->name, fd->levels, &shift)) return NULL;
  if (offsets(p, a, level_sub, off)) return NULL;
  Stage *s = &pr->stages[p->stage];
  bool own_buffer = f == s->field && shift == (fd->levels > 1);
  if (own_buffer) {
    for (int ax = 0; ax < pr->dims; ax++)
      if (off[ax]) {
        fail(p, c, "an update that overwrites its input reads only its own cell: read the "
                   "neighbours from another time level (F[t % 2]) or another array",
             "reads '%s' at offset %+d along axis %d from the buffer it is writing, which makes "
             "the result depend on the order of the cells",
             a->name, off[ax], ax);
        return NULL;
      }
    p->program_form = true; /* the leapfrog's centre read, or an in-place update */
  }
  if (fused_read(p, c, f, shift, off)) return NULL;
  Expr *e = ir_new_expr(EX_LOAD);
  e->point = program_add_point(s, f, shift, off);
  return e;
}

static Expr *source_read(Parser *p, CXCursor c, const Access *a);
static Expr *bc_load(Parser *p, CXCursor c, const Access *a);
static Expr *parameter_element(Parser *p, CXCursor c, const Access *a);

static Expr *load(void *parser, CXCursor c) {
  Parser *p = parser;
  Access a;
  if (parse_access(p, c, &a)) return NULL;
  if (p->bcs) return bc_load(p, c, &a);
  if (p->source && (a.nsub != 1 || cur_mentions(a.sub[0], p->time.var)))
    return source_read(p, c, &a);
  if (!p->source && indexed_by_loops(p, &a)) return read_grid(p, c, &a);
  if (table_var(a.decl)) return const_element(p, c, &a);
  if (!p->source && kind(a.decl) == CXCursor_ParmDecl) return parameter_element(p, c, &a);
  if (p->source) {
    fail(p, c, "give the source's value as scalars times one source array read at the time "
               "index: dt2 * wavelet[it] (or wavelet[it + k]), or compute it from the counter",
         "the point source reads '%s' without the time loop's '%s' in its index: stencilc takes "
         "a source value of float/double scalars, constants, the counter and one source array "
         "indexed by the time step (fold a grid's value at the source's cell into a scalar "
         "parameter first)",
         a.name, p->time.var);
    return NULL;
  }
  const char *changes = cur_table_changes(a.decl);
  if (changes)
    fail(p, c, CUR_HINT_TABLE, "reads the table '%s', whose values the time loop cannot take "
         "as constants: %s", a.name, changes);
  else
    fail(p, c, "give coefficients as constants, const arrays or scalar parameters",
         "'%s' is read at constant subscripts but is no const array", a.name);
  return NULL;
}

static int bc_local_reads(Parser *p, CXCursor c, Expr *e);

/* ---- run-time scalars ---- */

/* Run-time scalar `name` of the program (added when new): a float or double parameter, or (user)
 * a variable of the user's code the time loop reads but never changes (Program.scalar_user). */
static Expr *scalar(Parser *p, CXCursor c, const char *name, enum CXTypeKind tk, bool user) {
  Program *pr = p->pr;
  int k = 0;
  while (k < pr->nscalars && strcmp(pr->scalars[k], name)) k++;
  p->program_form = true; /* over the limit too: this message, not the single stencil's */
  if (k == PROG_MAX_SCALARS) {
    fail(p, c, "make some of them constants (literals, macros or const variables)",
         "'%s' is run-time scalar %d of the time loop; a stencil program reads at most %d "
         "(float or double parameters and values computed before the loop)",
         name, k + 1, PROG_MAX_SCALARS);
    return NULL;
  }
  if (k == pr->nscalars) {
    snprintf(pr->scalars[k], IR_NAME_MAX, "%s", name);
    pr->scalar_type[k] = tk == CXType_Double ? DTYPE_DOUBLE : DTYPE_FLOAT;
    pr->scalar_user[k] = user;
    pr->nscalars++;
  }
  Expr *e = ir_new_expr(EX_WEIGHT);
  e->weight = k;
  return e;
}

static const char *const HINT_PARAMETER_ARRAY =
    "pass the coefficients as a float or double array of constant inner sizes, read at constants "
    "or radius loops' variables (const float c[R + 1] read as c[0] and c[r], const float "
    "w[3][3] read as w[a + 1][b + 1]), or as scalars";

/* The subscript of a coefficient array parameter: a constant or a radius loop's variable, in
 * 0 .. size - 1 (size < 0: not declared). 0, or -1 after a refusal. */
static int parameter_subscript(Parser *p, const Access *a, int i, long long size, long long *k) {
  if (!cur_eval_int(a->sub[i], k) && !radius_value(p, a->sub[i], k))
    return fail(p, a->sub[i], HINT_PARAMETER_ARRAY, "the subscript of the coefficient array '%s' "
                "is neither a constant nor a radius loop's variable", a->name);
  if (*k < 0 || (size >= 0 && *k >= size))
    return fail(p, a->sub[i], HINT_PARAMETER_ARRAY, "subscript %d of the coefficient array '%s' "
                "is %lld, outside 0 to %lld", i + 1, a->name, *k, size >= 0 ? size - 1 : (long long)MAX_PARAMETER_ELEMENT);
  return 0;
}

/* The element type under the subscripts of array parameter a, the sizes of its levels in
 * size[] (-1 for an outermost pointer or []): NULL type kind when a level below the first is no
 * array of constant size. */
static enum CXTypeKind parameter_levels(const Access *a, long long size[IR_MAX_DIMS]) {
  /* (libclang gives a parameter its type as declared: const float c[5] is an array) */
  CXType t = clang_getCanonicalType(clang_getCursorType(a->decl));
  for (int i = 0; i < a->nsub; i++) {
    bool sized = t.kind == CXType_ConstantArray;
    if (i > 0 && !sized) return CXType_Invalid;
    if (t.kind != CXType_Pointer && !sized && t.kind != CXType_IncompleteArray &&
        t.kind != CXType_VariableArray)
      return CXType_Invalid;
    size[i] = sized ? clang_getArraySize(t) : -1;
    t = clang_getCanonicalType(t.kind == CXType_Pointer ? clang_getPointeeType(t)
                                                        : clang_getArrayElementType(t));
  }
  return t.kind;
}

/* An element of a float or double array parameter read at constant subscripts or radius loops'
 * variables (c[r] of const float c[R + 1], w[a + 1][b + 1] of const float w[3][3]: coefficients
 * the caller computes): run-time scalar "c[r]" or "w[1][2]" of the program, the array's other
 * elements unread. */
static Expr *parameter_element(Parser *p, CXCursor c, const Access *a) {
  long long size[IR_MAX_DIMS];
  enum CXTypeKind tk = a->nsub <= IR_MAX_DIMS ? parameter_levels(a, size) : CXType_Invalid;
  if (tk != CXType_Float && tk != CXType_Double) {
    /* (not p->program_form: the single-stencil front end takes a filter's weights W[a][b]) */
    CXString ts = clang_getTypeSpelling(clang_getCursorType(a->decl));
    fail(p, c, HINT_PARAMETER_ARRAY, "reads the parameter '%s' (%s) at subscripts that name "
         "none of the cell's loop variables: coefficients the caller passes come in a float or "
         "double array whose inner sizes are constants", a->name, clang_getCString(ts));
    clang_disposeString(ts);
    return NULL;
  }
  /* this message, not the single stencil's, except for a filter's weights W[a][b], which the
   * single-stencil front end takes in constant memory (a leapfrog's centre read or a scalar
   * makes the program's message win there too) */
  bool program_form = p->program_form || a->nsub == 1;
  p->program_form = program_form;
  /* a grid's cell (u[1]) or an array the loop changes is no value fixed before the loop */
  if (program_field(p->pr, a->name) >= 0 || !cur_elements_unchanged(p->time.at, a->decl)) {
    fail(p, c, "read the grid at the cell's loop variables (u[i + 1]); a value the time loop "
         "keeps goes in a scalar set before it",
         "reads '%s' at a fixed cell, but the time loop changes '%s': the value would differ "
         "from step to step", a->name, a->name);
    return NULL;
  }
  char name[IR_NAME_MAX + 16]; /* the name, then at most 3 subscripts of 2 digits */
  int len = snprintf(name, sizeof name, "%s", a->name);
  long long flat = 0;
  for (int i = 0; i < a->nsub; i++) {
    long long k;
    if (parameter_subscript(p, a, i, size[i], &k)) return NULL;
    flat = flat * (i > 0 ? size[i] : 1) + k;
    if (flat > MAX_PARAMETER_ELEMENT) {
      fail(p, c, HINT_PARAMETER_ARRAY, "reads element %lld of the coefficient array '%s', "
           "beyond the %d a stencil reads", flat, a->name, MAX_PARAMETER_ELEMENT);
      return NULL;
    }
    len += snprintf(name + len, sizeof name - (size_t)len, "[%lld]", k);
  }
  if (len >= IR_NAME_MAX) {
    fail(p, c, "give the coefficient array a shorter name", "the name '%s' is too long", a->name);
    return NULL;
  }
  Expr *e = scalar(p, c, name, tk, false);
  if (e) p->program_form = program_form; /* (scalar() claims the form for every scalar) */
  return e;
}

static const char *const HINT_INVARIANT =
    "compute coefficients once before the time loop, from parameters, globals and constants "
    "(float Cap_1 = step / Cap;), and read the grids only in the stages";

enum {
  MAX_INVARIANT_DEPTH = 16, /* locals computed from locals, followed this deep */
  MAX_INVARIANT_SEEN = 64,  /* variables each followed once */
};

typedef struct {
  CXCursor decl[MAX_INVARIANT_SEEN];
  int n;
} Seen;

/* The search for what makes a value computed before the time loop vary (invariant). */
typedef struct {
  Parser *p;
  CXCursor self; /* the local whose value is being followed */
  int depth;
  Seen *seen;
  bool given; /* self is a run-time local whose value the check takes from the program
                 (given_value): the rest of its value is not followed */
} Invariance;

static bool inside(CXCursor c, CXCursor scope) {
  unsigned b, e, sb, se;
  cur_extent(c, &b, &e);
  cur_extent(scope, &sb, &se);
  return b >= sb && e <= se;
}

static bool varies(CXCursor c, void *ctx);
static bool assigned_varies(CXCursor c, void *ctx);

/* Whether a float, double or integer variable keeps one value through the time loop, computed
 * before it from parameters, globals, constants and such locals; else fails at `at` naming why.
 * A variable already in `seen` is (being) followed: true. */
static bool invariant_at(Parser *p, CXCursor decl, CXCursor at, int depth, Seen *seen) {
  for (int i = 0; i < seen->n; i++)
    if (clang_equalCursors(seen->decl[i], decl)) return true;
  if (seen->n < MAX_INVARIANT_SEEN) seen->decl[seen->n++] = decl;
  char name[IR_NAME_MAX];
  cur_name(decl, name);
  CXCursor time_loop = p->flat.scope, where, func = clang_getCursorSemanticParent(decl);
  bool local = kind(decl) == CXCursor_VarDecl && kind(func) == CXCursor_FunctionDecl;
  if (local && inside(decl, time_loop)) {
    fail(p, at, HINT_INVARIANT, "'%s' is declared in the time loop: stencil programs read the "
                                "cell's temporaries and run-time scalars fixed before the loop",
         name);
    return false;
  }
  if (cur_written(p->tu, time_loop, decl, &where)) {
    fail(p, where, HINT_INVARIANT, "'%s' changes in the time loop; stencil programs read "
                                   "run-time scalars fixed before the loop", name);
    return false;
  }
  if (!local) return true;
  if (depth == MAX_INVARIANT_DEPTH) {
    fail(p, at, HINT_INVARIANT, "'%s' is computed through more than %d locals", name,
         MAX_INVARIANT_DEPTH);
    return false;
  }
  /* its initializer and every assignment to it (before the loop: see above) */
  Invariance v = {p, decl, depth + 1, seen, false};
  return clang_Cursor_isNull(cur_find(decl, true, varies, &v)) &&
         clang_Cursor_isNull(cur_find(func, true, assigned_varies, &v));
}

/* cur_find's test: an assignment to v.self whose right side varies (failed). */
static bool assigned_varies(CXCursor c, void *ctx) {
  Invariance *v = ctx;
  CXCursor kids[2];
  char op[4];
  if ((kind(c) != CXCursor_BinaryOperator && kind(c) != CXCursor_CompoundAssignOperator) ||
      cur_children(c, kids, 2) != 2 || !cur_binary_op(v->p->tu, c, op) || !strchr(op, '=') ||
      !strcmp(op, "==") || !strcmp(op, "!=") || !strcmp(op, "<=") || !strcmp(op, ">="))
    return false;
  CXCursor lhs = cur_strip(kids[0]);
  if (kind(lhs) != CXCursor_DeclRefExpr ||
      !clang_equalCursors(clang_getCursorReferenced(lhs), v->self))
    return false;
  return varies(kids[1], v) || !clang_Cursor_isNull(cur_find(kids[1], true, varies, v));
}

static const char *const HINT_RUNTIME_LOCAL =
    "set the coefficient once before the time loop and leave it unchanged in the loop: const "
    "double c = atof(argv[2]);, or double c; scanf(\"%lf\", &c); before the loop";

/* A float or double local whose value calls a function stencilc does not compute (const double
 * c = atof(argv[2]);), set once before the time loop (cur_runtime_local_refusal): a run-time
 * scalar of the user's code that the check gives the program's value, as a parameter (1); 0
 * after a refusal; -1 when self is no float or double (the caller refuses the call). */
static int given_value(Parser *p, CXCursor self, CXCursor call) {
  enum CXTypeKind tk = clang_getCanonicalType(clang_getCursorType(self)).kind;
  CXCursor where;
  if (tk != CXType_Float && tk != CXType_Double) return -1;
  char name[IR_NAME_MAX];
  cur_name(self, name);
  const char *why = cur_runtime_local_refusal(p->tu, p->flat.scope, self, &where);
  if (why) {
    char callee[IR_NAME_MAX];
    cur_name(call, callee);
    fail(p, where, HINT_RUNTIME_LOCAL, "'%s' %s; a value stencilc does not compute (from '%s') "
         "is read from a local set once before the time loop", name, why, callee);
    return 0;
  }
  Expr *e = scalar(p, call, name, tk, true);
  if (e) p->pr->scalar_given_local[e->weight] = true;
  ir_free_expr(e);
  return e != NULL;
}

/* cur_find's test: a call of a function that is no math function. */
static bool library_call(CXCursor c, void *ctx) {
  (void)ctx;
  char name[IR_NAME_MAX];
  if (kind(c) != CXCursor_CallExpr) return false;
  cur_name(c, name);
  return !ir_math_func(name);
}

/* Whether decl is an integer local initialised through such a call (int n = atoi(argv[1]);): a
 * float or double computed from it (dx = 1.0 / (n - 1)) is a run-time local (given_value). */
static bool opaque_integer(CXCursor decl) {
  CXCursor init = kind(decl) == CXCursor_VarDecl ? clang_Cursor_getVarDeclInitializer(decl)
                                                  : clang_getNullCursor();
  return cur_integer_type(decl) && !clang_Cursor_isNull(init) &&
         (library_call(cur_strip(init), NULL) ||
          !clang_Cursor_isNull(cur_find(init, true, library_call, NULL)));
}

/* Whether decl is a local declared without a value that a call reads into, given its address
 * (double courant; sscanf(argv[2], "%lf", &courant);): a run-time local (given_value). */
static bool read_by_call(Parser *p, CXCursor decl) {
  CXCursor where;
  return kind(decl) == CXCursor_VarDecl &&
         clang_Cursor_isNull(clang_Cursor_getVarDeclInitializer(decl)) &&
         kind(clang_getCursorSemanticParent(decl)) == CXCursor_FunctionDecl &&
         cur_written(p->tu, clang_getCursorSemanticParent(decl), decl, &where) &&
         kind(where) == CXCursor_UnaryOperator;
}

/* cur_find's test: a node of the value of v.self (its initializer, or the right-hand side of an
 * assignment to it) that reads a grid, calls a function or reads a varying local (failed). */
static bool varies(CXCursor c, void *ctx) {
  Invariance *v = ctx;
  Parser *p = v->p;
  CXCursor kids[2];
  char op[4];
  bool prefix;
  if (v->given) return false;
  if (kind(c) == CXCursor_CallExpr) {
    if (!library_call(c, NULL)) return false;
    int given = given_value(p, v->self, c);
    if (given >= 0) return v->given = given, !given;
    char name[IR_NAME_MAX];
    cur_name(c, name);
    fail(p, c, HINT_INVARIANT, "the run-time scalar computed here calls '%s'; stencilc computes "
                               "such values only from arithmetic and math functions", name);
    return true;
  }
  if ((kind(c) == CXCursor_UnaryOperator && cur_unary_op(p->tu, c, op, &prefix) && !strcmp(op, "*")) ||
      kind(c) == CXCursor_ArraySubscriptExpr) {
    CXCursor base = c;
    while (cur_children(base, kids, 2) >= 1 && kind(cur_strip(kids[0])) != CXCursor_DeclRefExpr &&
           (kind(base) == CXCursor_ArraySubscriptExpr || kind(base) == CXCursor_UnaryOperator))
      base = cur_strip(kids[0]);
    const char *name = cur_children(base, kids, 2) >= 1 ? cur_ref_name(kids[0]) : NULL;
    CXCursor array = name ? clang_getCursorReferenced(cur_strip(kids[0])) : clang_getNullCursor();
    if (name && cur_read_only_table(array)) return false; /* its subscripts are visited next */
    fail(p, c, HINT_INVARIANT, "a run-time scalar is computed here from '%s', a value of a grid "
                               "or array: stencil programs read grids only in their stages",
         name ? name : "memory");
    return true;
  }
  if (kind(c) != CXCursor_DeclRefExpr) return false;
  CXCursor decl = clang_getCursorReferenced(c);
  if (kind(decl) != CXCursor_VarDecl && kind(decl) != CXCursor_ParmDecl) return false;
  if (clang_equalCursors(decl, v->self)) return false;
  enum CXTypeKind tk = clang_getCanonicalType(clang_getCursorType(decl)).kind;
  if (tk == CXType_Pointer || tk == CXType_ConstantArray || tk == CXType_VariableArray ||
      tk == CXType_IncompleteArray) {
    if (cur_read_only_table(decl)) return false;
    fail(p, c, HINT_INVARIANT, "a run-time scalar is computed here from '%s', a grid or array: "
                               "stencil programs read grids only in their stages",
         cur_ref_name(c));
    return true;
  }
  if (kind(decl) == CXCursor_ParmDecl && (tk == CXType_Float || tk == CXType_Double)) {
    /* a run-time scalar of the program too, read by no stage: the value the user's code
     * computes from (`stencilc check` gives it the program's) */
    char name[IR_NAME_MAX];
    cur_name(decl, name);
    Expr *e = scalar(p, c, name, tk, false);
    ir_free_expr(e);
    if (!e) return true;
  }
  int given = opaque_integer(decl) ? given_value(p, v->self, c) : -1;
  if (given >= 0) return v->given = given, !given;
  given = read_by_call(p, decl) ? given_value(p, decl, c) : -1; /* (decl itself is given) */
  if (given >= 0) return !given;
  return !invariant_at(p, decl, c, v->depth, v->seen);
}

static bool known_scalar(const Program *pr, const char *name) {
  for (int k = 0; k < pr->nscalars; k++)
    if (!strcmp(pr->scalars[k], name)) return true;
  return false;
}

/* Whether variable decl, read at c in a stage, is a run-time scalar the time loop does not
 * change (a global, or a local computed before the loop); else fails. */
static bool invariant(Parser *p, CXCursor decl, CXCursor c) {
  Seen seen = {.n = 0};
  return invariant_at(p, decl, c, 0, &seen);
}

static const char *const HINT_SOURCE_VALUE =
    "compute a point source's value after the stages in float or double locals (double t = n * "
    "dt - t0;) from the time loop's counter, run-time scalars and constants, or from a float or "
    "double declared before the loop and incremented once per step before the source (T = T + "
    "1;, T += dt;)";

static const char *const HINT_SOURCE =
    "write the source as one statement after the stages: p_next[sz * nx + sx] += dt2 * "
    "wavelet[it]; (or p[sz][sx] = ..., -=), its cell given by integer parameters or constants, "
    "its value by float/double parameters, constants, one 1D array read at it or it + k, and "
    "the counter it (float t = it * dt - t0; before the source)";

static Expr *time_value(void) {
  Expr *e = ir_new_expr(EX_LOAD);
  e->point = SOURCE_TIME;
  return e;
}

/* The value of step counter v at use c, after its increment in this step: its value before the
 * loop (a run-time scalar of the user's code) plus the increment times the steps taken,
 * it - t_start + 1. The increment is read as a stage's coefficient (constants, scalars). */
static Expr *counter_value(Parser *p, CXCursor c, const SourceVar *v) {
  char name[IR_NAME_MAX], text[32];
  cur_name(v->decl, name);
  PointSource *source = p->source;
  p->source = NULL; /* (the increment: no counter, no source array) */
  Expr *by = clang_Cursor_isNull(v->by) ? constant_expr(1, "1") : parse_expr(p, v->by);
  p->source = source;
  enum CXTypeKind tk = clang_getCanonicalType(clang_getCursorType(v->decl)).kind;
  Expr *start = by ? scalar(p, c, name, tk, true) : NULL;
  if (!start) {
    ir_free_expr(by);
    return NULL;
  }
  long first = 1 - p->time.lo;
  snprintf(text, sizeof text, "%ld", labs(first));
  Expr *steps = first ? node(first > 0 ? EX_ADD : EX_SUB, time_value(), constant_expr((double)labs(first), text))
                      : time_value();
  bool unit = by->kind == EX_CONST && by->value == 1; /* (T = T + 1, T++) */
  if (unit) ir_free_expr(by);
  return node(v->sign > 0 ? EX_ADD : EX_SUB, start, unit ? steps : node(EX_MUL, by, steps));
}

/* A name in a point source's value that only a source reads: the time loop's counter
 * (SOURCE_TIME) or one of p->source_vars, whose value it reads; false for any other name.
 * *e: the value, NULL after a refusal. */
static bool source_name(Parser *p, CXCursor c, CXCursor decl, Expr **e) {
  char name[IR_NAME_MAX];
  cur_name(decl, name);
  if (!strcmp(name, p->time.var) && cur_integer_type(decl)) {
    *e = time_value();
    return true;
  }
  for (int i = 0; i < p->nsource_vars; i++) {
    const SourceVar *v = &p->source_vars[i];
    unsigned stmt_end, use, unused;
    if (!clang_equalCursors(decl, v->decl)) continue;
    if (!clang_Cursor_isNull(v->stmt)) {
      cur_extent(v->stmt, &unused, &stmt_end);
      cur_extent(c, &use, &unused);
      if (stmt_end > use) return false; /* set after this source: another value here */
    }
    if (clang_Cursor_isNull(v->value)) {
      *e = counter_value(p, c, v);
      return true;
    }
    *e = NULL;
    if (p->source_depth == MAX_TEMPS) { /* (float a = a;) */
      fail(p, c, "compute the source's value from a few locals", "the point source's value "
           "follows more than %d locals deep", MAX_TEMPS);
      return true;
    }
    p->source_depth++;
    *e = parse_expr(p, v->value);
    p->source_depth--;
    return true;
  }
  return false;
}

/* In a point source's value, integer operands of the time loop's counter are read at run time
 * (ExprForms.int_runtime): it * dt, (t0 - n) / spread. */
static bool int_runtime(void *parser, CXCursor c) {
  Parser *p = parser;
  return p->source && cur_mentions(c, p->time.var);
}

static Expr *variable(void *parser, CXCursor c) {
  Parser *p = parser;
  CXCursor decl = clang_getCursorReferenced(c);
  Expr *named;
  if (p->source && source_name(p, c, decl, &named)) return named;
  for (int i = 0; i < p->ntemps; i++)
    if (clang_equalCursors(decl, p->temps[i].decl)) {
      Expr *e = ir_copy_expr(p->temps[i].e);
      if ((p->copied += ir_count_flops(e) + 1) > MAX_COPIED_NODES) {
        ir_free_expr(e);
        fail(p, c, "use each temporary a few times", "the temporaries' uses copy more than %d operations",
             MAX_COPIED_NODES);
        return NULL;
      }
      if (bc_local_reads(p, c, e)) {
        ir_free_expr(e);
        return NULL;
      }
      return e;
    }
  Expr *e = evaluated(p, c);
  if (e) return e;
  long long r;
  char text[32];
  if (radius_value(p, c, &r)) { /* a radius loop's variable: its value in this copy */
    snprintf(text, sizeof text, "%lld", r);
    return constant_expr((double)r, text);
  }
  enum CXTypeKind tk = clang_getCanonicalType(clang_getCursorType(decl)).kind;
  char name[IR_NAME_MAX];
  cur_name(decl, name);
  bool floating = tk == CXType_Float || tk == CXType_Double;
  if (floating && kind(decl) == CXCursor_ParmDecl) return scalar(p, c, name, tk, false);
  if (floating && kind(decl) == CXCursor_VarDecl) {
    if (!known_scalar(p->pr, name) && !invariant(p, decl, c)) {
      p->program_form = true; /* this message, not the single stencil's */
      return NULL;
    }
    return scalar(p, c, name, tk, true);
  }
  fail(p, c, "use literals, macros, const variables, temporaries of the cell, or float/double "
             "parameters",
       "'%s' is not a value stencilc can read here", name);
  return NULL;
}

static Expr *literal(void *parser, CXCursor c) {
  Parser *p = parser;
  Expr *e = evaluated(p, c);
  if (!e) fail(p, c, "write the number as a decimal literal", "cannot read this literal");
  return e;
}

/* Whether ref names a spatial loop's counter of the stage being read. */
static bool loop_counter(void *parser, CXCursor ref) {
  const Parser *p = parser;
  const char *name = cur_ref_name(ref);
  for (int ax = 0; name && ax < p->pr->dims; ax++)
    if (!strcmp(name, p->loops[ax].var)) return true;
  return false;
}

static const ExprForms FORMS = {parse_expr, literal,  variable,    load,     binary, unary,
                                call,       refuse,   NULL,        int_item, int_runtime,
                                in_double,  NULL,     loop_counter};

/* Bounded as the single stencil's expressions are (MAX_EXPR_DEPTH, expr.c): a deeper one is
 * refused before its walk, whose recursion would otherwise follow every level. */
static Expr *parse_expr(void *parser, CXCursor c) {
  Parser *p = parser;
  if (p->expr_depth == MAX_EXPR_DEPTH) {
    fail(p, c, "split the expression into several stencils, or sum fewer terms",
         "the expression nests more than %d operations", MAX_EXPR_DEPTH);
    return NULL;
  }
  p->expr_depth++;
  Expr *e = op_read(&FORMS, parser, c);
  p->expr_depth--;
  return e;
}

/* The locals declared in a cell body before one of its assignments, and which of them the
 * assignment's value uses, directly or through the declarations and updates of others. */
enum { MAX_CELL_VARS = 4 * MAX_TEMPS };
typedef struct {
  CXCursor var[MAX_CELL_VARS];
  bool used[MAX_CELL_VARS];
  int n;
} CellVars;

static int cell_var(const CellVars *cv, CXCursor decl) {
  for (int i = 0; i < cv->n; i++)
    if (clang_equalCursors(cv->var[i], decl)) return i;
  return -1;
}

/* Whether the stage reads local v: one it uses, or one past MAX_CELL_VARS (read, as before). */
static bool wanted(const CellVars *cv, CXCursor v) {
  int i = cv ? cell_var(cv, v) : -1;
  return i < 0 || cv->used[i];
}

static enum CXChildVisitResult mark_use(CXCursor c, CXCursor parent, CXClientData data) {
  (void)parent;
  CellVars *cv = data;
  int i = kind(c) == CXCursor_DeclRefExpr ? cell_var(cv, clang_getCursorReferenced(c)) : -1;
  if (i >= 0) cv->used[i] = true;
  return CXChildVisit_Recurse;
}

static void mark_uses(CellVars *cv, CXCursor c) {
  mark_use(c, c, cv);
  clang_visitChildren(c, mark_use, cv);
}

/* The local that statement s updates (tmp = e, tmp += e), -1 when none of cv's. */
static int updated_var(const CellVars *cv, CXCursor s) {
  CXCursor kids[2];
  if ((kind(s) != CXCursor_BinaryOperator && kind(s) != CXCursor_CompoundAssignOperator) ||
      cur_children(s, kids, 2) != 2)
    return -1;
  return cell_var(cv, clang_getCursorReferenced(cur_strip(kids[0])));
}

/* cv: the locals of statements s[0 .. at) and those the assignment s[at] uses. */
static void cell_uses(const CXCursor *s, int at, CellVars *cv) {
  cv->n = 0;
  for (int i = 0; i < at; i++) {
    CXCursor vars[CUR_MAX_CHILDREN];
    int nv = kind(s[i]) == CXCursor_DeclStmt ? cur_children(s[i], vars, CUR_MAX_CHILDREN) : 0;
    for (int v = 0; v < nv && v < CUR_MAX_CHILDREN && cv->n < MAX_CELL_VARS; v++) {
      cv->var[cv->n] = vars[v];
      cv->used[cv->n++] = false;
    }
  }
  mark_uses(cv, s[at]);
  for (int before = -1, now = 0; now != before;) { /* until no more are used */
    for (int i = at - 1; i >= 0; i--) {
      CXCursor vars[CUR_MAX_CHILDREN];
      int u = updated_var(cv, s[i]);
      int nv = kind(s[i]) == CXCursor_DeclStmt ? cur_children(s[i], vars, CUR_MAX_CHILDREN) : 0;
      if (u >= 0 && cv->used[u]) mark_uses(cv, s[i]);
      for (int v = 0; v < nv && v < CUR_MAX_CHILDREN; v++) {
        int k = cell_var(cv, vars[v]);
        CXCursor init = clang_Cursor_getVarDeclInitializer(vars[v]);
        if (k >= 0 && cv->used[k] && !clang_Cursor_isNull(init)) mark_uses(cv, init);
      }
    }
    before = now;
    now = 0;
    for (int i = 0; i < cv->n; i++) now += cv->used[i];
  }
}

/* ---- a cell's body: temporaries, then the assignment ---- */

/* A const local clang can evaluate (const float c = 0.5f); const float div = vx[k] - ... is a
 * temporary. */
static bool constant_local(CXCursor v) {
  double value;
  char text[40];
  CXCursor init = clang_Cursor_getVarDeclInitializer(v);
  return clang_isConstQualifiedType(clang_getCursorType(v)) && !clang_Cursor_isNull(init) &&
         cur_eval_number(init, &value, text);
}

static int declare_temps(Parser *p, CXCursor decl_stmt, const CellVars *want) {
  CXCursor vars[CUR_MAX_CHILDREN];
  int n = cur_children(decl_stmt, vars, CUR_MAX_CHILDREN);
  for (int i = 0; i < n && i < CUR_MAX_CHILDREN; i++) {
    CXCursor v = vars[i];
    if (kind(v) != CXCursor_VarDecl || constant_local(v) || cur_integer_type(v))
      continue; /* a constant: clang evaluates its uses; an index: flat.c reads it where used */
    if (!wanted(want, v)) continue;
    enum CXTypeKind tk = clang_getCanonicalType(clang_getCursorType(v)).kind;
    CXCursor init = clang_Cursor_getVarDeclInitializer(v);
    if (tk != CXType_Float && tk != CXType_Double)
      return fail(p, v, "declare temporaries as float or double: float lap = ...;",
                  "a temporary of the cell must be a float or double");
    if (clang_Cursor_isNull(init))
      return fail(p, v, "give the temporary its value where it is declared", "temporary without a value");
    if (p->ntemps == MAX_TEMPS)
      return fail(p, v, "use fewer temporaries", "more than %d temporaries in a cell", MAX_TEMPS);
    Temp *t = &p->temps[p->ntemps];
    if (!(t->e = parse_expr(p, init))) return -1;
    t->decl = v;
    p->ntemps++;
  }
  return 0;
}

/* The temporary statement s assigns or updates (its value in kids[1], its operator in op), or
 * NULL. */
static Temp *updated_temp(Parser *p, CXCursor s, CXCursor kids[2], char op[4]) {
  Temp *t = NULL;
  if ((kind(s) == CXCursor_BinaryOperator || kind(s) == CXCursor_CompoundAssignOperator) &&
      cur_children(s, kids, 2) == 2 && cur_binary_op(p->tu, s, op)) {
    CXCursor target = clang_getCursorReferenced(cur_strip(kids[0]));
    for (int i = 0; i < p->ntemps; i++)
      if (clang_equalCursors(target, p->temps[i].decl)) t = &p->temps[i];
  }
  return t;
}

/* tmp = e, tmp += e, tmp -= e, tmp *= e. */
static int update_temp(Parser *p, CXCursor s) {
  CXCursor kids[2];
  char op[4] = "";
  Temp *t = updated_temp(p, s, kids, op);
  ExprKind k = !strcmp(op, "+=") ? EX_ADD : !strcmp(op, "-=") ? EX_SUB : !strcmp(op, "*=") ? EX_MUL
             : EX_CONST;
  if (!t || (k == EX_CONST && strcmp(op, "=")))
    return fail(p, s, HINT_PROGRAM, "expected an update of a temporary (tmp += ...) or the "
                                    "assignment to the grid, last");
  Expr *e = parse_expr(p, kids[1]);
  if (!e) return -1;
  if (k == EX_CONST) {
    ir_free_expr(t->e);
    t->e = e;
    return 0;
  }
  Expr *sum = ir_new_expr(k);
  sum->nargs = 2;
  sum->arg[0] = t->e;
  sum->arg[1] = e;
  /* C stores the result in the temporary's type: a float one in a double program rounds it */
  bool narrower = clang_getCanonicalType(clang_getCursorType(t->decl)).kind == CXType_Float;
  t->e = narrower && in_double(p) ? op_rounded(sum) : sum;
  return 0;
}

/* One statement of a radius loop's body: an update of a temporary (flat_unroll's UnrollStmt). */
static int radius_update(void *parser, CXCursor s) {
  Parser *p = parser;
  if (kind(s) == CXCursor_DeclStmt)
    return fail(p, s, "declare the cell's temporaries before the radius loop and update them in "
                      "it: float lap = c[0] * p[i]; for (int r = 1; r <= R; r++) lap += c[r] * "
                      "(p[i + r] + p[i - r]);",
                "a declaration inside a radius loop's body");
  return update_temp(p, s);
}

/* A radius loop in the cell's body, for (int r = 1; r <= R; r++) lap += c[r] * (p[i + r] + ...),
 * unrolled by the single-stencil front end's unroller (flat.h): its updates read once per value
 * of r, which folds in the indices (radius_value, flat_offsets) and in table subscripts. */
static int radius_loop(Parser *p, CXCursor loop) {
  char vars[IR_MAX_DIMS][IR_NAME_MAX];
  Refusal why;
  stage_vars(p, vars);
  if (!flat_unroll(&p->flat, loop, p->pr->dims, (const char(*)[IR_NAME_MAX])vars, radius_update,
                   p, &why))
    return 0;
  return refused(p, &why);
}

/* ---- stages ---- */

/* Whether the n statements s declare integer variables and pointers only: a row's index before
 * the inner loop (const int row = i * nx;), which flat.c reads where it is used, and row
 * pointers (const float *up = &u[(i - 1) * nx];), which parse_access reads through. */
static bool index_decls(CXCursor body, const CXCursor *s, int n) {
  CXCursor vars[CUR_MAX_CHILDREN];
  for (int i = 0; i < n; i++) {
    int nv = cur_children(s[i], vars, CUR_MAX_CHILDREN);
    if (kind(s[i]) != CXCursor_DeclStmt || nv > CUR_MAX_CHILDREN) return false;
    for (int v = 0; v < nv; v++)
      if (!cur_prelude_var(body, vars[v])) return false;
  }
  return true;
}

/* Where a loop nest's walk goes from a loop's body: to the loop that ends it after index
 * declarations only (const int row = i * nx; for (j ...)), else the body is the cell's. *next is
 * set; -1 when the body has too many statements. */
static int nest_next(Parser *p, CXCursor body, CXCursor *next) {
  CXCursor kids[MAX_BODY];
  int k = statements(p, body, kids);
  if (k < 0) return -1;
  bool inner = k >= 1 && kind(kids[k - 1]) == CXCursor_ForStmt && index_decls(body, kids, k - 1);
  *next = inner ? kids[k - 1] : body;
  return 0;
}

/* The stage's loop nest down to its cell body; fills p->loops and the stage's bounds. */
static int stage_loops(Parser *p, CXCursor nest, CXCursor *body) {
  Program *pr = p->pr;
  CXCursor c = nest;
  int n = 0;
  while (kind(c) == CXCursor_ForStmt) {
    if (n == IR_MAX_DIMS)
      return fail(p, c, "stencilc handles 1D, 2D and 3D grids", "too many nested loops in a stage");
    if (parse_loop(p, c, &p->loops[n], &p->size[n])) return -1;
    if (nest_next(p, p->loops[n++].body, &c)) return -1;
  }
  if (n < 1)
    return fail(p, nest, "give each stage 1, 2 or 3 spatial loops", "a stage with no spatial loop");
  if (pr->dims && n != pr->dims)
    return fail(p, nest, "every stage updates the whole grid's axes",
                "a stage with %d spatial loops in a %dD program", n, pr->dims);
  pr->dims = n;
  *body = c;
  return 0;
}

/* A loop over axis ax bounded by another variable than the grids' size (l->ext): PolyBench's
 * grids declared A[N][N] and swept by i < n - 1 are taken with n as the axis' extent_bound, the
 * same in every stage; anything else is refused. 0 or -1. */
static int loop_bound_var(Parser *p, const Loop *l, int ax) {
  Program *pr = p->pr;
  char *bound = pr->extent_bound[ax];
  if (!pr->extent_param[ax][0] && l->ext[0] && (!bound[0] || !strcmp(bound, l->ext))) {
    snprintf(bound, IR_NAME_MAX, "%s", l->ext);
    return 0;
  }
  char size[IR_NAME_MAX + 64];
  if (pr->extent_param[ax][0]) snprintf(size, sizeof size, "'%s'", pr->extent_param[ax]);
  else snprintf(size, sizeof size, "%ld, its loops bounded by '%s' in an earlier stage",
                pr->extent_const[ax], bound);
  return fail(p, l->at,
              pr->extent_param[ax][0] ? "bound each loop by the grid's size along its axis: i < n - R"
                                      : "bound the loops along an axis by the same size in every stage",
              "loop over '%s' is bounded by %s%s%s, but axis %d of the grids has size %s", l->var,
              l->ext[0] ? "'" : "", l->ext[0] ? l->ext : "a constant", l->ext[0] ? "'" : "", ax,
              size);
}

/* The cells loop l over axis ax leaves out at the grid's start (its first value) and at its
 * end (*hi), against the grid's extent along ax. */
static int loop_span(Parser *p, const Loop *l, int ax, long long *hi) {
  const Program *pr = p->pr;
  if (strcmp(l->ext, pr->extent_param[ax]) && loop_bound_var(p, l, ax)) return -1;
  /* bounded by a size (or PolyBench's n of a constant extent): bound is its offset */
  *hi = l->ext[0] ? l->bound + pr->extent_pad[ax] : pr->extent_const[ax] - l->bound;
  if (l->lo < 0 || *hi < 0 || l->lo > 1 << 20 || *hi > 1 << 20)
    return fail(p, l->at, "keep the loop inside the grid", "loop over '%s' runs outside the grid", l->var);
  return 0;
}

/* Bounds of the stage's loops against the program's extents: lo and hi per axis. */
static int stage_bounds(Parser *p, Stage *s) {
  const Program *pr = p->pr;
  for (int ax = 0; ax < pr->dims; ax++) {
    const Loop *l = &p->loops[ax];
    long long hi;
    if (loop_span(p, l, ax, &hi)) return -1;
    s->st.lo[ax] = (int)l->lo;
    s->st.hi[ax] = (int)hi;
    IrLoop *o = &s->st.loops[ax]; /* for rewrite: what the counter holds after the loop */
    snprintf(o->var, sizeof o->var, "%s", l->var);
    snprintf(o->ext, sizeof o->ext, "%s", l->ext);
    o->lo = l->lo;
    o->bound = l->bound;
    o->depth = ax;
  }
  s->st.nloops = pr->dims;
  return 0;
}

/* Every read stays inside the grid from every cell of the stage. */
static int stage_halo(Parser *p, CXCursor at, const Stage *s) {
  for (int pt = 0; pt < s->st.npoints; pt++)
    for (int ax = 0; ax < p->pr->dims; ax++) {
      int o = s->st.points[pt].off[ax], room = o < 0 ? s->st.lo[ax] : s->st.hi[ax];
      if (abs(o) > room)
        return fail(p, at, "start and end the stage's loops at least the radius away from the edge",
                    "reads '%s' at offset %+d along axis %d, but the loop over '%s' leaves only %d "
                    "cells there",
                    p->pr->fields[s->refs[pt].field].name, o, ax, p->loops[ax].var, room);
    }
  return 0;
}

/* Whether statement s assigns a grid's cell: F[...] = e, or F[...] op= e with op +, -, * or /
 * (an in-place update); its sides and operator ("=" or the "op="). */
static bool grid_assignment(Parser *p, CXCursor s, CXCursor *lhs, CXCursor *rhs, char op[4]) {
  CXCursor kids[2];
  Access a;
  enum CXCursorKind k = kind(s);
  if ((k != CXCursor_BinaryOperator && k != CXCursor_CompoundAssignOperator) ||
      cur_children(s, kids, 2) != 2 || !cur_binary_op(p->tu, s, op) ||
      cur_access(kids[0], &a) == CUR_NO_ACCESS)
    return false;
  bool update = k == CXCursor_CompoundAssignOperator && op[0] && strchr("+-*/", op[0]) &&
                !strcmp(op + 1, "=");
  *lhs = kids[0];
  *rhs = kids[1];
  return update || !strcmp(op, "=");
}

/* The assignments to grids among the n statements s of a cell body. */
static int count_assignments(Parser *p, const CXCursor *s, int n) {
  CXCursor lhs, rhs;
  char op[4];
  int count = 0;
  for (int i = 0; i < n; i++) count += grid_assignment(p, s[i], &lhs, &rhs, op);
  return count;
}

/* Second pass: the cell body of stage p->stage's nest up to its assignment, the sides and the
 * operator of which it returns. The temporaries before it are read in order; in a body of
 * several assignments, only those the stage's value uses (a temporary of another one may read
 * what this stage may not: fused_read), the other assignments skipped. */
static int assignment(Parser *p, CXCursor *lhs, CXCursor *rhs, char op[4]) {
  CXCursor body, s[MAX_BODY];
  int at = p->site[p->stage].at;
  if (stage_loops(p, p->site[p->stage].nest, &body)) return -1;
  int n = statements(p, body, s);
  if (n <= at) return -1; /* (the first pass read the same body) */
  CellVars cv;
  const CellVars *want = NULL;
  if (p->site[p->stage].fused) {
    cell_uses(s, at, &cv);
    want = &cv;
  }
  for (p->pos = 0; p->pos < at; p->pos++) {
    CXCursor si = s[p->pos];
    if (grid_assignment(p, si, lhs, rhs, op) || cur_index_assignment(si)) continue;
    if (kind(si) == CXCursor_ForStmt) {
      if (radius_loop(p, si)) return -1;
      continue;
    }
    if (want && kind(si) != CXCursor_DeclStmt && updated_var(want, si) >= 0 &&
        !want->used[updated_var(want, si)])
      continue;
    int rc = kind(si) == CXCursor_DeclStmt ? declare_temps(p, si, want) : update_temp(p, si);
    if (rc) return -1;
  }
  grid_assignment(p, s[at], lhs, rhs, op);
  return 0;
}

/* First pass over a stage: the field its assignment's left side lhs writes. */
static int stage_target(Parser *p, CXCursor lhs) {
  Program *pr = p->pr;
  Access a;
  if (parse_access(p, lhs, &a)) return -1;
  /* a time level first: u[(t + 1) % 3][i][j], u[(t + 1) % 2][IDX(i, j)] */
  bool level_sub = a.nsub > 1 && cur_mentions(a.sub[0], p->time.var);
  int spatial = a.nsub - level_sub, k = 0;
  for (int i = level_sub; i < a.nsub && spatial > 1 && clang_Cursor_isNull(a.row); i++) {
    /* ey[0][j] = src[t]: a row set each step, as PolyBench's fdtd-2d */
    bool indexed = cur_mentions(a.sub[i], p->time.var);
    for (int l = 0; l < pr->dims; l++) indexed = indexed || cur_mentions(a.sub[i], p->loops[l].var);
    if (!indexed) {
      p->program_form = true;
      return fail(p, lhs,
                  "set boundary values outside the time loop stencilc reads, or write the "
                  "stage over the whole grid's axes",
                  "the stage writes '%s' at a subscript that no loop of it runs over (a boundary "
                  "row or a source set each step, as ey[0][j] = src[t]): stencilc does not take "
                  "such stages yet",
                  a.name);
    }
  }
  if (spatial != pr->dims && spatial != 1)
    return fail(p, lhs, HINT_PROGRAM, "'%s' is written with %d subscripts; a %dD grid takes %d, "
                "or %d with its time level first", a.name, a.nsub, pr->dims, pr->dims, pr->dims + 1);
  Rotation *rot = rotation_of(p, a.name, &k);
  int levels = 1;
  if (rot && level_sub)
    return fail(p, lhs, "either rotate pointers or index time levels, not both",
                "'%s' is rotated by pointer and indexed with a time level", a.name);
  if (rot) {
    if (rot->written >= 0)
      return fail(p, lhs, "write one of the rotated pointers, the new level",
                  "'%s' and '%s' are rotated together, and both are written", a.name,
                  rot->name[rot->written]);
    rot->written = k;
    levels = rot->len;
  } else if (level_sub) {
    CXCursor sizes[1 + IR_MAX_DIMS];
    long long m = 0;
    if (cur_decl_sizes(a.decl, sizes) < 1 || !cur_eval_int(sizes[0], &m) || m < 2 ||
        m > PROG_MAX_LEVELS)
      return fail(p, a.decl, "keep 2 or 3 time levels in the first dimension: float u[3][nz][nx]",
                  "grid '%s' is written with a time level, but its first dimension is not 2 or 3",
                  a.name);
    levels = (int)m;
  }
  const char *name = rot ? rotation_field(rot) : a.name;
  if (program_field(pr, name) >= 0)
    return fail(p, lhs, "write each grid in one stage", "'%s' is written by two stages", a.name);
  if (pr->nfields == PROG_MAX_FIELDS)
    return fail(p, lhs, HINT_GRIDS, "more than %d grids (coefficient grids included)",
                PROG_MAX_FIELDS);
  if (grid_decl(p, &a, levels, !rot, pr->nfields == 0)) return -1;
  /* (pointer grids without a rotation are the single-stencil front end's, which explains them) */
  bool pointer = cur_pointer_decl(a.decl);
  if (levels == 3 || (levels != 2 && !pointer)) p->program_form = true; /* (3: no stencil's) */
  Field *f = &pr->fields[pr->nfields];
  memset(f, 0, sizeof *f);
  snprintf(f->name, sizeof f->name, "%s", name);
  f->levels = levels;
  for (int j = 0; rot && j < rot->len; j++) /* (the grids themselves where pointers pick them) */
    snprintf(f->level_var[rotation_shift(rot, j)], IR_NAME_MAX, "%s",
             rot->picked ? rot->grid[j] : rot->name[j]);
  f->level_pick = rot && rot->picked;
  f->writer = pr->nstages;
  Stage *s = &pr->stages[pr->nstages];
  memset(s, 0, sizeof *s);
  s->field = pr->nfields++;
  int shift = rot ? 1 : 0, off[IR_MAX_DIMS];
  if (level_sub && time_shift(p, a.sub[0], a.name, levels, &shift)) return -1;
  if (shift != (levels > 1))
    return fail(p, lhs, "write the next time level: F[(t + 1) % M][i][j]",
                "the stage writes '%s' at a level other than t + 1", a.name);
  if (offsets(p, &a, level_sub, off)) return -1;
  for (int ax = 0; ax < pr->dims; ax++)
    if (off[ax])
      return fail(p, lhs, "write the cell the loops point at: F[(t + 1) % 2][i][j]",
                  "the written cell is offset from the loop position");
  s->st.dims = pr->dims;
  if (stage_bounds(p, s)) return -1;
  pr->nstages++;
  return 0;
}

/* First pass over a loop nest of the time loop: its loops, and a stage for each assignment to
 * a grid in its cell body, in source order (the body ends with one; temporaries and their
 * updates may come before and between them). The stages compute what the one loop does where
 * their reads of each other agree (fused_read). */
/* Refuses a grid that an earlier statement s[0..at) of the same cell body already assigns
 * (b[i][j] = c0 * a[i][j]; b[i][j] += ...;): a stage stores its cell once. */
static int written_before(Parser *p, const CXCursor *s, int at, CXCursor lhs) {
  Access a, earlier;
  CXCursor elhs, erhs;
  char op[4];
  if (cur_access(lhs, &a) == CUR_NO_ACCESS) return 0;
  for (int i = 0; i < at; i++)
    if (grid_assignment(p, s[i], &elhs, &erhs, op) && cur_access(elhs, &earlier) != CUR_NO_ACCESS &&
        clang_equalCursors(a.decl, earlier.decl)) {
      p->program_form = true; /* (the single-stencil front end's refusal says less) */
      return fail(p, lhs,
                  "sum the terms into a local and store the cell once: double acc = c0 * a[i][j]; "
                  "acc += c1 * (...); b[i][j] = acc;",
                  "'%s' is assigned again in the same loop body; stencilc reads one store per "
                  "grid and cell", a.name);
    }
  return 0;
}

static int nest_stages(Parser *p, CXCursor nest) {
  Program *pr = p->pr;
  CXCursor body, s[MAX_BODY], lhs, rhs;
  char op[4];
  if (stage_loops(p, nest, &body)) return -1;
  int n = statements(p, body, s);
  if (n < 0) return -1;
  if (n == 0) return fail(p, body, HINT_PROGRAM, "empty loop body");
  if (!grid_assignment(p, s[n - 1], &lhs, &rhs, op))
    return fail(p, s[n - 1], HINT_PROGRAM, "a stage's loop body must end with the assignment to its grid");
  bool fused = count_assignments(p, s, n) > 1;
  if (fused) p->program_form = true; /* no single stencil's */
  int first = pr->nstages;
  for (int i = 0; i < n; i++) {
    if (!grid_assignment(p, s[i], &lhs, &rhs, op)) continue;
    if (written_before(p, s, i, lhs)) return -1;
    if (pr->nstages == PROG_MAX_STAGES)
      return fail(p, s[i],
                  "keep fewer grid assignments in the time step; a value not kept from one step "
                  "to the next can be a local of the cell (const float d = ...;)",
                  "more than %d stages (assignments to grids in a time step)", PROG_MAX_STAGES);
    p->site[pr->nstages].nest = nest;
    p->site[pr->nstages].stmt = s[i];
    p->site[pr->nstages].at = i;
    p->site[pr->nstages].fused = fused;
    if (stage_target(p, lhs)) return -1;
    pr->stages[pr->nstages - 1].nest = first;
  }
  return 0;
}

/* The value an assignment stores: its right side, or for F[...] op= e (an in-place update, of
 * a grid of one buffer) F[...] op e. */
static Expr *assigned_value(Parser *p, CXCursor lhs, CXCursor rhs, const char *op) {
  if (!strcmp(op, "=")) return parse_expr(p, rhs);
  const Field *fd = &p->pr->fields[p->pr->stages[p->stage].field];
  if (fd->levels > 1) {
    fail(p, lhs, "write the new level from the others: u[(t + 1) % 2][i][j] = u[t % 2][i][j] + ...",
         "'%s' holds %d time levels but is updated with '%s'; stencilc takes it for a grid "
         "updated in place (one buffer)", fd->name, fd->levels, op);
    return NULL;
  }
  char bin[2] = {op[0], 0};
  CXCursor sides[2] = {lhs, rhs};
  return op_node(&FORMS, p, op_binary_kind(bin), sides, 2);
}

/* Second pass: the stage's temporaries and expression. */
static int stage_expr(Parser *p) {
  Program *pr = p->pr;
  Stage *s = &pr->stages[p->stage];
  CXCursor lhs, rhs;
  char op[4];
  p->ntemps = 0;
  int rc = assignment(p, &lhs, &rhs, op) || !(s->st.expr = assigned_value(p, lhs, rhs, op));
  if (p->ntemps > p->max_temps) p->max_temps = p->ntemps;
  for (int i = 0; i < p->ntemps; i++) ir_free_expr(p->temps[i].e);
  p->ntemps = 0;
  if (rc) return -1;
  memcpy(s->st.name, pr->name, sizeof s->st.name);
  memcpy(s->st.array, pr->fields[s->field].name, sizeof s->st.array);
  s->st.dtype = pr->dtype;
  if (s->st.npoints == 0)
    return fail(p, rhs, "the new value must depend on the grids", "the stage reads no grid cell");
  return stage_halo(p, rhs, s);
}

/* ---- point sources (PointSource in ir/program.h) ---- */


/* The source array read in the value of p->source: array[it + k], one array at one k. */
static Expr *source_read(Parser *p, CXCursor c, const Access *a) {
  PointSource *ps = p->source;
  char var[IR_NAME_MAX];
  long long k;
  if (a->nsub != 1 || program_field(p->pr, a->name) >= 0) {
    fail(p, c, HINT_SOURCE, "the point source reads '%s' with %d subscripts; it takes a 1D "
         "source array read at the time loop's '%s' plus a constant", a->name, a->nsub, p->time.var);
    return NULL;
  }
  if (affine(p, a->sub[0], var, &k)) return NULL;
  if (strcmp(var, p->time.var) || p->time.lo + k < 0) {
    fail(p, c, HINT_SOURCE, "the source array '%s' is read at an index other than %s + k (k >= "
         "%lld)", a->name, p->time.var, -p->time.lo);
    return NULL;
  }
  if (ps->array[0] && (strcmp(ps->array, a->name) || ps->shift != (int)k)) {
    fail(p, c, "add each source array in its own statement",
         "the point source reads '%s' and '%s' (or one array at two time indices); stencilc "
         "takes one source array read at one time index per source", ps->array, a->name);
    return NULL;
  }
  snprintf(ps->array, sizeof ps->array, "%s", a->name);
  ps->shift = (int)k;
  Expr *e = ir_new_expr(EX_LOAD);
  e->point = SOURCE_ARRAY;
  return e;
}

/* The run-time scalar for integer parameter `name` locating a source's cell (added when new),
 * or -1 after failing. */
static int index_scalar(Parser *p, CXCursor at, const char *name) {
  Program *pr = p->pr;
  int k = 0;
  while (k < pr->nscalars && strcmp(pr->scalars[k], name)) k++;
  if (k < pr->nscalars && !pr->scalar_index[k])
    return fail(p, at, HINT_SOURCE, "'%s' is both a scalar of the stages and a source's index",
                name);
  if (k == PROG_MAX_SCALARS)
    return fail(p, at, "pass fewer scalars", "more than %d run-time scalars", PROG_MAX_SCALARS);
  if (k == pr->nscalars) {
    snprintf(pr->scalars[k], IR_NAME_MAX, "%s", name);
    pr->scalar_type[k] = pr->dtype;
    pr->scalar_index[k] = true;
    pr->nscalars++;
  }
  return k;
}

typedef struct {
  const Program *pr;
  char names[IR_MAX_DIMS][IR_NAME_MAX];
  CXCursor at[IR_MAX_DIMS];
  int n;
  bool more; /* more than IR_MAX_DIMS of them */
} IndexNames;

/* Collects the integer parameters a source's index names (not the grids' extents). */
static enum CXChildVisitResult index_names(CXCursor c, CXCursor parent, CXClientData data) {
  (void)parent;
  IndexNames *in = data;
  CXCursor d = clang_getCursorReferenced(c);
  if (kind(c) != CXCursor_DeclRefExpr || kind(d) != CXCursor_ParmDecl || !cur_integer_type(d))
    return CXChildVisit_Recurse;
  char name[IR_NAME_MAX];
  cur_name(d, name);
  for (int ax = 0; ax < in->pr->dims; ax++)
    if (!strcmp(in->pr->extent_param[ax], name)) return CXChildVisit_Continue;
  for (int i = 0; i < in->n; i++)
    if (!strcmp(in->names[i], name)) return CXChildVisit_Continue;
  if (in->n == IR_MAX_DIMS) {
    in->more = true;
    return CXChildVisit_Continue;
  }
  snprintf(in->names[in->n], IR_NAME_MAX, "%s", name);
  in->at[in->n++] = c;
  return CXChildVisit_Continue;
}

/* A flat source index (p[sz * nx + sx], p[(sz * ny + sy) * nx + sx], p[isrc + nx * jsrc]): the
 * row-major cell over the grids' extents of one integer parameter per axis, plus constants;
 * each order of the parameters over the axes is tried. */
static int flat_source_cell(Parser *p, CXCursor sub, const Access *a, PointSource *ps) {
  const Program *pr = p->pr;
  IndexNames in = {.pr = pr};
  index_names(cur_strip(sub), sub, &in);
  clang_visitChildren(sub, index_names, &in);
  if (in.n != pr->dims || in.more)
    return fail(p, sub, HINT_SOURCE,
                "the flattened index of the source's cell in '%s' names %d integer parameters "
                "besides the extents; stencilc takes one per axis (%d), as sz * nx + sx",
                a->name, in.n, pr->dims);
  static const int perms[6][3] = {{0, 1, 2}, {1, 0, 2}, {0, 2, 1}, {2, 0, 1}, {1, 2, 0}, {2, 1, 0}};
  char why[512] = "";
  for (int q = 0; q < 6; q++) {
    char vars[IR_MAX_DIMS][IR_NAME_MAX];
    int off[IR_MAX_DIMS] = {0}, ok = 1;
    for (int ax = 0; ax < pr->dims; ax++) {
      ok = ok && perms[q][ax] < pr->dims;
      if (ok) memcpy(vars[ax], in.names[perms[q][ax]], IR_NAME_MAX);
    }
    if (!ok) continue;
    if (flat_offsets(&p->flat, sub, a->row, a->name, pr->dims, (const char(*)[IR_NAME_MAX])vars,
                     (const char(*)[IR_NAME_MAX])pr->extent_param, pr->extent_pad,
                     pr->extent_const, off, why, sizeof why))
      continue;
    for (int ax = 0; ax < pr->dims; ax++) {
      ps->index[ax] = index_scalar(p, in.at[perms[q][ax]], vars[ax]);
      if (ps->index[ax] < 0) return -1;
      ps->off[ax] = off[ax];
    }
    return 0;
  }
  return fail(p, sub, HINT_SOURCE,
              "the flattened index of the source's cell in '%s' is not the row-major cell of "
              "its integer parameters over the grids' extents: %s", a->name, why);
}

static bool names(CXCursor c, void *name) {
  return kind(c) == CXCursor_DeclRefExpr && cur_ref_name(c) && !strcmp(cur_ref_name(c), name);
}

/* Whether integer variable var in subscript sub is a local of a constant value that the time
 * loop does not change (Sullivan's int kc = KE / 2;, ex[kc] = pulse;): that value in *v. */
static bool constant_index_local(Parser *p, CXCursor sub, const char *var, long long *v) {
  CXCursor ref = cur_find(sub, true, names, (void *)var), assigned;
  if (clang_Cursor_isNull(ref)) ref = sub; /* (the subscript itself names it) */
  CXCursor decl = clang_getCursorReferenced(cur_strip(ref));
  if (kind(decl) != CXCursor_VarDecl || !cur_integer_type(decl) ||
      cur_writes(p->time.at, decl))
    return false;
  CXCursor value = cur_local_value(decl, ref, &assigned);
  return !clang_Cursor_isNull(value) && cur_eval_int(value, v);
}

/* The source's cell: one subscript per axis (a parameter plus a constant, a local of constant
 * value plus a constant, or a constant) or one flat index. */
static int source_cell(Parser *p, const Access *a, bool level_sub, PointSource *ps) {
  const Program *pr = p->pr;
  int spatial = a->nsub - level_sub;
  if (spatial == 1 && pr->dims > 1) return flat_source_cell(p, a->sub[level_sub], a, ps);
  if (spatial != pr->dims)
    return fail(p, a->sub[0], HINT_SOURCE, "the source writes '%s' with %d subscripts; its grid "
                "takes %d", a->name, a->nsub, pr->dims + level_sub);
  for (int ax = 0; ax < pr->dims; ax++) {
    char var[IR_NAME_MAX];
    long long k;
    CXCursor sub = a->sub[level_sub + ax];
    if (affine(p, sub, var, &k)) return -1;
    ps->index[ax] = -1;
    ps->off[ax] = (long)k;
    long long local;
    bool fixed = var[0] && constant_index_local(p, sub, var, &local);
    if (fixed) ps->off[ax] += (long)local;
    if (!var[0] || fixed) continue;
    IndexNames in = {.pr = pr};
    index_names(cur_strip(sub), sub, &in);
    clang_visitChildren(sub, index_names, &in);
    if (in.n != 1 || strcmp(in.names[0], var))
      return fail(p, sub, HINT_SOURCE, "the source's cell is indexed by '%s', which is no integer "
                  "parameter of the function", var);
    if ((ps->index[ax] = index_scalar(p, sub, var)) < 0) return -1;
  }
  return 0;
}

/* A point source after the stages: F[cell] op= value (see PointSource). */
static int parse_source(Parser *p, CXCursor s) {
  Program *pr = p->pr;
  CXCursor kids[2];
  char op[4] = "";
  p->program_form = true;
  if (pr->nsources == PROG_MAX_SOURCES)
    return fail(p, s, "merge sources", "more than %d point sources", PROG_MAX_SOURCES);
  PointSource *ps = &pr->sources[pr->nsources];
  memset(ps, 0, sizeof *ps);
  ps->after_bc = -1;
  cur_children(s, kids, 2);
  cur_binary_op(p->tu, s, op);
  ps->op = !strcmp(op, "=") ? '=' : !strcmp(op, "+=") ? '+' : !strcmp(op, "-=") ? '-' : 0;
  if (!ps->op)
    return fail(p, s, HINT_SOURCE, "the point source is written with '%s'; stencilc takes =, += "
                "and -=", op);
  Access a;
  if (parse_access(p, kids[0], &a)) return -1;
  int k = 0;
  const Rotation *rot = rotation_of(p, a.name, &k);
  int f = program_field(pr, rot ? rotation_field(rot) : a.name);
  if (f < 0 || pr->fields[f].coef)
    return fail(p, kids[0], HINT_SOURCE, "the point source writes '%s', which no stage writes",
                a.name);
  const Field *fd = &pr->fields[f];
  bool level_sub = a.nsub > 1 && cur_mentions(a.sub[0], p->time.var);
  int shift = rot ? rotation_shift(rot, k) : 0;
  if (level_sub && time_shift(p, a.sub[0], a.name, fd->levels, &shift)) return -1;
  if (fd->levels > 1 && !rot && !level_sub)
    return fail(p, kids[0], "index the time level as the stage does: F[(t + 1) % M][...]",
                "'%s' is written without its time level", a.name);
  if (shift != (fd->levels > 1))
    return fail(p, kids[0], "add the source to the level the stage has just written (the pointer "
                "or the time level the stage assigns)",
                "the point source writes '%s' at a level other than the one the stages wrote "
                "this step", a.name);
  if (source_cell(p, &a, level_sub, ps)) return -1;
  p->source = ps;
  ps->expr = parse_expr(p, kids[1]);
  p->source = NULL;
  if (!ps->expr) return -1;
  ps->field = f;
  pr->nsources++; /* (owns expr from here: program_free) */
  return 0;
}

/* ---- boundary stages (Boundary in ir/program.h) ---- */

static const char *const HINT_BOUNDARY =
    "write a boundary stage as a loop over the other axes (or one statement for one cell) "
    "assigning cells at constant or extent-relative positions: for (i = 0; i < nx; i++) { "
    "u[0][i] = u[1][i]; u[ny - 1][i] = u[ny - 2][i]; }, reading grids there, scalars and 1D "
    "arrays at the time index (inflow[t])";

/* The loop nest's depth as stage_loops reads it (a boundary stage's is below the grid's). */
static int nest_depth(Parser *p, CXCursor c) {
  CXCursor k[4];
  int n = 0;
  while (kind(c) == CXCursor_ForStmt && n <= IR_MAX_DIMS && cur_children(c, k, 4) == 4) {
    n++;
    if (nest_next(p, k[3], &c)) break;
  }
  return n;
}

/* Whether the loop nest at c, as deep as the stages' (the grid's axes), is a boundary stage
 * all the same: an assignment of its cell body writes a cell at a subscript other than a name
 * (u[n - 1 - g] in for (g = 0; g < R; g++), a ghost layer of a 1D grid; u[ny - 1 - g][i]),
 * which no stage writes (they write the cell their loops point at). Flat indices are the
 * stages'. */
static bool ghost_nest(Parser *p, CXCursor c, int dims) {
  CXCursor k[4], s[MAX_BODY], lhs, rhs;
  char op[4];
  while (kind(c) == CXCursor_ForStmt && cur_children(c, k, 4) == 4)
    if (nest_next(p, k[3], &c)) return false;
  int n = kind(c) == CXCursor_CompoundStmt ? cur_children(c, s, MAX_BODY) : (s[0] = c, 1);
  for (int i = 0; i < n && i < MAX_BODY; i++) {
    Access a;
    if (!grid_assignment(p, s[i], &lhs, &rhs, op) || cur_access(lhs, &a) != CUR_ACCESS) continue;
    int level_sub = a.nsub > 1 && cur_mentions(a.sub[0], p->time.var);
    for (int x = level_sub; x < a.nsub && a.nsub - level_sub == dims; x++)
      if (!cur_ref_name(cur_strip(a.sub[x]))) return true;
  }
  return false;
}

static bool names_field(CXCursor c, void *parser) {
  Parser *p = parser;
  int k;
  const char *name = kind(c) == CXCursor_DeclRefExpr ? cur_ref_name(c) : NULL;
  return name && (program_field(p->pr, name) >= 0 || rotation_of(p, name, &k));
}

/* Whether sub is a position the boundary stages take along axis ax without a loop: a constant,
 * the extent, or the extent plus or minus a constant (n - 2). */
static bool fixed_position(Parser *p, CXCursor sub, int ax) {
  char var[IR_NAME_MAX];
  long long k;
  CXCursor bad;
  return affine_at(p, sub, var, &k, &bad) && (!var[0] || !strcmp(var, p->pr->extent_param[ax]));
}

/* Whether the one-cell update s writes a cell at fixed positions per axis (constants or the
 * extents plus constants; a flat index naming no integer parameter but the extents), as a
 * boundary stage of one cell does, where a point source's names its parameters (u[sy][sx]). */
static bool fixed_cell(Parser *p, CXCursor s) {
  const Program *pr = p->pr;
  Access a;
  if (!cell_update(s, &a)) return false;
  int level_sub = a.nsub > 1 && cur_mentions(a.sub[0], p->time.var);
  if (a.nsub - level_sub == 1 && pr->dims > 1) {
    IndexNames in = {.pr = pr};
    CXCursor sub = a.sub[level_sub];
    index_names(cur_strip(sub), sub, &in);
    clang_visitChildren(sub, index_names, &in);
    return in.n == 0 && !in.more;
  }
  if (a.nsub - level_sub != pr->dims) return false;
  for (int ax = 0; ax < pr->dims; ax++)
    if (!fixed_position(p, a.sub[level_sub + ax], ax)) return false;
  return true;
}

/* Whether the one-cell update s sets a boundary cell (u[n - 1] = u[1], u[0][0] = 0.5 * (u[1][0]
 * + u[0][1])): an assignment of a cell at fixed positions per axis that reads a grid or names
 * the extent; anything else is a point source's injection. */
static bool boundary_cell(Parser *p, CXCursor s) {
  const Program *pr = p->pr;
  CXCursor kids[2];
  char op[4] = "";
  Access a;
  if (!cell_update(s, &a) || cur_children(s, kids, 2) != 2 || !cur_binary_op(p->tu, s, op) ||
      strcmp(op, "="))
    return false;
  int level_sub = a.nsub > 1 && cur_mentions(a.sub[0], p->time.var);
  if (!fixed_cell(p, s)) return false;
  bool extent = false; /* (a flat index names the extents anyway) */
  for (int ax = 0; ax < pr->dims && a.nsub - level_sub == pr->dims; ax++)
    extent = extent || (pr->extent_param[ax][0] && cur_mentions(a.sub[level_sub + ax], pr->extent_param[ax]));
  return extent || names_field(kids[1], p) ||
         !clang_Cursor_isNull(cur_find(kids[1], true, names_field, p));
}

/* k + counter * var + extent * ext: a position along a boundary loop's axis. */
typedef struct {
  long long k, counter, extent;
} BcLinear;

/* Whether c is a whole-number combination of the counter `var`, the extent `ext` and constants
 * (2 * R - g, n - 1 - g, n - R + g); *l its coefficients. */
static bool bc_linear(Parser *p, CXCursor c, const char *var, const char *ext, BcLinear *l) {
  c = cur_strip(c);
  memset(l, 0, sizeof *l);
  if (cur_eval_int(c, &l->k)) return true;
  const char *name = cur_ref_name(c);
  if (name) {
    l->counter = !strcmp(name, var);
    l->extent = ext[0] && !strcmp(name, ext);
    return l->counter || l->extent;
  }
  CXCursor kids[2];
  char op[4];
  bool prefix;
  BcLinear a, b;
  if (kind(c) == CXCursor_UnaryOperator && cur_unary_op(p->tu, c, op, &prefix) &&
      (!strcmp(op, "-") || !strcmp(op, "+")) && cur_children(c, kids, 1) == 1 &&
      bc_linear(p, kids[0], var, ext, &a)) {
    long long sign = op[0] == '-' ? -1 : 1;
    *l = (BcLinear){sign * a.k, sign * a.counter, sign * a.extent};
    return true;
  }
  if (kind(c) != CXCursor_BinaryOperator || !cur_binary_op(p->tu, c, op) ||
      cur_children(c, kids, 2) != 2 || !bc_linear(p, kids[0], var, ext, &a) ||
      !bc_linear(p, kids[1], var, ext, &b))
    return false;
  if (!strcmp(op, "+") || !strcmp(op, "-")) {
    long long sign = op[0] == '-' ? -1 : 1;
    *l = (BcLinear){a.k + sign * b.k, a.counter + sign * b.counter, a.extent + sign * b.extent};
    return true;
  }
  bool a_const = !a.counter && !a.extent, b_const = !b.counter && !b.extent;
  if (strcmp(op, "*") || !(a_const || b_const)) return false;
  const BcLinear *f = a_const ? &b : &a;
  long long m = a_const ? a.k : b.k;
  *l = (BcLinear){m * f->k, m * f->counter, m * f->extent};
  return true;
}

/* Position `sub` along the axis ax of a boundary loop's counter: plus or minus the counter plus a
 * constant, from the grid's start or its end (u[g], u[2 * R - g], u[n - 1 - g]). */
static int bc_looped_pos(Parser *p, CXCursor sub, int ax, BcPos *pos) {
  const Program *pr = p->pr;
  BcLinear l;
  if (!bc_linear(p, sub, p->bc_var[ax], pr->extent_param[ax], &l) ||
      (l.counter != 1 && l.counter != -1) || (l.extent != 0 && l.extent != 1))
    return fail(p, sub, HINT_BOUNDARY, "along axis %d the boundary loop runs over '%s', but this "
                "subscript is not '%s' or '-%s' plus a constant, from the grid's start or its "
                "extent%s%s: every access of a boundary loop follows its counter along the "
                "counter's axis", ax, p->bc_var[ax], p->bc_var[ax], p->bc_var[ax],
                pr->extent_param[ax][0] ? " " : "", pr->extent_param[ax]);
  pos->end = l.extent;
  pos->dir = (int)l.counter;
  pos->off = (long)(l.k - (pos->end ? pr->extent_pad[ax] : 0));
  return 0;
}

/* Position `sub` along axis ax: the loop's counter plus a constant, a constant, or the extent
 * plus a constant. */
static int bc_pos(Parser *p, CXCursor sub, int ax, BcPos *pos) {
  const Program *pr = p->pr;
  char var[IR_NAME_MAX];
  long long k;
  if (p->bc_var[ax][0]) return bc_looped_pos(p, sub, ax, pos);
  if (affine(p, sub, var, &k)) return -1;
  pos->end = false;
  pos->off = (long)k;
  if (p->bc_var[ax][0] && strcmp(var, p->bc_var[ax]))
    return fail(p, sub, HINT_BOUNDARY, "along axis %d the boundary loop runs over '%s', but this "
                "subscript is '%s'%s: every access of a boundary loop follows its counter along "
                "the counter's axis", ax, p->bc_var[ax], var[0] ? var : "a constant",
                var[0] ? " plus a constant" : "");
  if (!var[0] || p->bc_var[ax][0]) return 0;
  if (pr->extent_param[ax][0] && !strcmp(var, pr->extent_param[ax])) {
    pos->end = true;
    pos->off = (long)k - pr->extent_pad[ax];
    return 0;
  }
  return fail(p, sub, HINT_BOUNDARY, "the boundary stage's cell along axis %d is at '%s'%s, a "
              "position known at run time only; stencilc takes constants and the grid's extent "
              "'%s' plus a constant there", ax, var, k ? " plus a constant" : "",
              pr->extent_param[ax][0] ? pr->extent_param[ax] : "(a constant)");
}

static const char *const HINT_BOUNDARY_FLAT =
    "index a flat grid's boundary cells row-major over the extents, as the stages do: for (j = "
    "0; j < ny; j++) { u[j * nx] = u[j * nx + 1]; u[j * nx + nx - 1] = u[j * nx + nx - 2]; }, "
    "u[(ny - 1) * nx + i] = u[(ny - 2) * nx + i]";

/* Whether access a (its time level first where level_sub) is one flat index of a grid of
 * several axes (u[j * nx], row[i], u[(t + 1) % 2][(ny - 1) * nx + i]). */
static bool bc_flat_access(const Parser *p, const Access *a, int level_sub) {
  return !clang_Cursor_isNull(a->row) || (a->nsub - level_sub == 1 && p->pr->dims > 1);
}

/* The positions (at[]) of the flat index sub of a boundary stage's access a: the row-major cell
 * (flat_offsets) of, along each axis, a loop counter plus a constant (p->bc_var, or where the
 * axes are not known yet, one of the nc counters[], whose axis goes to axis_of[]), a constant,
 * or the extent plus a constant (u[(ny - 1) * nx + i]). Each choice per axis is tried. */
static int bc_flat(Parser *p, CXCursor sub, const Access *a, const char (*counters)[IR_NAME_MAX],
                   int nc, int *axis_of, BcPos at[IR_MAX_DIMS]) {
  const Program *pr = p->pr;
  int dims = pr->dims, choices = nc + 2, combos = 1;
  char why[512];
  for (int ax = 0; ax < dims; ax++) combos *= choices;
  for (int combo = 0; combo < combos; combo++) {
    /* choice per axis: 0 a constant, 1 the extent, 2 + k counter k */
    int choice[IR_MAX_DIMS], used = 0, off[IR_MAX_DIMS];
    char vars[IR_MAX_DIMS][IR_NAME_MAX];
    bool valid = true;
    for (int ax = 0, rest = combo; ax < dims; ax++, rest /= choices) {
      choice[ax] = rest % choices;
      const char *name = choice[ax] == 0 ? "" : choice[ax] == 1 ? pr->extent_param[ax]
                                                                : counters[choice[ax] - 2];
      if (p->bc_var[ax][0]) { /* a known counter's axis: its counter only */
        valid = valid && choice[ax] == 0;
        name = p->bc_var[ax];
      }
      valid = valid && (choice[ax] != 1 || pr->extent_param[ax][0]);
      if (choice[ax] >= 2) used |= 1 << (choice[ax] - 2);
      snprintf(vars[ax], IR_NAME_MAX, "%s", name);
    }
    for (int k = 0; k < nc; k++) /* each counter on an axis of its own */
      for (int ax = 0, n = 0; ax < dims; ax++)
        if (choice[ax] == 2 + k && ++n > 1) valid = false;
    if (!valid || used != (1 << nc) - 1 ||
        flat_offsets(&p->flat, sub, a->row, a->name, dims, (const char(*)[IR_NAME_MAX])vars,
                     (const char(*)[IR_NAME_MAX])pr->extent_param, pr->extent_pad,
                     pr->extent_const, off, why, sizeof why))
      continue;
    /* a constant from the start, the extent minus a constant from the end: j * nx + nx - 1 is
     * (j, nx - 1), not (j + 1, -1); so is (j + 1) * nx - 1, and along a constant extent E,
     * (j + 1, -1) is (j, E - 1) */
    for (int ax = dims - 1; ax > 0; ax--)
      for (long e = pr->extent_const[ax]; choice[ax] == 0 && !p->bc_var[ax][0] && off[ax] < 0;) {
        if (pr->extent_param[ax][0]) { /* from the end: the extent's name with its pad */
          choice[ax] = 1;
          off[ax] += pr->extent_pad[ax];
        } else if (e > 0) {
          off[ax] += (int)e;
        } else {
          break;
        }
        off[ax - 1]--;
      }
    for (int ax = 0; ax < dims; ax++)
      if ((choice[ax] == 0 && !p->bc_var[ax][0] && off[ax] < 0) ||
          (choice[ax] == 1 && off[ax] - pr->extent_pad[ax] >= 0))
        valid = false;
    if (!valid) continue;
    for (int ax = 0; ax < dims; ax++) {
      at[ax].end = choice[ax] == 1;
      at[ax].dir = choice[ax] >= 2 || p->bc_var[ax][0] ? 1 : 0; /* a flat index adds its counters */
      at[ax].off = off[ax] - (choice[ax] == 1 ? pr->extent_pad[ax] : 0);
      if (choice[ax] >= 2) axis_of[choice[ax] - 2] = ax;
    }
    return 0;
  }
  IndexNames in = {.pr = pr};
  index_names(cur_strip(sub), sub, &in);
  clang_visitChildren(sub, index_names, &in);
  if (in.n > 0)
    return fail(p, in.at[0], HINT_BOUNDARY_FLAT, "the flattened index of '%s' in the boundary "
                "stage names '%s', a position known at run time only; stencilc takes the loop's "
                "counters, constants and the grid's extents plus constants there", a->name,
                in.names[0]);
  return fail(p, sub, HINT_BOUNDARY_FLAT, "the flattened index of '%s' in the boundary stage is "
              "not the row-major cell of its loop's counters, constants and the extents plus "
              "constants", a->name);
}

/* Whether a position (k plus extent times the grid's extent) is inside the grid, taking the
 * grid wider than the boundary stages' reach: from the start at k >= 0, from the end at k < 0. */
static bool bc_in_grid(long long k, long long extent) {
  return extent == 0 ? k >= 0 : extent == 1 && k < 0;
}

/* Whether position at along axis ax is inside the grid from every iteration of b's loop: at its
 * first and last counter (the loop's end from the start or from the extent). */
static bool bc_inside(const Boundary *b, int ax, const BcPos *at) {
  if (!b->looped[ax]) return bc_in_grid(at->off, at->end);
  long long last_k = b->hi[ax] - 1, last_ext = !b->hi_start[ax]; /* the last counter */
  return bc_in_grid(at->off + at->dir * b->lo[ax], at->end) &&
         bc_in_grid(at->off + at->dir * last_k, at->end + at->dir * last_ext);
}

/* The cell of a grid access in a boundary stage (the field, its buffer, its positions), inside
 * the grid from every iteration of the stage's loop. */
static int bc_cell(Parser *p, CXCursor c, const Access *a, const Boundary *b, BcCell *cell) {
  Program *pr = p->pr;
  int k = 0;
  const Rotation *rot = rotation_of(p, a->name, &k);
  int f = program_field(pr, rot ? rotation_field(rot) : a->name);
  if (f < 0)
    return fail(p, c, HINT_BOUNDARY, "the boundary stage reads or writes '%s', which no stage of "
                "the time loop writes or reads", a->name);
  const Field *fd = &pr->fields[f];
  bool level_sub = a->nsub > 1 && cur_mentions(a->sub[0], p->time.var);
  int shift = rot ? rotation_shift(rot, k) : 0;
  if (fd->levels > 1 && !rot && !level_sub)
    return fail(p, c, "index the time level as the stages do: F[(t + 1) % M][...]",
                "'%s' is accessed without its time level", a->name);
  if (level_sub && time_shift(p, a->sub[0], a->name, fd->levels, &shift)) return -1;
  bool flat = bc_flat_access(p, a, level_sub);
  if (!flat && a->nsub - level_sub != pr->dims)
    return fail(p, c, HINT_BOUNDARY, "the boundary stage indexes '%s' with %d subscript%s; it "
                "takes one per axis of the %dD grid, or one flat index",
                a->name, a->nsub - level_sub, a->nsub - level_sub == 1 ? "" : "s", pr->dims);
  memset(cell, 0, sizeof *cell);
  cell->field = f;
  cell->shift = shift;
  cell->array = -1;
  if (flat && bc_flat(p, a->sub[level_sub], a, NULL, 0, NULL, cell->at)) return -1;
  for (int ax = 0; ax < pr->dims; ax++) {
    BcPos *at = &cell->at[ax];
    if (!flat && bc_pos(p, a->sub[level_sub + ax], ax, at)) return -1;
    if (!bc_inside(b, ax, at))
      return fail(p, a->sub[level_sub + (flat ? 0 : ax)], HINT_BOUNDARY, "the boundary stage "
                  "reaches outside '%s' along axis %d", a->name, ax);
  }
  return 0;
}

/* The index of cell among the reads of the boundary assignment being read (added when new). */
static int bc_read(Parser *p, CXCursor c, const BcCell *cell) {
  BcStatement *st = p->bcs;
  int k = 0;
  while (k < st->nreads && memcmp(&st->reads[k], cell, sizeof *cell)) k++;
  if (k == BC_MAX_READS)
    return fail(p, c, HINT_BOUNDARY, "a boundary assignment reading more than %d cells", BC_MAX_READS);
  if (k == st->nreads) st->reads[st->nreads++] = *cell;
  return k;
}

/* Read k of the boundary assignment being read (added when new). */
static Expr *bc_point(Parser *p, CXCursor c, const BcCell *cell) {
  int k = bc_read(p, c, cell);
  if (k < 0) return NULL;
  Expr *e = ir_new_expr(EX_LOAD);
  e->point = k;
  return e;
}

/* A copy e of a boundary body's local (double g = u[1][j];), used at c in an assignment: its
 * loads, which index the locals' reads (Parser.bc_locals), made the assignment's own. */
static int bc_local_reads(Parser *p, CXCursor c, Expr *e) {
  if (!p->bcs || p->bcs == &p->bc_locals) return 0;
  if (e->kind == EX_LOAD && (e->point = bc_read(p, c, &p->bc_locals.reads[e->point])) < 0) return -1;
  for (int i = 0; i < e->nargs; i++)
    if (bc_local_reads(p, c, e->arg[i])) return -1;
  return 0;
}

/* array[t + k] in a boundary assignment: a time array (Program.tarrays). */
static Expr *bc_time_array(Parser *p, CXCursor c, const Access *a) {
  Program *pr = p->pr;
  char var[IR_NAME_MAX];
  long long k;
  if (affine(p, a->sub[0], var, &k)) return NULL;
  if (strcmp(var, p->time.var) || p->time.lo + k < 0) {
    fail(p, c, HINT_BOUNDARY, "'%s' is read at an index other than %s + k (k >= %lld)", a->name,
         p->time.var, -p->time.lo);
    return NULL;
  }
  int n = 0;
  while (n < pr->ntarrays && strcmp(pr->tarrays[n].name, a->name)) n++;
  if (n == PROG_MAX_SOURCES) {
    fail(p, c, HINT_BOUNDARY, "the boundary stages read more than %d arrays at the time index",
         PROG_MAX_SOURCES);
    return NULL;
  }
  if (n == pr->ntarrays) {
    snprintf(pr->tarrays[n].name, IR_NAME_MAX, "%s", a->name);
    pr->tarrays[pr->ntarrays++].max_shift = (int)k;
  }
  if (k > pr->tarrays[n].max_shift) pr->tarrays[n].max_shift = (int)k;
  BcCell cell;
  memset(&cell, 0, sizeof cell);
  cell.field = -1;
  cell.array = n;
  cell.shift = (int)k;
  return bc_point(p, c, &cell);
}

static Expr *bc_load(Parser *p, CXCursor c, const Access *a) {
  int k;
  const Boundary *b = &p->pr->boundaries[p->pr->nboundaries - 1];
  if (program_field(p->pr, a->name) >= 0 || rotation_of(p, a->name, &k)) {
    BcCell cell;
    return bc_cell(p, c, a, b, &cell) ? NULL : bc_point(p, c, &cell);
  }
  if (a->nsub == 1 && cur_mentions(a->sub[0], p->time.var)) return bc_time_array(p, c, a);
  if (table_var(a->decl)) return const_element(p, c, a);
  fail(p, c, HINT_BOUNDARY, "the boundary stage reads '%s', which is no grid of the stages, no "
       "1D array read at the time loop's '%s' and no const array", a->name, p->time.var);
  return NULL;
}

/* The axes of the boundary loop's counters, from the subscripts of its first assignment's
 * target, and their bounds against the grid's extents. */
static int bc_axes(Parser *p, const Loop *loops, int nl, const Access *lhs, Boundary *b) {
  const Program *pr = p->pr;
  int first = lhs->nsub - pr->dims, level_sub = lhs->nsub > 1 && cur_mentions(lhs->sub[0], p->time.var);
  int axis_of[IR_MAX_DIMS] = {-1, -1, -1};
  if (bc_flat_access(p, lhs, level_sub)) {
    char counters[IR_MAX_DIMS][IR_NAME_MAX];
    BcPos unused[IR_MAX_DIMS];
    for (int l = 0; l < nl; l++) memcpy(counters[l], loops[l].var, IR_NAME_MAX);
    if (bc_flat(p, lhs->sub[level_sub], lhs, (const char(*)[IR_NAME_MAX])counters, nl, axis_of,
                unused))
      return -1;
  }
  for (int l = 0; l < nl; l++) {
    int ax = axis_of[l];
    for (int x = 0; x < pr->dims && first >= 0 && !bc_flat_access(p, lhs, level_sub); x++)
      if (cur_mentions(lhs->sub[first + x], loops[l].var)) ax = ax == -1 ? x : -2;
    if (ax < 0 || b->looped[ax])
      return fail(p, loops[l].at, HINT_BOUNDARY, "the boundary loop over '%s' does not index one "
                  "axis of the cell it writes, '%s'", loops[l].var, lhs->name);
    long long hi;
    b->looped[ax] = true;
    b->lo[ax] = (long)loops[l].lo;
    b->hi_start[ax] = !loops[l].ext[0] && pr->extent_param[ax][0];
    if (b->hi_start[ax]) { /* ghost layers of a run-time extent: for (g = 0; g < R; g++) */
      b->hi[ax] = (long)loops[l].bound;
      if (b->lo[ax] < 0 || b->hi[ax] < b->lo[ax] || b->hi[ax] > 1 << 20)
        return fail(p, loops[l].at, "keep the loop inside the grid", "loop over '%s' runs "
                    "outside the grid", loops[l].var);
    } else {
      if (loop_span(p, &loops[l], ax, &hi)) return -1;
      b->hi[ax] = -(long)hi;
    }
    snprintf(p->bc_var[ax], IR_NAME_MAX, "%s", loops[l].var);
    memcpy(b->var[ax], p->bc_var[ax], IR_NAME_MAX);
  }
  return 0;
}

static bool same_cell_fixed(const Boundary *b, int dims, const BcCell *x, const BcCell *y) {
  if (x->field != y->field || x->shift != y->shift || x->array >= 0 || y->array >= 0) return false;
  for (int ax = 0; ax < dims; ax++)
    if (!b->looped[ax] && (x->at[ax].end != y->at[ax].end || x->at[ax].off != y->at[ax].off))
      return false;
  return true;
}

/* Along looped axis ax, whether some counters i of x and j of y name one cell (*meet), and
 * whether some i != j do (*apart). Positions from the two ends never meet (see
 * bc_independent); where the loop's end is the extent's, its length is taken as unbounded. */
static void bc_meet(const Boundary *b, int ax, const BcPos *x, const BcPos *y, bool *meet,
                    bool *apart) {
  *meet = *apart = false;
  if (x->end != y->end) return;
  long long lo = b->lo[ax], last = b->hi_start[ax] ? b->hi[ax] - 1 : -1; /* -1: unbounded */
  if (x->dir == y->dir) { /* i - j = (y.off - x.off) / dir */
    long long d = llabs((long long)(y->off - x->off));
    *meet = last < 0 || d <= last - lo;
    *apart = *meet && d != 0;
    return;
  }
  /* opposite signs: i + j = sum, each in [lo, last] */
  long long sum = x->dir > 0 ? y->off - x->off : x->off - y->off;
  long long from = sum - (last < 0 ? sum : last), to = last < 0 ? sum - lo : last;
  if (from < lo) from = lo;
  if (to > sum - lo) to = sum - lo;
  *meet = from <= to;
  *apart = *meet && !(from == to && 2 * from == sum);
}

/* Whether cells x and y, the same at the fixed axes, are one cell at different iterations. */
static bool other_iteration(const Boundary *b, int dims, const BcCell *x, const BcCell *y) {
  bool apart = false;
  for (int ax = 0; ax < dims; ax++) {
    bool meet_ax, apart_ax;
    if (!b->looped[ax]) continue;
    bc_meet(b, ax, &x->at[ax], &y->at[ax], &meet_ax, &apart_ax);
    if (!meet_ax) return false;
    apart = apart || apart_ax;
  }
  return apart;
}

/* The iterations of a boundary loop must be independent (one CUDA thread each): no access of
 * one iteration names a cell that another writes. (Positions from the two ends are distinct
 * cells: the grids are wider than the boundary stages' reach.) */
static int bc_independent(Parser *p, CXCursor at, const Boundary *b) {
  const Program *pr = p->pr;
  for (int w = 0; w < b->nstmts; w++)
    for (int q = 0; q < b->nstmts; q++) {
      const BcCell *wc = &b->stmts[w].lhs;
      for (int r = -1; r < b->stmts[q].nreads; r++) {
        const BcCell *c = r < 0 ? &b->stmts[q].lhs : &b->stmts[q].reads[r];
        if (same_cell_fixed(b, pr->dims, wc, c) && other_iteration(b, pr->dims, wc, c))
          return fail(p, at, "read the cells a boundary loop writes in a loop of their own after "
                      "it, or at the same counter",
                      "the boundary loop %s '%s' at a cell that another of its iterations writes: "
                      "its result would depend on the order of the iterations",
                      r < 0 ? "writes" : "reads", pr->fields[wc->field].name);
      }
    }
  return 0;
}

/* One assignment of a boundary stage, lhs op rhs (op "=" or an update "+=", ...: the cell
 * read and combined, as F[...] = F[...] + rhs). */
static int bc_assignment(Parser *p, CXCursor lhs, CXCursor rhs, const char *op, Boundary *b) {
  Access a;
  if (parse_access(p, lhs, &a)) return -1;
  BcStatement *st = &b->stmts[b->nstmts++];
  st->line = (int)cur_loc(p->path, lhs).line;
  if (bc_cell(p, lhs, &a, b, &st->lhs)) return -1;
  if (p->pr->fields[st->lhs.field].coef)
    return fail(p, lhs, HINT_BOUNDARY, "the boundary stage writes '%s', which no stage "
                "writes (a coefficient grid is read only)", a.name);
  p->bcs = st;
  if (!strcmp(op, "=")) {
    st->expr = parse_expr(p, rhs);
  } else {
    char bin[2] = {op[0], 0};
    CXCursor sides[2] = {lhs, rhs};
    st->expr = op_node(&FORMS, p, op_binary_kind(bin), sides, 2);
  }
  p->bcs = NULL;
  return st->expr ? 0 : -1;
}

/* The statements of a boundary stage's loop body, in order: assignments of grid cells (=, +=,
 * -=, *=, /=), and float or double locals they read (declared, then updated: g += ...), whose
 * reads are those of the assignments that use them; integer locals' declarations and C89
 * assignments (positions: int last = ny - 1;, read where they are used). */
static int bc_body(Parser *p, const CXCursor *s, int n, const Loop *loops, int nl, Boundary *b) {
  CXCursor lhs, rhs;
  char op[4] = "";
  Access first;
  int at = 0;
  while (!grid_assignment(p, s[at], &lhs, &rhs, op)) at++; /* (bc_statements counted one) */
  if (parse_access(p, lhs, &first) || bc_axes(p, loops, nl, &first, b)) return -1;
  for (int i = 0; i < n; i++) {
    if (grid_assignment(p, s[i], &lhs, &rhs, op)) {
      if (bc_assignment(p, lhs, rhs, op, b)) return -1;
      continue;
    }
    if (cur_index_assignment(s[i])) continue; /* C89's k = ny - 2;, read where k is used */
    if (kind(s[i]) != CXCursor_DeclStmt && !updated_temp(p, s[i], (CXCursor[2]){{0}}, op))
      return fail(p, s[i], HINT_BOUNDARY, "a boundary stage's statement that is not an "
                  "assignment of a grid's cell (=, +=, -=, *=, /=), nor a float or double local's "
                  "declaration or update");
    p->bcs = &p->bc_locals;
    int rc = kind(s[i]) == CXCursor_DeclStmt ? declare_temps(p, s[i], NULL) : update_temp(p, s[i]);
    p->bcs = NULL;
    if (rc) return -1;
  }
  return 0;
}

/* The assignments of a boundary stage, in order: one per assignment of its loop's body. */
static int bc_statements(Parser *p, CXCursor body, const Loop *loops, int nl, Boundary *b) {
  CXCursor s[MAX_BODY];
  int n = statements(p, body, s);
  if (n < 0) return -1;
  int assigns = count_assignments(p, s, n);
  if (assigns == 0 || assigns > BC_MAX_STMTS)
    return fail(p, body, HINT_BOUNDARY, "a boundary loop of %d assignments; stencilc takes 1 to %d "
                "assignments", assigns, BC_MAX_STMTS);
  memset(&p->bc_locals, 0, sizeof p->bc_locals);
  p->ntemps = 0;
  int rc = bc_body(p, s, n, loops, nl, b);
  for (int i = 0; i < p->ntemps; i++) ir_free_expr(p->temps[i].e);
  p->ntemps = 0;
  return rc ? -1 : bc_independent(p, body, b);
}

/* A boundary stage (statement s of the time loop), run before stage `before`. */
static int parse_boundary(Parser *p, CXCursor s, int before) {
  Program *pr = p->pr;
  p->program_form = true;
  if (pr->nboundaries == PROG_MAX_BOUNDARIES)
    return fail(p, s, "merge boundary loops", "more than %d boundary stages", PROG_MAX_BOUNDARIES);
  Boundary *b = &pr->boundaries[pr->nboundaries++]; /* (program_free frees its expressions) */
  memset(b, 0, sizeof *b);
  memset(p->bc_var, 0, sizeof p->bc_var);
  b->before = before;
  b->line = (int)cur_loc(p->path, s).line;
  Loop loops[IR_MAX_DIMS];
  int nl = 0;
  long long unused;
  CXCursor body = s, kids[MAX_BODY];
  while (kind(body) == CXCursor_ForStmt && nl < pr->dims) {
    if (parse_loop(p, body, &loops[nl], &unused)) return -1;
    body = loops[nl++].body;
    if (statements(p, body, kids) == 1 && kind(kids[0]) == CXCursor_ForStmt) body = kids[0];
  }
  return bc_statements(p, body, loops, nl, b);
}

/* The statements of the time loop that are no stage: boundary stages in their order among the
 * stages, or else point sources after the last stage (a program with a boundary stage takes its
 * one-cell updates as boundary stages too). */
static int parse_boundaries(Parser *p, const CXCursor *s, int items, const bool *stage,
                            const int *stages_before) {
  Program *pr = p->pr;
  bool boundaries = false;
  for (int i = 0; i < items; i++)
    boundaries = boundaries || (!stage[i] && (kind(s[i]) == CXCursor_ForStmt || boundary_cell(p, s[i])));
  for (int i = 0; i < items; i++) {
    if (stage[i]) continue;
    if (boundaries && (kind(s[i]) == CXCursor_ForStmt || fixed_cell(p, s[i]))) {
      if (parse_boundary(p, s[i], stages_before[i])) return -1;
      continue;
    }
    Access a;
    int k = 0;
    cell_update(s[i], &a);
    const Rotation *rot = rotation_of(p, a.name, &k);
    int f = program_field(pr, rot ? rotation_field(rot) : a.name);
    if (f >= 0 && pr->fields[f].writer >= stages_before[i]) {
      p->program_form = true;
      return fail(p, s[i], "add the point source after the stage that writes the grid, to the "
                  "level it wrote: p_next[sz * nx + sx] += dt2 * wavelet[it];",
                  "an update of one element of '%s' before the stage that writes it: stencilc "
                  "takes point sources after that stage only", a.name);
    }
    if (parse_source(p, s[i])) return -1;
    /* where the time loop adds it: after the stage before it, or after the boundary stages
     * between that stage and it */
    PointSource *ps = &pr->sources[pr->nsources - 1];
    ps->after = stages_before[i] - 1;
    for (int n = 0; n < pr->nboundaries; n++)
      if (pr->boundaries[n].before == stages_before[i]) ps->after_bc = n;
  }
  return 0;
}

/* Whether stmt, the first of the time loop's body, declares a float or double from the loop's
 * counter (float Cap_1 = dt * (1 + 0.01f * t);): a coefficient that follows the time step,
 * refused (failed) as such. */
static bool stepped_coefficient(Parser *p, CXCursor stmt) {
  CXCursor vars[CUR_MAX_CHILDREN];
  int nv = kind(stmt) == CXCursor_DeclStmt ? cur_children(stmt, vars, CUR_MAX_CHILDREN) : 0;
  for (int i = 0; i < nv && i < CUR_MAX_CHILDREN; i++) {
    enum CXTypeKind tk = clang_getCanonicalType(clang_getCursorType(vars[i])).kind;
    if (kind(vars[i]) != CXCursor_VarDecl || (tk != CXType_Float && tk != CXType_Double) ||
        !cur_mentions(vars[i], p->time.var))
      continue;
    char name[IR_NAME_MAX];
    cur_name(vars[i], name);
    p->program_form = true; /* this message, not the single stencil's */
    fail(p, vars[i], HINT_INVARIANT, "'%s' is computed in the time loop from its counter '%s': "
                                     "stencil programs read run-time scalars fixed before the loop",
         name, p->time.var);
    return true;
  }
  return false;
}

/* The time loop, a for, or a while or do loop counting steps (flat_counted_loop) in the block
 * parent; *first: where the loop's code starts (a counted loop's counter set just before it).
 * The n statements of its body in s, a counted loop's increment left out. */
/* Whether s declares integer variables without values (C89's `int z;` before the nest
 * `for (z = 1; ...)`, as Rodinia's hotspot3D declares its counters in the step): it computes
 * nothing. */
static bool counter_declaration(CXCursor s) {
  CXCursor vars[CUR_MAX_CHILDREN];
  int nv = kind(s) == CXCursor_DeclStmt ? cur_children(s, vars, CUR_MAX_CHILDREN) : 0;
  if (nv < 1 || nv > CUR_MAX_CHILDREN) return false;
  for (int i = 0; i < nv; i++)
    if (kind(vars[i]) != CXCursor_VarDecl || !cur_integer_type(vars[i]) ||
        !clang_Cursor_isNull(clang_Cursor_getVarDeclInitializer(vars[i])))
      return false;
  return true;
}

static int time_loop_body(Parser *p, CXCursor time_loop, CXCursor parent, CXCursor *first,
                          CXCursor *s, int *n) {
  long long unused;
  CXCursor init, inc;
  Refusal why;
  *first = time_loop;
  p->flat.scope = time_loop;
  if (kind(time_loop) == CXCursor_ForStmt) {
    if (parse_loop(p, time_loop, &p->time, &unused)) return -1;
  } else if (flat_counted_loop(&p->flat, parent, time_loop, &p->time, &init, &inc, &why)) {
    return refused(p, &why);
  } else {
    p->pr->time_do = kind(time_loop) == CXCursor_DoStmt;
    if (!clang_Cursor_isNull(init)) *first = init;
  }
  *n = statements(p, p->time.body, s);
  int kept = 0;
  for (int i = 0; i < *n; i++)
    if (!counter_declaration(s[i])) s[kept++] = s[i];
  *n = *n < 0 ? *n : kept;
  if (*n > 0 && kind(time_loop) != CXCursor_ForStmt && !clang_Cursor_isNull(inc) &&
      cur_same_place(s[*n - 1], inc))
    (*n)--; /* (t++ ending the body: the loop's step) */
  return *n < 0 ? -1 : 0;
}

static bool floating_var(CXCursor decl) {
  enum CXTypeKind tk = clang_getCanonicalType(clang_getCursorType(decl)).kind;
  return kind(decl) == CXCursor_VarDecl && (tk == CXType_Float || tk == CXType_Double);
}

/* The float or double locals stmt declares, each with its value (float t = it * dt - t0;) that
 * the time loop does not change, in vars; 0 when it is no such declaration. */
static int floating_locals(Parser *p, CXCursor stmt, SourceVar *vars) {
  CXCursor kids[CUR_MAX_CHILDREN];
  int nv = kind(stmt) == CXCursor_DeclStmt ? cur_children(stmt, kids, CUR_MAX_CHILDREN) : 0;
  if (nv > CUR_MAX_CHILDREN) return 0;
  for (int i = 0; i < nv; i++) {
    CXCursor value = clang_Cursor_getVarDeclInitializer(kids[i]);
    if (!floating_var(kids[i]) || clang_Cursor_isNull(value) || cur_writes(p->time.at, kids[i]))
      return 0;
    vars[i] = (SourceVar){kids[i], value, clang_getNullCursor(), clang_getNullCursor(), 1};
  }
  return nv;
}

/* The float or double variable declared before the time loop that statement stmt writes, the
 * only write of it in the loop: incremented (T = T + 1; T += dt; T++; T -= h;) or assigned
 * (pulse = exp(...);), in *v; false for any other statement. */
static bool outer_write(Parser *p, CXCursor stmt, SourceVar *v) {
  CXCursor kids[2], sum[2];
  char op[4] = "", add[4] = "";
  bool prefix;
  int nk = cur_children(stmt, kids, 2);
  if (nk < 1 || kind(cur_strip(kids[0])) != CXCursor_DeclRefExpr) return false;
  CXCursor decl = clang_getCursorReferenced(cur_strip(kids[0]));
  char name[IR_NAME_MAX];
  cur_name(decl, name);
  if (!floating_var(decl) || inside(decl, p->time.body) || cur_writes(p->time.at, decl) != 1)
    return false;
  *v = (SourceVar){decl, clang_getNullCursor(), stmt, clang_getNullCursor(), 1};
  if (kind(stmt) == CXCursor_UnaryOperator && cur_unary_op(p->tu, stmt, op, &prefix)) {
    v->sign = !strcmp(op, "--") ? -1 : 1;
    return !strcmp(op, "++") || !strcmp(op, "--");
  }
  if (nk != 2 || !cur_binary_op(p->tu, stmt, op)) return false;
  if (!strcmp(op, "+=") || !strcmp(op, "-=")) {
    v->by = kids[1];
    v->sign = op[0] == '-' ? -1 : 1;
    return !cur_mentions(v->by, name);
  }
  if (strcmp(op, "=")) return false;
  CXCursor rhs = cur_strip(kids[1]);
  if (kind(rhs) == CXCursor_BinaryOperator && cur_children(rhs, sum, 2) == 2 &&
      cur_binary_op(p->tu, rhs, add) && (!strcmp(add, "+") || !strcmp(add, "-"))) {
    bool left = kind(cur_strip(sum[0])) == CXCursor_DeclRefExpr &&
                clang_equalCursors(clang_getCursorReferenced(cur_strip(sum[0])), decl);
    bool right = add[0] == '+' && kind(cur_strip(sum[1])) == CXCursor_DeclRefExpr &&
                 clang_equalCursors(clang_getCursorReferenced(cur_strip(sum[1])), decl);
    if (left || right) { /* T = T + 1, T = 1 + T, T = T - h */
      v->by = sum[left ? 1 : 0];
      v->sign = add[0] == '-' ? -1 : 1;
      return !cur_mentions(v->by, name);
    }
  }
  v->value = kids[1]; /* an assignment, of a value not its own (T = 2 * T is none) */
  return !cur_mentions(v->value, name);
}

/* The number variable (float, double or integer; not a pointer a swap moves) statement stmt
 * declares first or writes (T++, x = ..., x += ...), in name; false for any other statement. */
static bool set_variable(Parser *p, CXCursor stmt, char name[IR_NAME_MAX]) {
  CXCursor kids[2], decl;
  char op[4];
  bool prefix;
  int nk = cur_children(stmt, kids, 2);
  if (kind(stmt) == CXCursor_DeclStmt && nk >= 1) {
    decl = kids[0];
  } else {
    bool write = (kind(stmt) == CXCursor_UnaryOperator && cur_unary_op(p->tu, stmt, op, &prefix) &&
                  (!strcmp(op, "++") || !strcmp(op, "--"))) ||
                 (nk == 2 && cur_binary_op(p->tu, stmt, op) && strchr(op, '=') &&
                  strcmp(op, "==") && strcmp(op, "!=") && strcmp(op, "<=") && strcmp(op, ">="));
    if (!write || nk < 1 || kind(cur_strip(kids[0])) != CXCursor_DeclRefExpr) return false;
    decl = clang_getCursorReferenced(cur_strip(kids[0]));
  }
  if (kind(decl) != CXCursor_VarDecl || (!floating_var(decl) && !cur_integer_type(decl)))
    return false;
  cur_name(decl, name);
  return true;
}

/* Fails when statement i of the time loop's body s, which source_locals did not take, sets a
 * variable that a point source reads (a one-cell update mentioning it): a form of the source's
 * value stencilc does not read. */
static int source_input(Parser *p, const CXCursor *s, int n, int i) {
  char name[IR_NAME_MAX];
  if (!set_variable(p, s[i], name)) return 0;
  for (int j = 0; j < n; j++) {
    Access a;
    if (j == i || kind(s[j]) == CXCursor_ForStmt || !cell_update(s[j], &a) || !cur_mentions(s[j], name))
      continue;
    p->program_form = true; /* this message, not the single stencil's */
    if (j < i)
      return fail(p, s[i], "update it before the source that reads it (T = T + 1; ez[ic][jc] = "
                  "f(T);), or compute the value from the time loop's counter",
                  "'%s' is set after the point source that reads it (line %u): stencilc reads a "
                  "source's value from what the step computes before it", name,
                  cur_loc(p->path, s[j]).line);
    return fail(p, s[i], HINT_SOURCE_VALUE, "'%s', which a point source reads, is computed in the "
                "time loop in a form stencilc does not take for a source's value", name);
  }
  return 0;
}

/* Takes out of the time loop's body s (*n statements) the statements that give the variables
 * only its point sources read their values (SourceVar): float or double locals declared in it
 * (before its first loop nest: read by no stage), variables declared before it and assigned or
 * incremented in it, each read
 * by a later one-cell update (a point source) directly or through another such variable
 * (float t = it * dt - t0; float a = ...; p[k] += (1 - 2 * a) * exp(-a);). */
static int source_locals(Parser *p, CXCursor *s, int *n) {
  int first = 0;
  while (first < *n && kind(s[first]) != CXCursor_ForStmt) first++;
  bool taken[MAX_BODY] = {false};
  for (int i = *n - 1; i >= 0; i--) {
    SourceVar vars[CUR_MAX_CHILDREN];
    int nv = floating_locals(p, s[i], vars);
    if (!nv) nv = outer_write(p, s[i], vars);
    bool read = false, staged = false; /* read by a source; by a stage */
    for (int j = i + 1; j < *n; j++) {
      Access a;
      bool source = taken[j] || cell_update(s[j], &a);
      for (int v = 0; v < nv; v++) {
        char name[IR_NAME_MAX];
        cur_name(vars[v].decl, name);
        read = read || (source && cur_mentions(s[j], name));
        staged = staged || (kind(s[j]) == CXCursor_ForStmt && cur_mentions(s[j], name));
      }
    }
    /* (a local before the stages that a stage reads: refused as a coefficient computed from the
     * counter, stepped_coefficient) */
    if (!read || (i < first && staged)) continue;
    if (p->nsource_vars + nv > MAX_TEMPS)
      return fail(p, s[i], "compute the point sources' values from fewer variables",
                  "more than %d variables of the time loop for its point sources", MAX_TEMPS);
    taken[i] = true;
    for (int v = 0; v < nv; v++) p->source_vars[p->nsource_vars++] = vars[v];
  }
  for (int i = first + 1; i < *n; i++) /* (before the stages: the declarations of the cells) */
    if (!taken[i] && kind(s[i]) != CXCursor_ForStmt && source_input(p, s, *n, i)) return -1;
  int kept = 0;
  for (int i = 0; i < *n; i++)
    if (!taken[i]) s[kept++] = s[i];
  *n = kept;
  return 0;
}

/* Takes the prints and snapshots (observer.h) out of the time loop's body s (*n statements)
 * into pr->obs, each placed before the stages, after the stages and the rotation, or between. */
static int take_observers(Parser *p, CXCursor *s, int *n) {
  IrObservers *obs = &p->pr->obs;
  int kept = 0, nests = 0, obs_nests[IR_MAX_OBSERVERS], obs_kept[IR_MAX_OBSERVERS];
  obs->n = 0;
  for (int i = 0; i < *n; i++) {
    IrObserver o;
    Refusal why = {0};
    int seen = observer_read(p->path, p->time.at, p->time.var, NULL, s[i], &o, &why);
    if (seen < 0) return refused(p, &why);
    if (seen && obs->n == IR_MAX_OBSERVERS)
      return fail(p, s[i], HINT_PROGRAM, "more than %d prints in the time loop", IR_MAX_OBSERVERS);
    if (!seen) {
      nests += kind(s[i]) == CXCursor_ForStmt;
      s[kept++] = s[i];
      continue;
    }
    obs_nests[obs->n] = nests;
    obs_kept[obs->n] = kept;
    obs->at[obs->n++] = o;
  }
  for (int k = 0; k < obs->n; k++) {
    bool later = false; /* a statement of the step after it (a declaration computes nothing) */
    for (int i = obs_kept[k]; i < kept; i++) later |= kind(s[i]) != CXCursor_DeclStmt;
    obs->at[k].place = !obs_nests[k] ? OBS_BEFORE : later ? OBS_BETWEEN : OBS_AFTER;
  }
  *n = kept;
  return 0;
}

/* Refuses red-black Gauss-Seidel or SOR in the time loop (cur_colour_sweep). */
static int red_black(Parser *p, CXCursor time_loop) {
  CXCursor at;
  char what[CUR_COLOUR_MAX];
  if (!cur_colour_sweep(p->tu, time_loop, &at, what)) return 0;
  p->program_form = true; /* this message, not a loop's or a statement's */
  return fail(p, at, CUR_HINT_RED_BLACK, CUR_MSG_RED_BLACK, what);
}

/* The time loop: each statement of its body a stage. */
static int parse_program(Parser *p, CXCursor time_loop, CXCursor parent) {
  Program *pr = p->pr;
  CXCursor s[MAX_BODY], first;
  int n;
  if (time_loop_body(p, time_loop, parent, &first, s, &n) || red_black(p, time_loop) ||
      take_observers(p, s, &n) || take_picks(p, s, &n) || source_locals(p, s, &n))
    return -1;
  observer_time_type(time_loop, p->time.var, &pr->obs);
  /* the stages' loop nests and boundary stages (shallower nests, one-cell updates reading the
   * grids), then point sources, then the pointer rotation that carries their results to the
   * next step, if any; several nests are several stages (a single sweep with a swap, or any
   * other statement, is frontend_parse's form: single_stencil below) */
  int items = 0, dims = 0, nests = 0;
  Access a;
  while (items < n && (kind(s[items]) == CXCursor_ForStmt || cell_update(s[items], &a))) {
    int depth = kind(s[items]) == CXCursor_ForStmt ? nest_depth(p, s[items]) : 0;
    if (depth > dims) dims = depth;
    items++;
  }
  bool stage[MAX_BODY];
  for (int i = 0; i < items; i++) {
    stage[i] = kind(s[i]) == CXCursor_ForStmt && nest_depth(p, s[i]) == dims &&
               !ghost_nest(p, s[i], dims);
    nests += stage[i];
  }
  if (nests > 1) p->program_form = true;
  if (nests == 0 && n && stepped_coefficient(p, s[0])) return -1;
  if (nests == 0)
    return fail(p, n ? s[0] : time_loop, HINT_PROGRAM, "the time loop holds no stage's loop nest");
  if (parse_rotations(p, s + items, n - items)) return -1;
  int stages_before[MAX_BODY]; /* the stages of the nests before item i (several per nest) */
  for (int i = 0; i < items; i++) {
    stages_before[i] = pr->nstages;
    if (stage[i] && nest_stages(p, s[i])) return -1;
  }
  for (int r = 0; r < p->nrot; r++)
    if (p->rot[r].written < 0)
      return fail(p, s[items < n ? items : items - 1], "rotate the pointers of the grids a stage writes",
                  "the time loop rotates '%s', which no stage writes", p->rot[r].name[0]);
  for (p->stage = 0; p->stage < pr->nstages; p->stage++)
    if (stage_expr(p)) return -1;
  p->stage = pr->nstages - 1;
  if (parse_boundaries(p, s, items, stage, stages_before)) return -1;
  bool carried = false; /* some stage reads a field a stage writes */
  for (int i = 0; i < pr->nstages; i++)
    for (int q = 0; q < pr->stages[i].st.npoints; q++)
      carried = carried || !pr->fields[pr->stages[i].refs[q].field].coef;
  if (!carried)
    return fail(p, time_loop, "read the field a stage writes in the next step (u[t % 2] after "
                              "u[(t + 1) % 2], or swap the pointers)",
                "the stages read only grids that no stage writes: every step computes the same");
  pr->t_start = (int)p->time.lo;
  snprintf(pr->time_var, sizeof pr->time_var, "%s", p->time.var);
  snprintf(pr->steps_param, sizeof pr->steps_param, "%s", p->time.ext);
  pr->steps_const = p->time.ext[0] ? -p->time.bound - p->time.lo : p->time.bound - p->time.lo;
  unsigned line;
  clang_getSpellingLocation(clang_getRangeStart(clang_getCursorExtent(first)), NULL, &line, NULL,
                            &pr->region_begin);
  clang_getSpellingLocation(clang_getRangeEnd(clang_getCursorExtent(time_loop)), NULL, NULL, NULL,
                            &pr->region_end);
  pr->region_line = (int)line;
  return 0;
}

/* ---- driver ---- */

static bool is_for(CXCursor c, void *ctx) {
  (void)ctx;
  return kind(c) == CXCursor_ForStmt;
}

/* (A function's body is found by its kind among any number of children: Rodinia's hotspot3D
 * step takes 16 parameters.) */
static bool is_block(CXCursor c, void *ctx) {
  (void)ctx;
  return kind(c) == CXCursor_CompoundStmt;
}

static bool is_counted(CXCursor c, void *ctx) {
  (void)ctx;
  return kind(c) == CXCursor_DoStmt || kind(c) == CXCursor_WhileStmt;
}

/* The time loop of function c: the first for statement of its body, else its first do or while
 * loop (Rodinia's hotspot3D: do { ... } while (++i < numiter);), or a null cursor; *body: the
 * body. */
static CXCursor first_loop(CXCursor c, CXCursor *body) {
  *body = cur_find(c, false, is_block, NULL);
  if (clang_Cursor_isNull(*body)) return *body;
  CXCursor loop = cur_find(*body, false, is_for, NULL);
  if (clang_Cursor_isNull(loop)) loop = cur_find(*body, false, is_counted, NULL);
  if (!clang_Cursor_isNull(loop)) return loop;
  /* none: the time loop inside the block of an OpenMP parallel region (omp.h), the block its
   * parent (the counter and the pointers each thread declares there) */
  CXCursor region = omp_parallel_child(clang_Cursor_getTranslationUnit(c), *body);
  if (kind(region) != CXCursor_CompoundStmt) return clang_getNullCursor();
  *body = region;
  loop = cur_find(region, false, is_for, NULL);
  return clang_Cursor_isNull(loop) ? cur_find(region, false, is_counted, NULL) : loop;
}

typedef struct {
  const char *function; /* the function asked for, or NULL */
  bool counted;         /* a do or while time loop will do */
} Wanted;

/* A function of the main file, named want->function (any when NULL), whose body holds a for
 * loop, or with want->counted a do or while loop. */
static bool program_function(CXCursor c, void *wanted) {
  const Wanted *want = wanted;
  char name[IR_NAME_MAX];
  if (!cur_main_function(c)) return false;
  cur_name(c, name);
  CXCursor body, loop = first_loop(c, &body);
  return (!want->function || !strcmp(name, want->function)) && !clang_Cursor_isNull(loop) &&
         (want->counted || kind(loop) == CXCursor_ForStmt);
}

/* Whether the single-stencil front end takes the input (a copy-back nest or two equal sweeps
 * parse as two stages here, but are one stencil there, which every backend can block). */
static bool single_front_end_accepts(const char *path, const FrontendOptions *fo) {
  Stencil st;
  int was = diag_mute(1);
  int rc = frontend_parse(path, fo, &st);
  diag_mute(was);
  if (rc == 0) ir_free(&st);
  return rc == 0;
}

/* Only the single-statement form is left to frontend_parse: one stage writing a two-level
 * field from its level t, no coefficient grid, no scalar, at most one temporary. */
static bool single_stencil(const Parser *p) {
  const Program *pr = p->pr;
  if (pr->nstages != 1 || pr->nfields != 1 || pr->fields[0].levels != 2 || pr->nscalars ||
      pr->nsources || p->max_temps > 1)
    return false;
  const Stage *s = &pr->stages[0];
  for (int i = 0; i < s->st.npoints; i++)
    if (s->refs[i].shift) return false;
  return true;
}

/* Each source index scalar's value in the generated programs (see Program.scalar_index): the
 * first interior cell plus one along the first axis it locates, inside any grid of 2 cells of
 * interior; --param replaces it. */
static void source_index_defaults(Program *pr) {
  for (int i = 0; i < pr->nsources; i++)
    for (int ax = 0; ax < pr->dims; ax++) {
      int k = pr->sources[i].index[ax];
      if (k < 0 || pr->scalar_given[k]) continue;
      pr->scalar_given[k] = true;
      pr->scalar_value[k] = pr->lo[ax] + 1 - pr->sources[i].off[ax];
    }
}

typedef struct {
  const char *path;
  const FrontendOptions *fo;
  Program *pr;
  ProgramParse result;
} ProgramJob;

/* The program of tu (the file's text, or with its calls expanded: inl then maps positions back
 * to the file). */
static ProgramParse program_of(ProgramJob *job, CXIndex index, const char **args, int nargs,
                               CXTranslationUnit tu, struct CXUnsavedFile *unsaved,
                               const Inlined *inl) {
  const char *path = job->path;
  const FrontendOptions *fo = job->fo;
  Program *pr = job->pr;
  memset(pr, 0, sizeof *pr);
  ProgramParse result = PROGRAM_NOT;
  Parser p = {.path = path, .tu = tu, .pr = pr, .flat = {path, index, args, nargs, tu, clang_getNullCursor(), unsaved, NULL}};
  p.flat.bind = &p.bind; /* (radius loops: flat.c's readers see their variables) */
  /* the first function with a for loop, else one with a do or while loop (a helper's while
   * loop before a program's function does not hide it) */
  Wanted want = {fo ? fo->function : NULL, false};
  CXCursor func = cur_find(clang_getTranslationUnitCursor(tu), false, program_function, &want);
  want.counted = true;
  if (clang_Cursor_isNull(func))
    func = cur_find(clang_getTranslationUnitCursor(tu), false, program_function, &want);
  if (!clang_Cursor_isNull(func)) {
    frontend_base_name(path, pr->name);
    snprintf(pr->path, sizeof pr->path, "%s", path);
    cur_name(func, pr->func_name);
    CXCursor body, loop = first_loop(func, &body);
    CXCursor region = omp_parallel_around(tu, func, loop, NULL);
    Refusal why = {0};
    if (!clang_Cursor_isNull(region) && !omp_region_sequential(tu, path, region, loop, &why)) {
      refused(&p, &why);
      p.program_form = true; /* (the single-stencil front end refuses it too) */
    }
    if (!p.failed && parse_program(&p, loop, body) == 0) {
      program_classify(pr);
      source_index_defaults(pr);
      /* whatever the single-stencil front end takes is one stencil (every backend takes it):
       * a single stencil with run-time scalars, a pointer swap with temporaries */
      result = !pr->nboundaries && (single_stencil(&p) || single_front_end_accepts(path, fo))
                   ? PROGRAM_NOT
                   : PROGRAM_OK;
    } else if (p.program_form && !single_front_end_accepts(path, fo)) {
      /* (two nests of flattened arrays, a copy-back or two equal sweeps, are one stencil) */
      if (inl) inline_loc(inl, &p.loc);
      diag_error(p.loc, p.hint, "%s", p.msg);
      result = PROGRAM_REFUSED;
    }
  }
  if (result == PROGRAM_OK && inl) {
    pr->region_begin = inline_offset(inl, pr->region_begin);
    pr->region_end = inline_offset(inl, pr->region_end);
    observer_to_file(inl, &pr->obs);
  }
  if (result != PROGRAM_OK) program_free(pr);
  return result;
}

static bool clang_errors(CXTranslationUnit tu) {
  bool errors = !tu;
  for (unsigned i = 0; !errors && i < clang_getNumDiagnostics(tu); i++) {
    CXDiagnostic d = clang_getDiagnostic(tu, i);
    errors = clang_getDiagnosticSeverity(d) >= CXDiagnostic_Error;
    clang_disposeDiagnostic(d);
  }
  return errors;
}

static void parse_program_job(void *data) {
  ProgramJob *job = data;
  const char *path = job->path;
  memset(job->pr, 0, sizeof *job->pr);
  FILE *f = fopen(path, "r");
  job->result = PROGRAM_NOT;
  if (!f) return;
  fclose(f);
  CXIndex index = clang_createIndex(0, 0);
  int nargs;
  const char **args = frontend_clang_args(job->fo, &nargs);
  CXTranslationUnit tu = NULL;
  if (clang_parseTranslationUnit2(index, path, args, nargs, NULL, 0,
                                  CXTranslationUnit_DetailedPreprocessingRecord,
                                  &tu) != CXError_Success)
    tu = NULL;
  ProgramParse result = PROGRAM_NOT;
  Inlined inl;
  int was = diag_mute(1);
  int expanded = clang_errors(tu) ? -1 : inline_calls(tu, path, &inl);
  if (expanded > 0) result = program_of(job, index, args, nargs, tu, NULL, NULL);
  diag_mute(was);
  if (expanded == 0) result = program_of(job, index, args, nargs, tu, NULL, NULL);
  if (expanded == 2 && result != PROGRAM_OK) result = PROGRAM_NOT; /* frontend_parse says why */
  if (expanded == 1 && result != PROGRAM_OK) {
    /* not a program as written: with its calls expanded (a refusal of the expansion itself,
     * expanded == 2, is frontend_parse's to print) */
    struct CXUnsavedFile text = {path, inl.text, (unsigned long)inl.len};
    CXTranslationUnit again = NULL;
    if (clang_parseTranslationUnit2(index, path, args, nargs, &text, 1,
                                    CXTranslationUnit_DetailedPreprocessingRecord,
                                    &again) == CXError_Success && !clang_errors(again))
      result = program_of(job, index, args, nargs, again, &text, &inl);
    else
      result = PROGRAM_NOT;
    cur_forget(again);
    if (again) clang_disposeTranslationUnit(again);
  }
  if (expanded == 1) inline_free(&inl);
  cur_forget(tu);
  if (tu) clang_disposeTranslationUnit(tu);
  clang_disposeIndex(index);
  free(args);
  job->result = result;
}

ProgramParse frontend_parse_program(const char *path, const FrontendOptions *fo, Program *pr) {
  ProgramJob job = {path, fo, pr, PROGRAM_NOT};
  frontend_on_parse_stack(parse_program_job, &job);
  return job.result;
}
