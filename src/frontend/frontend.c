/* Recognises the stencil input form (see README) in a libclang AST:
 *   for (t = 0; t < T; t++)                      time loop, outermost
 *     for (i = L0; i < E0 - H0; i++) ...         2 or 3 spatial loops, unit step
 *       A[(t + 1) % 2][i][j] = f(A[t % 2][i + c][j + d], W[k], ...);
 * where W is an optional array parameter of run-time weights read at constant subscripts, or,
 * instead of the assignment, an accumulator block whose filter loops are unrolled:
 *       { float acc = 0; for (a = 0; a < M; a++) ... acc += f(...); A[(t + 1) % 2][i][j] = acc; }
 * Anything else is refused with a diagnostic at the offending construct. */
#include "frontend.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cursor.h"

enum {
  MAX_LOOPS = 1 + IR_MAX_DIMS,
  MAX_FILTER_LOOPS = 8,           /* nested filter loops in an accumulator block */
  MAX_ACCUMULATIONS = 1024,       /* accumulator updates once the filter loops are unrolled */
  MAX_COPIED_NODES = 1 << 16,     /* expression nodes copied from uses of the accumulator */
};

typedef struct {
  CXCursor at;
  char var[IR_NAME_MAX];
  long long lo;       /* first value */
  char ext[IR_NAME_MAX]; /* upper bound symbol ("" when constant) */
  long long bound;    /* constant part: var < ext - bound, or var < bound when ext is "" */
  CXCursor body;
} Loop;

/* A filter-loop variable at its value in the iteration being unrolled. */
typedef struct {
  char var[IR_NAME_MAX];
  long long value;
} Binding;

typedef struct {
  const char *path;
  CXTranslationUnit tu;
  Stencil *st;
  Loop loops[MAX_LOOPS];
  int nloops;
  /* Accumulator block (parse_block): the variable and the expression it holds so far. */
  CXCursor acc_decl;
  Expr *acc;
  long copied;       /* nodes copied by uses of acc, bounded so that no input blows up */
  long accumulations;
  Binding bound[MAX_FILTER_LOOPS];
  int nbound;
} Parser;

/* Prints a diagnostic at `at` and returns -1, so callers can `return fail(...)`. */
__attribute__((format(printf, 4, 5))) static int fail(Parser *p, CXCursor at, const char *hint,
                                                      const char *fmt, ...) {
  char msg[512];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(msg, sizeof msg, fmt, ap);
  va_end(ap);
  diag_error(cur_loc(p->path, at), hint, "%s", msg);
  return -1;
}

static const char *const HINT_FORM =
    "write A[(t + 1) % 2][i][j] = <expression of A[t % 2][i + c][j + d]> inside "
    "for (t = 0; t < steps; t++) for (i = R; i < n - R; i++) for (j = R; j < n - R; j++)";

static const char *const HINT_BLOCK =
    "write { float acc = 0.0f; for (int a = 0; a < M; a++) for (int b = 0; b < N; b++) "
    "acc += W[a][b] * A[t % 2][i + a - P][j + b - Q]; A[(t + 1) % 2][i][j] = acc; }";

static enum CXCursorKind kind(CXCursor c) { return clang_getCursorKind(c); }

/* ---- filter-loop variables ---- */

static const Binding *binding(const Parser *p, const char *name) {
  for (int i = p->nbound - 1; i >= 0; i--)
    if (!strcmp(p->bound[i].var, name)) return &p->bound[i];
  return NULL;
}

/* Value of an integer expression of constants and filter-loop variables (+, -, * and negation);
 * false when it is not one or overflows. */
static bool eval_index(const Parser *p, CXCursor c, long long *v) {
  c = cur_strip(c);
  const Binding *b = cur_ref_name(c) ? binding(p, cur_ref_name(c)) : NULL;
  if (b) {
    *v = b->value;
    return true;
  }
  if (cur_eval_int(c, v)) return true;
  CXCursor kids[2];
  char op[4];
  bool prefix;
  long long x, y;
  if (kind(c) == CXCursor_UnaryOperator)
    return cur_unary_op(p->tu, c, op, &prefix) && prefix && !strcmp(op, "-") &&
           cur_children(c, kids, 1) == 1 && eval_index(p, kids[0], &x) &&
           !__builtin_sub_overflow(0LL, x, v);
  if (kind(c) != CXCursor_BinaryOperator || !cur_binary_op(p->tu, c, op) ||
      cur_children(c, kids, 2) != 2 || !eval_index(p, kids[0], &x) || !eval_index(p, kids[1], &y))
    return false;
  if (!strcmp(op, "+")) return !__builtin_add_overflow(x, y, v);
  if (!strcmp(op, "-")) return !__builtin_sub_overflow(x, y, v);
  if (!strcmp(op, "*")) return !__builtin_mul_overflow(x, y, v);
  return false;
}

/* ---- loops ---- */

static int loop_init(Parser *p, CXCursor init, Loop *l) {
  CXCursor kids[2];
  if (kind(init) == CXCursor_DeclStmt && cur_children(init, kids, 2) == 1 &&
      kind(kids[0]) == CXCursor_VarDecl) {
    CXString s = clang_getCursorSpelling(kids[0]);
    snprintf(l->var, sizeof l->var, "%s", clang_getCString(s));
    clang_disposeString(s);
    CXCursor v[2];
    if (cur_children(kids[0], v, 2) == 1 && cur_eval_int(v[0], &l->lo)) return 0;
  } else if (kind(init) == CXCursor_BinaryOperator && cur_children(init, kids, 2) == 2 &&
             cur_ref_name(kids[0])) {
    snprintf(l->var, sizeof l->var, "%s", cur_ref_name(kids[0]));
    if (cur_eval_int(kids[1], &l->lo)) return 0;
  }
  return fail(p, init, "start each loop from a constant: for (int i = R; ...)",
              "loop start is not a constant");
}

