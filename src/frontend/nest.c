/* Recognises one candidate time loop in the forms real stencil code takes:
 *   for (t = T0; t < T; t++)                                     time loop
 *     for (i = L0; i < E0 - H0; i++) [for (j ...) [for (k ...)]] a sweep: 1 to 3 spatial loops
 *       A[(t + 1) % 2][i][j] = f(A[t % 2][i + c][j + d], ...);   one array with two time levels
 * or two arrays, the sweep writing B from A, followed in the time loop by
 *   - a pointer swap (tmp = A; A = B; B = tmp;, also from a macro),
 *   - a copy-back nest (A[i][j] = B[i][j]: TIME_COPYBACK), or
 *   - a second sweep A = f(B) with the same f (two steps per iteration).
 * Grids are arrays (A[2][n][n], global double A[N][N]), pointers to arrays (double (*A)[n],
 * VLA casts), or flat pointers indexed by affine arithmetic (a[i * ny + j], through macros too),
 * whose strides name the extents. The loops may run in any order: the axes follow the memory
 * layout (axis 0 slowest), and Stencil.loop_axis says which loop iterates which axis. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "parser.h"
#include "observer.h"

static const char *const HINT_NEST =
    "stencilc handles 1D, 2D and 3D grids: a time loop around 1 to 3 spatial loops";

static const char *const HINT_TIME_BODY =
    "the time loop holds the sweep, then a pointer swap (tmp = a; a = b; b = tmp;) or a "
    "copy-back nest (a[i][j] = b[i][j]), or a second sweep a = f(b) with the same f";

/* ---- loops ---- */

/* The variable a loop's initialisation sets (int i = X or i = X) into l->var, and X; false when
 * it is no such initialisation. */
static bool loop_start(Parser *p, CXCursor init, Loop *l, CXCursor *start) {
  CXCursor kids[2];
  char op[4];
  if (kind(init) == CXCursor_DeclStmt && cur_children(init, kids, 2) == 1 &&
      kind(kids[0]) == CXCursor_VarDecl) {
    cur_name(kids[0], l->var);
    *start = clang_Cursor_getVarDeclInitializer(kids[0]);
    return !clang_Cursor_isNull(*start);
  }
  if (kind(init) == CXCursor_BinaryOperator && cur_children(init, kids, 2) == 2 &&
      cur_ref_name(kids[0]) && cur_binary_op(p->tu, init, op) && !strcmp(op, "=")) {
    snprintf(l->var, sizeof l->var, "%s", cur_ref_name(kids[0]));
    *start = kids[1];
    return true;
  }
  return false;
}

/* Refuses, at `at`, a counter whose start is floating point: for (double time = 0; time < tend;
 * time += dt) runs as often as the sums of dt round to below tend. */
static bool floating_counter(Parser *p, CXCursor at, CXCursor start, const char *var) {
  enum CXTypeKind type = clang_getCanonicalType(clang_getCursorType(start)).kind;
  if (type != CXType_Float && type != CXType_Double && type != CXType_LongDouble) return false;
  fail(p, at,
       "count the steps in an integer: int nsteps = (int)ceil(tend / dt); for (int n = 0; n < "
       "nsteps; n++)",
       "the loop counts '%s' in floating point; stencilc counts time steps and cells in integers",
       var);
  return true;
}

/* Refuses red-black Gauss-Seidel in the time loop (cur_colour_sweep): -1 when it is that,
 * else 0; before the sweep's loops, whose start or cell body would be refused saying less. */
static int red_black(Parser *p) {
  CXCursor at;
  char what[CUR_COLOUR_MAX];
  if (clang_Cursor_isNull(p->time.at) || !cur_colour_sweep(p->tu, p->time.at, &at, what)) return 0;
  return fail(p, at, CUR_HINT_RED_BLACK, CUR_MSG_RED_BLACK, what);
}

static int loop_init(Parser *p, CXCursor init, Loop *l) {
  CXCursor start;
  bool found = loop_start(p, init, l, &start);
  if (found && eval_index(p, start, &l->lo)) return 0;
  if (found && floating_counter(p, init, start, l->var)) return -1;
  return fail(p, clang_Cursor_isNull(init) ? l->at : init,
              "start each loop from a constant: for (int i = R; ...) or i = R with i declared "
              "before",
              "loop start is not a constant");
}

/* The variable a condition compares, through the ++ of do ... while (++t < nt) when preinc is
 * not NULL (*preinc: it was there), or NULL. */
static const char *compared_var(Parser *p, CXCursor lhs, bool *preinc, CXCursor *ref) {
  char op[4];
  bool prefix;
  CXCursor kid;
  lhs = cur_strip(lhs);
  if (preinc && kind(lhs) == CXCursor_UnaryOperator && cur_unary_op(p->tu, lhs, op, &prefix) &&
      prefix && !strcmp(op, "++") && cur_children(lhs, &kid, 1) == 1) {
    *preinc = true;
    lhs = kid;
  }
  if (ref) *ref = cur_strip(lhs);
  return cur_ref_name(lhs);
}

static bool names_var(CXCursor c, void *name) {
  return kind(c) == CXCursor_DeclRefExpr && !strcmp(cur_ref_name(c), name);
}

/* A bound written through a local holding a size less a constant (const int nx1 = nx - 1; ...
 * i < nx1), set where it is declared, outside the loops, and never changed: true with the size
 * and the constant (nx, -1). A local holding more than a size (int ld = n + 2;) names a padded
 * extent of its own and is left alone. */
static bool bound_local(Parser *p, CXCursor bound, const char *name, char size[IR_NAME_MAX],
                        long long *k) {
  char local[IR_NAME_MAX];
  snprintf(local, sizeof local, "%s", name);
  CXCursor ref = cur_strip(bound);
  if (!names_var(ref, local)) ref = cur_find(bound, true, names_var, local);
  CXCursor decl = clang_getCursorReferenced(ref), where, init;
  if (clang_Cursor_isNull(ref) || kind(decl) != CXCursor_VarDecl ||
      clang_Cursor_hasVarDeclGlobalStorage(decl) == 1 || !cur_integer_type(decl) ||
      clang_Cursor_isNull(init = clang_Cursor_getVarDeclInitializer(decl)) ||
      cur_written(p->tu, clang_getCursorSemanticParent(decl), decl, &where) ||
      cur_mentions(init, local))
    return false;
  if (!clang_Cursor_isNull(p->time.at)) { /* declared in the time loop: an index, not a size */
    unsigned lo, hi, begin, end;
    cur_extent(p->time.at, &lo, &hi);
    cur_extent(decl, &begin, &end);
    if (begin >= lo && end <= hi) return false;
  }
  Poly v;
  const char *var;
  Refusal saved = p->why;
  bool less = !poly_of(p, init, &v) && poly_is_var_plus_const(p, &v, &var, k) && *k < 0;
  p->why = saved; /* no such local: the name is the bound */
  if (less) snprintf(size, IR_NAME_MAX, "%s", var);
  return less;
}

static int loop_cond(Parser *p, CXCursor cond, Loop *l, bool time, bool *preinc) {
  CXCursor kids[2];
  char op[4] = "";
  long long shift;
  cond = cur_strip(cond);
  if (!cur_loop_cond(p->tu, cond, l->var, kids, op, &shift) ||
      !compared_var(p, kids[0], preinc, NULL) || strcmp(compared_var(p, kids[0], preinc, NULL), l->var))
    return fail(p, clang_Cursor_isNull(cond) ? l->at : cond,
                "write the condition as i < n - R (or i <= n - R - 1, i != n - R)",
                "loop condition must compare the loop variable '%s' with '<', '<=' or '!='", l->var);
  Poly b, moved;
  const char *name;
  long long k;
  l->ext[0] = 0;
  if (poly_of(p, kids[1], &b)) return -1;
  if (shift) {
    poly_const(&moved, shift);
    poly_sub(p, &b, &moved, &b);
  }
  if (poly_is_const(&b, &l->bound)) {
  } else if (poly_is_var_plus_const(p, &b, &name, &k)) {
    char size[IR_NAME_MAX];
    long long less;
    snprintf(l->ext, sizeof l->ext, "%s", name);
    l->bound = -k;
    if (bound_local(p, kids[1], l->ext, size, &less)) { /* i < nx1 with nx1 = nx - 1 */
      snprintf(l->ext, sizeof l->ext, "%s", size);
      l->bound = -(k + less);
    }
  } else if (time) {
    char text[256];
    poly_text(p, &b, text, sizeof text);
    return fail(p, kids[1],
                "bound the time loop by a step count plus or minus a constant: "
                "for (t = 0; t < steps; t++), t <= steps, t < steps - 1",
                "time loop bound '%s' is not a variable plus a constant", text);
  } else {
    return fail(p, kids[1], "write the bound as n - R, n, or a constant",
                "loop bound must be an extent minus a constant");
  }
  if (!strcmp(op, "<=")) l->bound += l->ext[0] ? -1 : 1; /* normalise to '<' */
  if (time) p->time_ne = !strcmp(op, "!=");
  /* counting up by one (loop_step), i != end is i < end when it starts at or below the end */
  if (!strcmp(op, "!=") && !l->ext[0] && l->lo > l->bound)
    return fail(p, cond, "write the condition as i < n - R",
                "loop '%s' starts at %lld, past its end %lld: with '!=' it would not stop",
                l->var, l->lo, l->bound);
  return 0;
}

static bool is_var(CXCursor c, const char *var) {
  return cur_ref_name(c) && !strcmp(cur_ref_name(c), var);
}

/* i++, ++i, i += 1, i = i + 1; the time loop also t += 2 (*stride) */
static int loop_step(Parser *p, CXCursor inc, const Loop *l, int *stride) {
  char op[4], op2[4];
  bool prefix;
  CXCursor kids[2], sub[2];
  long long k;
  if (kind(inc) == CXCursor_UnaryOperator && cur_unary_op(p->tu, inc, op, &prefix) &&
      !strcmp(op, "++") && cur_children(inc, kids, 1) == 1 && is_var(kids[0], l->var))
    return 0;
  if (kind(inc) == CXCursor_CompoundAssignOperator && cur_binary_op(p->tu, inc, op) &&
      !strcmp(op, "+=") && cur_children(inc, kids, 2) == 2 && is_var(kids[0], l->var) &&
      eval_index(p, kids[1], &k) && (k == 1 || (stride && k == 2))) {
    if (stride) *stride = (int)k;
    return 0;
  }
  if (kind(inc) == CXCursor_BinaryOperator && cur_binary_op(p->tu, inc, op) && !strcmp(op, "=") &&
      cur_children(inc, kids, 2) == 2 && is_var(kids[0], l->var)) {
    CXCursor rhs = cur_strip(kids[1]);
    if (kind(rhs) == CXCursor_BinaryOperator && cur_binary_op(p->tu, rhs, op2) &&
        !strcmp(op2, "+") && cur_children(rhs, sub, 2) == 2 && is_var(sub[0], l->var) &&
        eval_index(p, sub[1], &k) && k == 1)
      return 0;
  }
  const char *other = clang_Cursor_isNull(inc) ? NULL : cur_other_step(p->tu, inc, l->var);
  if (other)
    return fail(p, inc, CUR_HINT_RUNNING_INDEX,
                "the loop over '%s' also steps '%s' (a running index); stencilc reads an index "
                "as loop variables times sizes plus constants", l->var, other);
  return fail(p, clang_Cursor_isNull(inc) ? l->at : inc,
              "only unit steps are supported: write i++", "loop over '%s' does not step by 1",
              l->var);
}

static const char *const HINT_COUNTED =
    "count the steps from a constant: t = 0; while (t < nt) { <sweep>; <swap>; t++; } or "
    "int t = 0; do { <sweep>; <swap>; } while (++t < nt);";

/* Where a while or do loop's counter starts: an assignment t = T0 just before the loop in the
 * statement holding it (then p->time_init), or else t's declaration in that statement with a
 * constant initializer, not written between it and the loop. */
static int counter_start(Parser *p, Loop *l) {
  enum { MAX_STMTS = 256 };
  CXCursor s[MAX_STMTS], where, kids[2];
  char op[4];
  int n = kind(p->time_parent) == CXCursor_CompoundStmt ? cur_children(p->time_parent, s, MAX_STMTS) : 0;
  int at = -1;
  unsigned begin, end, b, e;
  cur_extent(l->at, &begin, &end);
  for (int i = 0; i < n && i < MAX_STMTS; i++) {
    cur_extent(s[i], &b, &e);
    if (b == begin && e == end) at = i;
  }
  if (at > 0 && kind(s[at - 1]) == CXCursor_BinaryOperator && cur_children(s[at - 1], kids, 2) == 2 &&
      is_var(kids[0], l->var) && cur_binary_op(p->tu, s[at - 1], op) && !strcmp(op, "=")) {
    if (floating_counter(p, s[at - 1], kids[1], l->var)) return -1;
    if (!eval_index(p, kids[1], &l->lo))
      return fail(p, kids[1], HINT_COUNTED, "the time counter '%s' does not start from a constant",
                  l->var);
    p->time_init = s[at - 1];
    return 0;
  }
  for (int i = at - 1; i >= 0; i--) {
    CXCursor decls[16];
    int nd = kind(s[i]) == CXCursor_DeclStmt ? cur_children(s[i], decls, 16) : 0;
    for (int d = 0; d < nd && d < 16; d++) {
      char name[IR_NAME_MAX];
      cur_name(decls[d], name);
      if (kind(decls[d]) != CXCursor_VarDecl || strcmp(name, l->var)) continue;
      CXCursor init = clang_Cursor_getVarDeclInitializer(decls[d]);
      if (!clang_Cursor_isNull(init) && floating_counter(p, decls[d], init, l->var)) return -1;
      if (clang_Cursor_isNull(init) || !eval_index(p, init, &l->lo))
        return fail(p, decls[d], HINT_COUNTED,
                    "the time counter '%s' is not declared with a constant start", l->var);
      for (int j = i + 1; j < at; j++)
        if (cur_written(p->tu, s[j], decls[d], &where))
          return fail(p, where, HINT_COUNTED,
                      "the time counter '%s' changes between its declaration and the loop", l->var);
      return 0;
    }
  }
  return fail(p, l->at, HINT_COUNTED,
              "the time counter '%s' is not set just before the loop, in the same block", l->var);
}

/* A convergence loop without a cap (while (err > tol) { ...; iter++; }): the counter, when
 * the body ends by stepping one, set just before the loop; the step count is 0 (none fixed). */
static int uncapped_loop(Parser *p, Loop *l) {
  CXCursor stmts[64];
  int ns = kind(l->body) == CXCursor_CompoundStmt ? cur_children(l->body, stmts, 64) : 0;
  const char *var = ns >= 1 && ns <= 64 ? cur_stepped(p->tu, stmts[ns - 1]) : NULL;
  p->time_read = true;
  if (!var) return 0; /* no counter */
  snprintf(l->var, sizeof l->var, "%s", var);
  p->time_inc = stmts[ns - 1];
  if (loop_step(p, stmts[ns - 1], l, &p->time_stride) || counter_start(p, l)) return -1;
  l->bound = l->lo;
  return 0;
}

/* A time loop written as while (t < nt) { ...; t++; }, do { ...; t++; } while (t < nt); or
 * do { ... } while (++t < nt);, the counter set just before it (counter_start). A do loop runs
 * its body once even when nt <= t: it makes the for loop's steps for nt > t, and one step
 * otherwise (Stencil.time_do). */
