#include "cursor.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
  CXCursor *out;
  int max, n;
} ChildList;

/* A loop under #pragma clang loop, #pragma GCC unroll or #pragma unroll is an AttributedStmt,
 * which libclang 14 shows as an unexposed statement holding only the loop: the loop stands for
 * it (the hint changes how the loop is compiled, not what it computes). */
static enum CXChildVisitResult first_child(CXCursor c, CXCursor parent, CXClientData data) {
  (void)parent;
  *(CXCursor *)data = c;
  return CXChildVisit_Break;
}

static CXCursor unattributed(CXCursor c) {
  if (clang_getCursorKind(c) != CXCursor_UnexposedStmt) return c;
  CXCursor loop = clang_getNullCursor();
  clang_visitChildren(c, first_child, &loop);
  enum CXCursorKind k = clang_getCursorKind(loop);
  return k == CXCursor_ForStmt || k == CXCursor_WhileStmt || k == CXCursor_DoStmt ? loop : c;
}

static enum CXChildVisitResult collect_child(CXCursor c, CXCursor parent, CXClientData data) {
  (void)parent;
  ChildList *l = data;
  c = unattributed(c);
  if (l->n < l->max) l->out[l->n] = c;
  l->n++;
  return CXChildVisit_Continue;
}

int cur_children(CXCursor c, CXCursor *out, int max) {
  ChildList l = {out, max, 0};
  clang_visitChildren(c, collect_child, &l);
  return l.n;
}

CXCursor cur_strip(CXCursor c) {
  for (;;) {
    enum CXCursorKind k = clang_getCursorKind(c);
    CXCursor kids[CUR_MAX_CHILDREN];
    int n = cur_children(c, kids, CUR_MAX_CHILDREN);
    if ((k == CXCursor_UnexposedExpr || k == CXCursor_ParenExpr) && n == 1)
      c = kids[0];
    else if (k == CXCursor_CStyleCastExpr && n >= 1 && n <= CUR_MAX_CHILDREN)
      c = kids[n - 1]; /* earlier children are type references */
    else
      return c;
  }
}

SrcLoc cur_loc(const char *main_path, CXCursor c) {
  CXFile file;
  unsigned line, col, off;
  clang_getExpansionLocation(clang_getCursorLocation(c), &file, &line, &col, &off);
  SrcLoc loc = {main_path, line, col};
  return loc;
}

static unsigned offset_of(CXSourceLocation l) {
  unsigned off;
  clang_getExpansionLocation(l, NULL, NULL, NULL, &off);
  return off;
}

/* Copies the spelling of a token into op when it is a short punctuator. */
static bool punct(CXTranslationUnit tu, CXToken t, char op[4]) {
  if (clang_getTokenKind(t) != CXToken_Punctuation) return false;
  CXString s = clang_getTokenSpelling(tu, t);
  const char *p = clang_getCString(s);
  bool ok = p && strlen(p) < 4;
  if (ok) strcpy(op, p);
  clang_disposeString(s);
  return ok;
}

/* The last short punctuator among the tokens of the main-file bytes [from, to), or false when
 * there is none or the range is not plain file text (both ends come from one macro use). */
typedef void (*LocateFn)(CXSourceLocation, CXFile *, unsigned *, unsigned *, unsigned *);

static bool punct_between_at(CXTranslationUnit tu, CXSourceLocation from, CXSourceLocation to,
                             LocateFn locate, char op[4]) {
  CXFile f1, f2;
  unsigned a, b;
  locate(from, &f1, NULL, NULL, &a);
  locate(to, &f2, NULL, NULL, &b);
  if (!f1 || !clang_File_isEqual(f1, f2) || a >= b) return false;
  CXSourceRange r = clang_getRange(clang_getLocationForOffset(tu, f1, a),
                                   clang_getLocationForOffset(tu, f1, b));
  CXToken *toks;
  unsigned n;
  clang_tokenize(tu, r, &toks, &n);
  /* the last one: an operand ending in a macro's argument, SCALE(0.5) * x, is located at the
   * macro's name, so the macro's own parentheses come first */
  bool found = false;
  for (unsigned i = n; i-- > 0 && !found;)
    if (offset_of(clang_getTokenLocation(tu, toks[i])) < b) found = punct(tu, toks[i], op);
  clang_disposeTokens(tu, toks, n);
  return found;
}

static bool punct_between(CXTranslationUnit tu, CXSourceLocation from, CXSourceLocation to,
                          char op[4]) {
  return punct_between_at(tu, from, to, clang_getExpansionLocation, op);
}

/* Where an expression starts and ends. clang computes an operator's extent from its operands,
 * down the whole left (or right) spine: asked at every node of a long sum, that is quadratic. The
 * spine is walked here instead, and clang asked only about the expression at its end. */
static bool is_kind(CXCursor c, enum CXCursorKind k) { return clang_getCursorKind(c) == k; }

static CXSourceLocation start_of(CXCursor c) {
  CXCursor kids[2];
  for (;;) {
    int n = cur_children(c, kids, 2);
    bool spine = n >= 1 && (is_kind(c, CXCursor_BinaryOperator) ||
                            is_kind(c, CXCursor_CompoundAssignOperator) ||
                            is_kind(c, CXCursor_ArraySubscriptExpr) ||
                            (is_kind(c, CXCursor_UnexposedExpr) && n == 1));
    if (!spine) return clang_getRangeStart(clang_getCursorExtent(c));
    c = kids[0];
  }
}

static CXSourceLocation end_of(CXCursor c) {
  CXCursor kids[CUR_MAX_CHILDREN];
  for (;;) {
    int n = cur_children(c, kids, CUR_MAX_CHILDREN);
    bool prefix_op = false;
    if (is_kind(c, CXCursor_UnaryOperator) && n == 1) {
      /* a prefix operator ends where its operand ends; a postfix one after its operand */
      unsigned self, kid;
      clang_getExpansionLocation(clang_getCursorLocation(c), NULL, NULL, NULL, &self);
      clang_getExpansionLocation(start_of(kids[0]), NULL, NULL, NULL, &kid);
      prefix_op = self < kid;
    }
    bool spine = n >= 1 && n <= CUR_MAX_CHILDREN &&
                 (is_kind(c, CXCursor_BinaryOperator) ||
                  is_kind(c, CXCursor_CompoundAssignOperator) ||
                  is_kind(c, CXCursor_CStyleCastExpr) || prefix_op ||
                  (is_kind(c, CXCursor_UnexposedExpr) && n == 1));
    if (!spine) return clang_getRangeEnd(clang_getCursorExtent(c));
    c = kids[n - 1];
  }
}

