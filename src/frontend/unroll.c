/* Radius loops and constant coefficient tables, the way seismic codes and textbooks write
 * high-order stencils:
 *   static const float c[R + 1] = {-2.847222f, 1.6f, -0.2f, 0.0253968f, -0.0017857f};
 *   float s = 2.0f * c[0] * u[j * nx + i];
 *   for (int r = 1; r <= R; r++) s += c[r] * (u[j * nx + i + r] + u[j * nx + i - r] + ...);
 * Both front ends unroll such loops (unroll_loop: the accumulator blocks of expr.c, and the
 * cells of stencil programs through flat.c), one copy of the body per value of the loop
 * variable, so that every read has constant offsets, as the IR's points must. This file reads
 * what it needs for that:
 *  - the values a loop variable takes (unroll_range): constant bounds only, up or down, since the
 *    stencil's points are fixed when it is compiled; a bound known at run time only is refused
 *    with the form that works;
 *  - an element of a const array with an initializer once its subscripts are constants
 *    (table_element): the expression its initializer writes there, read as if written in the
 *    sum, so 1.6f is the literal 1.6 like any other literal of the stencil (rounded to the
 *    program's element type, cursor.h: cur_literal); the item of an integer table (table_item)
 *    is evaluated as C computes the operand it is in (operators.c). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "parser.h"

static const char *const HINT_RANGE =
    "bound radius loops by compile-time constants (a macro, an enum or a literal) and step "
    "by a constant: #define R 4 ... for (int r = 1; r <= R; r++) or for (r = R; r > 0; r--); "
    "stencilc unrolls them, one copy of the body per value of r";

/* Bounds beyond this are refused before any arithmetic on them can overflow. */
enum { MAX_BOUND = 1 << 30 };

/* The source text of c (a bound, for the message), cut to size. */
static void source_text(const Parser *p, CXCursor c, char *out, size_t size) {
  unsigned b, e;
  size_t n;
  cur_extent(c, &b, &e);
  CXFile f = clang_getFile(p->tu, p->path);
  const char *src = f ? clang_getFileContents(p->tu, f, &n) : NULL;
  if (!src || e > n || b >= e) snprintf(out, size, "its bound");
  else snprintf(out, size, "'%.*s'", (int)(e - b < 60 ? e - b : 60), src + b);
}

static bool is_var(CXCursor c, const char *var) {
  return cur_ref_name(c) && !strcmp(cur_ref_name(c), var);
}

/* The first value: int r = 1, or r = 1 with r declared before. */
static int range_init(Parser *p, CXCursor init, Range *r) {
  CXCursor kids[2], value = clang_getNullCursor();
  char op[4];
  if (kind(init) == CXCursor_DeclStmt && cur_children(init, kids, 2) == 1 &&
      kind(kids[0]) == CXCursor_VarDecl) {
    cur_name(kids[0], r->var);
    value = clang_Cursor_getVarDeclInitializer(kids[0]);
  } else if (kind(init) == CXCursor_BinaryOperator && cur_children(init, kids, 2) == 2 &&
             cur_ref_name(kids[0]) && cur_binary_op(p->tu, init, op) && !strcmp(op, "=")) {
    snprintf(r->var, sizeof r->var, "%s", cur_ref_name(kids[0]));
    value = kids[1];
  }
  if (clang_Cursor_isNull(value) || !eval_index(p, value, &r->first)) {
    char text[80];
    if (clang_Cursor_isNull(value)) snprintf(text, sizeof text, "its start");
    else source_text(p, value, text, sizeof text);
    return fail(p, clang_Cursor_isNull(value) ? r->at : value, HINT_RANGE,
                "loop inside the cell starts at %s, which is not a compile-time constant", text);
  }
  return 0;
}

