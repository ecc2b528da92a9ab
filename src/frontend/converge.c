/* Convergence loops: a time loop that runs until the residual of its sweep drops to a
 * tolerance, as iterative solvers (Jacobi for Laplace or Poisson, the laplace2d tutorial) write
 * it:
 *   double err = 1.0; int iter = 0;
 *   while (err > tol && iter < iter_max) {         or for (iter = 0; iter < max && err > tol;
 *     err = 0.0;                                   iter++), or do { ... } while (err > tol)
 *     for (j ...) for (i ...) {
 *       Anew[j][i] = f(A);
 *       err = fmax(err, fabs(Anew[j][i] - A[j][i]));   or if (d > err) err = d;, MAX(err, d),
 *     }                                                err += d * d with sqrt(err) > tol
 *     <copy-back or pointer swap>             (the residual may take a loop nest of its own
 *                                              over the sweep's cells before that, or one run
 *     iter++;                                  every K steps alone: if (iter % K == 0) {
 *   }                                          err = 0.0; <its nest> }, conv_check_block)
 * The residual is the largest |new - old| over the sweep's cells (the same in any order), or
 * their sum of squares (whose value depends on the order of the sum). nest.c reads the loop as
 * a counted time loop whose count is the cap; this file reads the residual's parts. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "parser.h"

const char *const CONV_HINT =
    "write the residual over the sweep's cells: err = 0.0; before the sweep, then in its loop "
    "body err = fmax(err, fabs(Anew[j][i] - A[j][i])); (or if (d > err) err = d;, or "
    "err += d * d; with while (sqrt(err) > tol ...)), and iterate while (err > tol && iter < "
    "iter_max)";

static bool floating_var(CXCursor decl) {
  enum CXTypeKind k = clang_getCanonicalType(clang_getCursorType(decl)).kind;
  return (kind(decl) == CXCursor_VarDecl || kind(decl) == CXCursor_ParmDecl) &&
         (k == CXType_Float || k == CXType_Double);
}

/* The call's function name ("fmax", "sqrt") or NULL; its arguments into args. */
static const char *call_name(CXCursor c, CXCursor *args, int max, int *nargs) {
  static char name[IR_NAME_MAX];
  if (kind(c) != CXCursor_CallExpr) return NULL;
  cur_name(c, name);
  *nargs = clang_Cursor_getNumArguments(c);
  for (int i = 0; i < *nargs && i < max; i++) args[i] = cur_strip(clang_Cursor_getArgument(c, (unsigned)i));
  return name;
}

/* The residual side of a comparison: a floating local (err), or sqrt(err) (*root). */
static bool residual_side(CXCursor c, CXCursor *decl, bool *root) {
  CXCursor args[2];
  int n;
  const char *f = call_name(c, args, 2, &n);
  *root = f && (!strcmp(f, "sqrt") || !strcmp(f, "sqrtf")) && n == 1;
  if (*root) c = args[0];
  if (!cur_ref_name(c)) return false;
  *decl = clang_getCursorReferenced(cur_strip(c));
  return kind(*decl) == CXCursor_VarDecl && floating_var(*decl);
}

/* err > tol or tol < err: the residual's declaration, the tolerance, whether through sqrt. */
static bool residual_test(Parser *p, CXCursor c, CXCursor *decl, CXCursor *tol, bool *root) {
  CXCursor kids[2];
  char op[4];
  c = cur_strip(c);
  if (kind(c) != CXCursor_BinaryOperator || cur_children(c, kids, 2) != 2 ||
      !cur_binary_op(p->tu, c, op))
    return false;
  int big = !strcmp(op, ">") ? 0 : !strcmp(op, "<") ? 1 : -1;
  if (big < 0) return false;
  *tol = cur_strip(kids[1 - big]);
  return residual_side(cur_strip(kids[big]), decl, root);
}