static int counted_loop(Parser *p, CXCursor c, Loop *l) {
  CXCursor kids[3], stmts[64], where;
  int n = cur_children(c, kids, 3);
  bool is_do = kind(c) == CXCursor_DoStmt, preinc = false;
  if (n != 2) return fail(p, c, HINT_COUNTED, "the %s loop declares a variable in its condition",
                          is_do ? "do" : "while");
  CXCursor cond = cur_strip(kids[is_do ? 1 : 0]), ops[2], ref;
  l->body = kids[is_do ? 0 : 1];
  if (conv_condition(p, cond, &cond)) return -1;
  if (clang_Cursor_isNull(cond)) return uncapped_loop(p, l);
  cond = cur_strip(cond);
  const char *var = kind(cond) == CXCursor_BinaryOperator && cur_children(cond, ops, 2) == 2
                        ? compared_var(p, ops[0], is_do ? &preinc : NULL, &ref)
                        : NULL;
  if (!var)
    return fail(p, cond, HINT_COUNTED, "the %s loop's condition does not compare a step counter",
                is_do ? "do" : "while");
  snprintf(l->var, sizeof l->var, "%s", var);
  preinc = false;
  if (loop_cond(p, cond, l, true, is_do ? &preinc : NULL)) return -1;
  p->time_read = true;
  if (preinc && p->conv.on)
    return fail(p, cond, "count the iterations at the end of the body: do { ...; iter++; } "
                         "while (err > tol && iter < iter_max);",
                "the counter of a convergence loop is stepped in its condition"); /* it counts steps: its refusals are the ones to show */
  /* read again once the start is known (a '!=' bound must not lie below it) */
  if (counter_start(p, l) || loop_cond(p, cond, l, true, is_do ? &preinc : NULL)) return -1;
  int ns = kind(l->body) == CXCursor_CompoundStmt ? cur_children(l->body, stmts, 64) : 0;
  if (!preinc) { /* the increment ends the body */
    if (ns < 1 || ns > 64)
      return fail(p, l->body, HINT_COUNTED, "the %s loop's body does not end with %s++",
                  is_do ? "do" : "while", l->var);
    p->time_inc = stmts[ns - 1];
    Refusal saved = p->why;
    if (loop_step(p, stmts[ns - 1], l, &p->time_stride)) {
      p->why = saved;
      return fail(p, stmts[ns - 1], HINT_COUNTED, "the %s loop's body does not end with %s++",
                  is_do ? "do" : "while", l->var);
    }
  }
  CXCursor decl = clang_getCursorReferenced(ref);
  for (int i = 0; i < ns && i < 64; i++) {
    if (!clang_equalCursors(stmts[i], p->time_inc) && kind(decl) == CXCursor_VarDecl &&
        cur_written(p->tu, stmts[i], decl, &where))
      return fail(p, where, HINT_COUNTED, "the time counter '%s' changes inside the loop's body",
                  l->var);
  }
  return 0;
}

/* i--, --i, i -= 1, i = i - 1 */
static bool decrement(Parser *p, CXCursor inc, const char *var) {
  char op[4];
  bool prefix;
  long long k;
  CXCursor kids[2], sub[2];
  if (kind(inc) == CXCursor_UnaryOperator)
    return cur_unary_op(p->tu, inc, op, &prefix) && !strcmp(op, "--") &&
           cur_children(inc, kids, 1) == 1 && is_var(kids[0], var);
  if (!cur_binary_op(p->tu, inc, op) || cur_children(inc, kids, 2) != 2 || !is_var(kids[0], var))
    return false;
  if (kind(inc) == CXCursor_CompoundAssignOperator)
    return !strcmp(op, "-=") && eval_index(p, kids[1], &k) && k == 1;
  CXCursor rhs = cur_strip(kids[1]);
  return kind(inc) == CXCursor_BinaryOperator && !strcmp(op, "=") &&
         kind(rhs) == CXCursor_BinaryOperator && cur_binary_op(p->tu, rhs, op) &&
         !strcmp(op, "-") && cur_children(rhs, sub, 2) == 2 && is_var(sub[0], var) &&
         eval_index(p, sub[1], &k) && k == 1;
}

static const char *const HINT_DOWN =
    "count down from the last cell to a constant: for (i = n - 2; i >= 1; i--), or count up";

/* A spatial loop counting down, for (i = ext - k; i >= lo; i--) (or i > lo - 1, a constant
 * start): the cells of the upward loop, in the other order, which a sweep writing another grid
 * than it reads does not see. Read as for (i = lo; i < ext - k + 1; i++). */
static int down_loop(Parser *p, CXCursor init, CXCursor cond, Loop *l) {
  CXCursor start, kids[2];
  Poly b;
  const char *name;
  long long k;
  char op[4];
  if (!loop_start(p, init, l, &start))
    return fail(p, clang_Cursor_isNull(init) ? l->at : init, HINT_DOWN, "loop start is not set");
  if (poly_of(p, start, &b)) return -1;
  if (poly_is_const(&b, &k)) {
    l->ext[0] = 0;
    l->bound = k + 1;
  } else if (poly_is_var_plus_const(p, &b, &name, &k)) {
    snprintf(l->ext, sizeof l->ext, "%s", name);
    l->bound = -k - 1;
  } else {
    return fail(p, start, HINT_DOWN, "a loop counting down starts at an extent minus a constant");
  }
  cond = cur_strip(cond);
  if (kind(cond) != CXCursor_BinaryOperator || cur_children(cond, kids, 2) != 2 ||
      !cur_binary_op(p->tu, cond, op) || (strcmp(op, ">=") && strcmp(op, ">")) ||
      !is_var(cur_strip(kids[0]), l->var) || !eval_index(p, kids[1], &l->lo))
    return fail(p, clang_Cursor_isNull(cond) ? l->at : cond, HINT_DOWN,
                "a loop counting down must compare '%s' with a constant, by '>=' or '>'", l->var);
  if (!strcmp(op, ">")) l->lo++;
  return 0;
}

static int parse_loop_as(Parser *p, CXCursor c, Loop *l, bool time) {
  memset(l, 0, sizeof *l);
  l->at = c;
  if (time) {
    p->time_inc = p->time_init = clang_getNullCursor();
    if (kind(c) == CXCursor_WhileStmt || kind(c) == CXCursor_DoStmt) return counted_loop(p, c, l);
  }
  /* a for statement's parts, any of which may be missing, are read by position */
  CXCursor kids[4];
  int n = cur_children(c, kids, 4);
  if (n != 4)
    return fail(p, c, "give the loop an initialisation, a condition and an increment",
                "incomplete for loop");
  CXCursor start;
  bool down = !time && loop_start(p, kids[0], l, &start) && decrement(p, kids[2], l->var);
  CXCursor cond = kids[1];
  if (time && conv_condition(p, kids[1], &cond)) return -1;
  if (clang_Cursor_isNull(cond)) { /* for (iter = 0; err > tol; iter++): no cap */
    if (loop_init(p, kids[0], l) || loop_step(p, kids[2], l, &p->time_stride)) return -1;
    l->bound = l->lo;
  } else if (down ? down_loop(p, kids[0], cond, l)
                  : loop_init(p, kids[0], l) || loop_cond(p, cond, l, time, NULL) ||
                        loop_step(p, kids[2], l, time ? &p->time_stride : NULL)) {
    return -1;
  }
  l->body = kids[3];
  return 0;
}

int parse_loop(Parser *p, CXCursor c, Loop *l) { return parse_loop_as(p, c, l, false); }

int parse_time_loop(Parser *p, CXCursor c, Loop *l) { return parse_loop_as(p, c, l, true); }

/* The integer variable a statement of body after its first changes (idx++, idx += nx), as a
 * running index does, also in the bodies of the loops body holds (idx = j * nx + 1; for (...)
 * { ...; idx++; }), at *where; NULL when there is none. Loops' own steps are theirs. */
static const char *changed_index(Parser *p, CXCursor body, CXCursor *where) {
  CXCursor s[CUR_MAX_CHILDREN], kids[CUR_MAX_CHILDREN];
  int n = cur_children(body, s, CUR_MAX_CHILDREN);
  for (int i = 0; i < n && i < CUR_MAX_CHILDREN; i++) {
    const char *index = n > 1 ? cur_stepped(p->tu, s[i]) : NULL;
    if (index) return *where = s[i], index;
    enum CXCursorKind k = kind(s[i]);
    int nk = cur_children(s[i], kids, CUR_MAX_CHILDREN);
    bool loop = k == CXCursor_ForStmt || k == CXCursor_WhileStmt || k == CXCursor_DoStmt;
    CXCursor inner = loop && nk >= 1 && nk <= CUR_MAX_CHILDREN ? kids[k == CXCursor_DoStmt ? 0 : nk - 1]
                                                               : s[i];
    if (kind(inner) == CXCursor_CompoundStmt && (index = changed_index(p, inner, where)))
      return index;
  }
  return NULL;
}

static const char *const HINT_ROW =
    "set a row pointer once, where it is declared, to a row or cell of a flat grid: const float "
    "*row = &u[i * nx]; or float *up = u + (i - 1) * nx; or index the grid itself: u[i * nx + j]";

bool pointer_in_loops(const Parser *p, CXCursor decl) {
  if (kind(decl) != CXCursor_VarDecl || clang_Cursor_hasVarDeclGlobalStorage(decl) == 1 ||
      clang_getCanonicalType(clang_getCursorType(decl)).kind != CXType_Pointer ||
      clang_Cursor_isNull(p->time.at))
    return false;
  unsigned lo, hi, begin, end;
  cur_extent(p->time.at, &lo, &hi);
  cur_extent(decl, &begin, &end);
  return begin >= lo && end <= hi;
}

/* Whether t is float or double: a flat grid's element (not a row of a float (*u)[NX]). */
static bool floating(CXType t) {
  enum CXTypeKind k = clang_getCanonicalType(t).kind;
  return k == CXType_Float || k == CXType_Double;
}

/* Whether the variable at decl holds pointers: double *grid[2], double **u. */
static bool holds_pointers(CXCursor decl) {
  CXType t = clang_getCanonicalType(clang_getCursorType(decl));
  if (t.kind == CXType_Pointer) t = clang_getPointeeType(t);
  else if (t.kind == CXType_ConstantArray || t.kind == CXType_IncompleteArray) t = clang_getArrayElementType(t);
  else return false;
  return clang_getCanonicalType(t).kind == CXType_Pointer;
}

/* A refusal of a grid reached through an array of pointers: its rows when the subscript picking
 * the pointer reads a spatial loop variable (double **u read as u[i][j]), else its time levels
 * (u[cur], u[t & 1]). */
static int pointer_levels(Parser *p, CXCursor at, const char *name, CXCursor pick) {
  bool levels = true;
  for (int l = 0; l < p->sw->nloops; l++) levels &= !cur_mentions(pick, p->sw->loops[l].var);
  if (!levels)
    return fail(p, at,
                "read row pointers to float or double with a subscript per loop, u[i][j] in 2D "
                "or u[i][j][k] in 3D, or allocate the grid in one block and index it through a "
                "pointer to rows, double (*u)[n] = malloc(sizeof(double[n][n])); u[i][j], or "
                "flat: u[i * n + j]",
                "the grid '%s' is reached through row pointers in a form stencilc does not read",
                name);
  long long fixed;
  if (eval_index(p, pick, &fixed)) /* grid[1][i] = f(grid[0]) */
    return fail(p, at,
                "name the level by the step: grid[t % 2] read and grid[(t + 1) % 2] written, or "
                "grid[cur] and grid[1 - cur] with cur = 1 - cur; after the sweep; or keep the "
                "levels in two pointers swapped after the sweep: tmp = a; a = b; b = tmp;",
                "the grid is taken from a fixed entry of '%s', an array of pointers; stencilc "
                "reads its two time levels named by the step", name);
  return fail(p, at,
              "index the array of pointers in the sweep itself, grid[t % 2][i] read and "
              "grid[(t + 1) % 2][i] written, or keep the time levels in two pointers swapped "
              "after the sweep: tmp = a; a = b; b = tmp;",
              "the grid is taken from '%s', an array of pointers, into a pointer; stencilc reads "
              "time levels from one array or from two pointers it swaps", name);
}

/* Whether an access through an array of pointers picks a time level, not a row: its first
 * subscript reads no spatial loop variable, and its second is the cell (grid[cur][i * n + j]).
 * The time-level form reads it as A[2][n * n] whose levels are grid[0] and grid[1]. */
static bool level_pointers(Parser *p, const Access *a) {
  long long fixed;
  for (int l = 0; l < p->sw->nloops; l++)
    if (cur_mentions(a->sub[0], p->sw->loops[l].var)) return false;
  return a->nsub == 2 && !eval_index(p, a->sub[0], &fixed); /* grid[1]: a fixed entry */
}

/* Whether an access through an array of pointers reads a 2D or 3D grid of row pointers
 * (Numerical Recipes' double **u, double *rows[N], f3tensor's double ***u) as u[i][j] or
 * u[i][j][k]: a subscript per loop of the sweep, the first reading a spatial loop variable, each
 * but the outermost through a pointer to the next, the last to the elements. Its extents are the
 * loops' bounds. */
static bool row_grid(const Parser *p, const Access *a) {
  CXType t = clang_getCanonicalType(clang_getCursorType(a->decl));
  t = clang_getCanonicalType(t.kind == CXType_Pointer ? clang_getPointeeType(t)
                                                      : clang_getArrayElementType(t));
  for (int s = 1; s < a->nsub && t.kind == CXType_Pointer; s++) /* the levels of rows */
    t = clang_getCanonicalType(clang_getPointeeType(t));
  bool rows = false;
  for (int l = 0; l < p->sw->nloops; l++) rows |= cur_mentions(a->sub[0], p->sw->loops[l].var);
  return rows && a->nsub >= 2 && a->nsub == p->sw->nloops && floating(t);
}

enum { MAX_ROW_CHAIN = 8 }; /* row pointers set from row pointers (c - nx with c = u + i * nx) */

/* What a row pointer (decl: pointer_in_loops) is set to where it is declared and never changed:
 * &u[e], u + e, e + u or u - e, with u a flat grid declared outside the loops or another row
 * pointer. 0 with the grid's name and declaration in target and the expression added to (or,
 * with *minus, taken from) the pointer in *offset; -1 after a refusal. */
static int row_step(Parser *p, CXCursor decl, Access *target, CXCursor *offset, bool *minus) {
  char name[IR_NAME_MAX];
  cur_name(decl, name);
  CXCursor init = clang_Cursor_getVarDeclInitializer(decl), kids[2], where;
  if (clang_Cursor_isNull(init))
    return fail(p, decl, HINT_ROW, "the row pointer '%s' is declared without its value", name);
  if (cur_written(p->tu, clang_getCursorSemanticParent(decl), decl, &where))
    return fail(p, where, HINT_ROW, "the row pointer '%s' is changed after its declaration", name);
  init = cur_strip(init);
  if (kind(init) == CXCursor_MemberRefExpr) /* double *u = f->cur; in the time loop */
    return fail(p, init,
                "take the grids out of the struct before the time loop and swap the locals: "
                "double *u = f->cur, *un = f->next; for (t ...) { <sweep>; tmp = u; u = un; un = "
                "tmp; } f->cur = u; f->next = un;",
                "'%s' is set from a struct member in the time loop; stencilc swaps grids held in "
                "local pointers", name);
  Access level; /* double *cur = grid[t & 1]; */
  if (kind(init) == CXCursor_ArraySubscriptExpr && cur_access(init, &level) == CUR_ACCESS &&
      holds_pointers(level.decl))
    return pointer_levels(p, init, level.name, level.sub[0]);
  char op[4];
  bool prefix, found = false;
  *minus = false;
  if (kind(init) == CXCursor_UnaryOperator && cur_unary_op(p->tu, init, op, &prefix) &&
      !strcmp(op, "&") && cur_children(init, kids, 1) == 1) {
    found = cur_access(kids[0], target) == CUR_ACCESS && target->nsub == 1 &&
            floating(clang_getCursorType(cur_strip(kids[0])));
    *offset = target->sub[0];
  } else if (kind(init) == CXCursor_BinaryOperator && cur_binary_op(p->tu, init, op) &&
             (!strcmp(op, "+") || !strcmp(op, "-")) && cur_children(init, kids, 2) == 2) {
    for (int g = 0; g < (op[0] == '+' ? 2 : 1) && !found; g++) {
      CXCursor grid = cur_strip(kids[g]);
      CXType t = clang_getCanonicalType(clang_getCursorType(grid));
      if (cur_ref_name(grid) && (t.kind == CXType_Pointer ? floating(clang_getPointeeType(t))
                                                          : floating(clang_getArrayElementType(t)))) {
        snprintf(target->name, sizeof target->name, "%s", cur_ref_name(grid));
        target->decl = clang_getCursorReferenced(grid);
        *offset = kids[1 - g];
        *minus = op[0] == '-';
        found = true;
      }
    }
  }
  if (!found)
    return fail(p, decl, HINT_ROW,
                "'%s' points into a grid from inside the loops, but not as &u[e], u + e or u - e "
                "of a flat grid u", name);
  return 0;
}

