/* Index macros (StencilProbe's Index3D(nx, ny, i, j, k), IDX(i, j)): libclang 14 shows neither an
 * operator's kind nor where a macro body's tokens are, so the operators of
 *   #define Index3D(_nx, _ny, _i, _j, _k) ((_i) + _nx * ((_j) + _ny * (_k)))
 * cannot be read from the file. Instead clang itself expands the use: a small file that includes
 * the input stringifies the use (its text, with every macro expanded), and a second one parses
 * that text as the body of a function whose parameters are the variables the index names, where
 * every operator is a token again. Two parses per macro use in an index: only for these. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "parser.h"

enum { MAX_USE_TEXT = 2048, MAX_EXPANDED = 8192, MAX_NAMES = 16 };

static const char *const HINT_MACRO =
    "write the index out (a[(k * ny + j) * nx + i]), or as one use of an index macro";

/* The macro expansion spanning exactly bytes [b, e] (ctx: unsigned[2]). */
static bool is_use(CXCursor c, void *ctx) {
  const unsigned *span = ctx;
  unsigned b, e;
  if (kind(c) != CXCursor_MacroExpansion) return false;
  cur_extent(c, &b, &e);
  return b == span[0] && e == span[1];
}

typedef struct {
  char name[MAX_NAMES][IR_NAME_MAX];
  int n;
  bool overflow;
} Names;

/* The local variables and parameters an expression names: the parameters of the function that
 * reads the expansion again (globals, enumerators and macros keep their meaning there). */
static enum CXChildVisitResult find_locals(CXCursor c, CXCursor parent, CXClientData data) {
  (void)parent;
  Names *n = data;
  if (kind(c) != CXCursor_DeclRefExpr) return CXChildVisit_Recurse;
  CXCursor ref = clang_getCursorReferenced(c);
  bool local = kind(ref) == CXCursor_ParmDecl ||
               (kind(ref) == CXCursor_VarDecl &&
                kind(clang_getCursorSemanticParent(ref)) == CXCursor_FunctionDecl);
  const char *name = cur_ref_name(c);
  if (!local || !name) return CXChildVisit_Continue;
  for (int i = 0; i < n->n; i++)
    if (!strcmp(n->name[i], name)) return CXChildVisit_Continue;
  if (n->n == MAX_NAMES) {
    n->overflow = true;
    return CXChildVisit_Break;
  }
  snprintf(n->name[n->n++], IR_NAME_MAX, "%s", name);
  return CXChildVisit_Continue;
}

/* Parses text as the file `name` beside the input (so that it can include the input). */
static CXTranslationUnit parse_text(Parser *p, const char *name, const char *text) {
  struct CXUnsavedFile files[2] = {{name, text, (unsigned long)strlen(text)}};
  int n = 1;
  if (p->in->unsaved) files[n++] = *p->in->unsaved;
  CXTranslationUnit tu = NULL;
  if (clang_parseTranslationUnit2(p->in->index, name, p->in->args, p->in->nargs, files,
                                  (unsigned)n, CXTranslationUnit_None, &tu) != CXError_Success)
    return NULL;
  for (unsigned i = 0; tu && i < clang_getNumDiagnostics(tu); i++) {
    CXDiagnostic d = clang_getDiagnostic(tu, i);
    bool err = clang_getDiagnosticSeverity(d) >= CXDiagnostic_Error;
    clang_disposeDiagnostic(d);
    if (err) {
      clang_disposeTranslationUnit(tu);
      return NULL;
    }
  }
  return tu;
}

/* A declaration of the main file named ctx. */
static bool is_decl(CXCursor c, void *name) {
  char n[IR_NAME_MAX];
  cur_name(c, n);
  return clang_Location_isFromMainFile(clang_getCursorLocation(c)) && !strcmp(n, name);
}

static CXCursor top_decl(CXTranslationUnit tu, const char *name) {
  return cur_find(clang_getTranslationUnitCursor(tu), false, is_decl, (void *)name);
}

/* The expansion of the macro use `use` as text, through clang's stringification. */
static bool expand_use(Parser *p, const char *file, const char *include, const char *use,
                       char *out, size_t size) {
  char *text = malloc(MAX_USE_TEXT + 512);
  if (!text) return false;
  snprintf(text, MAX_USE_TEXT + 512,
           "#include \"%s\"\n#define STENCILC_STR_(...) #__VA_ARGS__\n"
           "#define STENCILC_STR(...) STENCILC_STR_(__VA_ARGS__)\n"
           "static const char *stencilc_expansion = STENCILC_STR(%s);\n",
           include, use);
  CXTranslationUnit tu = parse_text(p, file, text);
  free(text);
  bool ok = false;
  if (tu) {
    CXCursor init = clang_Cursor_getVarDeclInitializer(top_decl(tu, "stencilc_expansion"));
    CXEvalResult r = clang_Cursor_isNull(init) ? NULL : clang_Cursor_Evaluate(init);
    if (r && clang_EvalResult_getKind(r) == CXEval_StrLiteral) {
      const char *s = clang_EvalResult_getAsStr(r);
      ok = s && strlen(s) < size;
      if (ok) snprintf(out, size, "%s", s);
    }
    if (r) clang_EvalResult_dispose(r);
    clang_disposeTranslationUnit(tu);
  }
  return ok;
}