static int loop_cond(Parser *p, CXCursor cond, Loop *l) {
  CXCursor kids[2];
  char op[4] = "";
  if (kind(cond) != CXCursor_BinaryOperator || cur_children(cond, kids, 2) != 2 ||
      !cur_binary_op(p->tu, cond, op) || (strcmp(op, "<") && strcmp(op, "<=")) ||
      !cur_ref_name(kids[0]) || strcmp(cur_ref_name(kids[0]), l->var))
    return fail(p, cond, "write the condition as i < n - R (or i <= n - R - 1)",
                "loop condition must compare the loop variable '%s' with '<' or '<='", l->var);
  CXCursor rhs = cur_strip(kids[1]), sub[2];
  char sop[4];
  l->ext[0] = 0;
  if (cur_eval_int(rhs, &l->bound)) {
  } else if (cur_ref_name(rhs)) {
    snprintf(l->ext, sizeof l->ext, "%s", cur_ref_name(rhs));
    l->bound = 0;
  } else if (kind(rhs) == CXCursor_BinaryOperator && cur_binary_op(p->tu, rhs, sop) &&
             !strcmp(sop, "-") && cur_children(rhs, sub, 2) == 2 && cur_ref_name(sub[0]) &&
             cur_eval_int(sub[1], &l->bound)) {
    snprintf(l->ext, sizeof l->ext, "%s", cur_ref_name(sub[0]));
  } else {
    return fail(p, kids[1], "write the bound as n - R, n, or a constant",
                "loop bound must be an extent minus a constant");
  }
  if (!strcmp(op, "<=")) l->bound += l->ext[0] ? -1 : 1; /* normalise to '<' */
  return 0;
}

static int loop_step(Parser *p, CXCursor inc, const Loop *l) {
  char op[4];
  bool prefix;
  CXCursor kids[2];
  long long k;
  if (kind(inc) == CXCursor_UnaryOperator && cur_unary_op(p->tu, inc, op, &prefix) &&
      !strcmp(op, "++") && cur_ref_name(inc) == NULL) {
    CXCursor v;
    if (cur_children(inc, &v, 1) == 1 && cur_ref_name(v) && !strcmp(cur_ref_name(v), l->var))
      return 0;
  }
  if (kind(inc) == CXCursor_CompoundAssignOperator && cur_binary_op(p->tu, inc, op) &&
      !strcmp(op, "+=") && cur_children(inc, kids, 2) == 2 && cur_eval_int(kids[1], &k) && k == 1)
    return 0;
  return fail(p, inc, "only unit steps are supported: write i++",
              "loop over '%s' does not step by 1", l->var);
}

static int parse_loop(Parser *p, CXCursor c, Loop *l) {
  CXCursor kids[4];
  l->at = c;
  if (cur_children(c, kids, 4) != 4)
    return fail(p, c, "give the loop an initialisation, a condition and an increment",
                "incomplete for loop");
  if (loop_init(p, kids[0], l) || loop_cond(p, kids[1], l) || loop_step(p, kids[2], l)) return -1;
  l->body = kids[3];
  return 0;
}

/* The only statement of a body, unwrapping braces; fails on several statements, except that with
 * `blocks` a compound statement starting with a declaration (an accumulator block) is returned. */
static int single_statement(Parser *p, CXCursor body, bool blocks, CXCursor *out) {
  while (kind(body) == CXCursor_CompoundStmt) {
    CXCursor kids[2];
    int n = cur_children(body, kids, 2);
    if (n == 0) return fail(p, body, HINT_FORM, "empty loop body");
    if (n > 1 && blocks && kind(kids[0]) == CXCursor_DeclStmt) break;
    if (n > 1)
      return fail(p, kids[1],
                  "stencilc handles one assignment per cell (one output array) per time step; "
                  "merge the statements or split the program",
                  "several statements in a loop body");
    body = kids[0];
  }
  *out = body;
  return 0;
}

/* Collects the loop chain from the outermost loop down to the assignment. */
static int parse_nest(Parser *p, CXCursor outer, CXCursor *stmt) {
  CXCursor c = outer;
  while (kind(c) == CXCursor_ForStmt) {
    if (p->nloops == MAX_LOOPS)
      return fail(p, c, "stencilc handles 2D and 3D grids: a time loop and 2 or 3 spatial loops",
                  "too many nested loops");
    Loop *l = &p->loops[p->nloops++];
    if (parse_loop(p, c, l) || single_statement(p, l->body, p->nloops > 1, &c)) return -1;
  }
  *stmt = c;
  if (p->nloops < 3)
    return fail(p, outer, "stencilc handles 2D and 3D grids: a time loop and 2 or 3 spatial loops",
                "found %d nested loop%s; need a time loop and 2 or 3 spatial loops", p->nloops,
                p->nloops == 1 ? "" : "s");
  return 0;
}

/* ---- subscripts ---- */

/* index = var + k, var possibly empty (a constant index). */
static int parse_affine(Parser *p, CXCursor c, char var[IR_NAME_MAX], long long *k) {
  c = cur_strip(c);
  var[0] = 0;
  *k = 0;
  if (eval_index(p, c, k)) return 0;
  if (cur_ref_name(c)) {
    snprintf(var, IR_NAME_MAX, "%s", cur_ref_name(c));
    return 0;
  }
  CXCursor kids[2];
  char op[4];
  if (kind(c) == CXCursor_BinaryOperator && cur_binary_op(p->tu, c, op) &&
      (!strcmp(op, "+") || !strcmp(op, "-")) && cur_children(c, kids, 2) == 2) {
    char va[IR_NAME_MAX], vb[IR_NAME_MAX];
    long long ka, kb;
    if (parse_affine(p, kids[0], va, &ka) || parse_affine(p, kids[1], vb, &kb)) return -1;
    if (va[0] && vb[0])
      return fail(p, c, "offsets must be integer constants (literals, macros or enum values)",
                  "index adds '%s' and '%s': offsets must be compile-time constants", va, vb);
    if (vb[0] && !strcmp(op, "-"))
      return fail(p, c, "write the index as i + c or i - c", "index subtracts the variable '%s'",
                  vb);
    snprintf(var, IR_NAME_MAX, "%s", va[0] ? va : vb);
    *k = !strcmp(op, "+") ? ka + kb : ka - kb;
    return 0;
  }
  return fail(p, c, "write each index as a loop variable plus or minus a constant",
              "index is not a loop variable plus a constant");
}

/* Parity of a time subscript: t % 2 -> 0, (t + 1) % 2 -> 1. */
static int parse_parity(Parser *p, CXCursor c, const char *tvar, int *parity) {
  c = cur_strip(c);
  CXCursor kids[2];
  char op[4], var[IR_NAME_MAX];
  long long two, k;
  if (kind(c) == CXCursor_BinaryOperator && cur_binary_op(p->tu, c, op) && !strcmp(op, "%") &&
      cur_children(c, kids, 2) == 2 && cur_eval_int(kids[1], &two) && two == 2 &&
      !parse_affine(p, kids[0], var, &k) && !strcmp(var, tvar)) {
    *parity = (int)(((k % 2) + 2) % 2);
    return 0;
  }
  return fail(p, c, "index the time level as A[t % 2] (read) and A[(t + 1) % 2] (write)",
              "time subscript must be %s %% 2 or (%s + 1) %% 2", tvar, tvar);
}