bool cur_binary_op(CXTranslationUnit tu, CXCursor c, char op[4]) {
  CXCursor kids[2];
  if (cur_children(c, kids, 2) != 2) return false;
  /* only the bytes between the operands are read: a long sum costs its length, not its square */
  return punct_between(tu, end_of(kids[0]), start_of(kids[1]), op);
}

static bool macro_use_at(CXTranslationUnit tu, unsigned offset, CXCursor *use);
static bool macro_body_at(CXTranslationUnit tu, CXCursor c, CXToken **toks, unsigned *n);

bool cur_macro_binary_op(CXTranslationUnit tu, CXCursor c, bool comparison, char op[4]) {
  CXCursor kids[2];
  if (cur_binary_op(tu, c, op)) return true;
  if (cur_children(c, kids, 2) != 2) return false;
  /* operands and operator in a macro's argument: the file location is where the argument is
   * written */
  if (punct_between_at(tu, end_of(kids[0]), start_of(kids[1]), clang_getFileLocation, op))
    return true;
  if (!comparison) return false;
  /* the operator comes from the macro's body: its only comparison there */
  CXToken *toks;
  unsigned n;
  if (!macro_body_at(tu, c, &toks, &n)) return false;
  int found = 0;
  for (unsigned i = 1; i < n; i++) {
    char p[4];
    if (punct(tu, toks[i], p) && (!strcmp(p, "<") || !strcmp(p, ">") || !strcmp(p, "<=") ||
                                  !strcmp(p, ">=") || !strcmp(p, "==") || !strcmp(p, "!=")))
      found++, memcpy(op, p, 4);
  }
  clang_disposeTokens(tu, toks, n);
  return found == 1;
}

bool cur_unary_op(CXTranslationUnit tu, CXCursor c, char op[4], bool *prefix) {
  CXCursor kid;
  if (cur_children(c, &kid, 1) != 1) return false;
  /* a prefix operator's own location is the operator; a postfix one's is its operand's start */
  if (punct_between(tu, clang_getCursorLocation(c), start_of(kid), op)) {
    *prefix = true;
    return true;
  }
  if (punct_between(tu, end_of(kid), clang_getRangeEnd(clang_getCursorExtent(c)), op)) {
    *prefix = false;
    return true;
  }
  return false;
}

const char *cur_ref_name(CXCursor c) {
  static char name[128];
  c = cur_strip(c);
  if (clang_getCursorKind(c) != CXCursor_DeclRefExpr) return NULL;
  CXString s = clang_getCursorSpelling(c);
  snprintf(name, sizeof name, "%s", clang_getCString(s));
  clang_disposeString(s);
  return name;
}

static bool is_named(CXCursor c, const char *var) {
  const char *name = cur_ref_name(c);
  return name && !strcmp(name, var);
}

bool cur_loop_cond(CXTranslationUnit tu, CXCursor cond, const char *var, CXCursor kids[2],
                   char op[4], long long *shift) {
  CXCursor sum[2];
  char sop[4];
  long long k;
  *shift = 0;
  if (clang_getCursorKind(cond) != CXCursor_BinaryOperator || cur_children(cond, kids, 2) != 2 ||
      !cur_binary_op(tu, cond, op))
    return false;
  if ((!strcmp(op, ">") || !strcmp(op, ">=")) && is_named(kids[1], var)) {
    CXCursor turned = kids[1];
    kids[1] = kids[0];
    kids[0] = turned;
    op[0] = '<';
  }
  if (strcmp(op, "<") && strcmp(op, "<=") && strcmp(op, "!=")) return false;
  CXCursor lhs = cur_strip(kids[0]);
  if (clang_getCursorKind(lhs) != CXCursor_BinaryOperator || cur_children(lhs, sum, 2) != 2 ||
      !cur_binary_op(tu, lhs, sop) || (strcmp(sop, "+") && strcmp(sop, "-")))
    return true;
  if (is_named(sum[0], var) && cur_eval_int(sum[1], &k)) {
    *shift = sop[0] == '+' ? k : -k;
    kids[0] = sum[0];
  } else if (sop[0] == '+' && is_named(sum[1], var) && cur_eval_int(sum[0], &k)) {
    *shift = k;
    kids[0] = sum[1];
  }
  return true;
}

bool cur_eval_int(CXCursor c, long long *v) {
  CXEvalResult r = clang_Cursor_Evaluate(c);
  if (!r) return false;
  bool ok = clang_EvalResult_getKind(r) == CXEval_Int;
  if (ok) *v = clang_EvalResult_getAsLongLong(r);
  clang_EvalResult_dispose(r);
  return ok;
}

/* Reads the number spelled at the literal's spelling location, which lies inside the macro
 * definition when the literal came from a macro. */
static bool literal_spelling(CXTranslationUnit tu, CXCursor c, char text[40]) {
  CXFile file;
  unsigned off;
  clang_getSpellingLocation(clang_getCursorLocation(c), &file, NULL, NULL, &off);
  size_t size;
  const char *src = file ? clang_getFileContents(tu, file, &size) : NULL;
  if (!src || off >= size) return false;
  size_t n = 0;
  while (off + n < size && n < 39) {
    char ch = src[off + n];
    bool exp_sign = (ch == '+' || ch == '-') && n > 0 && strchr("eE", src[off + n - 1]);
    if (!(isalnum((unsigned char)ch) || ch == '.' || exp_sign)) break;
    n++;
  }
  if (n == 0 || n >= 39) return false;
  memcpy(text, src + off, n);
  text[n] = 0;
  return isdigit((unsigned char)text[0]) || text[0] == '.';
}

/* The literal an object-like macro expands to, when its body is one literal token, possibly in
 * parentheses: `#define C0 (0.2f)`. libclang reports macro-expanded literals at the macro's use,
 * so this is how their spelling is found. */
/* The macro uses of the main file by position, gathered once per translation unit (a literal
 * from a macro is found by where it is used: a binary search, not a walk over every top-level
 * cursor for each literal, which made long expressions of macro coefficients quadratic). */
typedef struct {
  unsigned offset;
  CXCursor use;
} MacroUse;

static struct {
  CXTranslationUnit tu;
  MacroUse *uses;
  int n, cap;
} macro_uses;

static enum CXChildVisitResult collect_use(CXCursor c, CXCursor parent, CXClientData data) {
  (void)parent;
  (void)data;
  if (clang_getCursorKind(c) != CXCursor_MacroExpansion ||
      !clang_Location_isFromMainFile(clang_getCursorLocation(c)))
    return CXChildVisit_Continue;
  if (macro_uses.n == macro_uses.cap) {
    int cap = macro_uses.cap ? 2 * macro_uses.cap : 256;
    MacroUse *u = realloc(macro_uses.uses, (size_t)cap * sizeof *u);
    if (!u) return CXChildVisit_Break; /* the lookups then miss: literals print as values */
    macro_uses.uses = u;
    macro_uses.cap = cap;
  }
  macro_uses.uses[macro_uses.n++] = (MacroUse){offset_of(clang_getCursorLocation(c)), c};
  return CXChildVisit_Continue;
}