int row_target(Parser *p, CXCursor decl, Access *target, Poly *offset) {
  if (offset) offset->n = 0;
  for (int chain = 0; chain < MAX_ROW_CHAIN; chain++) {
    CXCursor at;
    bool minus = false;
    if (row_step(p, decl, target, &at, &minus)) return -1;
    if (offset) {
      Poly k, sum;
      if (poly_of(p, at, &k)) return -1;
      if (minus) poly_sub(p, offset, &k, &sum);
      else poly_add(offset, &k, &sum);
      if (sum.n < 0) return fail(p, at, HINT_ROW, "index arithmetic overflows");
      *offset = sum;
    }
    if (!pointer_in_loops(p, target->decl)) {
      target->row = decl;
      return 0;
    }
    decl = target->decl;
  }
  return fail(p, decl, HINT_ROW, "a chain of more than %d row pointers", MAX_ROW_CHAIN);
}

/* Checks the pointers a loop body declares before its inner loop (row pointers). */
static int row_pointer(Parser *p, CXCursor body) {
  CXCursor s[CUR_MAX_CHILDREN], vars[CUR_MAX_CHILDREN];
  int n = kind(body) == CXCursor_CompoundStmt ? cur_children(body, s, CUR_MAX_CHILDREN) : 0;
  for (int i = 0; i < n && i < CUR_MAX_CHILDREN && kind(s[i]) == CXCursor_DeclStmt; i++) {
    int nv = cur_children(s[i], vars, CUR_MAX_CHILDREN);
    for (int v = 0; v < nv && v < CUR_MAX_CHILDREN; v++) {
      Access target;
      if (!pointer_in_loops(p, vars[v])) continue;
      /* as far as a candidate that reads the expression: the inner loops read as a stencil of
       * their own would otherwise show their refusal ('row' taken for a second grid) */
      if (p->progress < 3) p->progress = 3;
      if (row_target(p, vars[v], &target, NULL)) return -1;
    }
  }
  return 0;
}

/* The statement a loop body holds before the next loop: declarations of integer variables (a
 * row's offset, int row = i * nx;, which poly.c reads where it is used) and row pointers
 * (parse_access reads through them) then one loop. */
static bool index_prelude(CXCursor body, CXCursor *loop) {
  CXCursor s[CUR_MAX_CHILDREN], vars[CUR_MAX_CHILDREN];
  int n = cur_children(body, s, CUR_MAX_CHILDREN);
  if (kind(body) != CXCursor_CompoundStmt || n < 2 || n > CUR_MAX_CHILDREN ||
      kind(s[n - 1]) != CXCursor_ForStmt)
    return false;
  for (int i = 0; i < n - 1; i++) {
    int nv = cur_children(s[i], vars, CUR_MAX_CHILDREN);
    if (kind(s[i]) != CXCursor_DeclStmt || nv > CUR_MAX_CHILDREN) return false;
    for (int v = 0; v < nv; v++)
      if (!cur_prelude_var(body, vars[v])) return false;
  }
  *loop = s[n - 1];
  return true;
}

/* The statements of a compound statement after the assignments of index locals that stand first
 * (C89: int idx; at the top, idx = i * nx + j; in the body, which poly.c reads where idx is
 * used): their number, the first two in kids. */
static int statements_after_indices(CXCursor body, CXCursor kids[2]) {
  CXCursor s[CUR_MAX_CHILDREN];
  int n = cur_children(body, s, CUR_MAX_CHILDREN), first = 0;
  while (first < n - 1 && first < CUR_MAX_CHILDREN && cur_index_assignment(s[first])) first++;
  for (int i = first; i < n && i < first + 2 && i < CUR_MAX_CHILDREN; i++) kids[i - first] = s[i];
  return n - first;
}

/* The only statement of a body, unwrapping braces and skipping index assignments before it;
 * fails on several statements, except that with `blocks` a compound statement starting with a
 * declaration (an accumulator block) is returned. */
int single_statement(Parser *p, CXCursor body, bool blocks, CXCursor *out) {
  while (kind(body) == CXCursor_CompoundStmt) {
    CXCursor kids[2];
    int n = cur_children(body, kids, 2);
    if (n == 0) return fail(p, body, HINT_FORM, "empty loop body");
    if (n > 1 && blocks && kind(kids[0]) == CXCursor_DeclStmt) break;
    n = statements_after_indices(body, kids);
    CXCursor where;
    const char *index = n > 1 ? changed_index(p, body, &where) : NULL;
    if (index)
      return fail(p, where, CUR_HINT_RUNNING_INDEX,
                  "the index '%s' is changed in the loop body", index);
    if (n > 1)
      return fail(p, kids[1],
                  "a single stencil assigns one cell per iteration; several statements per cell are "
                  "read as a stencil program (README, \"Stencil programs\"), in which each one "
                  "assigns a cell of a grid: compute a residual or a sum over the cells in a "
                  "loop of its own, outside the time loop",
                  "several statements in a loop body");
    body = kids[0];
  }
  *out = body;
  return 0;
}

bool loop_var_in_use(const Parser *p, const char *name) {
  if (!strcmp(p->time.var, name)) return true;
  for (int l = 0; p->sw && l < p->sw->nloops; l++)
    if (!strcmp(p->sw->loops[l].var, name)) return true;
  return false;
}

/* ---- accesses ---- */

static const char *const HINT_PICK =
    "pick the two grids by the step's parity, the one read and the other written: double *src "
    "= (t % 2 == 0) ? u : v; double *dst = (t % 2 == 0) ? v : u;";

/* A test of the step's parity, X, !X, X == c or X != c with X a time level (t % 2, t & 1, a
 * level index toggled each step) and c 0 or 1: whether it holds at the loop's first step and
 * at the next, in holds[]. 0, or -1 after a refusal. */
static int parity_test(Parser *p, CXCursor cond, bool holds[2]) {
  CXCursor c;
  bool invert;
  long long want = 1, k, m; /* X alone holds when the level is 1 */
  cur_split_equality_test(p->tu, cond, &cond, &c, &invert);
  if (!clang_Cursor_isNull(c) && (!eval_index(p, c, &want) || (want != 0 && want != 1)))
    return fail(p, c, HINT_PICK, "the step's parity is compared with something else than 0 or 1");
  Refusal saved = p->why;
  if (time_level(p, cond, &k, &m)) {
    p->why = saved; /* this refusal, not time_level's, which speaks of subscripts */
    return fail(p, cond, HINT_PICK,
                "the grids are picked by a test that is not the step's parity (t %% 2, t & 1, or "
                "a level index toggled each step)");
  }
  for (int s = 0; s < 2; s++)
    holds[s] = ((((p->time.lo + s + k) % 2) + 2) % 2 == want) != invert;
  return 0;
}

/* The entry of p->picks for the pointer decl, or -1. */
static int pick_of(const Parser *p, CXCursor decl) {
  for (int k = 0; k < p->npicks; k++)
    if (clang_equalCursors(p->picks[k].decl, decl)) return k;
  return -1;
}

/* Records that the pointer decl holds arms[0] at the steps where the parity test cond holds and
 * arms[1] at the others (set: the statement that assigns it, a null cursor for its declaration;
 * at: the conditional or the if). 0, or -1 after a refusal. */
static int record_pick(Parser *p, CXCursor decl, CXCursor set, CXCursor at, CXCursor cond,
                       const CXCursor arms[2]) {
  char name[IR_NAME_MAX], arm[2][IR_NAME_MAX];
  CXCursor arm_decl[2];
  bool holds[2] = {false, false};
  cur_name(decl, name);
  for (int i = 0; i < 2; i++) {
    CXCursor c = cur_strip(arms[i]);
    arm_decl[i] = clang_getCursorReferenced(c);
    if (!cur_ref_name(c) || pointer_in_loops(p, arm_decl[i]) || pick_of(p, arm_decl[i]) >= 0 ||
        clang_equalCursors(arm_decl[i], decl) ||
        (kind(arm_decl[i]) != CXCursor_VarDecl && kind(arm_decl[i]) != CXCursor_ParmDecl))
      return fail(p, c, HINT_PICK,
                  "'%s' picks something else than a grid declared outside the time loop", name);
    snprintf(arm[i], sizeof arm[i], "%s", cur_ref_name(c));
  }
  if (!strcmp(arm[0], arm[1]))
    return fail(p, at, HINT_PICK,
                "both choices of '%s' are '%s': it names one grid at every step, not two levels",
                name, arm[0]);
  if (parity_test(p, cond, holds)) return -1;
  int k = pick_of(p, decl);
  if (k < 0 && p->npicks == 2)
    return fail(p, decl, HINT_PICK, "more than two pointers pick grids by the step's parity");
  if (k < 0) k = p->npicks++;
  p->picks[k].decl = decl;
  p->picks[k].set = set;
  for (int s = 0; s < 2; s++) {
    snprintf(p->picks[k].grid[s], IR_NAME_MAX, "%s", arm[holds[s] ? 0 : 1]);
    p->picks[k].grid_decl[s] = arm_decl[holds[s] ? 0 : 1];
  }
  char other[IR_NAME_MAX];
  for (int s = 0; s < 2 && p->npicks == 2; s++)
    if (!strcmp(p->picks[0].grid[s], p->picks[1].grid[s])) {
      cur_name(p->picks[1 - k].decl, other);
      return fail(p, clang_Cursor_isNull(set) ? decl : set, HINT_PICK,
                  "'%s' and '%s', picked by the step's parity, both hold '%s' at the %s step: "
                  "the sweep would update it in place", other, name, p->picks[0].grid[s],
                  s ? "second" : "first");
    }
  return 0;
}

/* A pointer that picks one of two grids by the step's parity: set before the sweep by a
 * statement (pick_statement), or declared in the time loop (pointer_in_loops) and set there,
 * once, by its declaration: double *src = (t % 2 == 0) ? u : v;. 1 when decl is none; 0 with
 * the grid it holds at the loop's first step in target (its name and declaration), the grids of
 * both steps recorded in p->picks; -1 after a refusal. */
static int level_pick(Parser *p, CXCursor decl, Access *target) {
  int k = pick_of(p, decl);
  if (k < 0) {
    CXCursor init = clang_Cursor_getVarDeclInitializer(decl), kids[3], where;
    if (!pointer_in_loops(p, decl) || clang_Cursor_isNull(init) ||
        kind(init = cur_strip(init)) != CXCursor_ConditionalOperator ||
        cur_children(init, kids, 3) != 3)
      return 1;
    char name[IR_NAME_MAX];
    cur_name(decl, name);
    if (cur_written(p->tu, clang_getCursorSemanticParent(decl), decl, &where))
      return fail(p, where, HINT_PICK,
                  "the pointer '%s', picked by the step's parity, is changed after its "
                  "declaration", name);
    if (record_pick(p, decl, clang_getNullCursor(), init, kids[0], kids + 1)) return -1;
    k = pick_of(p, decl);
  }
  snprintf(target->name, sizeof target->name, "%s", p->picks[k].grid[0]);
  target->decl = p->picks[k].grid_decl[0];
  return 0;
}

/* A pointer declared in the time loop as one level of an array of two pointers and never
 * changed: double *cur = grid[t & 1]; cur[i] reads grid[t & 1][i], the form level_pointers
 * takes. 0 with a made that access, 1 when a reads through no such pointer, -1 after a refusal. */
static const char *const HINT_ALIAS =
    "set the pointer once, where it is declared: double *cur = grid[t % 2], *nxt = grid[(t + "
    "1) % 2];, or once at the top of the step: cur = grid[t % 2]; nxt = grid[(t + 1) % 2];";

/* The entry of p->aliases for the pointer decl, or -1. */
static int alias_of(const Parser *p, CXCursor decl) {
  for (int k = 0; k < p->naliases; k++)
    if (clang_equalCursors(p->aliases[k].decl, decl)) return k;
  return -1;
}

/* Whether decl is written in the time loop by a statement other than `set`; *where: the first
 * such write. */
static bool written_elsewhere(Parser *p, CXCursor decl, CXCursor set, CXCursor *where) {
  CXCursor s[CUR_MAX_CHILDREN];
  int n = kind(p->time.body) == CXCursor_CompoundStmt
              ? cur_children(p->time.body, s, CUR_MAX_CHILDREN)
              : 0;
  for (int i = 0; i < n && i < CUR_MAX_CHILDREN; i++)
    if (!clang_equalCursors(s[i], set) && cur_written(p->tu, s[i], decl, where)) return true;
  return false;
}

static int level_alias(Parser *p, Access *a) {
  int assigned = alias_of(p, a->decl); /* cur = grid[t & 1]; at the top of the step */
  CXCursor init = assigned >= 0 ? p->aliases[assigned].value
                                : clang_Cursor_getVarDeclInitializer(a->decl),
           where;
  Access level;
  if (clang_Cursor_isNull(init) || kind(init = cur_strip(init)) != CXCursor_ArraySubscriptExpr ||
      cur_access(init, &level) != CUR_ACCESS || level.nsub != 1 || !holds_pointers(level.decl))
    return 1;
  char name[IR_NAME_MAX];
  cur_name(a->decl, name);
  if (a->nsub != 1)
    return fail(p, init, HINT_ROW, "'%s' is one level of '%s' but is read with %d subscripts",
                name, level.name, a->nsub);
  level.sub[1] = a->sub[0];
  level.nsub = 2;
  if (!level_pointers(p, &level)) return pointer_levels(p, init, level.name, level.sub[0]);
  if (assigned >= 0 ? written_elsewhere(p, a->decl, p->aliases[assigned].set, &where)
                    : cur_written(p->tu, clang_getCursorSemanticParent(a->decl), a->decl, &where))
    return fail(p, where,
                HINT_ALIAS,
                "the pointer '%s', one level of '%s', is changed after %s", name,
                level.name, assigned >= 0 ? "it is set" : "its declaration");
  *a = level;
  return 0;
}

int parse_access(Parser *p, CXCursor c, Access *a) {
  switch (cur_access(c, a)) {
  case CUR_ACCESS_DEEP: return fail(p, c, HINT_FORM, "array access has too many subscripts");
  case CUR_NO_ACCESS: {
    char member[IR_NAME_MAX];
    if (cur_member_access(c, member))
      return fail(p, c,
                  "copy the struct's pointers into locals before the time loop and sweep and swap "
                  "those: double *u = g->u, *unew = g->unew; ... unew[i * nx + j] = u[...];",
                  "the grid is the struct member '%s'; stencilc reads grids held in variables",
                  member);
    if (cur_deref(p->tu, c)) return fail(p, c, CUR_HINT_DEREF, CUR_MSG_DEREF);
    return fail(p, c, HINT_FORM, "expected an access to the grid array");
  }
  default: break;
  }
  Access target;
  int pick = level_pick(p, a->decl, &target); /* src[i] is u[i] at the first step */
  if (pick <= 0) {
    snprintf(a->name, sizeof a->name, "%s", target.name);
    a->decl = target.decl;
    return pick;
  }
  if (!pointer_in_loops(p, a->decl) && alias_of(p, a->decl) < 0) return 0;
  int alias = level_alias(p, a); /* cur[i] is grid[t & 1][i] */
  if (alias <= 0) return alias;
  /* row[j - 1] is u[i * nx + j - 1] */
  if (row_target(p, a->decl, &target, NULL)) return -1;
  if (a->nsub != 1)
    return fail(p, c, HINT_ROW, "'%s' is a row pointer but is read with %d subscripts", a->name,
                a->nsub);
  snprintf(a->name, sizeof a->name, "%s", target.name);
  a->row = a->decl;
  a->decl = target.decl;
  return 0;
}

/* The polynomial of subscript s of a, a row pointer's offset added (Access.row). */
static int sub_poly(Parser *p, const Access *a, int s, Poly *out) {
  Poly sub, base;
  Access grid;
  if (poly_of(p, a->sub[s], &sub)) return -1;
  if (clang_Cursor_isNull(a->row)) {
    *out = sub;
    return 0;
  }
  if (row_target(p, a->row, &grid, &base)) return -1;
  poly_add(&sub, &base, out);
  if (out->n < 0) return fail(p, a->sub[s], HINT_ROW, "index arithmetic overflows");
  return 0;
}

static const char *const HINT_LEVEL =
    "index the time level as A[t % 2] (read) and A[(t + 1) % 2] (write)";

enum { MAX_LEVEL_LOCALS = 8 }; /* int nxt = 1 - cur; followed this deep */

/* The value of a level subscript that is an int local declared in the time loop's body (int
 * cur = t & 1, nxt = 1 - cur;): *value. A local declared before the loop is not followed: one
 * toggled in it (cur = 1 - cur) has another value each step than its initializer. */