/* r++, ++r, r += k, r = r + k and their downward forms: the step into *step. */
static int range_step(Parser *p, CXCursor inc, const Range *r, long long *step) {
  char op[4], op2[4];
  bool prefix;
  CXCursor kids[2], sub[2];
  long long k;
  if (kind(inc) == CXCursor_UnaryOperator && cur_unary_op(p->tu, inc, op, &prefix) &&
      (!strcmp(op, "++") || !strcmp(op, "--")) && cur_children(inc, kids, 1) == 1 &&
      is_var(kids[0], r->var))
    return *step = op[0] == '+' ? 1 : -1, 0;
  if (kind(inc) == CXCursor_CompoundAssignOperator && cur_binary_op(p->tu, inc, op) &&
      (!strcmp(op, "+=") || !strcmp(op, "-=")) && cur_children(inc, kids, 2) == 2 &&
      is_var(kids[0], r->var) && eval_index(p, kids[1], &k) && k && llabs(k) < MAX_BOUND)
    return *step = op[0] == '+' ? k : -k, 0;
  if (kind(inc) == CXCursor_BinaryOperator && cur_binary_op(p->tu, inc, op) && !strcmp(op, "=") &&
      cur_children(inc, kids, 2) == 2 && is_var(kids[0], r->var)) {
    CXCursor rhs = cur_strip(kids[1]);
    if (kind(rhs) == CXCursor_BinaryOperator && cur_binary_op(p->tu, rhs, op2) &&
        (!strcmp(op2, "+") || !strcmp(op2, "-")) && cur_children(rhs, sub, 2) == 2 &&
        is_var(sub[0], r->var) && eval_index(p, sub[1], &k) && k && llabs(k) < MAX_BOUND)
      return *step = op2[0] == '+' ? k : -k, 0;
  }
  return fail(p, clang_Cursor_isNull(inc) ? r->at : inc, HINT_RANGE,
              "loop over '%s' inside the cell does not step by a constant", r->var);
}

int unroll_range(Parser *p, CXCursor c, Range *r) {
  memset(r, 0, sizeof *r);
  r->at = c;
  CXCursor kids[4], cond[2];
  char op[4] = "";
  long long bound, step = 0;
  if (cur_children(c, kids, 4) != 4)
    return fail(p, c, HINT_RANGE, "loop inside the cell lacks its start, condition or step");
  if (range_init(p, kids[0], r)) return -1;
  if (kind(kids[1]) != CXCursor_BinaryOperator || cur_children(kids[1], cond, 2) != 2 ||
      !cur_binary_op(p->tu, kids[1], op) || !is_var(cond[0], r->var) ||
      (strcmp(op, "<") && strcmp(op, "<=") && strcmp(op, ">") && strcmp(op, ">=")))
    return fail(p, clang_Cursor_isNull(kids[1]) ? c : kids[1], HINT_RANGE,
                "the condition of the loop over '%s' inside the cell must compare '%s' with "
                "<, <=, > or >=", r->var, r->var);
  if (!eval_index(p, cond[1], &bound)) {
    char text[80];
    source_text(p, cond[1], text, sizeof text);
    return fail(p, cond[1], HINT_RANGE,
                "loop over '%s' inside the cell is bounded by %s, which is not a compile-time "
                "constant: stencilc unrolls it into the stencil's points", r->var, text);
  }
  if (range_step(p, kids[2], r, &step)) return -1;
  if (llabs(r->first) >= MAX_BOUND || llabs(bound) >= MAX_BOUND)
    return fail(p, c, "use a smaller filter", "loop over '%s' runs more than %d times", r->var,
                MAX_ACCUMULATIONS);
  bool up = op[0] == '<';
  if (up != (step > 0))
    return fail(p, kids[2], HINT_RANGE, "loop over '%s' steps %s but its condition bounds it %s",
                r->var, step > 0 ? "up" : "down", up ? "above" : "below");
  if (op[1] == '=') bound += up ? 1 : -1; /* normalise to < or > */
  long long span = up ? bound - r->first : r->first - bound, by = up ? step : -step;
  r->step = step;
  r->count = span > 0 ? (span + by - 1) / by : 0;
  if (r->count > MAX_ACCUMULATIONS)
    return fail(p, c, "use a smaller filter", "loop over '%s' runs more than %d times", r->var,
                MAX_ACCUMULATIONS);
  r->body = kids[3];
  return 0;
}

const Binding *binding_of(const Bindings *bind, const char *name) {
  for (int i = bind ? bind->n - 1 : -1; i >= 0; i--)
    if (!strcmp(bind->b[i].var, name)) return &bind->b[i];
  return NULL;
}

