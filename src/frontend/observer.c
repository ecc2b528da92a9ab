/* Prints and snapshots in the time loop (observer.h). */
#include "observer.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "cursor.h"

static const char *const HINT_OBSERVER =
    "in the time loop, beside the sweep, stencilc takes prints and snapshots that change "
    "nothing: if (t % 100 == 0) printf(\"%d %g\\n\", t, u[n / 2][n / 2]); or a call of a "
    "function taking the grid as const float *; compute anything else outside the time loop";

static enum CXCursorKind kind(CXCursor c) { return clang_getCursorKind(c); }

typedef struct {
  const char *path;
  CXCursor loop;
  const char *tvar;
  const char *residual; /* a convergence loop's residual variable, or NULL */
  Refusal *why;
  bool in_cond;        /* reading the if's condition: no grid, no call */
  bool reads_residual; /* an argument reads the residual */
} Reader;

__attribute__((format(printf, 3, 4))) static int refuse(Reader *r, CXCursor at, const char *fmt,
                                                        ...) {
  if (r->why->set) return -1;
  r->why->set = true;
  r->why->loc = cur_loc(r->path, at);
  r->why->hint = HINT_OBSERVER;
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(r->why->msg, sizeof r->why->msg, fmt, ap);
  va_end(ap);
  return -1;
}

static bool inside(CXCursor inner, CXCursor outer) {
  unsigned ib, ie, ob, oe;
  cur_extent(inner, &ib, &ie);
  cur_extent(outer, &ob, &oe);
  return ib >= ob && ie <= oe;
}

/* The library functions that only write to a stream (fwrite reads its buffer). */
static bool stream_output(const char *fn) {
  static const char *const names[] = {"printf", "fprintf", "puts",  "fputs", "putchar",
                                      "fputc",  "putc",    "fflush", "fwrite"};
  for (size_t i = 0; i < sizeof names / sizeof *names; i++)
    if (!strcmp(fn, names[i])) return true;
  return false;
}

/* Whether s is calls only, or an if around calls. */
static bool calls_only(CXCursor s) {
  CXCursor kids[CUR_MAX_CHILDREN];
  s = cur_strip(s);
  int n = cur_children(s, kids, CUR_MAX_CHILDREN);
  switch (kind(s)) {
  case CXCursor_CallExpr: return true;
  case CXCursor_IfStmt: return n >= 2 && calls_only(kids[1]);
  case CXCursor_CompoundStmt:
    if (n < 1 || n > CUR_MAX_CHILDREN) return false;
    for (int i = 0; i < n; i++)
      if (!calls_only(kids[i])) return false;
    return true;
  default: return false;
  }
}

/* Whether a type is a pointer to const elements (const float *, const float (*)[n]) or to a
 * FILE (a stream the call writes to, which the stencil never reads). */
static bool harmless_pointer(CXType t) {
  CXType pointee = clang_getPointeeType(t);
  CXString s = clang_getTypeSpelling(pointee);
  bool file = strstr(clang_getCString(s), "FILE") != NULL;
  clang_disposeString(s);
  while (clang_getCanonicalType(pointee).kind == CXType_ConstantArray ||
         clang_getCanonicalType(pointee).kind == CXType_VariableArray ||
         clang_getCanonicalType(pointee).kind == CXType_IncompleteArray)
    pointee = clang_getArrayElementType(clang_getCanonicalType(pointee));
  return file || clang_isConstQualifiedType(pointee);
}

static int read_expr(Reader *r, CXCursor c);

static enum CXChildVisitResult visit_expr(CXCursor c, CXCursor parent, CXClientData data) {
  (void)parent;
  return read_expr(data, c) ? CXChildVisit_Break : CXChildVisit_Continue;
}

/* Whether the lvalue c (a variable, its element, a dereference) is a global's. */
static bool global_lvalue(CXCursor c) {
  CXCursor kids[2];
  c = cur_strip(c);
  while ((kind(c) == CXCursor_ArraySubscriptExpr || kind(c) == CXCursor_UnaryOperator ||
          kind(c) == CXCursor_ParenExpr) && cur_children(c, kids, 2) >= 1)
    c = cur_strip(kids[0]);
  CXCursor decl = clang_getCursorReferenced(c);
  return kind(c) == CXCursor_DeclRefExpr && kind(decl) == CXCursor_VarDecl &&
         (kind(clang_getCursorSemanticParent(decl)) == CXCursor_TranslationUnit ||
          clang_Cursor_getStorageClass(decl) == CX_SC_Static);
}

typedef struct {
  CXCursor at;   /* the first write of a global, or null */
  int depth;     /* calls followed */
} GlobalWrites;

static void global_writes(CXCursor body, GlobalWrites *g);