typedef struct {
  char name[IR_NAME_MAX];
  CXCursor decl;
  CXCursor sub[1 + IR_MAX_DIMS];
  int nsub;
} Access;

static int parse_access(Parser *p, CXCursor c, Access *a) {
  CXCursor outer = c;
  c = cur_strip(c);
  a->nsub = 0;
  while (kind(c) == CXCursor_ArraySubscriptExpr) {
    CXCursor kids[2];
    if (cur_children(c, kids, 2) != 2 || a->nsub == 1 + IR_MAX_DIMS)
      return fail(p, outer, HINT_FORM, "array access has too many subscripts");
    a->sub[a->nsub++] = kids[1];
    c = cur_strip(kids[0]);
  }
  if (a->nsub == 0 || !cur_ref_name(c))
    return fail(p, outer, HINT_FORM, "expected an access to the grid array");
  snprintf(a->name, sizeof a->name, "%s", cur_ref_name(c));
  a->decl = clang_getCursorReferenced(c);
  for (int i = 0; i < a->nsub / 2; i++) { /* collected innermost first */
    CXCursor t = a->sub[i];
    a->sub[i] = a->sub[a->nsub - 1 - i];
    a->sub[a->nsub - 1 - i] = t;
  }
  return 0;
}

/* Spatial offsets of an access whose subscripts are [time][axis 0]...[axis d-1]. */
static int access_offsets(Parser *p, CXCursor at, const Access *a, int off[IR_MAX_DIMS]) {
  int dims = p->nloops - 1;
  if (a->nsub != 1 + dims)
    return fail(p, at, HINT_FORM, "'%s' has %d subscripts; expected %d (time level and %d axes)",
                a->name, a->nsub, 1 + dims, dims);
  for (int ax = 0; ax < dims; ax++) {
    char var[IR_NAME_MAX];
    long long k;
    if (parse_affine(p, a->sub[1 + ax], var, &k)) return -1;
    const char *want = p->loops[1 + ax].var;
    if (strcmp(var, want))
      return fail(p, a->sub[1 + ax],
                  "subscripts follow the loop order: the outermost spatial loop indexes the "
                  "first spatial dimension",
                  "subscript %d of '%s' must be '%s' plus a constant", 2 + ax, a->name, want);
    if (k < -64 || k > 64)
      return fail(p, a->sub[1 + ax], "stencilc handles radii up to 64",
                  "offset %lld is too large", k);
    off[ax] = (int)k;
  }
  for (int ax = dims; ax < IR_MAX_DIMS; ax++) off[ax] = 0;
  return 0;
}

static Expr *parse_expr(Parser *p, CXCursor c);

static Expr *binary(Parser *p, CXCursor c) {
  char op[4];
  if (!cur_binary_op(p->tu, c, op)) {
    fail(p, c, "expand the macro by hand", "cannot see the operator (it comes from a macro)");
    return NULL;
  }
  ExprKind k;
  if (!strcmp(op, "+")) k = EX_ADD;
  else if (!strcmp(op, "-")) k = EX_SUB;
  else if (!strcmp(op, "*")) k = EX_MUL;
  else if (!strcmp(op, "/")) k = EX_DIV;
  else {
    fail(p, c, "stencil expressions use + - * / and math functions",
         "operator '%s' is not supported in a stencil expression", op);
    return NULL;
  }
  CXCursor kids[2];
  cur_children(c, kids, 2);
  Expr *e = ir_new_expr(k);
  e->nargs = 2;
  if (!(e->arg[0] = parse_expr(p, kids[0])) || !(e->arg[1] = parse_expr(p, kids[1]))) {
    ir_free_expr(e);
    return NULL;
  }
  return e;
}

static Expr *unary(Parser *p, CXCursor c) {
  char op[4];
  bool prefix;
  CXCursor kid;
  if (cur_children(c, &kid, 1) == 1 && cur_unary_op(p->tu, c, op, &prefix) && prefix &&
      (!strcmp(op, "-") || !strcmp(op, "+"))) {
    Expr *a = parse_expr(p, kid);
    if (!a || op[0] == '+') return a;
    Expr *e = ir_new_expr(EX_NEG);
    e->nargs = 1;
    e->arg[0] = a;
    return e;
  }
  fail(p, c, "stencil expressions use + - * / and math functions",
       "this unary operator is not supported in a stencil expression");
  return NULL;
}

static Expr *call(Parser *p, CXCursor c) {
  CXString s = clang_getCursorSpelling(c);
  char name[IR_NAME_MAX];
  snprintf(name, sizeof name, "%s", clang_getCString(s));
  clang_disposeString(s);
  const MathFunc *f = ir_math_func(name);
  if (!f) {
    fail(p, c, ir_math_func_list(), "call to unknown function '%s'", name);
    return NULL;
  }
  int n = clang_Cursor_getNumArguments(c);
  if (n != f->nargs) {
    fail(p, c, "check the call's arguments", "'%s' takes %d argument%s, not %d", name, f->nargs,
         f->nargs == 1 ? "" : "s", n);
    return NULL;
  }
  Expr *e = ir_new_expr(EX_CALL);
  e->func = f->name;
  for (int i = 0; i < n; i++) {
    e->nargs = i + 1;
    if (!(e->arg[i] = parse_expr(p, clang_Cursor_getArgument(c, (unsigned)i)))) {
      e->nargs = i;
      ir_free_expr(e);
      return NULL;
    }
  }
  return e;
}

/* ---- run-time weights ---- */

static void grid_extents(CXCursor decl, CXCursor *sizes, int *n, bool *pointer);
static bool floating_type(CXCursor decl, DType *t);

static bool mentions(CXCursor c, const char *name);

/* Whether a subscript of the access uses a time or spatial loop variable (a grid read). */
static bool indexed_by_loops(const Parser *p, const Access *a) {
  for (int s = 0; s < a->nsub; s++)
    for (int l = 0; l < p->nloops; l++)
      if (mentions(a->sub[s], p->loops[l].var)) return true;
  return false;
}

