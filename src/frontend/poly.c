/* Index arithmetic over loop variables and size parameters (see Poly in parser.h). Every
 * operation is checked: a coefficient that overflows, a term of more than POLY_MAX_DEGREE names
 * or a polynomial of more than POLY_MAX_TERMS terms is refused, never wrapped. */
#include <stdio.h>
#include <string.h>

#include "parser.h"

static int sym_id(Parser *p, const char *name) {
  for (int i = 0; i < p->nsyms; i++)
    if (!strcmp(p->syms[i], name)) return i;
  if (p->nsyms == POLY_MAX_SYMS) return -1;
  snprintf(p->syms[p->nsyms], IR_NAME_MAX, "%s", name);
  return p->nsyms++;
}

static int term_cmp(const Term *a, const Term *b) {
  if (a->deg != b->deg) return a->deg - b->deg;
  for (int i = 0; i < a->deg; i++)
    if (a->sym[i] != b->sym[i]) return a->sym[i] - b->sym[i];
  return 0;
}

/* Adds k * t to a, keeping the terms sorted and without zeros. */
static bool add_term(Poly *a, const Term *t, long long k) {
  long long c;
  if (__builtin_mul_overflow(t->coef, k, &c)) return false;
  int i = 0;
  while (i < a->n && term_cmp(&a->t[i], t) < 0) i++;
  if (i < a->n && term_cmp(&a->t[i], t) == 0) {
    if (__builtin_add_overflow(a->t[i].coef, c, &a->t[i].coef)) return false;
    if (a->t[i].coef == 0) {
      memmove(&a->t[i], &a->t[i + 1], (size_t)(a->n - i - 1) * sizeof *a->t);
      a->n--;
    }
    return true;
  }
  if (c == 0) return true;
  if (a->n == POLY_MAX_TERMS) return false;
  memmove(&a->t[i + 1], &a->t[i], (size_t)(a->n - i) * sizeof *a->t);
  a->t[i] = *t;
  a->t[i].coef = c;
  a->n++;
  return true;
}

static bool combine(const Poly *a, const Poly *b, long long kb, Poly *out) {
  Poly r = *a;
  for (int i = 0; i < b->n; i++)
    if (!add_term(&r, &b->t[i], kb)) return false;
  *out = r;
  return true;
}

static bool multiply(const Poly *a, const Poly *b, Poly *out) {
  Poly r = {0};
  for (int i = 0; i < a->n; i++)
    for (int j = 0; j < b->n; j++) {
      const Term *x = &a->t[i], *y = &b->t[j];
      if (x->deg + y->deg > POLY_MAX_DEGREE) return false;
      Term t = {1, 0, {0}};
      int u = 0, v = 0;
      while (u < x->deg || v < y->deg) /* merge the sorted names */
        t.sym[t.deg++] = (v == y->deg || (u < x->deg && x->sym[u] <= y->sym[v])) ? x->sym[u++]
                                                                                   : y->sym[v++];
      long long c;
      if (__builtin_mul_overflow(x->coef, y->coef, &c) || !add_term(&r, &t, c)) return false;
    }
  *out = r;
  return true;
}

static void constant_poly(Poly *a, long long v) {
  a->n = 0;
  Term t = {1, 0, {0}};
  add_term(a, &t, v);
}

void poly_const(Poly *out, long long v) { constant_poly(out, v); }

static const char *const HINT_AFFINE =
    "write each index as loop variables times sizes plus constants: A[i][j + 1], "
    "a[(i + 1) * ny + j], A[(z * ny + y) * nx + x]";

static const char *const HINT_INDEX_LOCAL =
    "compute the index once in the loop body, from loop variables, sizes and constants, and do "
    "not change it after: int idx = i * nx + j; (or const int idx = ..., or int idx; then "
    "idx = i * nx + j; in the same block)";

static bool reads_memory(CXCursor c, void *ctx) {
  (void)ctx;
  enum CXCursorKind k = kind(c);
  return k == CXCursor_ArraySubscriptExpr || k == CXCursor_CallExpr || k == CXCursor_MemberRefExpr;
}