static enum CXChildVisitResult visit_writes(CXCursor c, CXCursor parent, CXClientData data) {
  (void)parent;
  GlobalWrites *g = data;
  CXCursor kids[2];
  char op[4];
  bool prefix;
  CXTranslationUnit tu = clang_Cursor_getTranslationUnit(c);
  bool write = kind(c) == CXCursor_CompoundAssignOperator ||
               cur_is_assignment(c, kids) ||
               (kind(c) == CXCursor_UnaryOperator && cur_unary_op(tu, c, op, &prefix) &&
                (!strcmp(op, "++") || !strcmp(op, "--") || !strcmp(op, "&")));
  if (write && cur_children(c, kids, 2) >= 1 && global_lvalue(kids[0])) {
    g->at = c;
    return CXChildVisit_Break;
  }
  CXCursor def = clang_getCursorDefinition(clang_getCursorReferenced(c));
  if (kind(c) == CXCursor_CallExpr && kind(def) == CXCursor_FunctionDecl && g->depth < 4) {
    g->depth++;
    global_writes(def, g);
    g->depth--;
    if (!clang_Cursor_isNull(g->at)) return CXChildVisit_Break;
  }
  return CXChildVisit_Recurse;
}

/* The first write of a global variable (or a static) in body, through the calls of functions
 * defined in the file, into g->at. */
static void global_writes(CXCursor body, GlobalWrites *g) {
  clang_visitChildren(body, visit_writes, g);
}

/* The call c: a stream output, or a function taking its pointers as const and writing no
 * global (when its body is in the file). */
static int read_call(Reader *r, CXCursor c) {
  char fn[IR_NAME_MAX];
  cur_name(c, fn);
  CXCursor def = clang_getCursorReferenced(c);
  if (r->in_cond) return refuse(r, c, "a call to '%s' in the condition of a print in the time loop", fn);
  if (kind(def) != CXCursor_FunctionDecl)
    return refuse(r, c, "a call through '%s' in the time loop, which may change the grids", fn);
  GlobalWrites g = {clang_getNullCursor(), 0};
  CXCursor body = clang_getCursorDefinition(def);
  if (!stream_output(fn) && !clang_Cursor_isNull(body)) global_writes(body, &g);
  if (!clang_Cursor_isNull(g.at)) {
    SrcLoc w = cur_loc(r->path, g.at);
    return refuse(r, c, "'%s', called in the time loop, writes a global variable (line %u), which "
                  "may change the grids", fn, w.line);
  }
  int nargs = clang_Cursor_getNumArguments(c), nparams = clang_Cursor_getNumArguments(def);
  for (int a = 0; a < nargs; a++) {
    CXCursor arg = clang_Cursor_getArgument(c, (unsigned)a);
    CXType at = clang_getCanonicalType(clang_getCursorType(arg));
    if (!stream_output(fn) && at.kind == CXType_Pointer) {
      CXType pt = a < nparams ? clang_getCursorType(clang_Cursor_getArgument(def, (unsigned)a))
                              : clang_getCursorType(arg);
      if (!harmless_pointer(clang_getCanonicalType(pt)) && !harmless_pointer(pt)) {
        CXString ts = clang_getTypeSpelling(pt);
        int rc = refuse(r, arg, "the call to '%s' in the time loop passes a pointer to a %s "
                        "parameter, which may change the grids (declare it const)",
                        fn, clang_getCString(ts));
        clang_disposeString(ts);
        return rc;
      }
    }
    if (read_expr(r, arg)) return -1;
  }
  return 0;
}

/* A variable that expression reads: declared before the time loop, and changed by the loop only
 * if it is the counter or a pointer (a grid the loop swaps). */
static int read_ref(Reader *r, CXCursor c) {
  CXCursor decl = clang_getCursorReferenced(c);
  if (kind(decl) != CXCursor_VarDecl && kind(decl) != CXCursor_ParmDecl) return 0;
  char name[IR_NAME_MAX];
  cur_name(decl, name);
  bool counter = !strcmp(name, r->tvar);
  CXType t = clang_getCanonicalType(clang_getCursorType(decl));
  /* a convergence loop's residual, printed as the loop goes (rewrite sets it after each chunk
   * of the library's steps); a condition on it would need the residual of steps not made yet */
  if (r->residual && !strcmp(name, r->residual)) {
    if (r->in_cond)
      return refuse(r, c, "a print in the time loop runs under a condition on the residual '%s'",
                    name);
    r->reads_residual = true;
    return 0;
  }
  /* the arguments may read the grids' pointers the loop swaps (rewrite keeps them current); a
   * condition reads no cell (read_expr) and no variable the loop changes */
  if (!counter && inside(decl, r->loop))
    return refuse(r, c, "a print in the time loop reads '%s', which the time loop declares", name);
  if (!counter && !(t.kind == CXType_Pointer && !r->in_cond) && cur_writes(r->loop, decl) > 0)
    return refuse(r, c, "a print in the time loop reads '%s', which the time loop changes", name);
  return 0;
}