/* The sizes of the weight array (the parameter `decl`) into st, checked, the first time. */
static int weight_shape(Parser *p, CXCursor decl, const Access *a) {
  Stencil *st = p->st;
  CXCursor sizes[1 + IR_MAX_DIMS];
  int n;
  bool pointer;
  DType t;
  grid_extents(decl, sizes, &n, &pointer);
  if (!floating_type(decl, &t))
    return fail(p, decl, "declare the weights as float or double: const float W[M][N]",
                "weight array '%s' is not an array of float or double", a->name);
  if (n == 0)
    return fail(p, decl, "declare the weights with their sizes: const float W[M][N]",
                "weight array '%s' is declared without sizes", a->name);
  if (n > IR_MAX_DIMS)
    return fail(p, decl, "flatten the weights into at most 3 dimensions",
                "weight array '%s' has %d dimensions", a->name, n);
  long count = 1;
  for (int d = 0; d < n; d++) {
    long long size;
    if (!cur_eval_int(sizes[d], &size) || size < 1)
      return fail(p, sizes[d],
                  "give the filter's sizes as constants or macros: const float W[3][3]",
                  "size of weight array '%s' is not a positive compile-time constant", a->name);
    if (size > IR_MAX_WEIGHTS || (count *= size) > IR_MAX_WEIGHTS)
      return fail(p, decl,
                  "use a smaller filter: CUDA programs keep the weights in constant memory",
                  "weight array '%s' holds more than %d values", a->name, IR_MAX_WEIGHTS);
    st->weight_shape[d] = (int)size;
  }
  snprintf(st->weights, sizeof st->weights, "%s", a->name);
  st->weight_dims = n;
  st->nweights = (int)count;
  return 0;
}

/* A read of the run-time weight array: a float or double array parameter with constant sizes
 * whose subscripts are constants once the filter loops are unrolled. */
static Expr *weight(Parser *p, CXCursor c, const Access *a) {
  Stencil *st = p->st;
  if (st->weights[0] && strcmp(st->weights, a->name)) {
    fail(p, c, "put all the weights in one array",
         "reads a second weight array '%s' (the first is '%s')", a->name, st->weights);
    return NULL;
  }
  if (!st->weights[0] && weight_shape(p, a->decl, a)) return NULL;
  if (a->nsub != st->weight_dims) {
    fail(p, c, "index every dimension of the weight array",
         "'%s' is declared with %d dimension%s but read with %d subscript%s", a->name,
         st->weight_dims, st->weight_dims == 1 ? "" : "s", a->nsub, a->nsub == 1 ? "" : "s");
    return NULL;
  }
  int flat = 0;
  for (int d = 0; d < a->nsub; d++) {
    long long k;
    if (!eval_index(p, a->sub[d], &k)) {
      fail(p, a->sub[d], "index the weights with constants or filter-loop variables: W[a][b] "
                         "inside for (int a = 0; a < M; a++)",
           "subscript of weight array '%s' is not a compile-time constant", a->name);
      return NULL;
    }
    if (k < 0 || k >= st->weight_shape[d]) {
      fail(p, a->sub[d], "keep the subscripts inside the declared sizes",
           "subscript %lld is outside weight array '%s' (size %d)", k, a->name,
           st->weight_shape[d]);
      return NULL;
    }
    flat = flat * st->weight_shape[d] + (int)k;
  }
  Expr *e = ir_new_expr(EX_WEIGHT);
  e->weight = flat;
  return e;
}

/* ---- expression ---- */

static Expr *load(Parser *p, CXCursor c) {
  Access a;
  if (parse_access(p, c, &a)) return NULL;
  Stencil *st = p->st;
  if (strcmp(a.name, st->array) && kind(a.decl) == CXCursor_ParmDecl && !indexed_by_loops(p, &a))
    return weight(p, c, &a);
  if (strcmp(a.name, st->array)) {
    fail(p, c, "a stencil reads one grid: the one it writes, at the previous time level; "
               "run-time coefficients go in one array parameter read at constant subscripts",
         "reads '%s', but the grid written is '%s'", a.name, st->array);
    return NULL;
  }
  int parity, off[IR_MAX_DIMS];
  if (parse_parity(p, a.sub[0], p->loops[0].var, &parity) || access_offsets(p, c, &a, off))
    return NULL;
  if (parity != 0) {
    fail(p, c, "read the previous time level A[t % 2]; reading A[(t + 1) % 2] makes the result "
               "depend on the order in which cells are updated",
         "reads the time level being written in the same step");
    return NULL;
  }
  Expr *e = ir_new_expr(EX_LOAD);
  e->point = ir_add_point(st, off);
  return e;
}

static Expr *constant(Parser *p, CXCursor c) {
  Expr *e = ir_new_expr(EX_CONST);
  if (cur_literal(p->tu, c, &e->value, e->text)) return e;
  CXEvalResult r = clang_Cursor_Evaluate(c);
  CXEvalResultKind k = r ? clang_EvalResult_getKind(r) : CXEval_UnExposed;
  if (k == CXEval_Int || k == CXEval_Float) {
    e->value = k == CXEval_Int ? (double)clang_EvalResult_getAsLongLong(r)
                               : clang_EvalResult_getAsDouble(r);
    snprintf(e->text, sizeof e->text, "%.17g", e->value);
    if (!strpbrk(e->text, ".eE")) strcat(e->text, ".0");
  }
  if (r) clang_EvalResult_dispose(r);
  if (k == CXEval_Int || k == CXEval_Float) return e;
  ir_free_expr(e);
  fail(p, c, "use a literal, a macro or a const variable; run-time coefficients go in an array "
             "parameter (const float W[K]) read at constant subscripts",
       "'%s' is not a compile-time constant", cur_ref_name(c) ? cur_ref_name(c) : "value");
  return NULL;
}

static long count_nodes(const Expr *e) {
  long n = 1;
  for (int i = 0; i < e->nargs; i++) n += count_nodes(e->arg[i]);
  return n;
}

/* A variable: the accumulator (its expression so far), a filter-loop variable (its value) or a
 * constant. */
static Expr *variable(Parser *p, CXCursor c) {
  if (p->acc && clang_equalCursors(clang_getCursorReferenced(c), p->acc_decl)) {
    p->copied += count_nodes(p->acc);
    if (p->copied > MAX_COPIED_NODES) {
      fail(p, c, "read the accumulator once, in the assignment to the grid",
           "the accumulator's uses copy more than %d operations", MAX_COPIED_NODES);
      return NULL;
    }
    return ir_copy_expr(p->acc);
  }
  const Binding *b = cur_ref_name(c) ? binding(p, cur_ref_name(c)) : NULL;
  if (!b) return constant(p, c);
  Expr *e = ir_new_expr(EX_CONST);
  e->value = (double)b->value;
  snprintf(e->text, sizeof e->text, "%lld", b->value);
  return e;
}