static int by_offset(const void *a, const void *b) {
  unsigned x = ((const MacroUse *)a)->offset, y = ((const MacroUse *)b)->offset;
  return (x > y) - (x < y);
}

void cur_forget(CXTranslationUnit tu) {
  if (macro_uses.tu != tu) return;
  free(macro_uses.uses);
  memset(&macro_uses, 0, sizeof macro_uses);
}

static bool macro_use_at(CXTranslationUnit tu, unsigned offset, CXCursor *use) {
  if (macro_uses.tu != tu) {
    cur_forget(macro_uses.tu);
    macro_uses.tu = tu;
    clang_visitChildren(clang_getTranslationUnitCursor(tu), collect_use, NULL);
    if (macro_uses.n) /* uses is NULL when the file uses no macro, and qsort's base is nonnull */
      qsort(macro_uses.uses, (size_t)macro_uses.n, sizeof *macro_uses.uses, by_offset);
  }
  MacroUse key = {offset, clang_getNullCursor()};
  const MacroUse *u = macro_uses.n ? bsearch(&key, macro_uses.uses, (size_t)macro_uses.n,
                                             sizeof key, by_offset)
                                   : NULL;
  if (u) *use = u->use;
  return u != NULL;
}

/* The tokens of the macro expanded at c (toks[0] its name; the caller disposes of them), when
 * c is where a macro's use stands. */
static bool macro_body_at(CXTranslationUnit tu, CXCursor c, CXToken **toks, unsigned *n) {
  CXCursor use;
  if (!macro_use_at(tu, offset_of(clang_getCursorLocation(c)), &use)) return false;
  CXCursor def = clang_getCursorReferenced(use);
  if (clang_getCursorKind(def) != CXCursor_MacroDefinition) return false;
  clang_tokenize(tu, clang_getCursorExtent(def), toks, n);
  return true;
}

static bool macro_literal(CXTranslationUnit tu, CXCursor c, char text[40]) {
  CXToken *toks;
  unsigned n;
  if (!macro_body_at(tu, c, &toks, &n)) return false;
  int literal = -1, others = 0;
  for (unsigned i = 1; i < n; i++) { /* toks[0] is the macro's name */
    CXString sp = clang_getTokenSpelling(tu, toks[i]);
    const char *p = clang_getCString(sp);
    bool paren = p && (!strcmp(p, "(") || !strcmp(p, ")"));
    if (clang_getTokenKind(toks[i]) == CXToken_Literal && literal < 0) {
      literal = (int)i;
      snprintf(text, 40, "%s", p ? p : "");
    } else if (!paren) {
      others++;
    }
    clang_disposeString(sp);
  }
  clang_disposeTokens(tu, toks, n);
  return literal > 0 && others == 0 && (isdigit((unsigned char)text[0]) || text[0] == '.');
}

typedef struct {
  bool deep, (*match)(CXCursor c, void *ctx);
  void *ctx;
  CXCursor found;
} Find;

static enum CXChildVisitResult find_visit(CXCursor c, CXCursor parent, CXClientData data) {
  (void)parent;
  Find *f = data;
  if (f->match(c, f->ctx)) {
    f->found = c;
    return CXChildVisit_Break;
  }
  return f->deep ? CXChildVisit_Recurse : CXChildVisit_Continue;
}

CXCursor cur_find(CXCursor root, bool deep, bool (*match)(CXCursor c, void *ctx), void *ctx) {
  Find f = {deep, match, ctx, clang_getNullCursor()};
  clang_visitChildren(root, find_visit, &f);
  return f.found;
}

bool cur_main_function(CXCursor c) {
  return clang_getCursorKind(c) == CXCursor_FunctionDecl && clang_isCursorDefinition(c) &&
         clang_Location_isFromMainFile(clang_getCursorLocation(c));
}

void cur_extent(CXCursor c, unsigned *begin, unsigned *end) {
  CXSourceRange r = clang_getCursorExtent(c);
  clang_getExpansionLocation(clang_getRangeStart(r), NULL, NULL, NULL, begin);
  clang_getExpansionLocation(clang_getRangeEnd(r), NULL, NULL, NULL, end);
}

void cur_name(CXCursor c, char out[IR_NAME_MAX]) {
  CXString s = clang_getCursorSpelling(c);
  snprintf(out, IR_NAME_MAX, "%s", clang_getCString(s));
  clang_disposeString(s);
}

static bool names(CXCursor c, void *name) {
  return clang_getCursorKind(c) == CXCursor_DeclRefExpr && !strcmp(cur_ref_name(c), name);
}

bool cur_mentions(CXCursor c, const char *name) {
  return names(c, (void *)name) || !clang_Cursor_isNull(cur_find(c, true, names, (void *)name));
}

typedef struct {
  const char *name;
  int depth;
  bool found;
} Mention;

static void mention_in(CXCursor c, Mention *m);

static enum CXChildVisitResult mention_visit(CXCursor c, CXCursor parent, CXClientData data) {
  (void)parent;
  mention_in(c, data);
  return ((Mention *)data)->found ? CXChildVisit_Break : CXChildVisit_Continue;
}

/* c itself, the initializer of the local integer variable it names, then c's children. */
static void mention_in(CXCursor c, Mention *m) {
  if (names(c, (void *)m->name)) {
    m->found = true;
    return;
  }
  CXCursor decl = clang_getCursorReferenced(c);
  if (clang_getCursorKind(c) == CXCursor_DeclRefExpr &&
      clang_getCursorKind(decl) == CXCursor_VarDecl && cur_integer_type(decl) &&
      clang_Cursor_hasVarDeclGlobalStorage(decl) == 0 && m->depth < CUR_MAX_LOCAL_DEPTH) {
    CXCursor assigned, init = cur_local_value(decl, c, &assigned);
    m->depth++;
    if (!clang_Cursor_isNull(init)) mention_in(init, m);
    m->depth--;
  }
  if (!m->found) clang_visitChildren(c, mention_visit, m);
}

bool cur_mentions_through_locals(CXCursor c, const char *name) {
  Mention m = {name, 0, false};
  mention_in(c, &m);
  return m.found;
}