int conv_condition(Parser *p, CXCursor cond, CXCursor *counter) {
  CXCursor kids[2], decl, tol;
  char op[4];
  bool root;
  memset(&p->conv, 0, sizeof p->conv);
  p->conv.reset = clang_getNullCursor();
  *counter = cond;
  cond = cur_strip(cond);
  if (residual_test(p, cond, &decl, &tol, &root)) {
    *counter = clang_getNullCursor();
    p->conv.test = cond;
  } else if (kind(cond) == CXCursor_BinaryOperator && cur_children(cond, kids, 2) == 2 &&
             cur_binary_op(p->tu, cond, op) && !strcmp(op, "&&")) {
    for (int side = 0; side < 2 && !p->conv.on; side++)
      if (residual_test(p, kids[side], &decl, &tol, &root)) {
        *counter = kids[1 - side];
        p->conv.test = cur_strip(kids[side]);
        p->conv.on = true;
      }
    if (!p->conv.on) return 0;
  } else {
    return 0;
  }
  p->conv.on = true;
  p->conv.decl = decl;
  p->conv.capped = !clang_Cursor_isNull(*counter);
  return 0;
}

/* Whether statement s of a sweep's body computes the residual: it writes it (conv_body adds
 * the locals only such statements read). */
static bool residual_stmt(Parser *p, CXCursor s) {
  CXCursor where;
  return kind(s) != CXCursor_ForStmt && cur_written(p->tu, s, p->conv.decl, &where);
}

int conv_body(Parser *p, CXCursor body, CXCursor *update) {
  enum { MAX = 16 };
  CXCursor s[MAX], rest[MAX];
  int n = cur_children(body, s, MAX), nrest = 0;
  if (n > MAX)
    return fail(p, s[MAX - 1], CONV_HINT, "the sweep's loop body holds %d statements", n);
  p->conv.nstmts = 0;
  for (int i = 0; i < n; i++) {
    if (residual_stmt(p, s[i])) {
      if (p->conv.nstmts == CONV_MAX_STMTS)
        return fail(p, s[i], CONV_HINT, "too many statements compute the residual");
      p->conv.stmts[p->conv.nstmts++] = s[i];
    } else {
      rest[nrest++] = s[i];
    }
  }
  if (p->conv.later_nest)
    return fail(p, p->conv.stmts[0], CONV_HINT,
                "the residual is computed in the copy-back's loop nest; compute it in the "
                "sweep's loop body, or in a loop nest of its own before the copy-back");
  /* a local declared for the residual alone (double d = fabs(Anew[j][i] - A[j][i]);) */
  int kept = 0;
  for (int i = 0; i < nrest; i++) {
    bool for_residual = false;
    CXCursor vars[2];
    if (kind(rest[i]) == CXCursor_DeclStmt && cur_children(rest[i], vars, 2) == 1) {
      char name[IR_NAME_MAX];
      cur_name(vars[0], name);
      for_residual = true;
      for (int j = 0; j < nrest; j++)
        if (j != i && cur_mentions(rest[j], name)) for_residual = false;
    }
    if (for_residual && p->conv.nstmts < CONV_MAX_STMTS)
      p->conv.stmts[p->conv.nstmts++] = rest[i];
    else
      rest[kept++] = rest[i];
  }
  if (kept != 1)
    return fail(p, kept ? rest[kept - 1] : body, CONV_HINT,
                "the sweep's loop body holds %d statements beside the residual; it should hold "
                "the update alone", kept);
  *update = rest[0];
  /* the residual reads the cell the update has just written */
  unsigned update_at, end, at;
  cur_extent(*update, &update_at, &end);
  for (int i = 0; i < p->conv.nstmts; i++) {
    cur_extent(p->conv.stmts[i], &at, &end);
    if (at < update_at)
      return fail(p, p->conv.stmts[i], CONV_HINT,
                  "the residual is computed before the update of the cell; compute it after");
  }
  return 0;
}