static Expr *parse_expr(Parser *p, CXCursor c) {
  c = cur_strip(c);
  switch (kind(c)) {
  case CXCursor_IntegerLiteral:
  case CXCursor_FloatingLiteral: return constant(p, c);
  case CXCursor_DeclRefExpr: return variable(p, c);
  case CXCursor_ArraySubscriptExpr: return load(p, c);
  case CXCursor_BinaryOperator: return binary(p, c);
  case CXCursor_UnaryOperator: return unary(p, c);
  case CXCursor_CallExpr: return call(p, c);
  default: {
    CXString s = clang_getCursorKindSpelling(kind(c));
    fail(p, c, "stencil expressions use + - * /, constants, grid reads and math functions",
         "unsupported construct in a stencil expression (%s)", clang_getCString(s));
    clang_disposeString(s);
    return NULL;
  }
  }
}

/* ---- grid declaration ---- */

/* The sizes written in the declaration of the grid, in source order; `pointer` tells whether it
 * is a pointer to arrays (float (*A)[n][n], time level first) or an array float A[2][n][n]. */
static void grid_extents(CXCursor decl, CXCursor *sizes, int *n, bool *pointer) {
  /* an array parameter has decayed to a pointer, but its declaration keeps its first size */
  *pointer = kind(decl) != CXCursor_ParmDecl && clang_getCursorType(decl).kind == CXType_Pointer;
  CXCursor kids[CUR_MAX_CHILDREN];
  int nk = cur_children(decl, kids, CUR_MAX_CHILDREN);
  bool has_init = kind(decl) == CXCursor_VarDecl && nk > 0 &&
                  !clang_Cursor_isNull(clang_Cursor_getVarDeclInitializer(decl));
  if (has_init) nk--;
  if (nk > CUR_MAX_CHILDREN) nk = CUR_MAX_CHILDREN;
  *n = 0;
  for (int i = 0; i < nk; i++) {
    enum CXCursorKind k = kind(kids[i]);
    if (k == CXCursor_TypeRef || k == CXCursor_ParmDecl) continue;
    if (*n == 1 + IR_MAX_DIMS) break;
    sizes[(*n)++] = kids[i];
  }
  /* children come innermost size first; order by position in the source */
  for (int i = 1; i < *n; i++)
    for (int j = i; j > 0; j--) {
      unsigned a, b;
      clang_getExpansionLocation(clang_getCursorLocation(sizes[j - 1]), NULL, NULL, NULL, &a);
      clang_getExpansionLocation(clang_getCursorLocation(sizes[j]), NULL, NULL, NULL, &b);
      if (a <= b) break;
      CXCursor x = sizes[j];
      sizes[j] = sizes[j - 1];
      sizes[j - 1] = x;
    }
}

/* The element type of an array or pointer declaration (or the type of a scalar one). */
static CXType element_of(CXCursor decl) {
  CXType t = clang_getCursorType(decl);
  for (int guard = 0; guard < 8; guard++) {
    if (t.kind == CXType_Pointer) t = clang_getPointeeType(t);
    else if (t.kind == CXType_ConstantArray || t.kind == CXType_VariableArray ||
             t.kind == CXType_IncompleteArray)
      t = clang_getArrayElementType(t);
    else break;
  }
  return clang_getCanonicalType(t);
}

/* Whether decl's elements are float or double, and which. */
static bool floating_type(CXCursor decl, DType *t) {
  enum CXTypeKind k = element_of(decl).kind;
  *t = k == CXType_Double ? DTYPE_DOUBLE : DTYPE_FLOAT;
  return k == CXType_Float || k == CXType_Double;
}

static int element_type(Parser *p, CXCursor decl, CXCursor use) {
  if (!floating_type(decl, &p->st->dtype)) {
    CXString s = clang_getTypeSpelling(element_of(decl));
    fail(p, use, "declare the grid as float or double", "grid '%s' has element type %s",
         p->st->array, clang_getCString(s));
    clang_disposeString(s);
    return -1;
  }
  return 0;
}

/* Ties each spatial loop to the grid's size along its axis and fills lo/hi/extents. */
static int grid_shape(Parser *p, const Access *w, CXCursor use) {
  Stencil *st = p->st;
  CXCursor sizes[1 + IR_MAX_DIMS];
  int n;
  bool pointer;
  if (element_type(p, w->decl, use)) return -1;
  grid_extents(w->decl, sizes, &n, &pointer);
  int first = pointer ? 0 : 1;
  if (n - first != st->dims)
    return fail(p, w->decl,
                "declare the grid as float A[2][n][n] (2D) or float A[2][n][n][n] (3D), or as a "
                "pointer float (*A)[n][n] to them",
                "grid '%s' is declared with %d spatial dimension%s, but the loops update %d",
                st->array, n - first, n - first == 1 ? "" : "s", st->dims);
  long long two;
  if (!pointer && (!cur_eval_int(sizes[0], &two) || two != 2))
    return fail(p, sizes[0], "the first dimension holds the two time levels: float A[2][n][n]",
                "first dimension of '%s' must be 2", st->array);
  for (int ax = 0; ax < st->dims; ax++) {
    CXCursor s = sizes[first + ax];
    const Loop *l = &p->loops[1 + ax];
    long long e;
    if (cur_eval_int(s, &e)) {
      st->extent_param[ax][0] = 0;
      st->extent_const[ax] = e;
    } else if (cur_ref_name(s)) {
      snprintf(st->extent_param[ax], IR_NAME_MAX, "%s", cur_ref_name(s));
    } else {
      return fail(p, s, "give each grid dimension as a parameter (n) or a constant",
                  "grid size must be a variable or a constant");
    }
    if (strcmp(l->ext, st->extent_param[ax]))
      return fail(p, l->at, "bound each loop by the grid's size along its axis: i < n - R",
                  "loop over '%s' is bounded by '%s', but axis %d of '%s' has size '%s'", l->var,
                  l->ext[0] ? l->ext : "a constant", ax, st->array,
                  st->extent_param[ax][0] ? st->extent_param[ax] : "constant");
    if (l->lo < 0) return fail(p, l->at, "start at the halo width", "loop starts below 0");
    st->lo[ax] = (int)l->lo;
    st->hi[ax] = (int)(l->ext[0] ? l->bound : st->extent_const[ax] - l->bound);
    if (st->hi[ax] < 0 || l->lo > 1 << 20)
      return fail(p, l->at, "keep the loop inside the grid",
                  "loop over '%s' runs past the end of the grid", l->var);
    if (!st->extent_param[ax][0] && st->extent_const[ax] - st->lo[ax] - st->hi[ax] < 1)
      return fail(p, l->at, "make the grid larger than twice the halo",
                  "grid size %ld leaves no interior along axis %d", st->extent_const[ax], ax);
  }
  return 0;
}