CurAccess cur_access(CXCursor c, Access *a) {
  c = cur_strip(c);
  a->nsub = 0;
  a->row = clang_getNullCursor();
  while (clang_getCursorKind(c) == CXCursor_ArraySubscriptExpr) {
    CXCursor kids[2];
    if (cur_children(c, kids, 2) != 2 || a->nsub == 1 + IR_MAX_DIMS) return CUR_ACCESS_DEEP;
    a->sub[a->nsub++] = kids[1];
    c = cur_strip(kids[0]);
  }
  if (a->nsub == 0 || !cur_ref_name(c)) return CUR_NO_ACCESS;
  snprintf(a->name, sizeof a->name, "%s", cur_ref_name(c));
  a->decl = clang_getCursorReferenced(c);
  for (int i = 0; i < a->nsub / 2; i++) { /* collected innermost first */
    CXCursor t = a->sub[i];
    a->sub[i] = a->sub[a->nsub - 1 - i];
    a->sub[a->nsub - 1 - i] = t;
  }
  return CUR_ACCESS;
}

long long cur_implied_size(CXTranslationUnit tu, CXCursor rhs, bool le, CXCursor *size_at) {
  CXCursor sub[2];
  char op[4];
  long long n, r;
  rhs = cur_strip(rhs);
  if (size_at) *size_at = rhs;
  if (clang_getCursorKind(rhs) == CXCursor_BinaryOperator && cur_binary_op(tu, rhs, op) &&
      !strcmp(op, "-") && cur_children(rhs, sub, 2) == 2 && cur_eval_int(sub[0], &n) &&
      cur_eval_int(sub[1], &r)) {
    if (size_at) *size_at = sub[0];
    return n;
  }
  return cur_eval_int(rhs, &n) ? n + le : 0; /* i <= N - 1 is the form above */
}

bool cur_pointer_decl(CXCursor decl) {
  enum CXTypeKind k = clang_getCursorType(decl).kind;
  return k == CXType_Pointer ||
         (clang_getCursorKind(decl) == CXCursor_ParmDecl && k == CXType_IncompleteArray);
}

bool cur_member_access(CXCursor c, char member[IR_NAME_MAX]) {
  c = cur_strip(c);
  int nsub = 0;
  CXCursor kids[2];
  while (clang_getCursorKind(c) == CXCursor_ArraySubscriptExpr && cur_children(c, kids, 2) == 2) {
    nsub++;
    c = cur_strip(kids[0]);
  }
  if (nsub == 0 || clang_getCursorKind(c) != CXCursor_MemberRefExpr) return false;
  cur_name(c, member);
  return true;
}

CXType cur_element_type(CXType t) {
  for (int guard = 0; guard < 8; guard++) {
    if (t.kind == CXType_Pointer) t = clang_getPointeeType(t);
    else if (t.kind == CXType_ConstantArray || t.kind == CXType_VariableArray ||
             t.kind == CXType_IncompleteArray)
      t = clang_getArrayElementType(t);
    else break;
  }
  return t;
}

int cur_decl_sizes(CXCursor decl, CXCursor sizes[1 + IR_MAX_DIMS]) {
  CXCursor kids[CUR_MAX_CHILDREN];
  int nk = cur_children(decl, kids, CUR_MAX_CHILDREN), n = 0;
  if (clang_getCursorKind(decl) == CXCursor_VarDecl &&
      !clang_Cursor_isNull(clang_Cursor_getVarDeclInitializer(decl)))
    nk--; /* the initialiser is the last child */
  if (nk > CUR_MAX_CHILDREN) nk = CUR_MAX_CHILDREN;
  for (int i = 0; i < nk && n < 1 + IR_MAX_DIMS; i++) {
    enum CXCursorKind k = clang_getCursorKind(kids[i]);
    if (k != CXCursor_TypeRef && k != CXCursor_ParmDecl) sizes[n++] = kids[i];
  }
  /* children come innermost size first; order by position in the source. Sizes that one macro
   * writes (PolyBench's POLYBENCH_2D(A, N, M, n, m) is A[N][M]) share its position: reversed,
   * as the children give them */
  for (int i = 1; i < n; i++)
    for (int j = i; j > 0; j--) {
      unsigned a, b;
      clang_getExpansionLocation(clang_getCursorLocation(sizes[j - 1]), NULL, NULL, NULL, &a);
      clang_getExpansionLocation(clang_getCursorLocation(sizes[j]), NULL, NULL, NULL, &b);
      if (a < b) break;
      CXCursor x = sizes[j];
      sizes[j] = sizes[j - 1];
      sizes[j - 1] = x;
    }
  return n;
}

bool cur_eval_number(CXCursor c, double *value, char text[40]) {
  CXEvalResult r = clang_Cursor_Evaluate(c);
  CXEvalResultKind k = r ? clang_EvalResult_getKind(r) : CXEval_UnExposed;
  bool number = k == CXEval_Int || k == CXEval_Float;
  if (number) {
    *value = k == CXEval_Int ? (double)clang_EvalResult_getAsLongLong(r)
                             : clang_EvalResult_getAsDouble(r);
    snprintf(text, 40, "%.17g", *value);
    if (!strpbrk(text, ".eE")) strcat(text, ".0");
  }
  if (r) clang_EvalResult_dispose(r);
  return number;
}

bool cur_literal(CXTranslationUnit tu, CXCursor c, double *value, char text[40]) {
  c = cur_strip(c);
  enum CXCursorKind k = clang_getCursorKind(c);
  if (k != CXCursor_IntegerLiteral && k != CXCursor_FloatingLiteral) return false;
  CXEvalResult r = clang_Cursor_Evaluate(c);
  if (!r) return false;
  bool is_int = clang_EvalResult_getKind(r) == CXEval_Int;
  *value = is_int ? (double)clang_EvalResult_getAsLongLong(r) : clang_EvalResult_getAsDouble(r);
  clang_EvalResult_dispose(r);
  bool decimal = (literal_spelling(tu, c, text) || macro_literal(tu, c, text)) && !(text[0] == '0' && strchr("xXbB", text[1])) &&
                 !(is_int && text[0] == '0' && isdigit((unsigned char)text[1])); /* octal */
  if (decimal) {
    size_t n = strlen(text);
    while (n > 0 && strchr("fFlLuU", text[n - 1])) text[--n] = 0;
    /* the number as written, not as rounded to its C type: a program in another precision
     * rounds it to its own element type */
    *value = strtod(text, NULL);
  } else {
    snprintf(text, 40, "%.17g", *value);
  }
  if (!strpbrk(text, ".eE")) strcat(text, ".0");
  return true;
}

/* cur_written's search. */
typedef struct {
  CXCursor decl;
  CXTranslationUnit tu;
  bool changed;
  CXCursor where;
  int n;          /* with count: the writes, all of them (not only the first) */
  bool count;
  bool elements;  /* a write of an element (decl[i] = ..., ++decl[i][j], &decl[i]) counts */
} Writes;

