/* Expressions of a sweep: constants, reads of the grid at constant offsets, run-time weights,
 * + - * / and math functions, and accumulator blocks whose filter loops are unrolled:
 *   { float acc = 0; for (a = 0; a < M; a++) ... acc += f(...); A[(t + 1) % 2][i][j] = acc; }
 * Anything else is refused at the offending construct. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "operators.h"
#include "inline.h"
#include "parser.h"

const char *const HINT_FORM =
    "write A[(t + 1) % 2][i][j] = <expression of A[t % 2][i + c][j + d]> inside "
    "for (t = 0; t < steps; t++) for (i = R; i < n - R; i++) for (j = R; j < n - R; j++), or "
    "B[i][j] = <expression of A[i + c][j + d]> followed by a pointer swap or a copy back";

const char *const HINT_BLOCK =
    "write { float acc = 0.0f; for (int a = 0; a < M; a++) for (int b = 0; b < N; b++) "
    "acc += W[a][b] * A[t % 2][i + a - P][j + b - Q]; A[(t + 1) % 2][i][j] = acc; }";

static Expr *operand(void *p, CXCursor c) { return parse_expr(p, c); }
static void refuse(void *p, CXCursor at, const char *hint, const char *msg) {
  fail(p, at, hint, "%s", msg);
}

/* How operators.c reads this recogniser's expressions; defined below, after the readers. */
static const ExprForms FORMS;
static Expr *constant(void *parser, CXCursor c);
/* An integer grid's floating arithmetic is computed in double, with C's float operations
 * rounded to float (EX_FLOAT), as in a double stencil. */
static bool in_double(void *parser) {
  DType t = ((Parser *)parser)->st->dtype;
  return t == DTYPE_DOUBLE || ir_dtype_integer(t);
}
static bool int_grid(void *parser) { return ir_dtype_integer(((Parser *)parser)->st->dtype); }

const char *const HINT_INT_GRID =
    "compute the new pixel in int from the neighbours and integer weights, dividing or shifting "
    "the sum ((a + 2 * b + c) / 4), or in float and clamp it before the store: "
    "out[i] = (unsigned char)fminf(fmaxf(v, 0.0f), 255.0f);";

/* The value of a constant expression of at most a few levels (deeper ones are left to the
 * check of the linear form's coefficients, which is located at the whole expression). */
static bool fold(const Expr *e, int depth, double *v) {
  double a, b = 0;
  if (e->kind == EX_CONST) return *v = e->value, true;
  if (depth > 16 || e->kind < EX_NEG || e->kind > EX_DIV || !fold(e->arg[0], depth + 1, &a) ||
      (e->nargs == 2 && !fold(e->arg[1], depth + 1, &b)))
    return false;
  switch (e->kind) {
  case EX_NEG: *v = -a; break;
  case EX_ADD: *v = a + b; break;
  case EX_SUB: *v = a - b; break;
  case EX_MUL: *v = a * b; break;
  default: *v = a / b; break;
  }
  return true;
}

/* Refuses, at c, a division by a constant zero and constant arithmetic that overflows: the
 * generated program would compute Inf or NaN everywhere and fail its own check. */
static bool folds_finite(Parser *p, CXCursor c, const Expr *e) {
  double v;
  if (e->kind == EX_DIV && fold(e->arg[1], 0, &v) && v == 0) {
    fail(p, c, "divide by a non-zero constant", "division by the constant 0");
    return false;
  }
  if (fold(e, 0, &v) && !isfinite(v)) {
    fail(p, c, "keep constant arithmetic within the range of double",
         "the constant expression overflows to %g", v);
    return false;
  }
  return true;
}

static Expr *binary(void *parser, CXCursor c) {
  Parser *p = parser;
  char op[4];
  if (!cur_binary_op(p->tu, c, op)) {
    /* #define C0 (-205.0 / 72.0): clang folds what a macro's body computes from constants */
    CXEvalResult r = clang_Cursor_Evaluate(c);
    CXEvalResultKind k = r ? clang_EvalResult_getKind(r) : CXEval_UnExposed;
    if (r) clang_EvalResult_dispose(r);
    if (k == CXEval_Int || k == CXEval_Float) return constant(p, c);
    fail(p, c, "expand the macro by hand", "cannot see the operator (it comes from a macro)");
    return NULL;
  }
  ExprKind k = op_binary_kind_at(c, op);
  if (k == EX_CONST) {
    fail(p, c, HINT_OPERATORS, "operator '%s' is not supported in a stencil expression", op);
    return NULL;
  }
  CXCursor kids[2];
  cur_children(c, kids, 2);
  Expr *e = op_node(&FORMS, p, k, kids, 2);
  if (!e) return NULL;
  return folds_finite(p, c, e) ? e : (ir_free_expr(e), NULL);
}