/* An index computed into a local first, as codes do (int idx = i * nx + j; ... a[idx - nx], or
 * C89's int idx; idx = i * nx + j;: cur_local_value): an integer variable declared inside the
 * time loop, or assigned the value it has at c there, that is not a loop variable. Returns 1 with its
 * initializer in *init, to be read in its place; 0 when c is no such local (an ordinary name);
 * -1 after a refusal (no value where declared, changed later, or computed from data). */
static int index_local(Parser *p, CXCursor c, const char *name, CXCursor *init) {
  CXCursor decl = clang_getCursorReferenced(c);
  if (kind(decl) != CXCursor_VarDecl || clang_Cursor_hasVarDeclGlobalStorage(decl) == 1 ||
      !cur_integer_type(decl) || clang_Cursor_isNull(p->time.at) ||
      loop_var_in_use(p, name))
    return 0;
  unsigned lo, hi, begin, end;
  CXCursor where, assigned;
  *init = cur_local_value(decl, c, &assigned);
  cur_extent(p->time.at, &lo, &hi);
  /* set in the loops (C89's int i, j, idx; at the top, idx = i * nx + j; in the loop body) */
  cur_extent(clang_Cursor_isNull(assigned) ? decl : assigned, &begin, &end);
  char local[IR_NAME_MAX]; /* name is cur_ref_name's buffer, which the checks below reuse */
  snprintf(local, sizeof local, "%s", name);
  bool outside = begin < lo || end > hi;
  if (outside && clang_Cursor_isNull(*init) && cur_written(p->tu, p->time.at, decl, &where))
    return fail(p, where, HINT_INDEX_LOCAL,
                "the index '%s' is declared before the loops without a value and changed in them "
                "otherwise than by one assignment standing before its uses in their block "
                "(idx = i * nx + j;)", local);
  if (outside) return 0; /* declared before the loops: a size (int ld = n + 2;) */
  if (clang_Cursor_isNull(*init))
    return fail(p, decl, HINT_INDEX_LOCAL,
                "the index '%s' is declared without its value, and not assigned one in a block "
                "before its use (or also changed otherwise)", local);
  if (clang_Cursor_isNull(assigned) &&
      cur_written(p->tu, clang_getCursorSemanticParent(decl), decl, &where))
    return fail(p, where, HINT_INDEX_LOCAL,
                "the index '%s' is changed after its declaration (line %u), so it is not the "
                "value it was declared with", local, cur_loc(p->path, decl).line);
  CXCursor read = cur_find(*init, true, reads_memory, NULL);
  if (!clang_Cursor_isNull(read) || reads_memory(cur_strip(*init), NULL))
    return fail(p, clang_Cursor_isNull(read) ? *init : read, HINT_INDEX_LOCAL,
                "the index '%s' is computed from data (an array element, a call or a member), "
                "not from loop variables and sizes", local);
  if (cur_mentions(*init, local))
    return fail(p, *init, HINT_INDEX_LOCAL, "the index '%s' is computed from itself", local);
  return 1;
}

/* A plane's size computed into a local before the loops (const long stride_z = nx * ny;), or a
 * size under another name (const long sy = nx;), never changed nor read from data: true with its
 * value, a product of sizes, in *out, so that the strides written with it are products of the
 * extents. Any other local (int ld = n + 2;, a padded extent) stays a name of its own. */