/* Expression c, which must change nothing. */
static int read_expr(Reader *r, CXCursor c) {
  CXCursor kids[2];
  char op[4];
  bool prefix;
  switch (kind(c)) {
  case CXCursor_CallExpr: return read_call(r, c);
  case CXCursor_DeclRefExpr: return read_ref(r, c);
  case CXCursor_CompoundAssignOperator:
    return refuse(r, c, "an assignment in a print in the time loop");
  case CXCursor_BinaryOperator:
    if (cur_is_assignment(c, kids))
      return refuse(r, c, "an assignment in a print in the time loop");
    break;
  case CXCursor_UnaryOperator:
    if (cur_unary_op(clang_Cursor_getTranslationUnit(c), c, op, &prefix) &&
        (!strcmp(op, "++") || !strcmp(op, "--")))
      return refuse(r, c, "'%s' in a print in the time loop changes a variable", op);
    if (r->in_cond && !strcmp(op, "*"))
      return refuse(r, c, "the condition of a print in the time loop reads through a pointer");
    break;
  case CXCursor_ArraySubscriptExpr:
    if (r->in_cond)
      return refuse(r, c, "the condition of a print in the time loop reads a grid cell (an array element)");
    break;
  case CXCursor_MemberRefExpr:
  case CXCursor_StmtExpr:
    return refuse(r, c, "a print in the time loop reads a form stencilc does not check");
  default: break;
  }
  Refusal *why = r->why;
  clang_visitChildren(c, visit_expr, r);
  return why->set ? -1 : 0;
}

/* The statements of the if's body, calls only (calls_only). */
static int read_body(Reader *r, CXCursor s) {
  CXCursor kids[CUR_MAX_CHILDREN];
  s = cur_strip(s);
  if (kind(s) == CXCursor_CallExpr) return read_call(r, s);
  int n = cur_children(s, kids, CUR_MAX_CHILDREN);
  for (int i = 0; i < n; i++)
    if (read_body(r, kids[i])) return -1;
  return 0;
}

static bool copies_memory(CXCursor s) {
  char fn[IR_NAME_MAX];
  cur_name(cur_strip(s), fn);
  return kind(cur_strip(s)) == CXCursor_CallExpr && (!strcmp(fn, "memcpy") || !strcmp(fn, "memmove"));
}

int observer_read(const char *path, CXCursor loop, const char *tvar, const char *residual,
                  CXCursor s, IrObserver *o, Refusal *why) {
  if (!calls_only(s) || copies_memory(s)) return 0;
  Reader r = {path, loop, tvar, residual, why, false, false};
  CXCursor kids[3], body = s;
  memset(o, 0, sizeof *o);
  if (kind(s) == CXCursor_IfStmt) {
    int n = cur_children(s, kids, 3);
    if (n != 2)
      return refuse(&r, s, "a print in the time loop under an if with an else, or a declaration "
                           "in its condition");
    r.in_cond = true;
    if (read_expr(&r, kids[0])) return -1;
    r.in_cond = false;
    cur_extent(kids[0], &o->cond_begin, &o->cond_end);
    body = kids[1];
  }
  if (read_body(&r, body)) return -1;
  o->residual = r.reads_residual;
  cur_extent(s, &o->begin, &o->end);
  cur_extent(body, &o->body_begin, &o->body_end);
  SrcLoc at = cur_loc(path, s);
  o->line = at.line;
  o->col = at.col;
  return 1;
}

void observer_time_type(CXCursor loop, const char *tvar, IrObservers *obs) {
  CXCursor kids[4], vars[CUR_MAX_CHILDREN];
  obs->time_type[0] = 0;
  if (kind(loop) != CXCursor_ForStmt || cur_children(loop, kids, 4) < 1 ||
      kind(kids[0]) != CXCursor_DeclStmt)
    return;
  int n = cur_children(kids[0], vars, CUR_MAX_CHILDREN);
  for (int i = 0; i < n && i < CUR_MAX_CHILDREN; i++) {
    char name[IR_NAME_MAX];
    cur_name(vars[i], name);
    if (strcmp(name, tvar)) continue;
    CXString t = clang_getTypeSpelling(clang_getCursorType(vars[i]));
    snprintf(obs->time_type, sizeof obs->time_type, "%s", clang_getCString(t));
    clang_disposeString(t);
  }
}

void observer_to_file(const Inlined *in, IrObservers *obs) {
  for (int i = 0; i < obs->n; i++) {
    IrObserver *o = &obs->at[i];
    unsigned *at[] = {&o->begin, &o->end, &o->cond_begin, &o->cond_end, &o->body_begin, &o->body_end};
    for (size_t k = 0; k < sizeof at / sizeof *at; k++) *at[k] = inline_offset(in, *at[k]);
  }
}