int conv_nest(Parser *p, CXCursor c, const Sweep *sw) {
  enum { MAX = 16 };
  CXCursor cur = c, where, s[MAX];
  if (!cur_written(p->tu, c, p->conv.decl, &where)) return 0;
  for (int l = 0; l < sw->nloops; l++) {
    Loop lp;
    const Loop *in = &sw->loops[l];
    if (kind(cur) != CXCursor_ForStmt) return 0;
    if (parse_loop(p, cur, &lp)) return -1;
    if (strcmp(lp.var, in->var) || lp.lo != in->lo || lp.bound != in->bound || strcmp(lp.ext, in->ext))
      return fail(p, cur, "run the residual's loops as the sweep's, the same variables over the same "
                          "cells",
                  "the residual's loop nest runs over other cells than the sweep");
    cur = lp.body;
    if (l < sw->nloops - 1 && single_statement(p, cur, false, &cur)) return -1;
  }
  int n = kind(cur) == CXCursor_CompoundStmt ? cur_children(cur, s, MAX) : (s[0] = cur, 1);
  if (n > MAX || n > CONV_MAX_STMTS) return 0;
  for (int i = 0; i < n; i++)
    if (kind(s[i]) != CXCursor_DeclStmt && !residual_stmt(p, s[i]))
      return 0; /* it does more: the copy-back (time_form) */
  p->conv.nstmts = n;
  for (int i = 0; i < n; i++) p->conv.stmts[i] = s[i];
  p->conv.in_nest = true;
  return 1;
}

/* iter % K == R, R == iter % K or !(iter % K) with iter the time counter (or iter + c), K a
 * positive constant: 1 with K, c and R; 0 when c is no such test; -1 after the refusal of a K
 * known at run time only. */
static int every_test(Parser *p, CXCursor c, long *every, long *offset, long *phase) {
  CXCursor kids[2], mod[2];
  char op[4];
  long long k, r = 0, add;
  Poly counter;
  const char *name;
  Refusal saved = p->why;
  c = cur_strip(c);
  if (kind(c) == CXCursor_UnaryOperator && cur_unary_op(p->tu, c, op, &(bool){false}) &&
      !strcmp(op, "!") && cur_children(c, kids, 1) == 1) {
    c = cur_strip(kids[0]);
  } else {
    if (kind(c) != CXCursor_BinaryOperator || cur_children(c, kids, 2) != 2 ||
        !cur_binary_op(p->tu, c, op) || strcmp(op, "=="))
      return 0;
    int side = eval_index(p, kids[1], &r) ? 0 : eval_index(p, kids[0], &r) ? 1 : -1;
    p->why = saved;
    if (side < 0) return 0;
    c = cur_strip(kids[side]);
  }
  bool ok = kind(c) == CXCursor_BinaryOperator && cur_children(c, mod, 2) == 2 &&
            cur_binary_op(p->tu, c, op) && !strcmp(op, "%") && !poly_of(p, mod[0], &counter) &&
            poly_is_var_plus_const(p, &counter, &name, &add) && !strcmp(name, p->time.var);
  bool constant = ok && eval_index(p, mod[1], &k);
  p->why = saved;
  if (!ok) return 0;
  if (!constant)
    return fail(p, mod[1], "write the number of steps between the residual's computations as a "
                           "constant: if (iter % 10 == 0)",
                "the residual is computed every '%s' steps, a value known at run time only",
                cur_ref_name(cur_strip(mod[1])) ? cur_ref_name(cur_strip(mod[1])) : "K");
  if (k <= 0) return 0;
  *every = (long)k;
  *offset = (long)add;
  *phase = (long)r;
  return 1;
}