/* Every read must stay inside the grid: an offset -k needs lo >= k, +k needs hi >= k. */
static int check_halo(Parser *p, CXCursor stmt) {
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
                    o, ax, p->loops[1 + ax].var, room);
    }
  return 0;
}

/* ---- driver ---- */

typedef struct {
  const char *name;
  bool found;
} NameSearch;

static enum CXChildVisitResult find_name(CXCursor c, CXCursor parent, CXClientData data) {
  (void)parent;
  NameSearch *s = data;
  if (kind(c) == CXCursor_DeclRefExpr && !strcmp(cur_ref_name(c), s->name)) {
    s->found = true;
    return CXChildVisit_Break;
  }
  return CXChildVisit_Recurse;
}

/* Whether the expression at c refers to the variable `name`. */
static bool mentions(CXCursor c, const char *name) {
  NameSearch s = {name, false};
  if (kind(c) == CXCursor_DeclRefExpr) return !strcmp(cur_ref_name(c), name);
  clang_visitChildren(c, find_name, &s);
  return s.found;
}

/* ---- accumulator blocks ----
 * The form a convolution is usually written in: the innermost spatial loop's body is
 *   { float acc = init; <updates>; A[(t + 1) % 2][i][j] = f(acc); }
 * where each update is acc += e, acc -= e or acc = e, alone or as the body of a nest of filter
 * loops with constant bounds. The loops are unrolled: their variables are constants in
 * subscripts and expressions. acc holds one expression tree, which every use of acc copies.
 * Declarations of const variables may come first; clang evaluates their uses. */

static int update(Parser *p, CXCursor s) {
  CXCursor kids[2];
  char op[4] = "";
  bool is_acc = (kind(s) == CXCursor_BinaryOperator ||
                 kind(s) == CXCursor_CompoundAssignOperator) &&
                cur_children(s, kids, 2) == 2 && cur_binary_op(p->tu, s, op) &&
                clang_equalCursors(clang_getCursorReferenced(cur_strip(kids[0])), p->acc_decl);
  if (!is_acc || (strcmp(op, "=") && strcmp(op, "+=") && strcmp(op, "-=")))
    return fail(p, s, HINT_BLOCK,
                "expected an update of the accumulator (acc += ..., acc -= ... or acc = ...)");
  if (++p->accumulations > MAX_ACCUMULATIONS)
    return fail(p, s, "use a smaller filter", "the filter loops unroll to more than %d updates",
                MAX_ACCUMULATIONS);
  Expr *e = parse_expr(p, kids[1]);
  if (!e) return -1;
  if (!strcmp(op, "=")) {
    ir_free_expr(p->acc);
    p->acc = e;
    return 0;
  }
  Expr *sum = ir_new_expr(op[0] == '+' ? EX_ADD : EX_SUB);
  sum->nargs = 2;
  sum->arg[0] = p->acc;
  sum->arg[1] = e;
  p->acc = sum;
  return 0;
}

static bool name_in_use(const Parser *p, const char *name) {
  for (int l = 0; l < p->nloops; l++)
    if (!strcmp(p->loops[l].var, name)) return true;
  return binding(p, name) != NULL;
}

/* A filter loop with constant bounds, unrolled: its body (an update or another filter loop)
 * is parsed once per value of its variable. */
static int filter_loop(Parser *p, CXCursor c) {
  Loop l;
  CXCursor body;
  if (parse_loop(p, c, &l)) return -1;
  if (l.ext[0])
    return fail(p, l.at, "bound filter loops by constants: for (int a = 0; a < M; a++)",
                "filter loop over '%s' is bounded by '%s', not by a constant", l.var, l.ext);
  if (name_in_use(p, l.var))
    return fail(p, l.at, "give each loop its own variable",
                "filter loop variable '%s' is already in use", l.var);
  if (p->nbound == MAX_FILTER_LOOPS)
    return fail(p, l.at, "flatten the filter loops", "more than %d nested filter loops",
                MAX_FILTER_LOOPS);
  long long trips;
  if (__builtin_sub_overflow(l.bound, l.lo, &trips) || trips > MAX_ACCUMULATIONS)
    return fail(p, l.at, "use a smaller filter", "filter loop over '%s' runs more than %d times",
                l.var, MAX_ACCUMULATIONS);
  if (single_statement(p, l.body, false, &body)) return -1;
  Binding *b = &p->bound[p->nbound++];
  snprintf(b->var, sizeof b->var, "%s", l.var);
  int rc = 0;
  for (long long v = l.lo; v < l.bound && !rc; v++) {
    b->value = v;
    rc = kind(body) == CXCursor_ForStmt ? filter_loop(p, body) : update(p, body);
  }
  p->nbound--;
  return rc;
}

/* The accumulator's declaration (a non-const float or double with a starting value); const
 * declarations are skipped. */
static int declare(Parser *p, CXCursor decl_stmt) {
  CXCursor vars[CUR_MAX_CHILDREN];
  int n = cur_children(decl_stmt, vars, CUR_MAX_CHILDREN);
  for (int i = 0; i < n && i < CUR_MAX_CHILDREN; i++) {
    CXCursor v = vars[i];
    DType t;
    if (kind(v) != CXCursor_VarDecl || clang_isConstQualifiedType(clang_getCursorType(v))) continue;
    if (p->acc)
      return fail(p, v, HINT_BLOCK, "a second accumulator in the loop body; stencilc takes one");
    if (clang_getCursorType(v).kind == CXType_ConstantArray || !floating_type(v, &t))
      return fail(p, v, HINT_BLOCK, "the accumulator must be a float or double variable");
    CXCursor init = clang_Cursor_getVarDeclInitializer(v);
    if (clang_Cursor_isNull(init))
      return fail(p, v, HINT_BLOCK, "the accumulator has no starting value");
    if (!(p->acc = parse_expr(p, init))) return -1;
    p->acc_decl = v;
  }
  return 0;
}