static bool size_product(Parser *p, CXCursor c, const char *name, Poly *out) {
  char local[IR_NAME_MAX]; /* name is cur_ref_name's buffer, which the checks below reuse */
  snprintf(local, sizeof local, "%s", name);
  CXCursor decl = clang_getCursorReferenced(c), where;
  if (kind(decl) != CXCursor_VarDecl || clang_Cursor_hasVarDeclGlobalStorage(decl) == 1 ||
      !cur_integer_type(decl))
    return false;
  CXCursor init = clang_Cursor_getVarDeclInitializer(decl);
  if (clang_Cursor_isNull(init) ||
      cur_written(p->tu, clang_getCursorSemanticParent(decl), decl, &where) ||
      !clang_Cursor_isNull(cur_find(init, true, reads_memory, NULL)) ||
      reads_memory(cur_strip(init), NULL) || cur_mentions(init, local))
    return false;
  Refusal saved = p->why;
  bool product = poly_of(p, init, out) == 0 && out->n == 1 &&
                 (out->t[0].deg >= 2 || (out->t[0].deg == 1 && out->t[0].coef == 1));
  p->why = saved; /* not a product: the name itself, not a refusal */
  return product;
}

int poly_of(Parser *p, CXCursor c, Poly *out) {
  c = cur_strip(c);
  if (++p->depth > MAX_EXPR_DEPTH) {
    p->depth--;
    return fail(p, c, "split the expression", "index nests more than %d operations",
                MAX_EXPR_DEPTH);
  }
  int rc = -1;
  long long v;
  /* a copy: cur_ref_name's buffer is reused by every read below (size_product reads the
   * initializer of a local, const int nsteps = (int)(tend / dt), whose names would replace it) */
  char ref[IR_NAME_MAX];
  const char *name = NULL;
  if (cur_ref_name(c)) name = ref, snprintf(ref, sizeof ref, "%s", cur_ref_name(c));
  const Binding *b = name ? binding_of(p->bind, name) : NULL;
  CXCursor kids[2], init;
  char op[4];
  bool prefix;
  int local = 0;
  if (b) {
    constant_poly(out, b->value);
    rc = 0;
  } else if (name && !cur_eval_int(c, &v) && (local = index_local(p, c, name, &init)) != 0) {
    rc = local < 0 ? -1 : poly_of(p, init, out);
  } else if (name && !cur_eval_int(c, &v) && size_product(p, c, name, out)) {
    rc = 0;
  } else if (kind(c) == CXCursor_IntegerLiteral || kind(c) == CXCursor_CharacterLiteral ||
             (name && cur_eval_int(c, &v))) {
    if (cur_eval_int(c, &v)) {
      constant_poly(out, v);
      rc = 0;
    } else {
      rc = fail(p, c, HINT_AFFINE, "integer constant out of range");
    }
  } else if (name) {
    int id = sym_id(p, name);
    if (id < 0) {
      rc = fail(p, c, HINT_AFFINE, "more than %d names in the index expressions", POLY_MAX_SYMS);
    } else {
      Term t = {1, 1, {(unsigned char)id}};
      out->n = 0;
      add_term(out, &t, 1);
      rc = 0;
    }
  } else if (kind(c) == CXCursor_UnaryOperator && cur_unary_op(p->tu, c, op, &prefix) && prefix &&
             (!strcmp(op, "-") || !strcmp(op, "+")) && cur_children(c, kids, 1) == 1) {
    Poly a;
    rc = poly_of(p, kids[0], &a);
    Poly zero = {0};
    if (!rc && !combine(&zero, &a, op[0] == '-' ? -1 : 1, out))
      rc = fail(p, c, HINT_AFFINE, "index arithmetic overflows");
  } else if (kind(c) == CXCursor_BinaryOperator && cur_binary_op(p->tu, c, op) &&
             (!strcmp(op, "+") || !strcmp(op, "-") || !strcmp(op, "*")) &&
             cur_children(c, kids, 2) == 2) {
    Poly a, bb;
    rc = poly_of(p, kids[0], &a);
    if (!rc) rc = poly_of(p, kids[1], &bb);
    bool ok = !rc && (op[0] == '*' ? multiply(&a, &bb, out)
                                   : combine(&a, &bb, op[0] == '-' ? -1 : 1, out));
    if (!rc && !ok)
      rc = fail(p, c, HINT_AFFINE, "index arithmetic overflows or has more than %d terms",
                POLY_MAX_TERMS);
  } else if (cur_eval_int(c, &v)) { /* (M - 1) / 2, sizeof, ... */
    constant_poly(out, v);
    rc = 0;
  } else if (kind(c) == CXCursor_BinaryOperator && !cur_binary_op(p->tu, c, op)) {
    rc = expanded_poly(p, c, out);
  } else if (kind(c) == CXCursor_MemberRefExpr) { /* g->nx: a size held in a struct */
    char field[IR_NAME_MAX];
    cur_name(c, field);
    rc = fail(p, c,
              "copy the struct's sizes into locals before the loops and index with them: const "
              "int nx = g->nx, ny = g->ny; ... a[i * nx + j]",
              "the struct member '%s' is used as a size; stencilc takes sizes as variables, "
              "macros or constants",
              field);
  } else if (cur_stepped(p->tu, c)) { /* out[idx++] = ...: stepped where it is used */
    rc = fail(p, c, CUR_HINT_RUNNING_INDEX,
              "the index '%s' is changed inside the subscript (a running index); stencilc reads "
              "an index as loop variables times sizes plus constants", cur_stepped(p->tu, c));
  } else if (cur_wrapping_index(p->tu, c)) {
    rc = fail(p, c, CUR_HINT_PERIODIC, CUR_MSG_PERIODIC);
  } else {
    rc = fail(p, c, HINT_AFFINE, "index is not an affine expression of the loop variables");
  }
  p->depth--;
  return rc;
}