int conv_check_block(Parser *p, CXCursor s, const Sweep *sw) {
  CXCursor kids[3], in[CONV_MAX_STMTS + 1];
  long every = 0, offset = 0, phase = 0;
  if (!p->conv.on || p->conv.nstmts || p->conv.in_nest || !clang_Cursor_isNull(p->conv.reset) ||
      kind(s) != CXCursor_IfStmt || cur_children(s, kids, 3) != 2 || !p->time.var[0] ||
      !cur_written(p->tu, s, p->conv.decl, &(CXCursor){0}))
    return 0;
  int every_rc = every_test(p, kids[0], &every, &offset, &phase);
  if (every_rc <= 0) return every_rc;
  const char *hint = "compute the residual every K steps as a block of its own right after the "
                     "sweep: if (iter % K == 0) { err = 0.0; for (...) for (...) err = fmax(err, "
                     "fabs(Anew[j][i] - A[j][i])); }, the loop testing err > tol in its condition";
  int n = kind(kids[1]) == CXCursor_CompoundStmt ? cur_children(kids[1], in, CONV_MAX_STMTS + 1) : 0;
  if (n != 2 || !conv_reset(p, in[0]) || kind(in[1]) != CXCursor_ForStmt)
    return fail(p, kids[1], hint,
                "a block run every %ld steps should hold the residual's reset and its loop nest "
                "alone", every);
  int nest = conv_nest(p, in[1], sw);
  if (nest <= 0)
    return nest < 0 ? -1 : fail(p, in[1], hint, "this loop nest does more than compute the residual");
  if (p->time_stride > 1)
    return fail(p, kids[0], hint, "the counter of a loop testing every %ld steps steps by %d",
                every, p->time_stride);
  p->conv.reset = in[0];
  p->conv.reset_late = true;
  p->conv.every = every;
  p->conv.offset = offset;
  p->conv.phase = phase;
  return 1;
}

/* The value a local of the residual's statements was declared with, or c itself. */
static CXCursor through_local(Parser *p, CXCursor c) {
  c = cur_strip(c);
  if (!cur_ref_name(c)) return c;
  CXCursor decl = clang_getCursorReferenced(c);
  for (int i = 0; i < p->conv.nstmts; i++) {
    CXCursor vars[2];
    if (kind(p->conv.stmts[i]) == CXCursor_DeclStmt &&
        cur_children(p->conv.stmts[i], vars, 2) == 1 && clang_equalCursors(vars[0], decl)) {
      CXCursor init = clang_Cursor_getVarDeclInitializer(decl);
      if (!clang_Cursor_isNull(init)) return cur_strip(init);
    }
  }
  return c;
}

/* Whether c reads grid `name` at the written cell. */
static bool cell_of(Parser *p, const Sweep *sw, CXCursor c, const char *name) {
  Access a;
  int off[IR_MAX_DIMS];
  Refusal saved = p->why;
  bool ok = !parse_access(p, c, &a) && !strcmp(a.name, name) &&
            !read_offsets(p, c, &a, sw->out_sub0, off) && !off[0] && !off[1] && !off[2];
  p->why = saved;
  return ok;
}

/* new - old or old - new at the written cell, through a local. */
static bool difference(Parser *p, const Sweep *sw, CXCursor c) {
  CXCursor kids[2];
  char op[4];
  c = through_local(p, c);
  if (kind(c) != CXCursor_BinaryOperator || cur_children(c, kids, 2) != 2 ||
      !cur_macro_binary_op(p->tu, c, false, op) || strcmp(op, "-"))
    return false;
  CXCursor a = cur_strip(kids[0]), b = cur_strip(kids[1]);
  return (cell_of(p, sw, a, sw->out.name) && cell_of(p, sw, b, sw->in)) ||
         (cell_of(p, sw, b, sw->out.name) && cell_of(p, sw, a, sw->in));
}

/* fabs(new - old), through locals. */
static bool abs_difference(Parser *p, const Sweep *sw, CXCursor c) {
  CXCursor args[2];
  int n;
  c = through_local(p, c);
  const char *f = call_name(c, args, 2, &n);
  return f && (!strcmp(f, "fabs") || !strcmp(f, "fabsf")) && n == 1 && difference(p, sw, args[0]);
}

static bool is_residual(Parser *p, CXCursor c) {
  c = cur_strip(c);
  return cur_ref_name(c) && clang_equalCursors(clang_getCursorReferenced(c), p->conv.decl);
}