static bool level_local(Parser *p, CXCursor c, CXCursor *value) {
  if (kind(c) != CXCursor_DeclRefExpr) return false;
  CXCursor decl = clang_getCursorReferenced(c), assigned;
  unsigned b, e, lb, le;
  if (kind(decl) != CXCursor_VarDecl || !cur_integer_type(decl)) return false;
  cur_extent(decl, &b, &e);
  cur_extent(p->time.at, &lb, &le);
  if (b < lb || e > le) return false;
  *value = cur_local_value(decl, c, &assigned);
  return !clang_Cursor_isNull(*value);
}

static int level_at(Parser *p, CXCursor c, long long *k, long long *m, int depth);

/* Whether statement s toggles the int variable decl between 0 and 1: cur = 1 - cur, cur = !cur,
 * cur ^= 1, cur = cur ^ 1, cur = (cur + 1) % 2. */
static bool toggles(Parser *p, CXCursor s, CXCursor decl) {
  CXCursor kids[2], rhs[2];
  char op[4], rop[4];
  long long v;
  s = cur_strip(s);
  if ((kind(s) != CXCursor_BinaryOperator && kind(s) != CXCursor_CompoundAssignOperator) ||
      !cur_binary_op(p->tu, s, op) || cur_children(s, kids, 2) != 2 ||
      !clang_equalCursors(clang_getCursorReferenced(cur_strip(kids[0])), decl))
    return false;
  if (!strcmp(op, "^=")) return eval_index(p, kids[1], &v) && v == 1;
  if (strcmp(op, "=")) return false;
  CXCursor r = cur_strip(kids[1]);
  bool self[2] = {false, false};
  int n = cur_children(r, rhs, 2);
  for (int i = 0; i < n && i < 2; i++)
    self[i] = clang_equalCursors(clang_getCursorReferenced(cur_strip(rhs[i])), decl);
  if (kind(r) == CXCursor_UnaryOperator) { /* !cur */
    bool prefix;
    return n == 1 && self[0] && cur_unary_op(p->tu, r, rop, &prefix) && !strcmp(rop, "!");
  }
  if (kind(r) != CXCursor_BinaryOperator || n != 2 || !cur_binary_op(p->tu, r, rop)) return false;
  if (!strcmp(rop, "-")) return self[1] && eval_index(p, rhs[0], &v) && v == 1;
  if (!strcmp(rop, "^")) return self[0] && eval_index(p, rhs[1], &v) && v == 1;
  if (strcmp(rop, "%") || !eval_index(p, rhs[1], &v) || v != 2) return false;
  CXCursor sum[2];
  char sop[4];
  CXCursor in = cur_strip(rhs[0]);
  return kind(in) == CXCursor_BinaryOperator && cur_binary_op(p->tu, in, sop) && !strcmp(sop, "+") &&
         cur_children(in, sum, 2) == 2 &&
         clang_equalCursors(clang_getCursorReferenced(cur_strip(sum[0])), decl) &&
         eval_index(p, sum[1], &v) && v == 1;
}

/* Statement s as dst = src of two variables (an assignment, or a declaration int dst = src;). */
static bool copies(CXCursor s, CXCursor *dst, CXCursor *src) {
  CXCursor kids[2];
  s = cur_strip(s);
  if (kind(s) == CXCursor_DeclStmt && cur_children(s, kids, 2) == 1) {
    CXCursor init = clang_Cursor_getVarDeclInitializer(kids[0]);
    *dst = kids[0];
    *src = clang_Cursor_isNull(init) ? init : clang_getCursorReferenced(cur_strip(init));
  } else if (cur_is_assignment(s, kids)) {
    *dst = clang_getCursorReferenced(cur_strip(kids[0]));
    *src = clang_getCursorReferenced(cur_strip(kids[1]));
  } else {
    return false;
  }
  return kind(*dst) == CXCursor_VarDecl && kind(*src) == CXCursor_VarDecl;
}

/* The statements i, i + 1, i + 2 of the time loop's body swap two int variables, one of them
 * decl, through a temporary the first declares: int tmp = a; a = b; b = tmp;. *partner: the
 * other one. */
static bool swaps_at(const CXCursor *stmts, int i, CXCursor decl, CXCursor *partner) {
  CXCursor tmp, a, a2, b, b2, t2;
  if (!copies(stmts[i], &tmp, &a) || kind(cur_strip(stmts[i])) != CXCursor_DeclStmt ||
      !copies(stmts[i + 1], &a2, &b) || !copies(stmts[i + 2], &b2, &t2) ||
      !clang_equalCursors(a, a2) || !clang_equalCursors(b, b2) || !clang_equalCursors(t2, tmp) ||
      !cur_integer_type(a) || !cur_integer_type(b))
    return false;
  *partner = clang_equalCursors(decl, a) ? b : a;
  return clang_equalCursors(decl, a) || clang_equalCursors(decl, b);
}

/* A level subscript that is an int local declared before the time loop with the value 0 or 1
 * and toggled by one statement of the loop's body (int cur = 0; for (t ...) { A[1 - cur][i] =
 * f(A[cur]); cur = 1 - cur; }), or swapped there with another that starts at the other value:
 * (t + *k) % 2 at the use c, the loop counting t by one. 1 when c is no such local, -1 after a
 * refusal. */
static int toggled_level(Parser *p, CXCursor c, long long *k) {
  if (kind(c) != CXCursor_DeclRefExpr) return 1;
  CXCursor decl = clang_getCursorReferenced(c), init = clang_Cursor_getVarDeclInitializer(decl);
  unsigned b, e, lb, le, at, end;
  long long first;
  if (kind(decl) != CXCursor_VarDecl || !cur_integer_type(decl) || clang_Cursor_isNull(init))
    return 1;
  cur_extent(decl, &b, &e);
  cur_extent(p->time.at, &lb, &le);
  if (b >= lb && e <= le) return 1;
  CXCursor stmts[CUR_MAX_CHILDREN], toggle = clang_getNullCursor(), partner = clang_getNullCursor();
  int n = cur_children(p->time.body, stmts, CUR_MAX_CHILDREN);
  for (int i = 0; i < n && i < CUR_MAX_CHILDREN; i++)
    if (toggles(p, stmts[i], decl) || (i + 2 < n && i + 2 < CUR_MAX_CHILDREN &&
                                       swaps_at(stmts, i, decl, &partner)))
      toggle = stmts[i];
  if (clang_Cursor_isNull(toggle)) return 1;
  static const char *const hint =
      "toggle the level index once a step, as the last statement of the time loop, from 0 or 1: "
      "int cur = 0; for (t = 0; t < nt; t++) { A[1 - cur][i] = f(A[cur][i]); cur = 1 - cur; }";
  if (!eval_index(p, init, &first) || (first != 0 && first != 1))
    return fail(p, c, hint, "the level index '%s' starts at a value other than 0 or 1",
                cur_ref_name(c));
  long long other;
  CXCursor other_init = clang_Cursor_isNull(partner) ? partner : clang_Cursor_getVarDeclInitializer(partner);
  if (!clang_Cursor_isNull(partner) &&
      (clang_Cursor_isNull(other_init) || !eval_index(p, other_init, &other) || other != 1 - first))
    return fail(p, c, hint, "the level indices swapped in the time loop do not start at 0 and 1");
  if (cur_writes(clang_getCursorSemanticParent(decl), decl) != 1)
    return fail(p, c, hint, "the level index '%s' is changed elsewhere than by its toggle in the "
                "time loop", cur_ref_name(c));
  if (p->time_stride > 1)
    return fail(p, c, hint, "the level index '%s' toggles each iteration of a loop that counts "
                "'%s' by %d", cur_ref_name(c), p->time.var, p->time_stride);
  cur_extent(c, &at, &end);
  cur_extent(toggle, &b, &e);
  /* value at the use: first + the toggles before it, (t - lo) of them, one more when the toggle
   * comes first in the body */
  *k = ((first - p->time.lo + (b < at)) % 2 + 2) % 2;
  cur_name(decl, p->st->level_toggle[0]);
  if (!clang_Cursor_isNull(partner)) cur_name(partner, p->st->level_toggle[1]);
  return 0;
}

/* 1 - X and X ^ 1 of a parity X: the other level. 1 when c is neither, -1 after a refusal. */
static int other_level(Parser *p, CXCursor c, long long *k, long long *m, int depth) {
  CXCursor kids[2];
  char op[4];
  long long one;
  if (kind(c) != CXCursor_BinaryOperator || !cur_binary_op(p->tu, c, op) ||
      cur_children(c, kids, 2) != 2)
    return 1;
  CXCursor x;
  if (!strcmp(op, "-") && eval_index(p, kids[0], &one) && one == 1) x = kids[1];
  else if (!strcmp(op, "^") && eval_index(p, kids[1], &one) && one == 1) x = kids[0];
  else return 1;
  if (level_at(p, x, k, m, depth + 1)) return -1;
  if (*m != 2) return fail(p, c, HINT_LEVEL, "1 - level is the other level of two only");
  *k += 1;
  return 0;
}

int time_level(Parser *p, CXCursor c, long long *k, long long *m) { return level_at(p, c, k, m, 0); }

static int level_at(Parser *p, CXCursor c, long long *k, long long *m, int depth) {
  c = cur_strip(c);
  CXCursor kids[2], value;
  char op[4];
  Poly a;
  const char *var;
  if (depth < MAX_LEVEL_LOCALS && level_local(p, c, &value))
    return level_at(p, value, k, m, depth + 1);
  int toggled = toggled_level(p, c, k);
  *m = 2;
  if (toggled <= 0) return toggled;
  int other = depth < MAX_LEVEL_LOCALS ? other_level(p, c, k, m, depth) : 1;
  if (other <= 0) return other;
  /* (t + k) & 1: the parity, as (t + k) % 2 gives it for t + k >= 0 */
  bool parity = kind(c) == CXCursor_BinaryOperator && cur_binary_op(p->tu, c, op) &&
                cur_children(c, kids, 2) == 2 && eval_index(p, kids[1], m) &&
                ((!strcmp(op, "%") && *m == 2) || (!strcmp(op, "&") && *m == 1));
  *m = 2;
  if (parity && !poly_of(p, kids[0], &a) && poly_is_var_plus_const(p, &a, &var, k)) {
    if (!strcmp(var, p->time.var)) return 0;
    for (int l = 0; l < p->sw->nloops; l++)
      if (!strcmp(var, p->sw->loops[l].var))
        return fail(p, p->time.at,
                    "put the time loop outermost: for (t ...) for (i ...) for (j ...)",
                    "the time loop (over '%s') is not the outermost loop", var);
  }
  return fail(p, c, HINT_LEVEL, "time subscript must be %s %% 2 or (%s + 1) %% 2", p->time.var,
              p->time.var);
}

/* Whether c names a variable that a statement of the time loop's body toggles or swaps
 * (toggled_level). */
static bool toggled_ref(CXCursor c, void *parser) {
  Parser *p = parser;
  CXCursor stmts[CUR_MAX_CHILDREN], partner;
  if (kind(c) != CXCursor_DeclRefExpr) return false;
  CXCursor decl = clang_getCursorReferenced(c);
  int n = cur_children(p->time.body, stmts, CUR_MAX_CHILDREN);
  for (int i = 0; i < n && i < CUR_MAX_CHILDREN; i++)
    if (toggles(p, stmts[i], decl) ||
        (i + 2 < n && i + 2 < CUR_MAX_CHILDREN && swaps_at(stmts, i, decl, &partner)))
      return true;
  return false;
}

/* Whether the expression at c reads such a variable. */
static bool mentions_toggled(Parser *p, CXCursor c) {
  return toggled_ref(c, p) || !clang_Cursor_isNull(cur_find(c, true, toggled_ref, p));
}

/* Whether the access's first subscript is a time level: it reads the time variable (or a level
 * index toggled each step) or takes a remainder (the time loop misplaced). */
static bool has_time_level(Parser *p, const Access *a) {
  CXCursor s = cur_strip(a->sub[0]);
  char op[4];
  return cur_mentions_through_locals(s, p->time.var) || mentions_toggled(p, s) ||
         (kind(s) == CXCursor_BinaryOperator && cur_binary_op(p->tu, s, op) && !strcmp(op, "%"));
}

/* Whether the loop taken for the time loop indexes the written cell as an axis: its variable in
 * the written index with no remainder taken, and no subscript left for a time level (or the
 * first subscript its variable alone). Then the nest is a sweep with no time loop around it. */
static bool indexes_space(Parser *p, const Sweep *sw) {
  CXCursor s = cur_strip(sw->out.sub[0]);
  char op[4];
  if (kind(s) == CXCursor_BinaryOperator && cur_binary_op(p->tu, s, op) &&
      (!strcmp(op, "%") || !strcmp(op, "&")))
    return false;
  return sw->out.nsub <= sw->nloops || is_var(s, p->time.var);
}

static int loop_index(const Sweep *sw, const char *name) {
  for (int l = 0; l < sw->nloops; l++)
    if (!strcmp(sw->loops[l].var, name)) return l;
  return -1;
}

/* Orders the axes of a flat index by their strides, smallest (contiguous) last. */
static int flat_layout(Parser *p, CXCursor at, Sweep *sw) {
  Poly rest = sw->centre, stride[IR_MAX_DIMS];
  int order[IR_MAX_DIMS];
  for (int l = 0; l < sw->nloops; l++) {
    Poly r;
    bool split = poly_split(p, &rest, sw->loops[l].var, &stride[l], &r);
    if (!split || stride[l].n == 0 || poly_lead(&stride[l])->coef <= 0)
      return fail(p, at, "index a flat array as a[i * ny + j] or a[(i * ny + j) * nx + k]",
                  "the index of '%s' does not multiply the loop variable '%s' by a size",
                  sw->out.name, sw->loops[l].var);
    for (int o = 0; o < sw->nloops; o++) {
      Poly in_stride, other;
      if (o != l && (!poly_split(p, &stride[l], sw->loops[o].var, &in_stride, &other) ||
                     in_stride.n != 0))
        return fail(p, at, "index a flat array as a[i * ny + j] or a[(i * ny + j) * nx + k]",
                    "the index of '%s' multiplies the loop variables '%s' and '%s'",
                    sw->out.name, sw->loops[l].var, sw->loops[o].var);
    }
    rest = r;
    order[l] = l;
  }
  long long k;
  if (!poly_is_const(&rest, &k) || k != 0)
    return fail(p, at, "write the cell the loops point at: a[i * ny + j]",
                "the written cell is offset from the loop position");
  /* sort the loops by stride, largest first: that is the memory order of the axes */
  for (int i = 1; i < sw->nloops; i++)
    for (int j = i; j > 0 && poly_monomial_cmp(&stride[order[j - 1]], &stride[order[j]]) < 0; j--) {
      int x = order[j];
      order[j] = order[j - 1];
      order[j - 1] = x;
    }
  for (int ax = 0; ax < sw->nloops; ax++) {
    sw->loop_axis[order[ax]] = ax;
    sw->stride[ax] = stride[order[ax]];
  }
  long long one;
  if (!poly_is_const(&sw->stride[sw->nloops - 1], &one) || one != 1)
    return fail(p, at, "the innermost axis of a flat array is contiguous: a[i * ny + j]",
                "no loop variable of the index of '%s' has stride 1", sw->out.name);
  for (int ax = 0; ax + 1 < sw->nloops; ax++) {
    char name[IR_NAME_MAX], text[256];
    long long pad;
    if (!poly_ratio(p, &sw->stride[ax], &sw->stride[ax + 1], name, &k, &pad) ||
        (!name[0] && k < 2) || pad < 0 || pad > IR_MAX_EXTENT_PAD) {
      poly_text(p, &sw->stride[ax], text, sizeof text);
      return fail(p, at,
                  "give each extent a name, a name plus the halo or a constant: a[(i * ny + j) "
                  "* nx + k] or a[i * (nx + 2) + j] with ny and nx variables or macros",
                  "the stride '%s' of '%s' is not an extent times the next stride", text,
                  sw->out.name);
    }
  }
  return 0;
}

/* The layout of the written access: which loop iterates which axis, and for a flat array the
 * strides. The written cell must be the one the loops point at. */