/* Reads `expanded` as the return value of a function of the local names, into out. */
static int read_expansion(Parser *p, CXCursor c, const char *file, const char *include,
                          const Names *names, const char *expanded, Poly *out) {
  size_t size = strlen(expanded) + (size_t)names->n * (IR_NAME_MAX + 8) + 256;
  char *text = malloc(size);
  if (!text) return fail(p, c, HINT_MACRO, "out of memory reading an index macro");
  int n = snprintf(text, size, "#include \"%s\"\nlong stencilc_index(", include);
  for (int i = 0; i < names->n; i++)
    n += snprintf(text + n, size - (size_t)n, "%slong %s", i ? ", " : "", names->name[i]);
  snprintf(text + n, size - (size_t)n, "%s) { return (%s); }\n", names->n ? "" : "void", expanded);
  CXTranslationUnit tu = parse_text(p, file, text);
  free(text);
  if (!tu) return fail(p, c, HINT_MACRO, "clang cannot read the expansion of this index macro");
  CXCursor kids[MAX_NAMES + 2], body, ret, expr;
  int nk = cur_children(top_decl(tu, "stencilc_index"), kids, MAX_NAMES + 2);
  int rc = -1;
  if (nk >= 1 && nk <= MAX_NAMES + 2 && kind(kids[nk - 1]) == CXCursor_CompoundStmt &&
      cur_children(kids[nk - 1], &body, 1) == 1 && kind(body) == CXCursor_ReturnStmt &&
      cur_children(body, &ret, 1) == 1) {
    expr = ret;
    CXTranslationUnit saved = p->tu;
    p->tu = tu;
    rc = poly_of(p, expr, out);
    p->tu = saved;
    if (rc) p->why.loc = cur_loc(p->path, c); /* a refusal there is reported at the use here */
  } else {
    rc = fail(p, c, HINT_MACRO, "clang cannot read the expansion of this index macro");
  }
  cur_forget(tu);
  clang_disposeTranslationUnit(tu);
  return rc;
}

/* An accessor macro's expansion, name[index] (#define U(i, j) u[(i) * (nx + 2) + (j)]): its use
 * spans the whole access, so the index is the text between the brackets, moved to the start of
 * `expanded`. Returns 1 then, 2 for an access of several subscripts (name[x][y], which subscript
 * the cursor is cannot be told from the text), 0 for any other expansion (left as it is). */
static int accessor_index(char *expanded) {
  char *open = strchr(expanded, '['), *end = expanded + strlen(expanded);
  while (end > expanded && end[-1] == ' ') end--;
  if (!open || end == expanded || end[-1] != ']') return 0;
  for (const char *q = expanded; q < open; q++)
    if (!(*q == '_' || *q == ' ' || (*q >= '0' && *q <= '9') || (*q >= 'a' && *q <= 'z') ||
          (*q >= 'A' && *q <= 'Z')))
      return 0;
  int depth = 0;
  for (const char *q = open; q < end - 1; q++) {
    depth += (*q == '[') - (*q == ']');
    if (depth == 0) return 2; /* the first subscript closes before the end */
  }
  size_t len = (size_t)(end - 1 - (open + 1));
  memmove(expanded, open + 1, len);
  expanded[len] = 0;
  return 1;
}

int expanded_poly(Parser *p, CXCursor c, Poly *out) {
  static const char *const what = "the index's operators come from a macro";
  if (p->expanding || !p->in)
    return fail(p, c, HINT_MACRO, "%s that stencilc cannot read", what);
  unsigned span[2];
  cur_extent(c, &span[0], &span[1]);
  unsigned b = span[0], e = span[1];
  bool used = !clang_Cursor_isNull(cur_find(clang_getTranslationUnitCursor(p->tu), false, is_use, span));
  Names names = {.n = 0};
  clang_visitChildren(c, find_locals, &names);
  if (!used || names.overflow)
    return fail(p, c, HINT_MACRO, "%s, and the expression is not one use of it", what);
  CXFile f = clang_getFile(p->tu, p->path);
  size_t size;
  const char *src = f ? clang_getFileContents(p->tu, f, &size) : NULL;
  if (!src || e > size || e - b >= MAX_USE_TEXT)
    return fail(p, c, HINT_MACRO, "%s whose use stencilc cannot read", what);
  /* the helper files sit beside the input, so that "#include <its name>" finds it */
  const char *slash = strrchr(p->path, '/');
  const char *include = slash ? slash + 1 : p->path;
  char file[4096], use[MAX_USE_TEXT], *expanded = malloc(MAX_EXPANDED);
  snprintf(file, sizeof file, "%.*sstencilc-expansion.c", slash ? (int)(slash - p->path + 1) : 0,
           p->path);
  snprintf(use, sizeof use, "%.*s", (int)(e - b), src + b);
  int rc;
  p->expanding = true;
  if (!expanded || !expand_use(p, file, include, use, expanded, MAX_EXPANDED))
    rc = fail(p, c, HINT_MACRO, "%s, and clang cannot expand it here", what);
  else if (accessor_index(expanded) == 2)
    rc = fail(p, c,
              "write the subscripts out (b[i + 1][j + 1]), or let the macro index a flat array: "
              "#define B(i, j) b[(i) * ld + (j)]",
              "the macro '%s' expands to an access of several subscripts with arithmetic in them "
              "(%s), which stencilc cannot read", use, expanded);
  else
    rc = read_expansion(p, c, file, include, &names, expanded, out);
  p->expanding = false;
  free(expanded);
  return rc;
}