/* The larger of err and x: fmax(err, x), or a MAX macro's (err > x ? err : x). */
static bool max_with_residual(Parser *p, const Sweep *sw, CXCursor c) {
  CXCursor args[3], kids[3];
  int n;
  c = cur_strip(c);
  const char *f = call_name(c, args, 2, &n);
  if (f && (!strcmp(f, "fmax") || !strcmp(f, "fmaxf")) && n == 2)
    return (is_residual(p, args[0]) && abs_difference(p, sw, args[1])) ||
           (is_residual(p, args[1]) && abs_difference(p, sw, args[0]));
  char op[4];
  CXCursor t[2];
  if (kind(c) != CXCursor_ConditionalOperator || cur_children(c, kids, 3) != 3 ||
      cur_children(cur_strip(kids[0]), t, 2) != 2 ||
      !cur_macro_binary_op(p->tu, cur_strip(kids[0]), true, op))
    return false;
  /* a > b ? a : b or a < b ? b : a, with {a, b} = {err, x}: the larger is picked */
  int first = !strcmp(op, ">") || !strcmp(op, ">=") ? 0 : !strcmp(op, "<") || !strcmp(op, "<=") ? 1 : -1;
  if (first < 0) return false;
  CXCursor picked = cur_strip(kids[1]), other = cur_strip(kids[2]);
  CXCursor bigger = cur_strip(t[first]), smaller = cur_strip(t[1 - first]);
  return (is_residual(p, picked) && is_residual(p, bigger) && abs_difference(p, sw, other) &&
          abs_difference(p, sw, smaller)) ||
         (is_residual(p, other) && is_residual(p, smaller) && abs_difference(p, sw, picked) &&
          abs_difference(p, sw, bigger));
}

/* d * d with d the difference, or pow(d, 2). */
static bool square_of_difference(Parser *p, const Sweep *sw, CXCursor c) {
  CXCursor kids[2], args[2];
  char op[4];
  int n;
  c = through_local(p, c);
  const char *f = call_name(c, args, 2, &n);
  double two;
  char text[40];
  if (f && !strcmp(f, "pow") && n == 2)
    return cur_eval_number(args[1], &two, text) && two == 2 && difference(p, sw, args[0]);
  if (kind(c) != CXCursor_BinaryOperator || cur_children(c, kids, 2) != 2 ||
      !cur_binary_op(p->tu, c, op) || strcmp(op, "*"))
    return false;
  CXCursor a = cur_strip(kids[0]), b = cur_strip(kids[1]);
  if (cur_ref_name(a) && cur_ref_name(b)) {
    char na[IR_NAME_MAX];
    snprintf(na, sizeof na, "%s", cur_ref_name(a));
    if (strcmp(na, cur_ref_name(b))) return false;
  } else if (!difference(p, sw, b)) {
    return false;
  }
  return difference(p, sw, a);
}