static bool refers(CXCursor c, CXCursor decl) {
  c = cur_strip(c);
  return clang_getCursorKind(c) == CXCursor_DeclRefExpr && clang_equalCursors(clang_getCursorReferenced(c), decl);
}

/* Whether lvalue c is decl or, with elements, one of its elements (c[i][j]). */
static bool writes_to(CXCursor c, CXCursor decl, bool elements) {
  CXCursor kids[2];
  c = cur_strip(c);
  while (elements && clang_getCursorKind(c) == CXCursor_ArraySubscriptExpr &&
         cur_children(c, kids, 2) == 2)
    c = cur_strip(kids[0]);
  return refers(c, decl);
}

bool cur_same_place(CXCursor a, CXCursor b) {
  unsigned ab, ae, bb, be;
  cur_extent(a, &ab, &ae);
  cur_extent(b, &bb, &be);
  return clang_getCursorKind(a) == clang_getCursorKind(b) && ab == bb && ae == be;
}

static enum CXChildVisitResult find_write(CXCursor c, CXCursor parent, CXClientData data) {
  (void)parent;
  Writes *w = data;
  CXCursor kids[2];
  char op[4] = "";
  enum CXCursorKind k = clang_getCursorKind(c);
  if ((k == CXCursor_BinaryOperator || k == CXCursor_CompoundAssignOperator) &&
      cur_children(c, kids, 2) == 2 && writes_to(kids[0], w->decl, w->elements) &&
      cur_binary_op(w->tu, c, op) &&
      strchr(op, '=') && strcmp(op, "==") && strcmp(op, "!=") && strcmp(op, "<=") &&
      strcmp(op, ">="))
    w->changed = true;
  if (k == CXCursor_UnaryOperator && cur_children(c, kids, 1) == 1 &&
      writes_to(kids[0], w->decl, w->elements)) {
    CXToken *t = NULL;
    unsigned n = 0;
    clang_tokenize(w->tu, clang_getCursorExtent(c), &t, &n);
    for (unsigned i = 0; i < n && !w->changed; i++) { /* the prefix operators, and r++ */
      CXString sp = clang_getTokenSpelling(w->tu, t[i]);
      const char *x = clang_getCString(sp);
      bool is_op = !strcmp(x, "++") || !strcmp(x, "--") || !strcmp(x, "&");
      w->changed = is_op && (i == n - 1 || clang_getTokenKind(t[0]) == CXToken_Punctuation);
      clang_disposeString(sp);
      if (i == 0 && clang_getTokenKind(t[i]) != CXToken_Punctuation) i = n > 1 ? n - 2 : n;
    }
    clang_disposeTokens(w->tu, t, n);
  }
  if (w->changed) w->where = c;
  if (w->changed && w->count) {
    w->n++;
    w->changed = false;
    return CXChildVisit_Recurse;
  }
  return w->changed ? CXChildVisit_Break : CXChildVisit_Recurse;
}

bool cur_written(CXTranslationUnit tu, CXCursor scope, CXCursor decl, CXCursor *where) {
  Writes w = {decl, tu, false, clang_getNullCursor(), 0, false, false};
  find_write(scope, clang_getNullCursor(), &w); /* a statement t++; is itself the write */
  if (!w.changed) clang_visitChildren(scope, find_write, &w);
  *where = w.where;
  return w.changed;
}

/* The references to an array variable in a scope: all of them, and those that subscript it. */
typedef struct {
  CXCursor decl;
  int refs, subscripted;
} Uses;

static enum CXChildVisitResult count_uses(CXCursor c, CXCursor parent, CXClientData data) {
  (void)parent;
  Uses *u = data;
  CXCursor kids[2];
  enum CXCursorKind k = clang_getCursorKind(c);
  if (k == CXCursor_UnaryExpr) return CXChildVisit_Continue; /* sizeof c / sizeof c[0] reads none */
  if (k == CXCursor_DeclRefExpr && clang_equalCursors(clang_getCursorReferenced(c), u->decl))
    u->refs++;
  if (k == CXCursor_ArraySubscriptExpr && cur_children(c, kids, 2) == 2 && refers(kids[0], u->decl))
    u->subscripted++;
  return CXChildVisit_Recurse;
}

bool cur_elements_unchanged(CXCursor scope, CXCursor decl) {
  Uses u = {decl, 0, 0};
  clang_visitChildren(scope, count_uses, &u);
  Writes w = {decl, clang_Cursor_getTranslationUnit(decl), false, clang_getNullCursor(), 0, false, true};
  clang_visitChildren(scope, find_write, &w);
  return u.refs == u.subscripted && !w.changed;
}

const char *const CUR_HINT_TABLE =
    "declare the table const (static const float c[5] = {...}), or keep its values unchanged "
    "in the function: read it only as c[k]";

/* Whether decl declares an array variable (float c[5], or c[] = {...}). */
static bool array_variable(CXCursor decl) {
  CXType t = clang_getCanonicalType(clang_getCursorType(decl));
  return clang_getCursorKind(decl) == CXCursor_VarDecl &&
         (t.kind == CXType_ConstantArray || t.kind == CXType_IncompleteArray);
}

const char *cur_table_changes(CXCursor decl) {
  if (!array_variable(decl) || clang_isConstQualifiedType(cur_element_type(clang_getCursorType(decl))) ||
      clang_Cursor_isNull(clang_Cursor_getVarDeclInitializer(decl)))
    return NULL;
  /* another file may change a global of external linkage: only a local or a static's uses are
   * all in this one */
  enum CXLinkageKind link = clang_getCursorLinkage(decl);
  if (link == CXLinkage_External || link == CXLinkage_UniqueExternal)
    return "it is a global that other files may change";
  CXCursor scope = link == CXLinkage_Internal
                       ? clang_getTranslationUnitCursor(clang_Cursor_getTranslationUnit(decl))
                       : clang_getCursorSemanticParent(decl);
  return cur_elements_unchanged(scope, decl) ? NULL
         : "an element of it is assigned, or the array itself is used (passed to a call, kept in a pointer), where it is in scope";
}

bool cur_read_only_table(CXCursor decl) {
  if (!array_variable(decl)) return false;
  if (clang_isConstQualifiedType(cur_element_type(clang_getCursorType(decl)))) return true;
  return !clang_Cursor_isNull(clang_Cursor_getVarDeclInitializer(decl)) && !cur_table_changes(decl);
}

bool cur_is_assignment(CXCursor c, CXCursor kids[2]) {
  char op[4];
  return clang_getCursorKind(c) == CXCursor_BinaryOperator && cur_children(c, kids, 2) == 2 &&
         cur_binary_op(clang_Cursor_getTranslationUnit(c), c, op) && !strcmp(op, "=");
}

