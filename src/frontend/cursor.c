#include "cursor.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
  CXCursor *out;
  int max, n;
} ChildList;

static enum CXChildVisitResult collect_child(CXCursor c, CXCursor parent, CXClientData data) {
  (void)parent;
  ChildList *l = data;
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

bool cur_binary_op(CXTranslationUnit tu, CXCursor c, char op[4]) {
  CXCursor kids[2];
  if (cur_children(c, kids, 2) != 2) return false;
  unsigned lhs_end = offset_of(clang_getRangeEnd(clang_getCursorExtent(kids[0])));
  unsigned rhs_start = offset_of(clang_getRangeStart(clang_getCursorExtent(kids[1])));
  CXToken *toks;
  unsigned n;
  clang_tokenize(tu, clang_getCursorExtent(c), &toks, &n);
  bool found = false;
  for (unsigned i = 0; i < n && !found; i++) {
    unsigned off = offset_of(clang_getTokenLocation(tu, toks[i]));
    if (off >= lhs_end && off < rhs_start) found = punct(tu, toks[i], op);
  }
  clang_disposeTokens(tu, toks, n);
  return found;
}

bool cur_unary_op(CXTranslationUnit tu, CXCursor c, char op[4], bool *prefix) {
  CXCursor kid;
  if (cur_children(c, &kid, 1) != 1) return false;
  unsigned kid_start = offset_of(clang_getRangeStart(clang_getCursorExtent(kid)));
  CXToken *toks;
  unsigned n;
  clang_tokenize(tu, clang_getCursorExtent(c), &toks, &n);
  bool found = false;
  if (n >= 2) {
    *prefix = offset_of(clang_getTokenLocation(tu, toks[0])) < kid_start;
    found = punct(tu, toks[*prefix ? 0 : n - 1], op);
  }
  clang_disposeTokens(tu, toks, n);
  return found;
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
typedef struct {
  unsigned offset;
  CXCursor use;
  bool found;
} MacroSearch;

static enum CXChildVisitResult find_expansion(CXCursor c, CXCursor parent, CXClientData data) {
  (void)parent;
  MacroSearch *s = data;
  if (clang_getCursorKind(c) == CXCursor_MacroExpansion &&
      offset_of(clang_getCursorLocation(c)) == s->offset) {
    s->use = c;
    s->found = true;
    return CXChildVisit_Break;
  }
  return CXChildVisit_Continue;
}

static bool macro_literal(CXTranslationUnit tu, CXCursor c, char text[40]) {
  /* macro expansions are top-level cursors, found by the position of the use */
  MacroSearch s = {offset_of(clang_getCursorLocation(c)), clang_getNullCursor(), false};
  clang_visitChildren(clang_getTranslationUnitCursor(tu), find_expansion, &s);
  if (!s.found) return false;
  CXCursor def = clang_getCursorReferenced(s.use);
  if (clang_getCursorKind(def) != CXCursor_MacroDefinition) return false;
  CXToken *toks;
  unsigned n;
  clang_tokenize(tu, clang_getCursorExtent(def), &toks, &n);
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