/* One statement that folds a cell into the residual: its kind, or CONV_NONE. */
static ConvKind fold_kind(Parser *p, const Sweep *sw, CXCursor s) {
  CXCursor kids[3], t[2];
  char op[4];
  if (kind(s) == CXCursor_CompoundStmt && cur_children(s, kids, 2) == 1) s = kids[0];
  if (kind(s) == CXCursor_BinaryOperator && cur_children(s, kids, 2) == 2 &&
      cur_binary_op(p->tu, s, op) && !strcmp(op, "=") && is_residual(p, kids[0])) {
    if (max_with_residual(p, sw, kids[1])) return CONV_MAX_ABS;
    /* err = err + d * d */
    CXCursor r = cur_strip(kids[1]);
    if (kind(r) == CXCursor_BinaryOperator && cur_children(r, t, 2) == 2 &&
        cur_binary_op(p->tu, r, op) && !strcmp(op, "+") && is_residual(p, t[0]) &&
        square_of_difference(p, sw, t[1]))
      return CONV_SUM_SQ;
    return CONV_NONE;
  }
  if (kind(s) == CXCursor_CompoundAssignOperator && cur_children(s, kids, 2) == 2 &&
      cur_binary_op(p->tu, s, op) && !strcmp(op, "+=") && is_residual(p, kids[0]))
    return square_of_difference(p, sw, kids[1]) ? CONV_SUM_SQ : CONV_NONE;
  /* if (x > err) err = x; */
  int n = kind(s) == CXCursor_IfStmt ? cur_children(s, kids, 3) : 0;
  if (n != 2) return CONV_NONE;
  CXCursor cond = cur_strip(kids[0]), then = kids[1], a[2];
  if (kind(then) == CXCursor_CompoundStmt && cur_children(then, a, 2) == 1) then = a[0];
  if (cur_children(cond, t, 2) != 2 || !cur_binary_op(p->tu, cond, op)) return CONV_NONE;
  int big = !strcmp(op, ">") || !strcmp(op, ">=") ? 0 : !strcmp(op, "<") || !strcmp(op, "<=") ? 1 : -1;
  if (big < 0 || !is_residual(p, t[1 - big]) || !abs_difference(p, sw, t[big])) return CONV_NONE;
  if (kind(then) != CXCursor_BinaryOperator || cur_children(then, a, 2) != 2 ||
      !cur_binary_op(p->tu, then, op) || strcmp(op, "=") || !is_residual(p, a[0]) ||
      !abs_difference(p, sw, a[1]))
    return CONV_NONE;
  return CONV_MAX_ABS;
}

/* tol, a * tol or tol * a (a a constant): a's value. */
static bool tol_multiple(Parser *p, CXCursor c, double *a) {
  CXCursor kids[2];
  char op[4], text[40];
  const char *tol = p->st->conv.tol, *name = cur_ref_name(cur_strip(c));
  c = cur_strip(c);
  if (name) return !strcmp(name, tol) && ((*a = 1), true);
  if (kind(c) != CXCursor_BinaryOperator || cur_children(c, kids, 2) != 2 ||
      !cur_binary_op(p->tu, c, op) || strcmp(op, "*"))
    return false;
  for (int side = 0; side < 2; side++)
    if ((name = cur_ref_name(cur_strip(kids[side]))) && !strcmp(name, tol) &&
        cur_eval_number(kids[1 - side], a, text))
      return true;
  return false;
}

/* A value err starts with: a constant c, or a multiple of the run-time tolerance plus a constant
 * (tol + 1, 2.0 * tol + 1.0, c + a * tol): *v = c, *a the multiple (0: none). The generated code
 * computes a * tol + c, which is the source's value when the sum is computed in double (IEEE
 * addition and multiplication commute, and 1 * tol is tol); in float, tol + c with c > 0 alone,
 * as above any tolerance (INFINITY). */
static bool start_value(Parser *p, CXCursor c, double *v, double *a) {
  CXCursor kids[2];
  char op[4], text[40];
  c = cur_strip(c);
  *a = 0;
  if (cur_eval_number(c, v, text)) return true;
  if (!p->st->conv.tol[0]) return false;
  bool in_double = clang_getCanonicalType(clang_getCursorType(c)).kind == CXType_Double &&
                   clang_getCanonicalType(clang_getCursorType(p->conv.decl)).kind == CXType_Double;
  if (in_double && tol_multiple(p, c, a)) return (*v = 0), true;
  if (kind(c) != CXCursor_BinaryOperator || cur_children(c, kids, 2) != 2 ||
      !cur_binary_op(p->tu, c, op) || strcmp(op, "+"))
    return false;
  for (int side = 0; side < 2; side++) {
    double k;
    if (!tol_multiple(p, kids[side], a) || !cur_eval_number(kids[1 - side], &k, text)) continue;
    if (in_double) return (*v = k), true;
    if (*a == 1 && k > 0) return (*a = 0), (*v = INFINITY), true;
  }
  *a = 0;
  return false;
}

/* err's value before the loop: the last statement before it (or before its counter's start)
 * that sets err, an assignment or its declaration with a constant. */