/* Whether statement s is `decl = e;` standing in a block (not in a condition or a loop's
 * header), or a chain of such assignments of one type naming decl (Rodinia's hotspot3D:
 * ce = cw = stepDivCap / Rx;): e in *value. */
static bool plain_assignment(CXCursor s, CXCursor decl, CXCursor *value) {
  CXCursor kids[2];
  CXType type = clang_getCanonicalType(clang_getCursorType(decl));
  bool named = false;
  for (CXCursor c = s; cur_is_assignment(c, kids); c = cur_strip(kids[1])) {
    named = named || refers(kids[0], decl);
    if (!clang_equalTypes(clang_getCanonicalType(clang_getCursorType(kids[0])), type))
      return false; /* (each link converts e to its own type) */
    *value = kids[1];
  }
  return named;
}

int cur_writes(CXCursor scope, CXCursor decl) {
  Writes w = {decl, clang_Cursor_getTranslationUnit(decl), false, clang_getNullCursor(), 0, true, false};
  find_write(scope, clang_getNullCursor(), &w);
  clang_visitChildren(scope, find_write, &w);
  return w.n;
}

/* cur_local_value's search, block by block from the outermost: the plain assignments standing
 * in blocks, and the last one before the use in the innermost block holding the use after one. */
typedef struct {
  CXCursor decl;
  unsigned use;             /* the use's offset */
  CXCursor value, assigned; /* that assignment */
  bool between;             /* a write of decl between that assignment and the use */
  int assignments;
} LocalValue;

static enum CXChildVisitResult block_value(CXCursor c, CXCursor parent, CXClientData data) {
  (void)parent;
  LocalValue *lv = data;
  if (clang_getCursorKind(c) != CXCursor_CompoundStmt) return CXChildVisit_Recurse;
  CXCursor s[CUR_MAX_CHILDREN], value;
  int n = cur_children(c, s, CUR_MAX_CHILDREN), holder = -1, last = -1;
  if (n > CUR_MAX_CHILDREN) n = CUR_MAX_CHILDREN;
  for (int i = 0; i < n; i++) {
    unsigned begin, end;
    cur_extent(s[i], &begin, &end);
    if (begin <= lv->use && lv->use < end) holder = i;
    if (plain_assignment(s[i], lv->decl, &value)) {
      lv->assignments++;
      if (holder < 0) last = i;
    }
  }
  if (holder >= 0 && last >= 0) {
    plain_assignment(s[last], lv->decl, &lv->value);
    lv->assigned = s[last];
    lv->between = false;
    for (int i = last + 1; i <= holder; i++) lv->between = lv->between || cur_writes(s[i], lv->decl);
  }
  return CXChildVisit_Recurse;
}

CXCursor cur_local_value(CXCursor decl, CXCursor use, CXCursor *assigned) {
  unsigned at, end;
  cur_extent(use, &at, &end);
  return cur_local_value_at(decl, at, assigned);
}

CXCursor cur_local_value_at(CXCursor decl, unsigned at, CXCursor *assigned) {
  *assigned = clang_getNullCursor();
  CXCursor init = clang_Cursor_getVarDeclInitializer(decl);
  if (!clang_Cursor_isNull(init)) return init;
  LocalValue lv = {decl, at, clang_getNullCursor(), clang_getNullCursor(), false, 0};
  CXCursor scope = clang_getCursorSemanticParent(decl);
  clang_visitChildren(scope, block_value, &lv);
  /* every write one such assignment: no ++, no write in a condition, none between */
  if (clang_Cursor_isNull(lv.assigned) || lv.between || cur_writes(scope, decl) != lv.assignments)
    return clang_getNullCursor();
  *assigned = lv.assigned;
  return lv.value;
}

bool cur_index_assignment(CXCursor s) {
  CXCursor kids[2], value;
  if (clang_getCursorKind(s) != CXCursor_BinaryOperator || cur_children(s, kids, 2) != 2)
    return false;
  CXCursor decl = clang_getCursorReferenced(cur_strip(kids[0]));
  if (clang_getCursorKind(decl) != CXCursor_VarDecl || !cur_integer_type(decl) ||
      !clang_Cursor_isNull(clang_Cursor_getVarDeclInitializer(decl)) ||
      !plain_assignment(s, decl, &value))
    return false;
  LocalValue lv = {decl, 0, clang_getNullCursor(), clang_getNullCursor(), false, 0};
  CXCursor scope = clang_getCursorSemanticParent(decl);
  clang_visitChildren(scope, block_value, &lv);
  return cur_writes(scope, decl) == lv.assignments;
}

bool cur_integer_type(CXCursor decl) {
  enum CXTypeKind k = clang_getCanonicalType(clang_getCursorType(decl)).kind;
  return k >= CXType_Char_U && k <= CXType_Int128;
}

bool cur_prelude_var(CXCursor body, CXCursor var) {
  enum CXTypeKind k = clang_getCanonicalType(clang_getCursorType(var)).kind;
  CXCursor where;
  return clang_getCursorKind(var) == CXCursor_VarDecl &&
         (cur_integer_type(var) || k == CXType_Pointer ||
          ((k == CXType_Float || k == CXType_Double) &&
           !clang_Cursor_isNull(clang_Cursor_getVarDeclInitializer(var)) &&
           !cur_written(clang_Cursor_getTranslationUnit(var), body, var, &where)));
}

bool cur_deref(CXTranslationUnit tu, CXCursor c) {
  char op[4];
  bool prefix;
  c = cur_strip(c);
  return clang_getCursorKind(c) == CXCursor_UnaryOperator && cur_unary_op(tu, c, op, &prefix) &&
         prefix && !strcmp(op, "*");
}

const char *const CUR_MSG_DEREF =
    "a grid read or written through a dereferenced pointer (*(a + i * n + j)); stencilc reads "
    "grids through subscripts";
const char *const CUR_HINT_DEREF = "write the subscript: a[i * n + j] for *(a + i * n + j)";

bool cur_wrapping_index(CXTranslationUnit tu, CXCursor c) {
  char op[4];
  c = cur_strip(c);
  enum CXCursorKind k = clang_getCursorKind(c);
  return k == CXCursor_ConditionalOperator ||
         (k == CXCursor_BinaryOperator && cur_binary_op(tu, c, op) && !strcmp(op, "%"));
}

const char *const CUR_MSG_PERIODIC =
    "an index that wraps around or is clamped at the grid's ends (%% or ?:); stencilc reads the "
    "same offsets at every cell of an interior inside a halo";