/* The statements of an accumulator block before its last one (the assignment to the grid). */
static int parse_block(Parser *p, CXCursor block) {
  CXCursor s[CUR_MAX_CHILDREN];
  int n = cur_children(block, s, CUR_MAX_CHILDREN);
  for (int i = 0; i < n - 1; i++) {
    int rc;
    if (kind(s[i]) == CXCursor_DeclStmt) rc = declare(p, s[i]);
    else if (!p->acc) rc = fail(p, s[i], HINT_BLOCK, "the loop body declares no accumulator");
    else if (kind(s[i]) == CXCursor_ForStmt) rc = filter_loop(p, s[i]);
    else rc = update(p, s[i]);
    if (rc) return -1;
  }
  return 0;
}

/* The last statement of an accumulator block. */
static int block_end(Parser *p, CXCursor block, CXCursor *last) {
  CXCursor s[CUR_MAX_CHILDREN];
  int n = cur_children(block, s, CUR_MAX_CHILDREN);
  if (n > CUR_MAX_CHILDREN)
    return fail(p, s[CUR_MAX_CHILDREN - 1], HINT_BLOCK,
                "the loop body holds %d statements; stencilc reads at most %d", n,
                CUR_MAX_CHILDREN);
  *last = s[n - 1];
  return 0;
}

/* ---- the stencil ---- */

/* Remembers the source range of the region (see Stencil.region_begin). */
static void record_region(Stencil *st, CXCursor region) {
  CXSourceRange r = clang_getCursorExtent(region);
  unsigned line;
  clang_getSpellingLocation(clang_getRangeStart(r), NULL, &line, NULL, &st->region_begin);
  clang_getSpellingLocation(clang_getRangeEnd(r), NULL, NULL, NULL, &st->region_end);
  st->region_line = (int)line;
}

static int parse_stencil(Parser *p, CXCursor time_loop) {
  Stencil *st = p->st;
  CXCursor stmt, kids[2], block = clang_getNullCursor();
  if (parse_nest(p, time_loop, &stmt)) return -1;
  st->dims = p->nloops - 1;
  if (kind(stmt) == CXCursor_CompoundStmt) {
    block = stmt;
    if (block_end(p, block, &stmt)) return -1;
  }
  bool in_block = !clang_Cursor_isNull(block);
  char op[4];
  if (kind(stmt) != CXCursor_BinaryOperator || cur_children(stmt, kids, 2) != 2 ||
      !cur_binary_op(p->tu, stmt, op) || strcmp(op, "="))
    return fail(p, stmt, in_block ? HINT_BLOCK : HINT_FORM,
                in_block ? "the loop body must end with the assignment to the grid"
                         : "loop body must be one assignment to the grid");
  Access w;
  if (parse_access(p, kids[0], &w)) return -1;
  snprintf(st->array, sizeof st->array, "%s", w.name);
  int parity, off[IR_MAX_DIMS];
  const Loop *t = &p->loops[0];
  for (int i = 1; i < p->nloops; i++)
    if (mentions(w.sub[0], p->loops[i].var))
      return fail(p, p->loops[0].at,
                  "put the time loop outermost: for (t ...) for (i ...) for (j ...)",
                  "the time loop (over '%s') is not the outermost loop", p->loops[i].var);
  if (parse_parity(p, w.sub[0], t->var, &parity)) return -1;
  if (parity != 1)
    return fail(p, kids[0], HINT_FORM, "the written time level must be (%s + 1) %% 2", t->var);
  if (access_offsets(p, kids[0], &w, off)) return -1;
  for (int ax = 0; ax < st->dims; ax++)
    if (off[ax] != 0)
      return fail(p, kids[0], "write the cell the loops point at: A[(t + 1) % 2][i][j]",
                  "the written cell is offset from the loop position");
  if (t->lo != 0)
    return fail(p, t->at, "run the time loop as for (int t = 0; t < steps; t++)",
                "time loop must start at 0");
  snprintf(st->steps_param, sizeof st->steps_param, "%s", t->ext);
  st->steps_const = t->ext[0] ? -t->bound : t->bound;
  record_region(st, time_loop);
  if (grid_shape(p, &w, kids[0])) return -1;
  if (in_block && parse_block(p, block)) return -1;
  if (!(st->expr = parse_expr(p, kids[1]))) return -1;
  CXCursor where = in_block ? block : kids[1];
  if (st->npoints == 0)
    return fail(p, where, "the new value must depend on the previous time level",
                "the expression reads no grid cell");
  return check_halo(p, where);
}

static enum CXChildVisitResult first_for(CXCursor c, CXCursor parent, CXClientData data) {
  (void)parent;
  if (kind(c) != CXCursor_ForStmt) return CXChildVisit_Continue;
  *(CXCursor *)data = c;
  return CXChildVisit_Break;
}

/* The first for statement directly in body, however many declarations come before it. */
static bool has_for(CXCursor body, CXCursor *loop) {
  CXCursor found = clang_getNullCursor();
  clang_visitChildren(body, first_for, &found);
  if (clang_Cursor_isNull(found)) return false;
  *loop = found;
  return true;
}

typedef struct {
  CXCursor func, loop;
  bool found;
} FuncSearch;

static enum CXChildVisitResult find_func(CXCursor c, CXCursor parent, CXClientData data) {
  (void)parent;
  FuncSearch *s = data;
  if (kind(c) != CXCursor_FunctionDecl || !clang_isCursorDefinition(c) ||
      !clang_Location_isFromMainFile(clang_getCursorLocation(c)))
    return CXChildVisit_Continue;
  CXCursor kids[CUR_MAX_CHILDREN];
  int n = cur_children(c, kids, CUR_MAX_CHILDREN);
  if (n > 0 && n <= CUR_MAX_CHILDREN && kind(kids[n - 1]) == CXCursor_CompoundStmt &&
      has_for(kids[n - 1], &s->loop)) {
    s->func = c;
    s->found = true;
    return CXChildVisit_Break;
  }
  return CXChildVisit_Continue;
}

/* Statements beside the time loop: declarations and a return are fine; a second loop is not. */
typedef struct {
  CXCursor loop, bad; /* bad: the first statement that is neither a declaration nor the loop */
} BodyCheck;

static enum CXChildVisitResult body_stmt(CXCursor c, CXCursor parent, CXClientData data) {
  (void)parent;
  BodyCheck *b = data;
  enum CXCursorKind k = kind(c);
  if (clang_equalCursors(c, b->loop) || k == CXCursor_DeclStmt || k == CXCursor_ReturnStmt ||
      k == CXCursor_NullStmt)
    return CXChildVisit_Continue;
  b->bad = c;
  return CXChildVisit_Break;
}