/* The body of an unrolled loop: statements and loops, alone or in braces. */
static int unroll_body(Parser *p, CXCursor s, UnrollStmt stmt, void *ctx, const char *hint) {
  if (kind(s) == CXCursor_ForStmt) return unroll_loop(p, s, stmt, ctx, hint);
  if (kind(s) != CXCursor_CompoundStmt) {
    if (++p->accumulations > MAX_ACCUMULATIONS)
      return fail(p, s, "use a smaller filter", "the filter loops unroll to more than %d updates",
                  MAX_ACCUMULATIONS);
    return stmt(ctx, s);
  }
  CXCursor kids[CUR_MAX_CHILDREN];
  int n = cur_children(s, kids, CUR_MAX_CHILDREN);
  if (n == 0) return fail(p, s, hint, "empty loop body");
  if (n > CUR_MAX_CHILDREN)
    return fail(p, kids[CUR_MAX_CHILDREN - 1], hint,
                "the loop body holds %d statements; stencilc reads at most %d", n,
                CUR_MAX_CHILDREN);
  for (int i = 0; i < n; i++)
    if (unroll_body(p, kids[i], stmt, ctx, hint)) return -1;
  return 0;
}

int unroll_loop(Parser *p, CXCursor c, UnrollStmt stmt, void *ctx, const char *hint) {
  Range r;
  if (unroll_range(p, c, &r)) return -1;
  if (loop_var_in_use(p, r.var) || binding_of(p->bind, r.var))
    return fail(p, r.at, "give each loop its own variable",
                "filter loop variable '%s' is already in use", r.var);
  if (p->bind->n == MAX_FILTER_LOOPS)
    return fail(p, r.at, "flatten the filter loops", "more than %d nested filter loops",
                MAX_FILTER_LOOPS);
  Binding *b = &p->bind->b[p->bind->n++];
  snprintf(b->var, sizeof b->var, "%s", r.var);
  int rc = 0;
  for (long long n = 0; n < r.count && !rc; n++) {
    b->value = r.first + n * r.step;
    rc = unroll_body(p, r.body, stmt, ctx, hint);
  }
  p->bind->n--;
  return rc;
}

/* ---- constant tables ---- */

/* The element type of a read-only array with an initializer (cur_read_only_table);
 * CXType_Invalid for anything else. */
static enum CXTypeKind table_type(CXCursor decl) {
  CXType t = clang_getCursorType(decl);
  if (kind(decl) != CXCursor_VarDecl || t.kind != CXType_ConstantArray ||
      clang_Cursor_isNull(clang_Cursor_getVarDeclInitializer(decl)) || !cur_read_only_table(decl))
    return CXType_Invalid;
  return clang_getCanonicalType(cur_element_type(t)).kind;
}

bool const_table(CXCursor decl) {
  enum CXTypeKind k = table_type(decl);
  return k == CXType_Float || k == CXType_Double;
}

bool int_table(CXCursor decl) {
  enum CXTypeKind k = table_type(decl);
  return (k >= CXType_Char_U && k <= CXType_ULongLong) || (k >= CXType_Char_S && k <= CXType_LongLong);
}

static Expr *zero(void) {
  Expr *e = ir_new_expr(EX_CONST);
  snprintf(e->text, sizeof e->text, "0.0"); /* an element the initializer leaves out */
  return e;
}

/* Item k of the initializer list `list` (a null cursor past its end, which C makes zero). */
static int list_item(Parser *p, CXCursor at, CXCursor list, long long k, CXCursor *item) {
  *item = clang_getNullCursor();
  int n = cur_children(list, NULL, 0);
  if (n > MAX_TABLE)
    return fail(p, at, "use a smaller coefficient array",
                "the initializer holds more than %d values", MAX_TABLE);
  if (k >= n) return 0;
  CXCursor *items = malloc((size_t)n * sizeof *items);
  if (!items) return fail(p, at, "use a smaller coefficient array", "out of memory");
  cur_children(list, items, n);
  /* parentheses and implicit conversions go, a cast stays: {(unsigned char)300} holds 44 */
  *item = items[k];
  for (CXCursor kid; (kind(*item) == CXCursor_UnexposedExpr || kind(*item) == CXCursor_ParenExpr) &&
                     cur_children(*item, &kid, 1) == 1;)
    *item = kid;
  free(items);
  return 0;
}