const char *const CUR_HINT_PERIODIC =
    "give the grid ghost cells, sweep the interior and fill the ghost cells each step (from the "
    "other end for a periodic domain): for (i = 1; i < n - 1; i++) un[i] = ...; un[0] = "
    "un[n - 2]; un[n - 1] = un[1];";

/* ---- red-black Gauss-Seidel ---- */

/* A search for a sweep over the cells of one colour: the parity operation found and the
 * variables its operand names (the first three distinct ones). */
typedef struct {
  CXTranslationUnit tu;
  int min_vars; /* variables the parity's operand must name */
  char vars[3][IR_NAME_MAX];
  int nvars;
  CXCursor at; /* where the colour is chosen */
  int loops;   /* the for loops around the statement visited */
  bool found;
} Colour;

static bool note_var(CXCursor c, void *data) {
  Colour *col = data;
  const char *name = clang_getCursorKind(c) == CXCursor_DeclRefExpr ? cur_ref_name(c) : NULL;
  bool seen = false;
  for (int i = 0; name && i < col->nvars; i++) seen = seen || !strcmp(col->vars[i], name);
  if (name && !seen) snprintf(col->vars[col->nvars++], IR_NAME_MAX, "%s", name);
  return col->nvars == 3;
}

bool cur_parity_operand(CXTranslationUnit tu, CXCursor c, CXCursor *operand, bool *modulo) {
  CXCursor kids[2];
  char op[4];
  long long m;
  if (clang_getCursorKind(c) != CXCursor_BinaryOperator || !cur_binary_op(tu, c, op) ||
      cur_children(c, kids, 2) != 2 || !cur_eval_int(kids[1], &m) ||
      !((!strcmp(op, "%") && m == 2) || (!strcmp(op, "&") && m == 1)))
    return false;
  *operand = kids[0];
  *modulo = op[0] == '%';
  return true;
}

/* X % 2 or X & 1 with X naming at least min_vars variables: (i + j) % 2, (i + 1) % 2. */
static bool parity_of_vars(CXCursor c, void *data) {
  Colour *col = data;
  CXCursor x;
  bool modulo;
  if (!cur_parity_operand(col->tu, c, &x, &modulo)) return false;
  col->nvars = 0;
  if (!note_var(x, col)) cur_find(x, true, note_var, col);
  return col->nvars >= col->min_vars;
}

static bool has_parity(CXCursor c, Colour *col) {
  return parity_of_vars(c, col) || !clang_Cursor_isNull(cur_find(c, true, parity_of_vars, col));
}

/* A loop increment j += 2 or j = j + 2. */
static bool steps_by_two(CXTranslationUnit tu, CXCursor inc) {
  CXCursor kids[2], sum[2];
  char op[4];
  long long k;
  if (clang_getCursorKind(inc) == CXCursor_CompoundAssignOperator && cur_binary_op(tu, inc, op) &&
      !strcmp(op, "+=") && cur_children(inc, kids, 2) == 2)
    return cur_eval_int(kids[1], &k) && k == 2;
  return cur_is_assignment(inc, kids) &&
         clang_getCursorKind(kids[1] = cur_strip(kids[1])) == CXCursor_BinaryOperator &&
         cur_binary_op(tu, kids[1], op) && !strcmp(op, "+") && cur_children(kids[1], sum, 2) == 2 &&
         cur_eval_int(sum[1], &k) && k == 2;
}

/* The value a loop's initialisation int j = X or j = X gives its counter, X; null otherwise. */
static CXCursor loop_start_value(CXCursor init) {
  CXCursor kids[2];
  if (clang_getCursorKind(init) == CXCursor_DeclStmt && cur_children(init, kids, 2) == 1 &&
      clang_getCursorKind(kids[0]) == CXCursor_VarDecl)
    return clang_Cursor_getVarDeclInitializer(kids[0]);
  return cur_is_assignment(init, kids) ? kids[1] : clang_getNullCursor();
}

/* A loop over every other cell from a start set by an index's parity (for (j = 1 + (i + 1) % 2;
 * ...; j += 2), the start possibly a local holding it), or a cell body guarded by the parity of
 * two indices or more (if ((i + j) % 2 == color)) inside a loop (not a test of the step's
 * parity, which picks grids). */
static bool colour_sweep(CXCursor c, Colour *col) {
  CXCursor k[4], start, decl, init;
  enum CXCursorKind kind = clang_getCursorKind(c);
  if (kind == CXCursor_ForStmt && cur_children(c, k, 4) == 4 && steps_by_two(col->tu, k[2])) {
    col->min_vars = 1;
    col->at = k[0];
    start = loop_start_value(k[0]);
    return has_parity(k[0], col) ||
           (!clang_Cursor_isNull(start) &&
            clang_getCursorKind(decl = clang_getCursorReferenced(cur_strip(start))) ==
                CXCursor_VarDecl &&
            !clang_Cursor_isNull(init = clang_Cursor_getVarDeclInitializer(decl)) &&
            has_parity(init, col));
  }
  if (kind == CXCursor_IfStmt && col->loops && cur_children(c, k, 1) >= 1) {
    col->min_vars = 2;
    col->at = k[0];
    return has_parity(k[0], col);
  }
  return false;
}

static enum CXChildVisitResult colour_visit(CXCursor c, CXCursor parent, CXClientData data) {
  (void)parent;
  Colour *col = data;
  col->found = colour_sweep(c, col);
  if (!col->found && clang_getCursorKind(c) == CXCursor_ForStmt) {
    col->loops++;
    clang_visitChildren(c, colour_visit, col);
    col->loops--;
    return col->found ? CXChildVisit_Break : CXChildVisit_Continue;
  }
  return col->found ? CXChildVisit_Break : CXChildVisit_Recurse;
}

bool cur_colour_sweep(CXTranslationUnit tu, CXCursor time_loop, CXCursor *at,
                      char what[CUR_COLOUR_MAX]) {
  Colour col = {.tu = tu};
  clang_visitChildren(time_loop, colour_visit, &col);
  if (!col.found) return false;
  *at = col.at;
  if (col.min_vars == 1) {
    snprintf(what, CUR_COLOUR_MAX, "a loop starting at the parity of '%s' and stepping by 2",
             col.vars[0]);
    return true;
  }
  char names[3 * (IR_NAME_MAX + 4)] = "";
  for (int i = 0; i < col.nvars; i++)
    snprintf(names + strlen(names), sizeof names - strlen(names), "%s'%s'",
             i == 0 ? "" : i + 1 < col.nvars ? ", " : " and ", col.vars[i]);
  snprintf(what, CUR_COLOUR_MAX, "a test of the parity of %s", names);
  return true;
}