static bool first_value(Parser *p, CXCursor loop, double *v, double *a) {
  enum { MAX_STMTS = 256 };
  CXCursor s[MAX_STMTS], where, kids[2], vars[16];
  char op[4];
  int n = kind(p->time_parent) == CXCursor_CompoundStmt ? cur_children(p->time_parent, s, MAX_STMTS) : 0;
  int at = -1;
  for (int i = 0; i < n && i < MAX_STMTS; i++)
    if (cur_same_place(s[i], loop)) at = i;
  for (int i = at - 1; i >= 0; i--) {
    if (kind(s[i]) == CXCursor_DeclStmt) {
      int nv = cur_children(s[i], vars, 16);
      for (int d = 0; d < nv && d < 16; d++)
        if (clang_equalCursors(vars[d], p->conv.decl)) {
          CXCursor init = clang_Cursor_getVarDeclInitializer(vars[d]);
          return !clang_Cursor_isNull(init) && start_value(p, init, v, a);
        }
    }
    if (cur_written(p->tu, s[i], p->conv.decl, &where))
      return kind(s[i]) == CXCursor_BinaryOperator && cur_children(s[i], kids, 2) == 2 &&
             cur_binary_op(p->tu, s[i], op) && !strcmp(op, "=") && is_residual(p, kids[0]) &&
             start_value(p, kids[1], v, a);
  }
  return false;
}

/* err = 0 */
bool conv_reset(Parser *p, CXCursor s) {
  CXCursor kids[2];
  char op[4], text[40];
  double v;
  return p->conv.on && kind(s) == CXCursor_BinaryOperator && cur_children(s, kids, 2) == 2 &&
         cur_binary_op(p->tu, s, op) && !strcmp(op, "=") && is_residual(p, kids[0]) &&
         cur_eval_number(kids[1], &v, text) && v == 0;
}

/* The tolerance parameter as a run-time scalar of the stencil (the program's --param). */
static int tol_scalar(Parser *p, CXCursor use, CXCursor decl) {
  Stencil *st = p->st;
  Converge *cv = &st->conv;
  for (int k = 0; k < st->nscalars; k++)
    if (!strcmp(st->scalars[k].name, cv->tol)) return (cv->tol_scalar = k), 0;
  if (st->weights[0] || st->nscalars == IR_MAX_SCALARS)
    return fail(p, use, "write the tolerance as a constant",
                "the tolerance '%s' cannot be one more run-time value beside %s", cv->tol,
                st->weights[0] ? "a weight array" : "the stencil's scalars");
  Scalar *s = &st->scalars[st->nscalars];
  memset(s, 0, sizeof *s);
  snprintf(s->name, sizeof s->name, "%s", cv->tol);
  s->kind = SCALAR_PARAM;
  s->type = clang_getCanonicalType(clang_getCursorType(decl)).kind == CXType_Float ? DTYPE_FLOAT
                                                                                    : DTYPE_DOUBLE;
  clang_getSpellingLocation(clang_getCursorLocation(decl), NULL, &s->line, NULL, NULL);
  cv->tol_scalar = st->nscalars;
  st->nweights = ++st->nscalars;
  return 0;
}