int poly_name(Parser *p, const char *name, Poly *out) {
  int id = sym_id(p, name);
  out->n = 0;
  if (id < 0) return -1;
  Term t = {1, 1, {(unsigned char)id}};
  add_term(out, &t, 1);
  return 0;
}

bool poly_mul(const Poly *a, const Poly *b, Poly *out) { return multiply(a, b, out); }

void poly_add(const Poly *a, const Poly *b, Poly *out) {
  if (!combine(a, b, 1, out)) out->n = -1;
}

void poly_sub(Parser *p, const Poly *a, const Poly *b, Poly *out) {
  (void)p;
  if (!combine(a, b, -1, out)) out->n = -1; /* callers check with poly_is_const etc. */
}

bool poly_is_const(const Poly *a, long long *v) {
  if (a->n < 0) return false;
  if (a->n == 0) {
    *v = 0;
    return true;
  }
  if (a->n == 1 && a->t[0].deg == 0) {
    *v = a->t[0].coef;
    return true;
  }
  return false;
}

bool poly_is_var_plus_const(const Parser *p, const Poly *a, const char **name, long long *k) {
  if (a->n < 1 || a->n > 2) return false;
  const Term *v = &a->t[a->n - 1]; /* sorted: the constant first */
  if (v->deg != 1 || v->coef != 1) return false;
  if (a->n == 2 && a->t[0].deg != 0) return false;
  *name = p->syms[v->sym[0]];
  *k = a->n == 2 ? a->t[0].coef : 0;
  return true;
}

bool poly_split(Parser *p, const Poly *a, const char *name, Poly *stride, Poly *rest) {
  int id = -1;
  for (int i = 0; i < p->nsyms; i++)
    if (!strcmp(p->syms[i], name)) id = i;
  stride->n = 0;
  rest->n = 0;
  if (a->n < 0) return false;
  for (int i = 0; i < a->n; i++) {
    const Term *t = &a->t[i];
    int hits = 0, at = -1;
    for (int s = 0; s < t->deg; s++)
      if (t->sym[s] == id) hits++, at = s;
    if (hits > 1) return false;
    if (hits == 0) {
      add_term(rest, t, 1);
      continue;
    }
    Term q = *t;
    memmove(&q.sym[at], &q.sym[at + 1], (size_t)(q.deg - at - 1));
    q.deg--;
    add_term(stride, &q, 1);
  }
  return true;
}