static int written_layout(Parser *p, CXCursor at, Sweep *sw) {
  const Access *w = &sw->out;
  int m = w->nsub - sw->out_sub0, dims = sw->nloops;
  sw->flat = m == 1 && dims > 1;
  if (sw->flat) {
    if (sub_poly(p, w, sw->out_sub0, &sw->centre)) return -1;
    return flat_layout(p, at, sw);
  }
  if (m != dims)
    return fail(p, at, HINT_FORM, "'%s' has %d spatial subscripts; the loops update %d axes",
                w->name, m, dims);
  bool used[IR_MAX_DIMS] = {false};
  for (int ax = 0; ax < dims; ax++) {
    Poly a;
    const char *var;
    long long k;
    CXCursor s = w->sub[sw->out_sub0 + ax];
    if (sub_poly(p, w, sw->out_sub0 + ax, &a)) return -1;
    int l = poly_is_var_plus_const(p, &a, &var, &k) ? loop_index(sw, var) : -1;
    if (l < 0 || used[l])
      return fail(p, s, "index each axis of the written cell by its own loop variable",
                  "subscript %d of '%s' is not a spatial loop variable", sw->out_sub0 + ax + 1,
                  w->name);
    if (k != 0)
      return fail(p, at, "write the cell the loops point at: A[(t + 1) % 2][i][j]",
                  "the written cell is offset from the loop position");
    used[l] = true;
    sw->loop_axis[l] = ax;
  }
  return 0;
}

static int axis_loop(const Sweep *sw, int ax) {
  for (int l = 0; l < sw->nloops; l++)
    if (sw->loop_axis[l] == ax) return l;
  return 0;
}

/* Splits the constant r of a flat read over the strides: r = sum off[ax] * stride[ax]. */
static int sweep_flat_offsets(Parser *p, CXCursor at, const Access *a, const Poly *r,
                              int off[IR_MAX_DIMS]) {
  const Sweep *sw = p->sw;
  Poly left = *r;
  for (int ax = 0; ax < sw->nloops; ax++) { /* largest stride first */
    const Term *s = poly_lead(&sw->stride[ax]);
    long long c = 0;
    for (int i = 0; i < left.n; i++)
      if (left.t[i].deg == s->deg && !memcmp(left.t[i].sym, s->sym, (size_t)s->deg))
        c = left.t[i].coef;
    /* nearest multiple; what remains goes to the smaller strides with the same names */
    long long o = (c >= 0 ? c + s->coef / 2 : c - s->coef / 2) / s->coef;
    if (o < -MAX_OFFSET || o > MAX_OFFSET)
      return fail(p, at, "stencilc handles radii up to 64", "offset %lld is too large", o);
    Poly step, next, po = {.n = 1, .t = {{o, 0, {0}}}};
    if (o && !poly_mul(&sw->stride[ax], &po, &step))
      return fail(p, at, "stencilc handles radii up to 64", "offset %lld is too large", o);
    if (o) poly_sub(p, &left, &step, &next), left = next;
    const Term *prev = ax > 0 ? poly_lead(&sw->stride[ax - 1]) : NULL;
    if (prev && prev->deg == s->deg && !memcmp(prev->sym, s->sym, (size_t)s->deg) &&
        2 * llabs(o) * s->coef >= prev->coef)
      return fail(p, at, "keep offsets smaller than half the grid's extent",
                  "the offset in the index of '%s' cannot be told apart from a step along the "
                  "next axis", a->name);
    off[ax] = (int)o;
  }
  long long k;
  if (!poly_is_const(&left, &k) || k != 0) {
    char text[256];
    poly_text(p, &left, text, sizeof text);
    return fail(p, at,
                "offsets in a flat index are multiples of the strides: a[(i + 1) * ny + j - 1]",
                "the index of '%s' adds '%s', which is not a multiple of the grid's strides",
                a->name, text);
  }
  return 0;
}

int read_offsets(Parser *p, CXCursor at, const Access *a, int sub0, int off[IR_MAX_DIMS]) {
  const Sweep *sw = p->sw;
  int m = a->nsub - sub0, dims = sw->nloops, want = sw->flat ? 1 : dims;
  for (int ax = 0; ax < IR_MAX_DIMS; ax++) off[ax] = 0;
  if (m != want)
    return fail(p, at, HINT_FORM, "'%s' has %d subscripts; expected %d%s", a->name, a->nsub,
                sub0 + want, sub0 ? " (a time level and the axes)" : "");
  if (sw->flat) {
    Poly r, d;
    if (sub_poly(p, a, sub0, &r)) return -1;
    poly_sub(p, &r, &sw->centre, &d);
    for (int l = 0; l < dims; l++) {
      Poly st, rest;
      if (!poly_split(p, &d, sw->loops[l].var, &st, &rest) || st.n != 0)
        return fail(p, a->sub[sub0], "index every flat array the way the written one is indexed",
                    "the index of '%s' does not follow the layout of '%s'", a->name,
                    sw->out.name);
    }
    return sweep_flat_offsets(p, a->sub[sub0], a, &d, off);
  }
  for (int ax = 0; ax < dims; ax++) {
    CXCursor s = a->sub[sub0 + ax];
    const char *want_var = sw->loops[axis_loop(sw, ax)].var;
    Poly r;
    long long k;
    if (sub_poly(p, a, sub0 + ax, &r)) return -1;
    Poly stride, rest;
    poly_split(p, &r, want_var, &stride, &rest);
    long long one;
    bool unit = poly_is_const(&stride, &one) && one == 1;
    if (!unit && stride.n != 0)
      return fail(p, s, "write each index as a loop variable plus or minus a constant",
                  "index is not a loop variable plus a constant");
    if (!unit)
      return fail(p, s,
                  "subscripts follow the memory layout the written cell sets: each axis is "
                  "indexed by the same loop variable everywhere",
                  "subscript %d of '%s' must be '%s' plus a constant", sub0 + ax + 1, a->name,
                  want_var);
    if (!poly_is_const(&rest, &k)) {
      char text[256];
      poly_text(p, &rest, text, sizeof text);
      return fail(p, s, "offsets must be integer constants (literals, macros or enum values)",
                  "index adds '%s' and '%s': offsets must be compile-time constants", want_var,
                  text);
    }
    if (k < -MAX_OFFSET || k > MAX_OFFSET)
      return fail(p, s, "stencilc handles radii up to 64", "offset %lld is too large", k);
    off[ax] = (int)k;
  }
  return 0;
}

/* ---- grid declaration ---- */

/* The sizes written in the declaration of the grid, in source order; `pointer` tells whether it
 * is a pointer to arrays (float (*A)[n][n], time level first) or an array float A[2][n][n]. */
void grid_extents(CXCursor decl, CXCursor *sizes, int *n, bool *pointer) {
  /* an array parameter has decayed to a pointer, but its declaration keeps its first size */
  *pointer = kind(decl) != CXCursor_ParmDecl && clang_getCursorType(decl).kind == CXType_Pointer;
  *n = cur_decl_sizes(decl, sizes);
  /* a parameter declared as an array decays to a pointer but keeps its first size: it has one
   * size more than the arrays its pointer points to */
  CXType t = clang_getCanonicalType(clang_getCursorType(decl));
  if (kind(decl) == CXCursor_ParmDecl && t.kind == CXType_Pointer) {
    int rank = 0;
    for (CXType e = clang_getPointeeType(t); rank < 8 && (e.kind == CXType_ConstantArray ||
                                                          e.kind == CXType_VariableArray ||
                                                          e.kind == CXType_IncompleteArray);
         e = clang_getArrayElementType(e))
      rank++;
    *pointer = *n == rank;
  } else if (cur_pointer_decl(decl)) {
    *pointer = true; /* double u[][N], the first size left out */
  }
}

/* The element type of an array or pointer declaration (or the type of a scalar one). */
static CXType element_of(CXCursor decl) {
  return clang_getCanonicalType(cur_element_type(clang_getCursorType(decl)));
}

/* Whether decl's elements are float or double, and which. */
bool floating_type(CXCursor decl, DType *t) {
  enum CXTypeKind k = element_of(decl).kind;
  *t = k == CXType_Double ? DTYPE_DOUBLE : DTYPE_FLOAT;
  return k == CXType_Float || k == CXType_Double;
}

bool grid_type(CXCursor decl, DType *t) {
  switch (element_of(decl).kind) {
  case CXType_UChar: *t = DTYPE_U8; return true;
  case CXType_UShort: *t = DTYPE_U16; return true;
  case CXType_SChar: *t = DTYPE_I8; return true;
  case CXType_Short: *t = DTYPE_I16; return true;
  case CXType_Int: *t = DTYPE_I32; return true;
  default: return floating_type(decl, t);
  }
}

static int element_type(Parser *p, CXCursor decl, const char *name, CXCursor use) {
  if (!grid_type(decl, &p->st->dtype)) {
    CXString s = clang_getTypeSpelling(element_of(decl));
    fail(p, use, "declare the grid as float or double, or as an image of unsigned char "
                 "(uint8_t), unsigned short (uint16_t), signed char, short or int",
         "grid '%s' has element type %s", name, clang_getCString(s));
    clang_disposeString(s);
    return -1;
  }
  return 0;
}


/* The elements a pointer is given where it is declared: p = malloc(C), calloc(N, S) or
 * aligned_alloc(A, C) with constant sizes (a flat grid's slowest extent comes from it). */
static bool allocated_elements(CXCursor decl, long long *n) {
  CXCursor init = kind(decl) == CXCursor_VarDecl ? clang_Cursor_getVarDeclInitializer(decl)
                                                 : clang_getNullCursor();
  if (clang_Cursor_isNull(init)) return false;
  CXCursor call = cur_strip(init);
  if (kind(call) == CXCursor_DeclRefExpr) { /* double *cur = grid; with double grid[N * N] */
    CXType t = clang_getCanonicalType(clang_getCursorType(clang_getCursorReferenced(call)));
    long long count = 1;
    for (; t.kind == CXType_ConstantArray; t = clang_getCanonicalType(clang_getArrayElementType(t)))
      if (__builtin_mul_overflow(count, clang_getArraySize(t), &count)) return false;
    *n = count;
    return count > 1;
  }
  if (kind(call) != CXCursor_CallExpr) return false;
  CXString s = clang_getCursorSpelling(call);
  const char *f = clang_getCString(s);
  int nargs = clang_Cursor_getNumArguments(call);
  long long a = 0, b = 1;
  bool ok = false;
  if (!strcmp(f, "malloc") && nargs == 1)
    ok = cur_eval_int(clang_Cursor_getArgument(call, 0), &a);
  else if ((!strcmp(f, "calloc")) && nargs == 2)
    ok = cur_eval_int(clang_Cursor_getArgument(call, 0), &a) &&
         cur_eval_int(clang_Cursor_getArgument(call, 1), &b);
  else if (!strcmp(f, "aligned_alloc") && nargs == 2)
    ok = cur_eval_int(clang_Cursor_getArgument(call, 1), &a);
  clang_disposeString(s);
  long long bytes, elem = clang_Type_getSizeOf(element_of(decl));
  if (!ok || elem <= 0 || __builtin_mul_overflow(a, b, &bytes) || bytes % elem) return false;
  *n = bytes / elem;
  return true;
}

/* The size declared for axis ax of the grid `decl` (accessed as in the sweep), as a name or a
 * constant: 1 when declared, 0 when the declaration does not say (a pointer's first axis, a flat
 * pointer's slowest axis), -1 after a refusal. */
static int declared_extent(Parser *p, const Sweep *sw, CXCursor decl, const char *name, int ax,
                           char param[IR_NAME_MAX], int *pad, long *cnst, CXCursor *size_at) {
  *pad = 0;
  CXCursor sizes[1 + IR_MAX_DIMS];
  int n;
  bool pointer;
  grid_extents(decl, sizes, &n, &pointer);
  int dims = sw->nloops, first = 0;
  long long v;
  if (p->time_levels && !pointer) {
    if (n < 1 || !cur_eval_int(sizes[0], &v) || v != 2)
      return fail(p, n ? sizes[0] : decl,
                  "the first dimension holds the two time levels: float A[2][n][n]",
                  "first dimension of '%s' must be 2", name);
    first = 1;
  }
  int spatial = n - first, want = sw->flat ? 1 : dims;
  /* double *grid[2] read as grid[cur][i * n + j]: flat levels of pointers (level_pointers) */
  if (!p->time_levels && holds_pointers(decl)) return 0; /* row pointers: from the bounds */
  bool level_ptrs = p->time_levels && spatial == 0 && holds_pointers(decl);
  bool flat_pointers = spatial == 0 && (sw->flat ? pointer || level_ptrs : level_ptrs && dims == 1);
  if (!pointer || p->time_levels) {
    if (spatial != want && !flat_pointers)
      return fail(p, decl,
                  "declare the grid as float A[2][n][n] (2D) or float A[2][n][n][n] (3D), a "
                  "pointer float (*A)[n][n] to them, or two arrays A[n][n] and B[n][n]",
                  "grid '%s' is declared with %d spatial dimension%s, but the loops update %d",
                  name, spatial, spatial == 1 ? "" : "s", dims);
  } else if (spatial != want - 1 && !(sw->flat && spatial == 0)) { /* pointer: axis 0 undeclared */
    return fail(p, decl, "declare the grid as double (*A)[n] (2D) or double (*A)[n][n] (3D)",
                "grid '%s' is declared with %d spatial dimension%s, but the loops update %d",
                name, spatial + 1, spatial + 1 == 1 ? "" : "s", dims);
  }
  if (level_ptrs && !sw->flat) return 0; /* u[t % 2][i] of double **u: from the bounds */
  int idx = (pointer && !p->time_levels) ? ax - 1 : ax; /* index among the spatial sizes */
  param[0] = 0;
  if (sw->flat) {
    if (ax > 0) { /* from the strides: extent = stride[ax - 1] / stride[ax] */
      long long k, e_pad;
      poly_ratio(p, &sw->stride[ax - 1], &sw->stride[ax], param, &k, &e_pad);
      *cnst = (long)k;
      *pad = (int)e_pad; /* flat_layout kept it within IR_MAX_EXTENT_PAD */
      return 1;
    }
    long long total, s0;
    bool sized = (spatial == 1 && cur_eval_int(sizes[first], &total)) ||
                 (spatial == 0 && allocated_elements(decl, &total));
    if (sized && poly_is_const(&sw->stride[0], &s0)) {
      if (s0 <= 0 || total % s0)
        return fail(p, decl, "declare a flat grid with the product of its extents: a[N * N]",
                    "the size of '%s' is not a multiple of its stride %lld", name, s0);
      *cnst = (long)(total / s0);
      return 1;
    }
    return 0;
  }
  if (idx < 0) { /* double (*a)[n] = malloc(...): the slowest extent from the size allocated */
    long long total, rest = 1;
    for (int k = 0; k < spatial; k++)
      if (!cur_eval_int(sizes[first + k], &v) || v <= 0 || __builtin_mul_overflow(rest, v, &rest))
        return 0;
    if (!allocated_elements(decl, &total) || total % rest) return 0;
    *cnst = (long)(total / rest);
    return 1;
  }
  CXCursor s = sizes[first + idx];
  if (cur_eval_int(s, &v)) {
    *cnst = (long)v;
    if (size_at) *size_at = s;
    return 1;
  }
  if (cur_ref_name(s)) {
    snprintf(param, IR_NAME_MAX, "%s", cur_ref_name(s));
    return 1;
  }
  /* n + 2: the interior's size and the halo around it (a[ny + 2][nx + 2]) */
  Poly e;
  const char *var;
  long long k;
  Refusal saved = p->why;
  bool padded = poly_of(p, s, &e) == 0 && poly_is_var_plus_const(p, &e, &var, &k) && k > 0 &&
                k <= IR_MAX_EXTENT_PAD;
  p->why = saved;
  if (padded) {
    snprintf(param, IR_NAME_MAX, "%s", var);
    *pad = (int)k;
    return 1;
  }
  return fail(p, s, "give each grid dimension as a variable (n), a variable plus a constant (n + 2) or a constant",
              "grid size must be a variable, a variable plus a constant or a constant");
}

/* Where the constant extent of axis ax comes from, for messages (Stencil.extent_line): the
 * declaration's line, and the size's name when it is written as one (a macro, an enumerator). */