static int check_function_body(Parser *p, CXCursor func, CXCursor loop) {
  CXCursor kids[CUR_MAX_CHILDREN];
  int n = cur_children(func, kids, CUR_MAX_CHILDREN);
  BodyCheck b = {loop, clang_getNullCursor()};
  clang_visitChildren(kids[n - 1], body_stmt, &b); /* find_func checked n and the body */
  if (clang_Cursor_isNull(b.bad)) return 0;
  return fail(p, b.bad, "the function should hold only declarations and the time loop nest",
              kind(b.bad) == CXCursor_ForStmt ? "a second loop nest beside the time loop"
                                              : "statement outside the time loop");
}

static int report_clang_errors(const char *path, CXTranslationUnit tu) {
  unsigned n = clang_getNumDiagnostics(tu);
  for (unsigned i = 0; i < n; i++) {
    CXDiagnostic d = clang_getDiagnostic(tu, i);
    bool err = clang_getDiagnosticSeverity(d) >= CXDiagnostic_Error;
    if (err) {
      unsigned line, col;
      clang_getExpansionLocation(clang_getDiagnosticLocation(d), NULL, &line, &col, NULL);
      CXString msg = clang_getDiagnosticSpelling(d);
      SrcLoc loc = {path, line, col};
      diag_error(loc,
                 "stencilc reads its input as a C compiler does (gnu11): fix this error, or "
                 "pass the flags the file needs (-I DIR, -D NAME=VALUE, -std=...)",
                 "%s",
                 clang_getCString(msg));
      clang_disposeString(msg);
    }
    clang_disposeDiagnostic(d);
    if (err) return -1;
  }
  return 0;
}

static void base_name(const char *path, char out[IR_NAME_MAX]) {
  const char *b = strrchr(path, '/');
  b = b ? b + 1 : path;
  snprintf(out, IR_NAME_MAX, "%s", b);
  char *dot = strrchr(out, '.');
  if (dot && dot != out) *dot = 0;
}

/* The words clang is given before the user's own flags: C as a C compiler reads it by default
 * (gnu11, so POSIX and GNU declarations such as CLOCK_MONOTONIC_RAW and struct timezone are
 * there), with clang's own headers. The user's -std= comes later and wins. */
static int base_args(const char **args) {
  int n = 0;
  args[n++] = "-xc";
  args[n++] = "-std=gnu11";
  args[n++] = "-Wno-implicit-function-declaration";
#ifdef STENCILC_CLANG_RESOURCE_DIR
  args[n++] = "-resource-dir";
  args[n++] = STENCILC_CLANG_RESOURCE_DIR;
#endif
  return n;
}

typedef struct {
  const char *path;
  struct CXUnsavedFile *unsaved;
  const FrontendOptions *fo;
  Stencil *st;
  int rc;
} ParseJob;

/* Parses job->path (whose text is in job->unsaved when that is non-NULL) into job->st. */
static void parse_tu(void *data) {
  ParseJob *job = data;
  const char *path = job->path;
  const FrontendOptions *fo = job->fo;
  Stencil *st = job->st;
  SrcLoc file_loc = {path, 0, 0};
  enum { MAX_ARGS = 1024 };
  const char *args[MAX_ARGS];
  int nargs = base_args(args);
  if (fo && fo->nclang_args > MAX_ARGS - nargs) {
    diag_error(file_loc, "pass fewer compiler flags", "more than %d compiler flags",
               MAX_ARGS - nargs);
    job->rc = 2;
    return;
  }
  for (int i = 0; fo && i < fo->nclang_args; i++) args[nargs++] = fo->clang_args[i];
  CXIndex index = clang_createIndex(0, 0);
  CXTranslationUnit tu = NULL;
  enum CXErrorCode ec = clang_parseTranslationUnit2(
      index, path, args, nargs, job->unsaved, job->unsaved ? 1 : 0,
      CXTranslationUnit_DetailedPreprocessingRecord, &tu);
  int rc = 2;
  Parser p = {.path = path, .tu = tu, .st = st};
  if (ec != CXError_Success || !tu) {
    diag_error(file_loc, "is it a C source file?", "libclang could not parse the file");
  } else if (!report_clang_errors(path, tu)) {
    FuncSearch s = {.found = false};
    clang_visitChildren(clang_getTranslationUnitCursor(tu), find_func, &s);
    if (!s.found) {
      diag_error(file_loc, HINT_FORM, "no function with a loop nest found");
    } else if (!check_function_body(&p, s.func, s.loop) && !parse_stencil(&p, s.loop)) {
      CXString fn = clang_getCursorSpelling(s.func);
      snprintf(st->func_name, sizeof st->func_name, "%s", clang_getCString(fn));
      clang_disposeString(fn);
      base_name(path, st->name);
      st->time_form = TIME_PARITY;
      ir_classify(st);
      rc = 0;
    }
  }
  if (rc != 0) ir_free(st);
  ir_free_expr(p.acc);
  if (tu) clang_disposeTranslationUnit(tu);
  clang_disposeIndex(index);
  job->rc = rc;
}

/* libclang and the recogniser recurse as deep as the input nests (5,000 unary minuses, a sum of
 * 100,000 terms): the parse runs on a thread with this much stack, and libclang is told not to
 * start its own 8 MB one (LIBCLANG_NOTHREADS). Untouched stack costs no memory. */
enum { PARSE_STACK_BYTES = 512u << 20 };

static int run_parse(const char *path, struct CXUnsavedFile *unsaved, const FrontendOptions *fo,
                     Stencil *st) {
  setenv("LIBCLANG_NOTHREADS", "1", 1);
  ParseJob job = {path, unsaved, fo, st, 2};
  clang_executeOnThread(parse_tu, &job, PARSE_STACK_BYTES);
  return job.rc;
}

int frontend_parse(const char *path, const FrontendOptions *fo, Stencil *st) {
  memset(st, 0, sizeof *st);
  SrcLoc file_loc = {path, 0, 0};
  FILE *f = fopen(path, "r");
  if (!f) {
    diag_error(file_loc, "check the path", "cannot open the input file");
    return 2;
  }
  fclose(f);
  return run_parse(path, NULL, fo, st);
}

int frontend_parse_buffer(const char *name, const char *text, size_t len, const FrontendOptions *fo,
                          Stencil *st) {
  memset(st, 0, sizeof *st);
  struct CXUnsavedFile unsaved = {.Filename = name, .Contents = text, .Length = (unsigned long)len};
  return run_parse(name, &unsaved, fo, st);
}