static Expr *unary(void *parser, CXCursor c) {
  Parser *p = parser;
  return op_sign(&FORMS, p, p->tu, c);
}

static Expr *call(void *parser, CXCursor c) {
  Parser *p = parser;
  CXString s = clang_getCursorSpelling(c);
  char name[IR_NAME_MAX];
  snprintf(name, sizeof name, "%s", clang_getCString(s));
  clang_disposeString(s);
  if (op_is_fma(c, name)) return op_fma(&FORMS, p, c);
  const MathFunc *f = ir_math_func(name);
  char why[512];
  const char *hint;
  if (!f && inline_refusal(c, why, sizeof why, &hint)) {
    fail(p, c, hint, "%s", why);
    return NULL;
  }
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
  return op_call(&FORMS, p, c, f);
}

/* ---- run-time weights ---- */


/* Whether a subscript of the access uses a time or spatial loop variable (a grid read). */
static bool indexed_by_loops(const Parser *p, const Access *a) {
  if (!clang_Cursor_isNull(a->row)) return true; /* c[-1] with c = &u[i * nx + j] */
  for (int s = 0; s < a->nsub; s++) {
    if (cur_mentions(a->sub[s], p->time.var)) return true;
    for (int l = 0; l < p->sw->nloops; l++)
      if (cur_mentions_through_locals(a->sub[s], p->sw->loops[l].var)) return true;
  }
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
  if (st->nscalars) {
    fail(p, c, "pass the coefficients either as one array or as scalars",
         "reads the weight array '%s' beside the run-time scalar '%s'", a->name,
         st->scalars[0].name);
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

static const char *const HINT_ONE_GRID =
    "a stencil reads one grid, at the previous time level: A[t % 2][..] when it writes "
    "A[(t + 1) % 2][..], or A when it writes B; run-time coefficients go in one array parameter "
    "read at constant subscripts (coefficient grids: a stencil program, README \"Stencil programs\")";

/* A read of the grid at the previous time level, at constant offsets from the cell written. */
static Expr *load(void *parser, CXCursor c) {
  Parser *p = parser;
  if (p->in_scalar_def) {
    fail(p, c, "compute run-time scalars from parameters and constants only",
         "a run-time scalar's initializer reads an array");
    return NULL;
  }
  Access a;
  if (parse_access(p, c, &a)) return NULL;
  Sweep *sw = p->sw;
  bool grid = !strcmp(a.name, sw->out.name) || !strcmp(a.name, sw->in);
  if (!grid && const_table(a.decl) && !indexed_by_loops(p, &a)) return table_element(p, c, &a);
  if (!grid && kind(a.decl) == CXCursor_ParmDecl && !indexed_by_loops(p, &a))
    return weight(p, c, &a);
  if (!grid && !sw->in[0] && indexed_by_loops(p, &a)) { /* B = f(A): the first grid read is A */
    snprintf(sw->in, sizeof sw->in, "%s", a.name);
    sw->in_decl = a.decl;
    grid = true;
  }
  const char *changes = grid ? NULL : cur_table_changes(a.decl);
  if (changes)
    fail(p, c, CUR_HINT_TABLE, "reads the table '%s', whose values the loops cannot take as "
         "constants: %s", a.name, changes);
  else if (!grid && p->time_levels)
    fail(p, c, HINT_ONE_GRID, "reads '%s', but the grid written is '%s'", a.name, sw->out.name);
  else if (!grid && !sw->in[0])
    fail(p, c, HINT_ONE_GRID,
         "reads '%s' at subscripts that name none of the cell's loop variables, but '%s' is "
         "neither a const table with an initializer nor an array parameter of weights",
         a.name, a.name);
  else if (!grid)
    fail(p, c, HINT_ONE_GRID, "reads '%s', a grid beside '%s' (read) and '%s' (written)", a.name,
         sw->in, sw->out.name);
  if (!grid) return NULL;
  int sub0 = 0, off[IR_MAX_DIMS];
  bool written = strcmp(a.name, sw->in) != 0;
  if (p->time_levels) {
    long long k, m;
    if (time_level(p, a.sub[0], &k, &m)) return NULL;
    written = ((k - 1 - p->level_shift) % m + m) % m == 0; /* the level the sweep writes */
    sub0 = 1;
  }
  if (read_offsets(p, c, &a, sub0, off)) return NULL;
  if (written) {
    bool centre = off[0] == 0 && off[1] == 0 && off[2] == 0;
    if (centre)
      fail(p, c, "read only the previous level; schemes with three time levels "
                 "(u[t + 1] = f(u[t]) - u[t - 1], the leapfrog form) are read as stencil programs (README, "
                 "\"Stencil programs\")",
           "reads '%s' at the cell being written: that is the value from two steps back (a "
           "second-order-in-time scheme), which stencilc does not take yet", a.name);
    else
      fail(p, c, "read the previous time level only: a neighbour of the level being written "
                 "makes the result depend on the order in which cells are updated",
           "reads the time level being written in the same step, at an offset from the cell "
           "written");
    return NULL;
  }
  Expr *e = ir_new_expr(EX_LOAD);
  e->point = ir_add_point(p->st, off);
  return e;
}

static Expr *constant(void *parser, CXCursor c) {
  Parser *p = parser;
  Expr *e = ir_new_expr(EX_CONST);
  if (cur_literal(p->tu, c, &e->value, e->text)) {
    if (isfinite(e->value)) return e;
    ir_free_expr(e);
    fail(p, c, "write a finite constant", "the constant is out of range (it rounds to infinity)");
    return NULL;
  }
  bool number = cur_eval_number(c, &e->value, e->text);
  if (number && !isfinite(e->value)) {
    ir_free_expr(e);
    fail(p, c, "write a finite constant", "the constant is not finite");
    return NULL;
  }
  if (number) return e;
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

/* ---- run-time scalars ---- */

static const char *const HINT_SCALAR =
    "take run-time coefficients as float or double parameters, or as locals set once before "
    "the time loop and never changed in it: double r = alpha * dt / (h * h);, const double c = "
    "atof(argv[2]);, or double w; scanf(\"%lf\", &w); before the loop";

static unsigned decl_line(CXCursor decl) {
  unsigned line;
  clang_getSpellingLocation(clang_getCursorLocation(decl), NULL, &line, NULL, NULL);
  return line;
}

/* The index of the scalar declared at decl, or -1 when there is none yet. */
static int scalar_index(const Stencil *st, const char *name) {
  for (int k = 0; k < st->nscalars; k++)
    if (!strcmp(st->scalars[k].name, name)) return k;
  return -1;
}

static Expr *scalar_ref(int k) {
  Expr *e = ir_new_expr(EX_WEIGHT);
  e->weight = k;
  return e;
}

/* cur_find's test: a node of a local's initializer that stencilc cannot compute from parameters
 * and constants: a call of a function that is no math function (atof(argv[1])), or an integer
 * variable of no constant value (a size: 1.0 / (n - 1)). */
static bool opaque_node(CXCursor c, void *ctx) {
  (void)ctx;
  long long v;
  if (kind(c) == CXCursor_CallExpr) {
    char name[IR_NAME_MAX];
    cur_name(c, name);
    return !ir_math_func(name) && !op_is_fma(c, name);
  }
  CXCursor decl = clang_getCursorReferenced(c);
  return kind(c) == CXCursor_DeclRefExpr &&
         (kind(decl) == CXCursor_VarDecl || kind(decl) == CXCursor_ParmDecl) &&
         cur_integer_type(decl) && !cur_eval_int(c, &v);
}

/* A float or double parameter; a local initialised from parameters and constants (a derived
 * scalar, computed as the source computes it); or a run-time local, set once before the time
 * loop from what stencilc does not compute (atof(argv[2]), scanf, a size), which the generated
 * code takes as a parameter: run-time scalar k (added the first time; a local's initializer
 * read then, its own scalars first). NULL after a refusal. */
static Expr *scalar(Parser *p, CXCursor c, CXCursor decl, const char *ref_name) {
  Stencil *st = p->st;
  char name[IR_NAME_MAX]; /* ref_name is cur_ref_name's buffer, which the initializer reuses */
  snprintf(name, sizeof name, "%s", ref_name);
  int k = scalar_index(st, name);
  if (k >= 0) return scalar_ref(k);
  DType type = clang_getCanonicalType(clang_getCursorType(decl)).kind == CXType_Double
                   ? DTYPE_DOUBLE : DTYPE_FLOAT;
  if (st->weights[0]) {
    fail(p, c, "pass the coefficients either as one array or as scalars",
         "reads the run-time scalar '%s' beside the weight array '%s'", name, st->weights);
    return NULL;
  }
  Expr *def = NULL;
  if (kind(decl) == CXCursor_VarDecl) {
    CXCursor init = clang_Cursor_getVarDeclInitializer(decl), where;
    bool derived = !clang_Cursor_isNull(init) &&
                   cur_writes(clang_getCursorSemanticParent(decl), decl) == 0 &&
                   !opaque_node(cur_strip(init), NULL) &&
                   clang_Cursor_isNull(cur_find(init, true, opaque_node, NULL));
    const char *why = derived ? NULL : cur_runtime_local_refusal(p->tu, p->time.at, decl, &where);
    if (why) {
      fail(p, where, HINT_SCALAR, "'%s' %s, so its value at the loops is not known", name, why);
      return NULL;
    }
    if (derived) {
      bool was = p->in_scalar_def;
      p->in_scalar_def = true;
      def = parse_expr(p, init);
      p->in_scalar_def = was;
      double v;
      if (!def || fold(def, 0, &v)) return def; /* double h = 0.1; is that constant */
    }
  }
  if (st->nscalars == IR_MAX_SCALARS) {
    ir_free_expr(def);
    fail(p, c, "compute fewer coefficients at run time", "more than %d run-time scalars",
         IR_MAX_SCALARS);
    return NULL;
  }
  Scalar *s = &st->scalars[st->nscalars];
  snprintf(s->name, sizeof s->name, "%s", name);
  s->kind = def ? SCALAR_DERIVED : SCALAR_PARAM;
  s->type = type;
  s->def = def;
  s->line = decl_line(decl);
  st->nweights = ++st->nscalars;
  return scalar_ref(st->nscalars - 1);
}

/* The index of the accumulator declared at decl, or -1. */
static int accumulator(const Parser *p, CXCursor decl) {
  for (int a = 0; a < p->naccs; a++)
    if (clang_equalCursors(decl, p->acc_decl[a])) return a;
  return -1;
}

void accumulators_reset(Parser *p) {
  for (int a = 0; a < p->naccs; a++) ir_free_expr(p->acc[a]);
  p->naccs = 0;
}

/* A variable: an accumulator (its expression so far), a filter-loop variable (its value), a
 * constant, or a run-time scalar. */
static Expr *variable(void *parser, CXCursor c) {
  Parser *p = parser;
  int a = accumulator(p, clang_getCursorReferenced(c));
  if (a >= 0) {
    p->copied += count_nodes(p->acc[a]);
    if (p->copied > MAX_COPIED_NODES) {
      fail(p, c, "read the accumulator once, in the assignment to the grid",
           "the accumulator's uses copy more than %d operations", MAX_COPIED_NODES);
      return NULL;
    }
    return ir_copy_expr(p->acc[a]);
  }
  const Binding *b = cur_ref_name(c) ? binding_of(p->bind, cur_ref_name(c)) : NULL;
  CXCursor decl = clang_getCursorReferenced(c);
  double v;
  char text[40];
  enum CXCursorKind dk = kind(decl);
  enum CXTypeKind tk = clang_getCanonicalType(clang_getCursorType(decl)).kind;
  if (!b && cur_ref_name(c) && (tk == CXType_Float || tk == CXType_Double) &&
      (dk == CXCursor_ParmDecl ||
       (dk == CXCursor_VarDecl && kind(clang_getCursorSemanticParent(decl)) == CXCursor_FunctionDecl)) &&
      !cur_eval_number(c, &v, text))
    return scalar(p, c, decl, cur_ref_name(c));
  if (!b) return constant(p, c);
  Expr *e = ir_new_expr(EX_CONST);
  e->value = (double)b->value;
  snprintf(e->text, sizeof e->text, "%lld", b->value);
  return e;
}

/* Integer operands (operators.c): a filter-loop variable's value; the item of a const integer
 * table (static const int K[3][3] = {{1, 2, 1}, ...}) at constant subscripts. */
static bool int_name(void *parser, CXCursor ref, long long *v) {
  const Binding *b = cur_ref_name(ref) ? binding_of(((Parser *)parser)->bind, cur_ref_name(ref)) : NULL;
  if (b) *v = b->value;
  return b != NULL;
}

static int int_item(void *parser, CXCursor c, CXCursor *item) {
  Parser *p = parser;
  Access a;
  if (parse_access(p, c, &a)) return -1;
  bool grid = indexed_by_loops(p, &a);
  if (int_table(a.decl) && !grid) return table_item(p, c, &a, item);
  if (kind(a.decl) == CXCursor_ParmDecl && !grid) {
    weight_shape(p, a.decl, &a); /* refuses weights of integers, as any other weight array */
    return -1;
  }
  const char *changes = grid ? NULL : cur_table_changes(a.decl);
  if (changes)
    return fail(p, c, CUR_HINT_TABLE, "reads the integer table '%s', whose values the loops cannot "
                "take as constants: %s", a.name, changes);
  if (grid && op_is_bool(c)) return fail(p, c, HINT_MASK, MSG_MASK, a.name);
  return fail(p, c, "grids and weight arrays hold float or double; integer weights go in a const "
                    "table with their values: static const int K[3][3] = {{1, 2, 1}, ...};",
              "reads the integer array '%s' %s", a.name,
              grid ? "as a grid (at the cell's loop variables)"
                   : "at constant subscripts, but it is no const table with an initializer");
}

/* The base array of a subscript (the pointer of c[-1] with c = &u[..]), or a null cursor. */
static CXCursor subscript_base(CXCursor c) {
  while (kind(c) == CXCursor_ArraySubscriptExpr) {
    CXCursor kids[2];
    if (cur_children(c, kids, 2) != 2) return clang_getNullCursor();
    c = cur_strip(kids[0]);
  }
  return kind(c) == CXCursor_DeclRefExpr ? clang_getCursorReferenced(c) : clang_getNullCursor();
}

/* A read of the grid, or of an int accumulator, in an integer grid's update. */
static bool grid_value(CXCursor c, void *parser) {
  if (kind(c) == CXCursor_DeclRefExpr)
    return accumulator(parser, clang_getCursorReferenced(c)) >= 0;
  if (kind(c) != CXCursor_ArraySubscriptExpr) return false;
  CXCursor base = subscript_base(c);
  return !clang_Cursor_isNull(base) && !const_table(base);
}

/* An integer grid's int operands known at run time (ExprForms.int_runtime): those that read the
 * grid or an int accumulator. */
static bool int_runtime(void *parser, CXCursor c) {
  return int_grid(parser) && (grid_value(c, parser) || !clang_Cursor_isNull(cur_find(c, true, grid_value, parser)));
}

/* Whether ref names a spatial loop's counter (not the time loop's). */
static bool loop_counter(void *parser, CXCursor ref) {
  const Parser *p = parser;
  const char *name = cur_ref_name(ref);
  return name && strcmp(name, p->time.var) && loop_var_in_use(p, name);
}

static const ExprForms FORMS = {operand, constant, variable, load,     binary,      unary,
                                call,    refuse,   int_name, int_item, int_runtime, in_double,
                                int_grid, loop_counter};

/* The nesting of an expression is bounded (MAX_EXPR_DEPTH): every stage after the front end
 * recurses once per level. */
Expr *parse_expr(Parser *p, CXCursor c) {
  if (++p->depth > MAX_EXPR_DEPTH) {
    p->depth--;
    fail(p, c, "split the expression into several stencils, or sum fewer terms",
         "the expression nests more than %d operations", MAX_EXPR_DEPTH);
    return NULL;
  }
  Expr *e = op_read(&FORMS, p, c);
  p->depth--;
  return e;
}

/* ---- accumulator blocks ----
 * The form a convolution is usually written in: the innermost spatial loop's body is
 *   { float acc = init; <updates>; A[(t + 1) % 2][i][j] = f(acc); }
 * where each update is acc += e, acc -= e or acc = e, alone or in the body of a nest of filter
 * (radius) loops with constant bounds (unroll.c, which counts the updates it unrolls). The loops
 * are unrolled: their variables are constants in subscripts and expressions. There may be
 * several accumulators (float lx = 0, ly = 0;); each holds one expression tree, which every use
 * of it copies.
 * Declarations of const variables may come first; clang evaluates their uses. */

static int update(void *parser, CXCursor s) {
  Parser *p = parser;
  CXCursor kids[2];
  char op[4] = "";
  int a = -1;
  if ((kind(s) == CXCursor_BinaryOperator || kind(s) == CXCursor_CompoundAssignOperator) &&
      cur_children(s, kids, 2) == 2 && cur_binary_op(p->tu, s, op))
    a = accumulator(p, clang_getCursorReferenced(cur_strip(kids[0])));
  if (a < 0 || (strcmp(op, "=") && strcmp(op, "+=") && strcmp(op, "-=")))
    return fail(p, s, HINT_BLOCK,
                "expected an update of the accumulator (acc += ..., acc -= ... or acc = ...)");
  Expr *e = parse_expr(p, kids[1]);
  if (!e) return -1;
  bool int_acc = clang_getCanonicalType(clang_getCursorType(p->acc_decl[a])).kind == CXType_Int;
  if (int_acc && !ir_expr_integer(e)) {
    ir_free_expr(e);
    return fail(p, s, HINT_INT_GRID, "updates the int accumulator '%s' with a floating value: C "
                "truncates each partial sum to an integer, which stencilc does not reproduce",
                cur_ref_name(kids[0]));
  }
  if (!strcmp(op, "=")) {
    ir_free_expr(p->acc[a]);
    p->acc[a] = e;
    return 0;
  }
  Expr *sum = ir_new_expr(op[0] == '+' ? EX_ADD : EX_SUB);
  sum->nargs = 2;
  sum->arg[0] = p->acc[a];
  sum->arg[1] = e;
  /* C stores the sum in the accumulator's type: a float one in a double stencil rounds it */
  bool narrower = clang_getCanonicalType(clang_getCursorType(p->acc_decl[a])).kind == CXType_Float;
  p->acc[a] = narrower && in_double(p) ? op_rounded(sum) : sum;
  return 0;
}

static bool int_accumulator(const Parser *p, CXCursor block, CXCursor var);

/* The accumulator's declaration (a non-const float or double with a starting value); const
 * declarations and integer ones (indices, which poly.c reads where they are used) are skipped. */
static int declare(Parser *p, CXCursor block, CXCursor decl_stmt) {
  CXCursor vars[CUR_MAX_CHILDREN];
  int n = cur_children(decl_stmt, vars, CUR_MAX_CHILDREN);
  for (int i = 0; i < n && i < CUR_MAX_CHILDREN; i++) {
    CXCursor v = vars[i];
    DType t;
    bool int_acc = int_accumulator(p, block, v);
    if (kind(v) != CXCursor_VarDecl || clang_isConstQualifiedType(clang_getCursorType(v)) ||
        (cur_integer_type(v) && !int_acc) ||
        clang_getCanonicalType(clang_getCursorType(v)).kind == CXType_Pointer)
      continue; /* (a pointer: a cell pointer, read where it is used, nest.c) */
    if (p->naccs == MAX_ACCUMULATORS)
      return fail(p, v, HINT_BLOCK, "more than %d accumulators in the loop body", MAX_ACCUMULATORS);
    if (clang_getCursorType(v).kind == CXType_ConstantArray || (!int_acc && !floating_type(v, &t)))
      return fail(p, v, HINT_BLOCK, "the accumulator must be a float or double variable");
    CXCursor init = clang_Cursor_getVarDeclInitializer(v);
    if (clang_Cursor_isNull(init))
      return fail(p, v, HINT_BLOCK, "the accumulator has no starting value");
    if (!(p->acc[p->naccs] = parse_expr(p, init))) return -1;
    p->acc_decl[p->naccs++] = v;
  }
  return 0;
}

/* An update of an integer local from an array (int s = 0; ... s += K[a] * in[...]): C
 * truncates each partial sum to an integer, which a stencil's accumulator does not. */
static bool is_subscript(CXCursor c, void *ctx) {
  (void)ctx;
  return kind(c) == CXCursor_ArraySubscriptExpr;
}

static bool integer_sum(CXCursor c, void *ctx) {
  (void)ctx;
  CXCursor kids[2];
  if (kind(c) != CXCursor_CompoundAssignOperator || cur_children(c, kids, 2) != 2) return false;
  CXCursor decl = clang_getCursorReferenced(cur_strip(kids[0]));
  bool reads = kind(cur_strip(kids[1])) == CXCursor_ArraySubscriptExpr ||
               !clang_Cursor_isNull(cur_find(kids[1], true, is_subscript, NULL));
  return kind(decl) == CXCursor_VarDecl && cur_integer_type(decl) && reads;
}

/* An int accumulator of an integer grid's update (int sum = 0; ... sum += K[a] * in[...], or
 * int s = <grid reads>;): the int local of the block that a compound assignment adds a grid read
 * to, or that is initialised from grid reads. C computes its sums
 * in int, as the update is read (each addend must be an int, update). */
static bool sums_into(CXCursor c, void *var) {
  CXCursor kids[2];
  return integer_sum(c, NULL) && cur_children(c, kids, 2) == 2 &&
         clang_equalCursors(clang_getCursorReferenced(cur_strip(kids[0])), *(CXCursor *)var);
}

static bool grid_value(CXCursor c, void *parser);

static bool int_accumulator(const Parser *p, CXCursor block, CXCursor var) {
  if (!ir_dtype_integer(p->st->dtype) ||
      clang_getCanonicalType(clang_getCursorType(var)).kind != CXType_Int)
    return false;
  CXCursor init = clang_Cursor_getVarDeclInitializer(var);
  return !clang_Cursor_isNull(cur_find(block, true, sums_into, &var)) ||
         (!clang_Cursor_isNull(init) && !clang_Cursor_isNull(cur_find(init, true, grid_value, (void *)p)));
}

/* The refusal of a block whose first statement after the declarations is no update of an
 * accumulator. */
static int no_accumulator(Parser *p, CXCursor s) {
  CXCursor sum = integer_sum(s, NULL) ? s : cur_find(s, true, integer_sum, NULL);
  if (clang_Cursor_isNull(sum)) return fail(p, s, HINT_BLOCK, "the loop body declares no accumulator");
  CXCursor kids[2];
  cur_children(sum, kids, 2);
  return fail(p, sum, HINT_BLOCK,
              "accumulates into the integer '%s': C truncates each partial sum to an integer, "
              "and a stencil's accumulator is float or double", cur_ref_name(kids[0]));
}

/* The statements of an accumulator block before its last one (the assignment to the grid). */
int parse_block(Parser *p, CXCursor block) {
  CXCursor s[CUR_MAX_CHILDREN];
  int n = cur_children(block, s, CUR_MAX_CHILDREN);
  for (int i = 0; i < n - 1; i++) {
    int rc;
    if (kind(s[i]) == CXCursor_DeclStmt) rc = declare(p, block, s[i]);
    else if (cur_index_assignment(s[i])) rc = 0; /* (read where the index is used) */
    else if (!p->naccs) rc = no_accumulator(p, s[i]);
    else if (kind(s[i]) == CXCursor_ForStmt) rc = unroll_loop(p, s[i], update, p, HINT_BLOCK);
    else rc = update(p, s[i]);
    if (rc) return -1;
  }
  return 0;
}

/* The last statement of an accumulator block. */
int block_end(Parser *p, CXCursor block, CXCursor *last) {
  CXCursor s[CUR_MAX_CHILDREN];
  int n = cur_children(block, s, CUR_MAX_CHILDREN);
  if (n > CUR_MAX_CHILDREN)
    return fail(p, s[CUR_MAX_CHILDREN - 1], HINT_BLOCK,
                "the loop body holds %d statements; stencilc reads at most %d", n,
                CUR_MAX_CHILDREN);
  *last = s[n - 1];
  return 0;
}