/* Whether the initializer at init names its elements ({[4] = 1.0f}, {.x = 1}): their places
 * are not their positions in the list, which table_element reads by. A '[' or '.' token right
 * after '{' or ',' is a designator (a subscript follows a name, a literal .5 is one token). */
static bool designated(const Parser *p, CXCursor init) {
  CXToken *tok;
  unsigned n;
  clang_tokenize(p->tu, clang_getCursorExtent(init), &tok, &n);
  bool found = false;
  for (unsigned i = 1; i < n && !found; i++) {
    if (clang_getTokenKind(tok[i]) != CXToken_Punctuation ||
        clang_getTokenKind(tok[i - 1]) != CXToken_Punctuation)
      continue;
    CXString a = clang_getTokenSpelling(p->tu, tok[i - 1]), b = clang_getTokenSpelling(p->tu, tok[i]);
    const char *x = clang_getCString(a), *y = clang_getCString(b);
    found = (!strcmp(x, "{") || !strcmp(x, ",")) && (!strcmp(y, "[") || !strcmp(y, "."));
    clang_disposeString(a);
    clang_disposeString(b);
  }
  clang_disposeTokens(p->tu, tok, n);
  return found;
}

int table_item(Parser *p, CXCursor c, const Access *a, CXCursor *out) {
  CXType t = clang_getCursorType(a->decl);
  long long size[1 + IR_MAX_DIMS], k[1 + IR_MAX_DIMS];
  int dims = 0;
  for (; t.kind == CXType_ConstantArray; t = clang_getArrayElementType(t))
    if (dims < 1 + IR_MAX_DIMS) size[dims++] = clang_getArraySize(t);
    else dims++;
  if (a->nsub != dims)
    return fail(p, c, "index every dimension of the coefficient array",
                "'%s' is declared with %d dimension%s but read with %d subscript%s", a->name,
                dims, dims == 1 ? "" : "s", a->nsub, a->nsub == 1 ? "" : "s");
  for (int s = 0; s < dims; s++) {
    if (!eval_index(p, a->sub[s], &k[s]))
      return fail(p, a->sub[s], "index constant coefficient arrays with constants or "
                                "radius-loop variables: c[r] inside for (int r = 1; r <= R; r++)",
                  "subscript of the constant array '%s' is not a compile-time constant", a->name);
    if (k[s] < 0 || k[s] >= size[s])
      return fail(p, a->sub[s], "keep the subscripts inside the declared sizes",
                  "subscript %lld is outside the constant array '%s' (size %lld)", k[s], a->name,
                  size[s]);
  }
  /* Nested lists ({{1, 2}, {3, 4}}) or, with the inner braces left out, one flat list. */
  CXCursor item = cur_strip(clang_Cursor_getVarDeclInitializer(a->decl));
  if (designated(p, item))
    return fail(p, item, "list the values in order: static const float c[3] = {c0, c1, c2};",
                "the initializer of the constant array '%s' names its elements", a->name);
  for (int s = 0; s < dims && !clang_Cursor_isNull(item); s++) {
    if (kind(item) != CXCursor_InitListExpr)
      return fail(p, item, "initialise the array with a braced list of constants",
                  "cannot read the initializer of the constant array '%s'", a->name);
    CXCursor first;
    long long at = k[s];
    bool flat = s + 1 < dims && cur_children(item, &first, 1) > 0 &&
                kind(cur_strip(first)) != CXCursor_InitListExpr;
    if (flat) /* the rest of the subscripts index one flat list */
      for (int d = s + 1; d < dims; d++) at = at * size[d] + k[d];
    if (list_item(p, c, item, at, &item)) return -1;
    if (flat) break;
  }
  if (!clang_Cursor_isNull(item) && kind(item) == CXCursor_InitListExpr)
    return fail(p, item, "initialise the array with a braced list of constants",
                "cannot read the initializer of the constant array '%s'", a->name);
  *out = item;
  return 0;
}

Expr *table_element(Parser *p, CXCursor c, const Access *a) {
  CXCursor item;
  if (table_item(p, c, a, &item)) return NULL;
  return clang_Cursor_isNull(item) ? zero() : parse_expr(p, item);
}