static void constant_origin(Parser *p, Stencil *st, int ax, CXCursor decl, CXCursor size_at) {
  st->extent_line[ax] = (int)cur_loc(p->path, decl).line;
  if (clang_Cursor_isNull(size_at)) return;
  CXSourceRange r = clang_getCursorExtent(size_at);
  CXFile f;
  unsigned a, b;
  /* where the size is written: an argument of a macro (PolyBench's POLYBENCH_2D(A, N, N, n, n))
   * at its place in the macro's arguments */
  clang_getFileLocation(clang_getRangeStart(r), &f, NULL, NULL, &a);
  clang_getFileLocation(clang_getRangeEnd(r), NULL, NULL, NULL, &b);
  if (!f) return;
  CXToken *toks;
  unsigned n;
  clang_tokenize(p->tu, clang_getRange(clang_getLocationForOffset(p->tu, f, a),
                                       clang_getLocationForOffset(p->tu, f, b > a ? b : a + 1)),
                 &toks, &n);
  if (n == 1 && clang_getTokenKind(toks[0]) == CXToken_Identifier) {
    CXString s = clang_getTokenSpelling(p->tu, toks[0]);
    snprintf(st->extent_name[ax], IR_NAME_MAX, "%s", clang_getCString(s));
    clang_disposeString(s);
  }
  clang_disposeTokens(p->tu, toks, n);
}

/* The extent a constant bound of loop l implies (cur_implied_size): its condition's, or for a
 * loop counting down its start's; 0 when there is none. size_at: where it is written. */
static long long bound_extent(Parser *p, const Loop *l, CXCursor *size_at) {
  CXCursor parts[4], sides[2], start;
  char op[4];
  Loop unused;
  if (kind(l->at) != CXCursor_ForStmt || cur_children(l->at, parts, 4) != 4) return 0;
  CXCursor cond = cur_strip(parts[1]);
  long long shift;
  if (cur_loop_cond(p->tu, cond, l->var, sides, op, &shift))
    return cur_implied_size(p->tu, sides[1], !strcmp(op, "<="), size_at);
  if (kind(cond) == CXCursor_BinaryOperator && cur_binary_op(p->tu, cond, op) && op[0] == '>')
    /* i >= 1 counting down from N - 2 */
    return loop_start(p, parts[0], &unused, &start) ? cur_implied_size(p->tu, start, true, size_at)
                                                    : 0;
  return 0;
}

/* Ties each spatial loop to the grid's size along its axis and fills lo/hi/extents. */
static int grid_shape(Parser *p, const Sweep *sw, CXCursor use) {
  Stencil *st = p->st;
  const Access *w = &sw->out;
  if (element_type(p, w->decl, w->name, use)) return -1;
  for (int ax = 0; ax < st->dims; ax++) {
    const Loop *l = &sw->loops[axis_loop(sw, ax)];
    char *param = st->extent_param[ax];
    CXCursor size_at = clang_getNullCursor();
    int declared = declared_extent(p, sw, w->decl, w->name, ax, param, &st->extent_pad[ax],
                                   &st->extent_const[ax], &size_at);
    if (declared < 0) return -1;
    if (!declared && !l->ext[0] && (st->extent_const[ax] = bound_extent(p, l, &size_at)) > 0)
      declared = 1; /* double (*u)[N] swept by i < N - 1 */
    if (declared && !param[0]) constant_origin(p, st, ax, w->decl, size_at);
    if (!declared && !l->ext[0])
      return fail(p, l->at,
                  "bound the loop by the grid's size (i < n - 1), or declare the grid with its "
                  "sizes",
                  "cannot tell the extent of axis %d of '%s': its loop over '%s' has a constant "
                  "bound and the declaration gives no size", ax, w->name, l->var);
    if (!declared) {
      snprintf(param, IR_NAME_MAX, "%s", l->ext);
      /* a loop past its bound's name (1 <= i <= n) runs over an interior of n cells: the halo
       * beyond it is as wide as the one below */
      if (l->bound < 0 && l->lo <= IR_MAX_EXTENT_PAD) st->extent_pad[ax] = (int)(l->lo - l->bound);
    }
    if (!param[0] && l->ext[0]) /* PolyBench's A[N][N] swept by i < n - 1 */
      snprintf(st->extent_bound[ax], IR_NAME_MAX, "%s", l->ext);
    else if (strcmp(l->ext, param))
      return fail(p, l->at, "bound each loop by the grid's size along its axis: i < n - R",
                  "loop over '%s' is bounded by '%s', but axis %d of '%s' has size '%s'", l->var,
                  l->ext[0] ? l->ext : "a constant", ax, w->name, param);
    if (l->lo < 0) return fail(p, l->at, "start at the halo width", "loop starts below 0");
    if (l->lo > 1 << 20 || l->bound < -(1 << 20) || l->bound > (1L << 40))
      return fail(p, l->at, "keep the loop inside the grid",
                  "loop over '%s' runs past the end of the grid", l->var);
    st->lo[ax] = (int)l->lo;
    long long hi = l->ext[0] ? l->bound + st->extent_pad[ax] : st->extent_const[ax] - l->bound;
    if (hi < 0 || hi > 1 << 20)
      return fail(p, l->at, "keep the loop inside the grid",
                  "loop over '%s' runs past the end of the grid", l->var);
    st->hi[ax] = (int)hi;
    if (!param[0] && st->extent_const[ax] - st->lo[ax] - st->hi[ax] < 1)
      return fail(p, l->at, "make the grid larger than twice the halo",
                  "grid size %ld leaves no interior along axis %d", st->extent_const[ax], ax);
  }
  return 0;
}

/* In the two-array forms, the grid read must be declared like the grid written. */
static int same_grid(Parser *p, const Sweep *sw, CXCursor use) {
  const Stencil *st = p->st;
  DType t;
  if (!grid_type(sw->in_decl, &t) || t != st->dtype)
    return fail(p, use, "declare both grids with the same element type",
                "'%s' and '%s' have different element types", sw->in, sw->out.name);
  for (int ax = 0; ax < st->dims; ax++) {
    char param[IR_NAME_MAX];
    long cnst = 0;
    int pad;
    int declared = declared_extent(p, sw, sw->in_decl, sw->in, ax, param, &pad, &cnst, NULL);
    if (declared < 0) return -1;
    if (declared && (strcmp(param, st->extent_param[ax]) || pad != st->extent_pad[ax] ||
                     (!param[0] && cnst != st->extent_const[ax])))
      return fail(p, use, "declare both grids with the same sizes",
                  "axis %d of '%s' has another size than in '%s'", ax, sw->in, sw->out.name);
  }
  return 0;
}

/* Every read must stay inside the grid: an offset -k needs lo >= k, +k needs hi >= k. */
static int check_halo(Parser *p, const Sweep *sw, CXCursor stmt) {
  const Stencil *st = p->st;
  for (int pt = 0; pt < st->npoints; pt++)
    for (int ax = 0; ax < st->dims; ax++) {
      int o = st->points[pt].off[ax];
      int room = o < 0 ? st->lo[ax] : st->hi[ax];
      if (abs(o) > room)
        return fail(p, stmt, "widen the halo: start and end the loop at least the radius away "
                             "from the grid's edge",
                    "reads offset %+d along axis %d, but the loop over '%s' leaves a halo of only "
                    "%d there",
                    o, ax, sw->loops[axis_loop(sw, ax)].var, room);
    }
  return 0;
}

/* ---- sweeps ---- */

/* The loops of a sweep down to its assignment, the cell it writes and its layout. */
/* The statement of a spatial loop's body: its only one, or in a convergence loop's sweep the
 * update beside the residual's statements (conv_body). */
static int sweep_body(Parser *p, CXCursor body, CXCursor *out) {
  CXCursor s[CUR_MAX_CHILDREN], where;
  int n = p->conv.on && kind(body) == CXCursor_CompoundStmt ? cur_children(body, s, CUR_MAX_CHILDREN) : 0;
  for (int i = 0; i < n && i < CUR_MAX_CHILDREN; i++)
    if (kind(s[i]) != CXCursor_ForStmt && cur_written(p->tu, s[i], p->conv.decl, &where))
      return conv_body(p, body, out);
  return single_statement(p, body, true, out);
}

static int parse_sweep(Parser *p, CXCursor c, Sweep *sw) {
  CXCursor cur = c, kids[2];
  p->sw = sw;
  if (red_black(p)) return -1;
  while (kind(cur) == CXCursor_ForStmt) {
    if (sw->nloops == IR_MAX_DIMS)
      return fail(p, cur, HINT_NEST, "too many nested loops");
    Loop *l = &sw->loops[sw->nloops++];
    if (parse_loop(p, cur, l) || sweep_body(p, l->body, &cur) || row_pointer(p, cur))
      return -1;
    index_prelude(cur, &cur);
  }
  if (sw->nloops < 1)
    return fail(p, p->time.at, HINT_NEST,
                "found 1 nested loop; need a time loop and 1 to 3 spatial loops");
  /* two loops of a 2D or 3D nest whose time loop was refused also read as a 1D stencil: they
   * count as progress (their refusal shown) only once the written cell fits one axis */
  if (p->progress < 1 && sw->nloops > 1) p->progress = 1;
  sw->block = clang_getNullCursor();
  if (kind(cur) == CXCursor_CompoundStmt) {
    sw->block = cur;
    if (block_end(p, cur, &cur)) return -1;
  }
  bool in_block = !clang_Cursor_isNull(sw->block);
  char op[4];
  if (kind(cur) != CXCursor_BinaryOperator || cur_children(cur, kids, 2) != 2 ||
      !cur_binary_op(p->tu, cur, op) || strcmp(op, "="))
    return fail(p, cur, in_block ? HINT_BLOCK : HINT_FORM,
                in_block ? "the loop body must end with the assignment to the grid"
                         : "loop body must be one assignment to the grid");
  sw->stmt = cur;
  Access written; /* grid[1 - cur][i]: time levels in an array of two pointers (level_pointers) */
  bool pointers = cur_access(kids[0], &written) == CUR_ACCESS && holds_pointers(written.decl);
  bool rows = pointers && row_grid(p, &written); /* double **u read as u[i][j] */
  if (pointers && !rows && !level_pointers(p, &written))
    return pointer_levels(p, kids[0], written.name, written.sub[0]);
  if (parse_access(p, kids[0], &sw->out)) return -1;
  pointers = holds_pointers(sw->out.decl) && !rows; /* nxt[i] with nxt = grid[(t + 1) & 1] too */
  if (has_time_level(p, &sw->out) && !pointers && indexes_space(p, sw)) {
    return fail(p, kids[0],
                "stencilc takes a time loop around the sweep: for (int t = 0; t < nt; t++) { "
                "<sweep>; <swap> }; a function that sweeps once is read from the loop that calls "
                "it; with two time levels in one array, write A[(t + 1) % 2][i][j]",
                "no time loop around this sweep: the outermost loop (over '%s') indexes the "
                "written cell of '%s'", p->time.var, sw->out.name);
  }
  if (has_time_level(p, &sw->out)) {
    long long k, m;
    if (time_level(p, sw->out.sub[0], &k, &m)) return -1;
    p->level_shift = (int)(((k - 1) % m + m) % m); /* A[t % 2] = f(A[(t - 1) % 2]): 1 */
    p->time_levels = true;
    sw->out_sub0 = 1;
  }
  if (written_layout(p, kids[0], sw)) return -1;
  if (p->progress < 2) p->progress = 2;
  return 0;
}

/* The value an integer grid's assignment converts to the element type: below the conversions
 * to an integer type (the store's own, explicit or implicit, and a cast to int on the way) and
 * parentheses, the int or floating expression C computes. Converting it to the element type
 * directly is what C does with it whenever the conversion is defined, which ir_integer_range
 * requires. */
static CXCursor stored_value(const Parser *p, CXCursor c) {
  for (DType t;;) {
    enum CXCursorKind k = kind(c);
    CXCursor kids[CUR_MAX_CHILDREN];
    int n = cur_children(c, kids, CUR_MAX_CHILDREN);
    bool conversion = k == CXCursor_CStyleCastExpr || k == CXCursor_UnexposedExpr ||
                      k == CXCursor_ParenExpr;
    if (!conversion || n < 1 || n > CUR_MAX_CHILDREN || !cur_integer_type(c) ||
        !grid_type(c, &t) || (t != DTYPE_I32 && t != p->st->dtype))
      return c;
    c = kids[n - 1];
  }
}

/* The sides of a sweep's assignment. */
static CXCursor sweep_side(const Sweep *sw, int side) {
  CXCursor kids[2];
  cur_children(sw->stmt, kids, 2);
  return kids[side];
}

static CXCursor sweep_rhs(const Sweep *sw) { return sweep_side(sw, 1); }

/* The update of a sweep into st (points, expression); the accumulator state is reset first. */
static int sweep_expr(Parser *p, Sweep *sw) {
  accumulators_reset(p);
  p->copied = p->accumulations = 0;
  p->sw = sw;
  if (!clang_Cursor_isNull(sw->block) && parse_block(p, sw->block)) return -1;
  bool integer = ir_dtype_integer(p->st->dtype);
  CXCursor rhs = integer ? stored_value(p, sweep_rhs(sw)) : sweep_rhs(sw);
  if (!(p->st->expr = parse_expr(p, rhs))) return -1;
  if (p->st->npoints == 0)
    return fail(p, clang_Cursor_isNull(sw->block) ? sweep_rhs(sw) : sw->block,
                "the new value must depend on the previous time level",
                "the expression reads no grid cell");
  char why[256];
  if (integer && !ir_integer_range(p->st, why, sizeof why))
    return fail(p, sweep_rhs(sw), HINT_INT_GRID, "%s", why);
  return 0;
}

/* ---- the time loop's body ---- */

typedef struct {
  char dst[IR_NAME_MAX], src[IR_NAME_MAX];
  CXCursor at;
} Move;

enum { MAX_MOVES = 8 };

typedef struct {
  Move m[MAX_MOVES];
  int n;
  CXCursor copy; /* memcpy(a, b, size) or memmove after the sweep (whole_copy), or null */
} Moves;

static int add_move(Parser *p, Moves *mv, CXCursor at, const char *dst, CXCursor src) {
  const char *s = cur_ref_name(src);
  if (!s)
    return fail(p, at, HINT_TIME_BODY, "statement in the time loop beside the sweep");
  if (mv->n == MAX_MOVES)
    return fail(p, at, HINT_TIME_BODY, "more than %d assignments after the sweep", MAX_MOVES);
  Move *m = &mv->m[mv->n++];
  snprintf(m->dst, sizeof m->dst, "%s", dst);
  snprintf(m->src, sizeof m->src, "%s", s);
  m->at = at;
  return 0;
}

static bool is_pointer(CXCursor c) {
  return clang_getCanonicalType(clang_getCursorType(c)).kind == CXType_Pointer;
}

/* `ptr = value;` of a pointer variable: its declaration and the value. */
static bool pointer_set(Parser *p, CXCursor s, CXCursor *decl, CXCursor *value) {
  CXCursor kids[2];
  char op[4];
  if (kind(s) != CXCursor_BinaryOperator || cur_children(s, kids, 2) != 2 ||
      !cur_binary_op(p->tu, s, op) || strcmp(op, "=") || !cur_ref_name(cur_strip(kids[0])) ||
      !is_pointer(kids[0]))
    return false;
  *decl = clang_getCursorReferenced(cur_strip(kids[0]));
  *value = kids[1];
  return kind(*decl) == CXCursor_VarDecl;
}

/* The pointer assignments a branch of an if holds, { src = u; dst = v; } or one alone: how
 * many (1 or 2), or -1 when it holds anything else. */
static int branch_sets(Parser *p, CXCursor branch, CXCursor decl[2], CXCursor value[2]) {
  CXCursor s[3];
  int n = 1;
  if (kind(branch) == CXCursor_CompoundStmt) n = cur_children(branch, s, 3);
  else s[0] = branch;
  if (n < 1 || n > 2) return -1;
  for (int i = 0; i < n; i++)
    if (!pointer_set(p, s[i], &decl[i], &value[i])) return -1;
  return n;
}

/* A statement before the sweep that picks grids by the step's parity into pointers: src = (t %
 * 2 == 0) ? u : v;, or if (t % 2 == 0) { src = u; dst = v; } else { src = v; dst = u; } (the
 * pointers declared in the time loop or before it). 0 with the picks recorded (record_pick), 1
 * when s is no such statement, -1 after a refusal. */