const char *const CUR_MSG_RED_BLACK =
    "red-black Gauss-Seidel (or SOR) is not supported: %s sweeps the cells of one colour, "
    "updating the grid in place";
const char *const CUR_HINT_RED_BLACK =
    "write the Jacobi form, which stencilc takes: unew[i][j] = 0.25 * (u[i - 1][j] + "
    "u[i + 1][j] + u[i][j - 1] + u[i][j + 1] + h2 * f[i][j]) over every interior cell, then "
    "swap u and unew";

const char *const CUR_HINT_RUNNING_INDEX =
    "compute the index from the loop variables where it is used instead of stepping it: "
    "int idx = j * nx + i; in the loop body, or index the grid with j * nx + i";

const char *cur_stepped(CXTranslationUnit tu, CXCursor s) {
  CXCursor kids[2];
  char op[4];
  bool prefix;
  enum CXCursorKind k = clang_getCursorKind(s);
  bool step = (k == CXCursor_UnaryOperator && cur_unary_op(tu, s, op, &prefix) &&
               (!strcmp(op, "++") || !strcmp(op, "--"))) ||
              k == CXCursor_CompoundAssignOperator;
  if (!step || cur_children(s, kids, 2) < 1) return NULL;
  CXCursor target = cur_strip(kids[0]);
  CXCursor decl = clang_getCursorReferenced(target);
  if (clang_getCursorKind(target) != CXCursor_DeclRefExpr ||
      clang_getCursorKind(decl) != CXCursor_VarDecl || !cur_integer_type(decl))
    return NULL;
  return cur_ref_name(target);
}

const char *cur_other_step(CXTranslationUnit tu, CXCursor inc, const char *var) {
  char op[4];
  CXCursor kids[2];
  inc = cur_strip(inc);
  if (clang_getCursorKind(inc) == CXCursor_BinaryOperator && cur_binary_op(tu, inc, op) &&
      !strcmp(op, ",") && cur_children(inc, kids, 2) == 2) {
    const char *name = cur_other_step(tu, kids[0], var);
    return name ? name : cur_other_step(tu, kids[1], var);
  }
  const char *name = cur_stepped(tu, inc);
  return name && strcmp(name, var) ? name : NULL;
}

/* ---- run-time locals ---- */

/* Whether cursor a starts before cursor b in the file. */
static bool starts_before(CXCursor a, CXCursor b) {
  unsigned ab, ae, bb, be;
  cur_extent(a, &ab, &ae);
  cur_extent(b, &bb, &be);
  return ab < bb;
}

/* The address-of operator of a write that takes decl's address (&r), or false (an assignment,
 * an increment). */
static bool takes_address(CXTranslationUnit tu, CXCursor write) {
  char op[4];
  bool prefix;
  return clang_getCursorKind(write) == CXCursor_UnaryOperator &&
         cur_unary_op(tu, write, op, &prefix) && !strcmp(op, "&");
}

/* cur_find's test: a call that takes the operator *ctx (an address, &r) as an argument. */
static bool given_to_call(CXCursor c, void *address) {
  if (clang_getCursorKind(c) != CXCursor_CallExpr) return false;
  for (int a = 0; a < clang_Cursor_getNumArguments(c); a++)
    if (cur_same_place(cur_strip(clang_Cursor_getArgument(c, (unsigned)a)), *(CXCursor *)address))
      return true;
  return false;
}

const char *cur_runtime_local_refusal(CXTranslationUnit tu, CXCursor loop, CXCursor decl,
                                      CXCursor *where) {
  CXCursor scope = clang_getCursorSemanticParent(decl);
  *where = decl;
  if (clang_getCursorKind(decl) != CXCursor_VarDecl ||
      clang_getCursorKind(scope) != CXCursor_FunctionDecl) /* a global */
    return cur_written(tu, scope, decl, where) ? "is assigned in the program" : NULL;
  if (clang_Cursor_getStorageClass(decl) == CX_SC_Static)
    return "is static: its value depends on earlier calls";
  if (!clang_Cursor_isNull(loop) && !starts_before(decl, loop))
    return "is declared in the time loop, or after it";
  if (!clang_Cursor_isNull(loop) && cur_written(tu, loop, decl, where))
    return takes_address(tu, *where) ? "has its address taken in the time loop, which may change it"
                                     : "is assigned in the time loop";
  bool init = !clang_Cursor_isNull(clang_Cursor_getVarDeclInitializer(decl));
  int sets = cur_writes(scope, decl) + init;
  if (sets == 0) return "is declared without a value and never set";
  if (!cur_written(tu, scope, decl, where)) return NULL; /* its initializer alone */
  if (sets > 1) return "is set more than once (its initializer and each assignment count)";
  if (!clang_Cursor_isNull(loop) && !starts_before(*where, loop))
    return "is set only after the time loop";
  if (takes_address(tu, *where) && clang_Cursor_isNull(cur_find(scope, true, given_to_call, where)))
    return "has its address kept, through which the time loop may change it";
  return NULL;
}

bool cur_pair_branch_sets(const CXCursor *const set[2], const int n[2], int *pair, int *lacking,
                          char why[CUR_WHY_MAX]) {
  for (int b = 0; b < 2; b++)
    for (int i = 0; i < n[b]; i++) {
      int j = 0;
      while (j < n[1 - b] && !clang_equalCursors(set[1 - b][j], set[b][i])) j++;
      if (j == n[1 - b]) {
        char name[IR_NAME_MAX];
        cur_name(set[b][i], name);
        snprintf(why, CUR_WHY_MAX, "the %s branch does not set '%s', which the %s branch picks",
                 b ? "if" : "else", name, b ? "else" : "if");
        *lacking = 2 - b;
        return false;
      }
      if (!b) pair[i] = j;
    }
  return true;
}

void cur_split_equality_test(CXTranslationUnit tu, CXCursor cond, CXCursor *x, CXCursor *comparand,
                             bool *invert) {
  CXCursor kids[2];
  char op[4];
  bool prefix;
  *invert = false;
  *comparand = clang_getNullCursor();
  cond = cur_strip(cond);
  while (clang_getCursorKind(cond) == CXCursor_UnaryOperator && cur_unary_op(tu, cond, op, &prefix) &&
         !strcmp(op, "!") && cur_children(cond, kids, 1) == 1) {
    *invert = !*invert;
    cond = cur_strip(kids[0]);
  }
  if (clang_getCursorKind(cond) == CXCursor_BinaryOperator && cur_binary_op(tu, cond, op) &&
      (!strcmp(op, "==") || !strcmp(op, "!=")) && cur_children(cond, kids, 2) == 2) {
    *comparand = kids[1];
    *invert ^= op[0] == '!';
    cond = cur_strip(kids[0]);
  }
  *x = cond;
}