int conv_finish(Parser *p, const Sweep *sw, CXCursor loop) {
  Converge *cv = &p->st->conv;
  memset(cv, 0, sizeof *cv);
  if (!p->conv.on) return 0;
  cur_name(p->conv.decl, cv->var);
  if (p->time_levels)
    return fail(p, sw->stmt, "iterate to convergence between two arrays: Anew[j][i] = f(A); "
                             "then a copy-back or a pointer swap",
                "a convergence loop over the time levels of one array");
  /* the generated loop tests the residual after every step; here an iteration is two steps and
   * the residual of one of them counts */
  if (p->st->steps_per_iter > 1)
    return fail(p, loop, "sweep once an iteration (Anew from A, the residual from that sweep), then "
                         "swap the pointers or copy Anew back into A",
                "a convergence loop that sweeps twice an iteration (A into B, then B back into A)");
  if (clang_Cursor_isNull(p->conv.reset))
    return fail(p, p->conv.test, CONV_HINT,
                "the residual '%s' is not set to 0 at the start of each iteration", cv->var);
  if (p->conv.reset_late && !p->conv.in_nest)
    return fail(p, p->conv.reset, CONV_HINT,
                "the residual '%s' is reset after the sweep that computes it", cv->var);
  if (p->conv.nstmts == 0)
    return fail(p, p->conv.test, CONV_HINT,
                "the loop tests the residual '%s', but the sweep's loop body does not compute it",
                cv->var);
  for (int i = 0; i < p->conv.nstmts; i++) {
    CXCursor s = p->conv.stmts[i];
    if (kind(s) == CXCursor_DeclStmt) continue;
    ConvKind k = fold_kind(p, sw, s);
    if (k == CONV_NONE || (cv->kind != CONV_NONE && k != cv->kind))
      return fail(p, s, CONV_HINT,
                  "this residual is not the largest |%s - %s| or the sum of their squares over "
                  "the sweep's cells", sw->out.name, sw->in);
    cv->kind = k;
  }
  CXCursor decl, tol;
  bool root;
  residual_test(p, p->conv.test, &decl, &tol, &root);
  if (root != (cv->kind == CONV_SUM_SQ))
    return fail(p, p->conv.test, CONV_HINT,
                root ? "the loop compares sqrt(%s), but '%s' is the largest difference, no sum "
                       "of squares"
                     : "'%s' is a sum of squares: compare its root, sqrt(%s) > tol",
                cv->var, cv->var);
  char text[40];
  CXCursor tol_decl = clang_getCursorReferenced(tol);
  cv->tol_scalar = -1;
  /* not a constant: a parameter, or a run-time local (const double tol = atof(argv[1]);, or set
   * by one assignment or scanf before the loop), a run-time scalar, which rewrite passes by its
   * name */
  CXCursor where;
  bool run_time = !cur_eval_number(tol, &cv->tol_const, text);
  bool set_once = cur_ref_name(tol) && floating_var(tol_decl) &&
                  (kind(tol_decl) == CXCursor_ParmDecl || !cur_runtime_local_refusal(p->tu, p->time.at, tol_decl, &where));
  if (run_time && !set_once)
    return fail(p, tol, "pass the tolerance as a double parameter, set it once before the loop "
                        "(where it is declared, by one assignment or by scanf), or write it as a "
                        "constant",
                "the tolerance is neither a function parameter, a local set once, nor a constant");
  if (run_time) {
    cur_name(tol_decl, cv->tol);
    if (tol_scalar(p, tol, tol_decl)) return -1;
  }
  /* a do loop's first test reads the residual's value from before the loop, unless its first
   * step computes it (the generated loop takes that value as above any tolerance) */
  if (kind(loop) == CXCursor_DoStmt && p->conv.every > 1 &&
      (p->conv.offset + p->time.lo) % p->conv.every != p->conv.phase)
    return fail(p, loop, "compute the residual on the first step too: if (iter % K == 0) with the "
                         "counter starting at 0",
                "the do loop tests the residual '%s' after its first step, which does not compute it",
                cv->var);
  cv->first = INFINITY;
  if (kind(loop) != CXCursor_DoStmt && !first_value(p, loop, &cv->first, &cv->first_tol))
    return fail(p, loop, "set the residual just before the loop: double err = 1.0; (or tol + 1.0, "
                         "2.0 * tol + 1.0)",
                "the residual '%s' has no constant value before the loop", cv->var);
  cv->capped = p->conv.capped;
  cv->in_sweep = !p->conv.in_nest;
  cv->check_every = p->conv.every ? p->conv.every : 1;
  cv->check_offset = p->conv.offset + (long)p->time.lo; /* the counter in step 0 */
  cv->check_phase = p->conv.phase;
  return 0;
}