static int pick_statement(Parser *p, CXCursor s) {
  CXCursor kids[3], decl[2][2], value[2][2];
  if (pointer_set(p, s, &decl[0][0], &value[0][0])) {
    CXCursor v = cur_strip(value[0][0]);
    char name[IR_NAME_MAX];
    cur_name(decl[0][0], name);
    Access level;
    if (kind(v) == CXCursor_ArraySubscriptExpr && cur_access(v, &level) == CUR_ACCESS &&
        level.nsub == 1 && holds_pointers(level.decl)) { /* cur = grid[t & 1]; (level_alias) */
      if (alias_of(p, decl[0][0]) >= 0 || p->naliases == 2)
        return fail(p, s, HINT_ALIAS, "'%s' is set to a level of '%s' twice in the step, or a "
                    "third pointer is", name, level.name);
      p->aliases[p->naliases].decl = decl[0][0];
      p->aliases[p->naliases].value = v;
      p->aliases[p->naliases++].set = s;
      return 0;
    }
    if (kind(v) != CXCursor_ConditionalOperator || cur_children(v, kids, 3) != 3)
      return fail(p, s,
                  "pick the grid by the step's parity, src = (t % 2 == 0) ? u : v;, or declare "
                  "the pointer in the time loop with its value: double *cur = grid[t & 1];",
                  "the pointer '%s' is set before the sweep, but not to one of two grids by the "
                  "step's parity", name);
    return record_pick(p, decl[0][0], s, v, kids[0], kids + 1);
  }
  if (kind(s) != CXCursor_IfStmt || cur_children(s, kids, 3) != 3) return 1;
  int n[2] = {branch_sets(p, kids[1], decl[0], value[0]), branch_sets(p, kids[2], decl[1], value[1])};
  if (n[0] < 0 || n[1] < 0) return 1;
  const CXCursor *sets[2] = {decl[0], decl[1]};
  int pair[2], lacking;
  char why[CUR_WHY_MAX];
  if (!cur_pair_branch_sets(sets, n, pair, &lacking, why))
    return fail(p, kids[lacking], HINT_PICK, "%s", why);
  for (int i = 0; i < n[0]; i++) {
    CXCursor arms[2] = {value[0][i], value[1][pair[i]]};
    if (record_pick(p, decl[0][i], s, s, kids[0], arms)) return -1;
  }
  return 0;
}

/* a = b between pointers. Inside a SWAP macro the operator has no place in the file that
 * libclang 14 can show; then the types decide: of the binary operators on two pointers only
 * = and the comma have a pointer result, and a comma statement of two names does nothing. */
static bool is_pointer_assignment(Parser *p, CXCursor s, const CXCursor kids[2]) {
  char op[4];
  if (cur_binary_op(p->tu, s, op)) return !strcmp(op, "=");
  return is_pointer(s) && is_pointer(kids[0]) && is_pointer(kids[1]);
}

/* Whether statement s, writing lhs, moves a level index the sweep read (toggled_level): its
 * toggle, or an assignment of the swap of two (a = b; b = tmp;). */
static bool level_move(Parser *p, CXCursor s, CXCursor lhs) {
  const char *name = cur_ref_name(lhs);
  CXCursor dst, src;
  bool level = name && (!strcmp(name, p->st->level_toggle[0]) ||
                        !strcmp(name, p->st->level_toggle[1]));
  return level && p->st->level_toggle[0][0] &&
         (toggles(p, s, clang_getCursorReferenced(cur_strip(lhs))) ||
          (p->st->level_toggle[1][0] && copies(s, &dst, &src) && cur_integer_type(dst)));
}

/* The pointer assignments of statements after the sweep, through braces and the do { } while (0)
 * of a SWAP macro; declarations of anything but pointers are skipped. */
static int moves_of(Parser *p, CXCursor s, Moves *mv) {
  enum { MAX_KIDS = 16 };
  if (kind(s) == CXCursor_CStyleCastExpr && kind(cur_strip(s)) == CXCursor_CallExpr)
    s = cur_strip(s); /* (void)memcpy(...) */
  CXCursor kids[MAX_KIDS];
  int n = cur_children(s, kids, MAX_KIDS);
  long long v;
  switch (kind(s)) {
  case CXCursor_NullStmt: return 0;
  case CXCursor_CompoundStmt:
    if (n > MAX_KIDS) return fail(p, s, HINT_TIME_BODY, "too many statements after the sweep");
    for (int i = 0; i < n; i++)
      if (moves_of(p, kids[i], mv)) return -1;
    return 0;
  case CXCursor_DoStmt:
    if (n == 2 && cur_eval_int(kids[1], &v) && v == 0) return moves_of(p, kids[0], mv);
    break;
  case CXCursor_DeclStmt:
    for (int i = 0; i < n && i < MAX_KIDS; i++) {
      CXCursor init = clang_Cursor_getVarDeclInitializer(kids[i]);
      if (kind(kids[i]) != CXCursor_VarDecl || clang_Cursor_isNull(init) ||
          clang_getCanonicalType(clang_getCursorType(kids[i])).kind != CXType_Pointer)
        continue;
      CXString name = clang_getCursorSpelling(kids[i]);
      char dst[IR_NAME_MAX];
      snprintf(dst, sizeof dst, "%s", clang_getCString(name));
      clang_disposeString(name);
      if (add_move(p, mv, kids[i], dst, init)) return -1;
    }
    return 0;
  case CXCursor_CompoundAssignOperator:
  case CXCursor_BinaryOperator:
    /* the toggle of the level index the sweep read (toggled_level) */
    if (n == 2 && level_move(p, s, kids[0])) return 0;
    if (kind(s) == CXCursor_BinaryOperator && n == 2 && is_pointer_assignment(p, s, kids) &&
        cur_ref_name(kids[0])) {
      char dst[IR_NAME_MAX];
      snprintf(dst, sizeof dst, "%s", cur_ref_name(kids[0]));
      return add_move(p, mv, s, dst, kids[1]);
    }
    break;
  case CXCursor_CallExpr: {
    char fn[IR_NAME_MAX];
    cur_name(s, fn);
    if ((!strcmp(fn, "memcpy") || !strcmp(fn, "memmove")) && clang_Cursor_isNull(mv->copy)) {
      mv->copy = s; /* read once the grid's extents are known (whole_copy) */
      return 0;
    }
    break;
  }
  default: break;
  }
  CXCursor decl = n == 2 ? clang_getCursorReferenced(cur_strip(kids[0])) : clang_getNullCursor();
  enum CXTypeKind tk = clang_getCanonicalType(clang_getCursorType(decl)).kind;
  if ((kind(s) == CXCursor_CompoundAssignOperator || kind(s) == CXCursor_BinaryOperator) &&
      kind(decl) == CXCursor_VarDecl && (tk == CXType_Float || tk == CXType_Double)) {
    char name[IR_NAME_MAX];
    cur_name(decl, name);
    return fail(p, s, "set run-time coefficients once before the time loop and leave them "
                      "unchanged in it (const double c = atof(argv[2]);); a coefficient that "
                      "changes with the step is no stencil's",
                "'%s' is changed in the time loop, beside the sweep", name);
  }
  return fail(p, s, HINT_TIME_BODY, "statement in the time loop beside the sweep");
}

/* tmp = a; a = b; b = tmp; with {a, b} the two grids. */
static int check_swap(Parser *p, const Moves *mv, const Sweep *sw) {
  const Move *m = mv->m;
  const char *a = m[0].src, *b = m[1].src;
  bool rotation = mv->n == 3 && !strcmp(m[1].dst, a) && !strcmp(m[2].dst, b) &&
                  !strcmp(m[2].src, m[0].dst);
  bool grids = (!strcmp(a, sw->in) && !strcmp(b, sw->out.name)) ||
               (!strcmp(b, sw->in) && !strcmp(a, sw->out.name));
  if (rotation && grids) return 0;
  return fail(p, m[0].at,
              "swap the two grids after the sweep: tmp = a; a = b; b = tmp; (three arrays "
              "rotated by pointer are read as a stencil program, README \"Stencil programs\")",
              "the assignments after the sweep do not swap '%s' and '%s'", sw->in, sw->out.name);
}

/* The bytes of the whole grid, sizeof(element) times every extent, into *size. */
static int grid_bytes(Parser *p, Poly *size) {
  const Stencil *st = p->st;
  Poly factor, product;
  poly_const(size, st->dtype == DTYPE_FLOAT ? (long long)sizeof(float) : (long long)sizeof(double));
  for (int a = 0; a < st->dims; a++) {
    if (!st->extent_param[a][0]) {
      poly_const(&factor, st->extent_const[a]);
    } else {
      Poly name, pad;
      if (poly_name(p, st->extent_param[a], &name))
        return fail(p, p->time.at, HINT_TIME_BODY, "too many names in the time loop");
      poly_const(&pad, st->extent_pad[a]);
      poly_add(&name, &pad, &factor);
    }
    if (factor.n < 0 || !poly_mul(size, &factor, &product))
      return fail(p, p->time.at, HINT_TIME_BODY, "the grid's size in bytes overflows");
    *size = product;
  }
  return 0;
}

/* A copy's size: the initializer of a local set once before the time loop (const size_t bytes =
 * sizeof(double) * n;), else the expression itself. */
static CXCursor copy_size(Parser *p, CXCursor size) {
  CXCursor ref = cur_strip(size), decl = clang_getCursorReferenced(ref), where, init;
  if (kind(ref) != CXCursor_DeclRefExpr || kind(decl) != CXCursor_VarDecl ||
      clang_Cursor_hasVarDeclGlobalStorage(decl) == 1 || !cur_integer_type(decl) ||
      clang_Cursor_isNull(init = clang_Cursor_getVarDeclInitializer(decl)) ||
      cur_written(p->tu, clang_getCursorSemanticParent(decl), decl, &where))
    return size;
  return init;
}

/* memcpy(a, b, size) (or memmove) after the sweep writing b from a: the copy-back of the whole
 * grid, halo included (Stencil.copy_whole), when size is the grid's bytes
 * (sizeof(double) * nx * ny, nx * ny * sizeof *a). */
static int whole_copy(Parser *p, const Sweep *sw, CXCursor call) {
  static const char *const hint =
      "copy the whole grid back, memcpy(a, b, sizeof(double) * nx * ny) with a the grid the "
      "sweep reads, or the interior in a loop nest (a[i][j] = b[i][j] over the sweep's cells)";
  char fn[IR_NAME_MAX], dst[IR_NAME_MAX] = "", src[IR_NAME_MAX] = "";
  cur_name(call, fn);
  if (clang_Cursor_getNumArguments(call) != 3)
    return fail(p, call, hint, "%s after the sweep takes 3 arguments", fn);
  CXCursor to = cur_strip(clang_Cursor_getArgument(call, 0));
  CXCursor from = cur_strip(clang_Cursor_getArgument(call, 1));
  if (cur_ref_name(to)) snprintf(dst, sizeof dst, "%s", cur_ref_name(to));
  if (cur_ref_name(from)) snprintf(src, sizeof src, "%s", cur_ref_name(from));
  if (!dst[0] || !src[0])
    return fail(p, call, hint,
                "%s after the sweep copies between places inside the grids; stencilc reads the "
                "copy of the whole of '%s' into '%s', from their first cells", fn, sw->out.name,
                sw->in);
  if (strcmp(dst, sw->in) || strcmp(src, sw->out.name))
    return fail(p, call, hint,
                "%s after the sweep copies '%s' into '%s'; stencilc reads the copy of '%s', the "
                "grid written, into '%s', the grid read", fn, src, dst, sw->out.name, sw->in);
  Poly want, got, diff;
  long long left;
  CXCursor size = copy_size(p, clang_Cursor_getArgument(call, 2));
  if (grid_bytes(p, &want) || poly_of(p, size, &got)) return -1;
  poly_sub(p, &got, &want, &diff);
  if (!poly_is_const(&diff, &left) || left != 0) {
    char text[256], grid[256];
    poly_text(p, &got, text, sizeof text);
    poly_text(p, &want, grid, sizeof grid);
    return fail(p, clang_Cursor_getArgument(call, 2), hint,
                "%s copies %s bytes, a part of the grid's %s; stencilc reads a copy-back of the "
                "whole grid or of the sweep's cells", fn, text, grid);
  }
  p->st->time_form = TIME_COPYBACK;
  p->st->copy_whole = true;
  return 0;
}

/* The second nest of B = f(A); A = B: a copy of B's cells into A at the same cells. */
static bool is_copy(Parser *p, const Sweep *s1, Sweep *s2) {
  CXCursor rhs = cur_strip(sweep_rhs(s2));
  Access a;
  Refusal saved = p->why;
  bool copy = kind(rhs) == CXCursor_ArraySubscriptExpr && !parse_access(p, rhs, &a) &&
              !strcmp(a.name, s1->out.name);
  p->why = saved;
  return copy;
}

/* Whether two sweeps run over the same cells of each axis. */
static int same_range(Parser *p, const Sweep *s1, const Sweep *s2, const char *what) {
  for (int ax = 0; ax < s1->nloops; ax++) {
    const Loop *a = &s1->loops[axis_loop(s1, ax)], *b = &s2->loops[axis_loop(s2, ax)];
    if (a->lo != b->lo || a->bound != b->bound || strcmp(a->ext, b->ext))
      return fail(p, b->at, "run both nests over the same cells",
                  "the %s runs over other cells of axis %d than the sweep", what, ax);
  }
  return 0;
}

static bool same_expr(const Stencil *sa, const Expr *x, const Stencil *sb, const Expr *y) {
  if (x->kind != y->kind || x->nargs != y->nargs) return false;
  switch (x->kind) {
  case EX_CONST: if (x->value != y->value) return false; break;
  case EX_LOAD:
    if (memcmp(sa->points[x->point].off, sb->points[y->point].off, sizeof(Point))) return false;
    break;
  case EX_WEIGHT: if (x->weight != y->weight) return false; break;
  case EX_CALL: if (x->func != y->func) return false; break;
  default: break;
  }
  for (int i = 0; i < x->nargs; i++)
    if (!same_expr(sa, x->arg[i], sb, y->arg[i])) return false;
  return true;
}

/* B = f(A); A = g(B): one step of one stencil twice when g is f, else two stages. */
static int second_sweep(Parser *p, Sweep *s1, Sweep *s2) {
  Stencil *st = p->st, st2 = {0};
  st2.dims = st->dims;
  memcpy(st2.weights, st->weights, sizeof st->weights);
  st2.weight_dims = st->weight_dims;
  memcpy(st2.weight_shape, st->weight_shape, sizeof st->weight_shape);
  st2.nweights = st->nweights;
  st2.nscalars = st->nscalars; /* found again by name: the same indices in both sweeps */
  for (int k = 0; k < st->nscalars; k++) {
    st2.scalars[k] = st->scalars[k];
    if (st->scalars[k].def) st2.scalars[k].def = ir_copy_expr(st->scalars[k].def);
  }
  snprintf(s2->in, sizeof s2->in, "%s", s1->out.name);
  s2->in_decl = s1->out.decl;
  p->st = &st2;
  int rc = sweep_expr(p, s2);
  p->st = st;
  if (!rc && (st2.npoints != st->npoints || !same_expr(st, st->expr, &st2, st2.expr)))
    rc = fail(p, sweep_rhs(s2),
              "write one update for both sweeps; two different stages per time step are read as a "
              "stencil program (README, \"Stencil programs\")",
              "the second sweep computes another update than the first (two stages)");
  ir_free(&st2);
  return rc;
}

static bool is_break(CXCursor c, void *ctx) {
  (void)ctx;
  return kind(c) == CXCursor_BreakStmt;
}

/* A statement of the time loop (not a loop of its own) that leaves it by a break (if (err < tol)
 * break;): -1 after its refusal, else 0. The break skips the counter's increment and what follows
 * it in the body (the copy-back or swap), so the loop would end in a state that no form read here
 * ends in. */
static int time_loop_break(Parser *p, const CXCursor *s, int n) {
  for (int i = 0; i < n; i++) {
    enum CXCursorKind k = kind(s[i]);
    if (k == CXCursor_ForStmt || k == CXCursor_WhileStmt || k == CXCursor_DoStmt) continue;
    CXCursor brk = k == CXCursor_BreakStmt ? s[i] : cur_find(s[i], true, is_break, NULL);
    if (!clang_Cursor_isNull(brk))
      return fail(p, brk,
                  "test the residual in the loop's condition and compute it every K steps in a "
                  "block of its own after the sweep: while (err > tol && iter < iter_max) { "
                  "<sweep>; if (iter % K == 0) { err = 0.0; <its loop nest> } <copy-back or "
                  "swap>; iter++; }",
                  "a break out of the time loop");
  }
  return 0;
}