void poly_text(const Parser *p, const Poly *a, char *out, size_t size) {
  char buf[512];
  size_t n = 0;
  buf[0] = 0;
  for (int i = a->n - 1; i >= 0; i--) { /* highest degree first */
    const Term *t = &a->t[i];
    long long c = t->coef;
    const char *sign = i == a->n - 1 ? (c < 0 ? "-" : "") : (c < 0 ? " - " : " + ");
    if (c < 0) c = -c;
    n += (size_t)snprintf(buf + n, sizeof buf - n, "%s", sign);
    if (n < sizeof buf && (c != 1 || t->deg == 0))
      n += (size_t)snprintf(buf + n, sizeof buf - n, "%lld%s", c, t->deg ? " * " : "");
    for (int s = 0; s < t->deg && n < sizeof buf; s++)
      n += (size_t)snprintf(buf + n, sizeof buf - n, "%s%s", s ? " * " : "", p->syms[t->sym[s]]);
    if (n >= sizeof buf) break;
  }
  snprintf(out, size, "%s", a->n <= 0 ? "0" : buf);
}

bool poly_is_monomial(const Poly *a) { return a->n == 1; }

int poly_monomial_cmp(const Poly *a, const Poly *b) {
  const Term *s = poly_lead(a), *t = poly_lead(b);
  if (s->deg != t->deg) return s->deg - t->deg;
  long long x = s->coef, y = t->coef;
  int names = term_cmp(s, t);
  if (names) return names;
  return (x > y) - (x < y);
}

/* The leading term of the quotient of two leading terms x / y: a constant (*sym = -1) or one
 * name with coefficient 1; false when y does not divide x so. */
static bool term_ratio(const Term *x, const Term *y, long long *k, int *sym) {
  if (y->coef == 0 || x->coef % y->coef) return false;
  *k = x->coef / y->coef;
  /* the names of x less those of y: none (a constant) or one with coefficient 1 */
  int left[POLY_MAX_DEGREE], nleft = 0, v = 0;
  for (int u = 0; u < x->deg; u++) {
    if (v < y->deg && x->sym[u] == y->sym[v]) v++;
    else left[nleft++] = x->sym[u];
  }
  if (v != y->deg || nleft > 1 || (nleft == 1 && *k != 1)) return false;
  *sym = nleft ? left[0] : -1;
  return true;
}

/* Whether a == k * b for the constant k. */
static bool const_multiple(const Poly *a, const Poly *b, long long k) {
  Poly kb, d, kp = {.n = 1, .t = {{k, 0, {0}}}};
  long long zero;
  if (k == 0) return poly_is_const(a, &zero) && zero == 0;
  if (!multiply(b, &kp, &kb) || !combine(a, &kb, -1, &d)) return false;
  return poly_is_const(&d, &zero) && zero == 0;
}

bool poly_ratio(const Parser *p, const Poly *a, const Poly *b, char name[IR_NAME_MAX],
                long long *k, long long *pad) {
  if (a->n < 1 || b->n < 1) return false;
  const Term *x = poly_lead(a), *y = poly_lead(b);
  int sym;
  *pad = 0;
  name[0] = 0;
  if (!term_ratio(x, y, k, &sym)) return false;
  if (sym < 0) return const_multiple(a, b, *k);
  /* a = (name + pad) * b: what a holds beyond name * b is a constant multiple of b */
  Poly nb, r, np = {.n = 1, .t = {{1, 1, {(unsigned char)sym}}}};
  if (!multiply(b, &np, &nb) || !combine(a, &nb, -1, &r)) return false;
  if (r.n > 0) {
    int none;
    if (!term_ratio(poly_lead(&r), y, pad, &none) || none >= 0 || !const_multiple(&r, b, *pad))
      return false;
  }
  snprintf(name, IR_NAME_MAX, "%s", p->syms[sym]);
  return true;
}

const Term *poly_lead(const Poly *a) { return &a->t[a->n - 1]; }

bool eval_index(Parser *p, CXCursor c, long long *v) {
  Refusal saved = p->why;
  Poly a;
  bool ok = poly_of(p, c, &a) == 0 && poly_is_const(&a, v);
  p->why = saved; /* a failed evaluation is an answer here, not a refusal */
  return ok;
}