/* The statements of the time loop: the sweep, then what carries its result to the next step. */
static int parse_time_body(Parser *p, Sweep sw[MAX_SWEEPS], int *nsweeps, Moves *mv) {
  enum { MAX_STMTS = 32 };
  CXCursor body = p->time.body, s[MAX_STMTS], where;
  int n = 1;
  if (kind(body) == CXCursor_CompoundStmt) {
    n = cur_children(body, s, MAX_STMTS);
    if (n > MAX_STMTS)
      return fail(p, s[MAX_STMTS - 1], HINT_TIME_BODY, "the time loop holds %d statements", n);
  } else {
    s[0] = body;
  }
  if (time_loop_break(p, s, n)) return -1;
  *nsweeps = 0;
  mv->n = 0;
  mv->copy = clang_getNullCursor();
  IrObservers *obs = &p->st->obs;
  int obs_at[IR_MAX_OBSERVERS], last_step = -1; /* the observers' statements; the last sweep's or move's */
  int picked;
  obs->n = 0;
  char conv_var[IR_NAME_MAX] = "";
  if (p->conv.on) cur_name(p->conv.decl, conv_var);
  for (int i = 0; i < n; i++) {
    if (clang_equalCursors(s[i], p->time_inc)) continue; /* a while loop's t++ */
    IrObserver o;
    int seen = observer_read(p->path, p->time.at, p->time.var, conv_var[0] ? conv_var : NULL, s[i],
                             &o, &p->why);
    if (seen < 0) return -1;
    if (seen && obs->n == IR_MAX_OBSERVERS)
      return fail(p, s[i], HINT_TIME_BODY, "more than %d prints in the time loop", IR_MAX_OBSERVERS);
    if (seen) {
      o.place = *nsweeps ? OBS_AFTER : OBS_BEFORE;
      obs_at[obs->n] = i;
      obs->at[obs->n++] = o;
      continue;
    }
    int residual = kind(s[i]) == CXCursor_ForStmt && mv->n == 0 && *nsweeps == 1 && p->conv.on
                       ? conv_nest(p, s[i], &sw[0])
                       : 0;
    if (!residual && *nsweeps == 1 && mv->n == 0) residual = conv_check_block(p, s[i], &sw[0]);
    if (residual < 0) return -1;
    if (residual) continue;
    if (kind(s[i]) != CXCursor_DeclStmt && kind(s[i]) != CXCursor_NullStmt) last_step = i;
    if (kind(s[i]) == CXCursor_ForStmt && mv->n == 0) {
      if (*nsweeps == MAX_SWEEPS)
        return fail(p, s[i], HINT_TIME_BODY,
                    "a third loop nest in the time loop (several stages: a stencil program, README "
                    "\"Stencil programs\")");
      p->conv.later_nest = *nsweeps > 0;
      Sweep *w = &sw[(*nsweeps)++];
      memset(w, 0, sizeof *w);
      if (parse_sweep(p, s[i], w)) return -1;
    } else if (*nsweeps == 0 && conv_reset(p, s[i])) {
      p->conv.reset = s[i];
    } else if (*nsweeps == 0 &&
               (kind(s[i]) == CXCursor_DeclStmt || kind(s[i]) == CXCursor_NullStmt)) {
      continue; /* declarations before the sweep */
    } else if (*nsweeps == 0 && (picked = pick_statement(p, s[i])) <= 0) {
      if (picked < 0) return -1; /* the grids picked by the step's parity */
    } else if (*nsweeps == 0) {
      /* a statement where the sweep should start: a residual reset (err = 0.0;), a print */
      return fail(p, s[i],
                  "keep only declarations before the sweep: move this statement, and what it "
                  "starts (a residual over the cells, a print), out of the time loop",
                  "statement before the sweep in the time loop");
    } else if (*nsweeps == 1 && mv->n == 0 && !p->conv.in_nest &&
               clang_Cursor_isNull(p->conv.reset) && conv_reset(p, s[i])) {
      p->conv.reset = s[i]; /* before the residual's own loop nest (conv_finish) */
      p->conv.reset_late = true;
    } else if (p->conv.on && cur_written(p->tu, s[i], p->conv.decl, &where)) {
      char name[IR_NAME_MAX];
      cur_name(p->conv.decl, name);
      return fail(p, where, CONV_HINT, "the residual '%s' is computed outside the sweep's loop body",
                  name);
    } else if (moves_of(p, s[i], mv)) {
      return -1;
    }
  }
  if (*nsweeps == 0)
    return fail(p, p->time.at, HINT_NEST,
                "found 1 nested loop; need a time loop and 1 to 3 spatial loops");
  for (int k = 0; k < obs->n; k++) /* a print after the sweep and before the swap */
    if (obs->at[k].place == OBS_AFTER && obs_at[k] < last_step) obs->at[k].place = OBS_BETWEEN;
  return 0;
}

/* The spatial loops of the sweeps in the order they run, and the swap's temporary (rewrite gives
 * those declared before the time loop their final values). */
static void record_loops(Stencil *st, const Sweep *sw, int nsweeps, const Moves *mv) {
  st->nloops = 0;
  for (int s = 0; s < nsweeps; s++)
    for (int l = 0; l < sw[s].nloops && st->nloops < IR_MAX_LOOPS; l++) {
      IrLoop *o = &st->loops[st->nloops++];
      const Loop *in = &sw[s].loops[l];
      snprintf(o->var, sizeof o->var, "%s", in->var);
      snprintf(o->ext, sizeof o->ext, "%s", in->ext);
      o->lo = in->lo;
      o->bound = in->bound;
      o->depth = l;
    }
  if (nsweeps == 1 && mv->n == 3) { /* tmp = a; a = b; b = tmp (check_swap) */
    snprintf(st->swap_tmp.var, sizeof st->swap_tmp.var, "%s", mv->m[0].dst);
    snprintf(st->swap_tmp.same_as, sizeof st->swap_tmp.same_as, "%s", mv->m[2].dst);
  }
}

/* The pointers declared before the time loop that an assignment in it sets to a level of an
 * array of two pointers (cur = grid[t & 1];): rewrite gives them the values the last step
 * leaves, as it gives the picks' (Stencil.pick_vars). 0, or -1 after a refusal. */
static int alias_vars(Parser *p) {
  for (int k = 0, n = 0; k < p->naliases; k++) {
    Access level;
    long long shift, m;
    if (pointer_in_loops(p, p->aliases[k].decl)) continue;
    if (cur_access(p->aliases[k].value, &level) != CUR_ACCESS ||
        time_level(p, level.sub[0], &shift, &m))
      return -1;
    cur_name(p->aliases[k].decl, p->st->pick_vars[n].var);
    for (int s = 0; s < 2; s++)
      if (snprintf(p->st->pick_vars[n].grid[s], IR_NAME_MAX, "%s[%d]", level.name,
                   (int)((((p->time.lo + s + shift) % m) + m) % m)) >= IR_NAME_MAX)
        return fail(p, p->aliases[k].value, HINT_ALIAS, "the name '%s' is too long", level.name);
    n++;
  }
  return 0;
}

/* The sweep through pointers picked by the step's parity (level_pick): one reading a grid and
 * the other writing the other, changing places each step, and nothing else carrying the
 * result to the next step. */
/* Whether s is the statement that sets one of the picks (pick_statement). */
static bool sets_pick(const Parser *p, CXCursor s) {
  for (int k = 0; k < p->npicks; k++)
    if (clang_equalCursors(p->picks[k].set, s)) return true;
  return false;
}

/* A pointer set by a statement that picks grids by the step's parity and changed by another
 * statement of the time loop: -1 after its refusal, else 0. */
static int picks_kept(Parser *p) {
  CXCursor s[CUR_MAX_CHILDREN], where;
  int n = kind(p->time.body) == CXCursor_CompoundStmt
              ? cur_children(p->time.body, s, CUR_MAX_CHILDREN)
              : 0;
  for (int k = 0; k < p->npicks; k++)
    for (int i = 0; i < n && i < CUR_MAX_CHILDREN && !clang_Cursor_isNull(p->picks[k].set); i++)
      if (!sets_pick(p, s[i]) && cur_written(p->tu, s[i], p->picks[k].decl, &where)) {
        char name[IR_NAME_MAX];
        cur_name(p->picks[k].decl, name);
        return fail(p, where, HINT_PICK,
                    "the pointer '%s', picked by the step's parity, is changed after its pick",
                    name);
      }
  return 0;
}

static int picked_levels(Parser *p, const Sweep *sw, int nsweeps, const Moves *mv) {
  int r = 0, w = 0;
  if (picks_kept(p)) return -1;
  while (r < p->npicks && strcmp(p->picks[r].grid[0], sw->in)) r++;
  while (w < p->npicks && strcmp(p->picks[w].grid[0], sw->out.name)) w++;
  if (nsweeps > 1 || mv->n > 0 || !clang_Cursor_isNull(mv->copy))
    return fail(p, nsweeps > 1 ? sw[1].loops[0].at : mv->n ? mv->m[0].at : mv->copy, HINT_PICK,
                "with grids picked by the step's parity the time loop holds the sweep alone");
  if (r == p->npicks || w == p->npicks || r == w || strcmp(p->picks[r].grid[1], sw->out.name) ||
      strcmp(p->picks[w].grid[1], sw->in))
    return fail(p, sw->stmt, HINT_PICK,
                "the sweep writes '%s' from '%s' at the first step but does not write '%s' from "
                "'%s' at the next: the grids picked by the step's parity do not change places",
                sw->out.name, sw->in, sw->in, sw->out.name);
  p->st->level_pick = true; /* TIME_PARITY with the two grids out_array and array */
  for (int k = 0, n = 0; k < p->npicks; k++) /* set by a statement, declared before the loop */
    if (!clang_Cursor_isNull(p->picks[k].set) && !pointer_in_loops(p, p->picks[k].decl)) {
      cur_name(p->picks[k].decl, p->st->pick_vars[n].var);
      for (int s = 0; s < 2; s++)
        snprintf(p->st->pick_vars[n].grid[s], IR_NAME_MAX, "%s", p->picks[k].grid[s]);
      n++;
    }
  return 0;
}

/* Decides the form of the time loop once the first sweep's update is known. */
static int time_form(Parser *p, Sweep sw[MAX_SWEEPS], int nsweeps, const Moves *mv) {
  Stencil *st = p->st;
  Sweep *s1 = &sw[0];
  st->steps_per_iter = 1;
  st->time_form = TIME_PARITY;
  if (p->time_levels) {
    if (nsweeps > 1 || mv->n > 0)
      return fail(p, nsweeps > 1 ? sw[1].loops[0].at : mv->m[0].at,
                  "with A[(t + 1) % 2] the time loop holds the sweep alone",
                  "statement in the time loop beside the sweep");
    return alias_vars(p);
  }
  snprintf(st->out_array, sizeof st->out_array, "%s", s1->out.name);
  if (p->npicks) return picked_levels(p, s1, nsweeps, mv);
  if (!clang_Cursor_isNull(mv->copy)) {
    if (nsweeps == 1 && mv->n == 0) return whole_copy(p, s1, mv->copy);
    return fail(p, mv->copy, HINT_TIME_BODY, "a copy beside a second loop nest or a swap");
  }
  if (nsweeps == 1 && mv->n == 0)
    return fail(p, s1->stmt, HINT_TIME_BODY,
                "the sweep writes '%s' from '%s', but nothing carries '%s' back to '%s' for the "
                "next step", s1->out.name, s1->in, s1->out.name, s1->in);
  if (nsweeps == 1) return check_swap(p, mv, s1);
  Sweep *s2 = &sw[1];
  if (mv->n > 0)
    return fail(p, mv->m[0].at, HINT_TIME_BODY, "statement after the second loop nest");
  if (strcmp(s2->out.name, s1->in))
    return fail(p, s2->stmt, HINT_TIME_BODY,
                "the second loop nest writes '%s'; it should write '%s' back", s2->out.name,
                s1->in);
  if (s2->flat != s1->flat || s2->nloops != s1->nloops)
    return fail(p, s2->stmt, "index both grids the same way",
                "the second loop nest indexes '%s' differently from the first", s2->out.name);
  if (is_copy(p, s1, s2)) {
    Access a;
    int off[IR_MAX_DIMS];
    CXCursor rhs = cur_strip(sweep_rhs(s2));
    snprintf(s2->in, sizeof s2->in, "%s", s1->out.name);
    p->sw = s2;
    if (parse_access(p, rhs, &a) || read_offsets(p, rhs, &a, 0, off)) return -1;
    if (off[0] || off[1] || off[2])
      return fail(p, rhs, "copy each cell to itself: A[i][j] = B[i][j]",
                  "the copy-back reads '%s' at an offset", a.name);
    st->time_form = TIME_COPYBACK;
    return same_range(p, s1, s2, "copy-back loop nest");
  }
  if (same_range(p, s1, s2, "second sweep") || second_sweep(p, s1, s2)) return -1;
  st->steps_per_iter = 2;
  return 0;
}

/* Remembers the source range of the region (see Stencil.region_begin). */
static void record_region(Stencil *st, CXCursor first, CXCursor region) {
  CXSourceRange r = clang_getCursorExtent(region);
  unsigned line;
  clang_getSpellingLocation(clang_getRangeStart(clang_getCursorExtent(first)), NULL, &line, NULL,
                            &st->region_begin);
  clang_getSpellingLocation(clang_getRangeEnd(r), NULL, NULL, NULL, &st->region_end);
  st->region_line = (int)line;
}

int parse_stencil(Parser *p, CXCursor time_loop) {
  Stencil *st = p->st;
  Sweep sw[MAX_SWEEPS];
  int nsweeps = 0;
  Moves mv;
  if (parse_loop_as(p, time_loop, &p->time, true)) return -1;
  p->time_read = true;
  if (parse_time_body(p, sw, &nsweeps, &mv)) return -1;
  observer_time_type(time_loop, p->time.var, &st->obs);
  Sweep *s1 = &sw[0];
  st->dims = s1->nloops;
  p->sw = s1;
  if (p->time_levels) {
    snprintf(s1->in, sizeof s1->in, "%s", s1->out.name);
    s1->in_decl = s1->out.decl;
  }
  snprintf(st->array, sizeof st->array, "%s", s1->out.name);
  if (grid_shape(p, s1, sweep_side(s1, 0))) return -1;
  if (p->progress < 3) p->progress = 3;
  if (sweep_expr(p, s1)) return -1;
  snprintf(st->array, sizeof st->array, "%s", s1->in);
  if (!p->time_levels && same_grid(p, s1, sweep_rhs(s1))) return -1;
  if (check_halo(p, s1, clang_Cursor_isNull(s1->block) ? sweep_rhs(s1) : s1->block)) return -1;
  if (p->progress < 4) p->progress = 4;
  if (time_form(p, sw, nsweeps, &mv) || conv_finish(p, s1, time_loop)) return -1;
  for (int l = 0; l < st->dims; l++) st->loop_axis[l] = s1->loop_axis[l];
  record_loops(st, sw, nsweeps, &mv);
  const Loop *t = &p->time;
  if (p->time_stride == 2 && st->steps_per_iter != 2)
    return fail(p, t->at,
                "step the time loop by one (t++), or sweep twice per iteration: for (t = 0; t "
                "< nt; t += 2) { step(a, b); step(b, a); }",
                "the time loop steps by 2 but makes one step per iteration");
  if (p->time_stride == 2 && p->time_ne)
    return fail(p, t->at, "write the condition as t < nt",
                "the time loop steps by 2 to a bound it may pass: with '!=' it would not stop");
  snprintf(st->steps_param, sizeof st->steps_param, "%s", t->ext);
  long long steps = (t->ext[0] ? -t->bound : t->bound) - t->lo;
  st->time_stride = p->time_stride;
  if (p->time_stride == 2 && !t->ext[0]) steps = steps > 0 ? (steps + 1) / 2 : steps; /* iterations */
  if (steps < -(1LL << 40) || steps > (1LL << 40))
    return fail(p, t->at, "run the time loop for fewer steps", "time loop runs %lld steps", steps);
  st->steps_const = (long)steps;
  st->time_first = (long)t->lo;
  st->level_shift = p->level_shift;
  st->time_do = kind(time_loop) == CXCursor_DoStmt;
  snprintf(st->time_var, sizeof st->time_var, "%s", t->var);
  /* a while loop's region starts with the statement that sets its counter */
  record_region(st, clang_Cursor_isNull(p->time_init) ? time_loop : p->time_init, time_loop);
  return 0;
}
