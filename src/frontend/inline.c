/* Expansion of calls to functions defined in the file (see inline.h). */
#include "inline.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cursor.h"

enum {
  MAX_PARAMS = 32,     /* parameters of a callee (hotspot's single_iteration has 9) */
  MAX_LOCALS = 64,     /* locals of a sweep callee, names its call's arguments read */
};

static const char *const HINT_HELPER =
    "define the function in this file, as a helper whose body is `return <expression>;` "
    "(static inline double lap(const double *u, int i, int j, int n) { return ...; }), or as a "
    "void function holding the sweep's loop nest, called as a statement in the time loop "
    "(step(a, b, n);)";

typedef struct {
  CXTranslationUnit tu;
  const char *path;
  Inlined *out;
  size_t cap, copied; /* of out->text; bytes of the file copied into it so far */
  int pcap, ecap;
  int rc;             /* 1 once a call is expanded, 2 after a diagnostic */
  CXCursor blanked[MAX_PARAMS];
  int nblanked;
  CXCursor caller; /* the function whose calls are being expanded */
} Job;

static enum CXCursorKind kind(CXCursor c) { return clang_getCursorKind(c); }

static void grow(void **p, int *cap, int n, size_t size) {
  if (n < *cap) return;
  *cap = *cap ? 2 * *cap : 64;
  *p = realloc(*p, (size_t)*cap * size);
  if (!*p) exit(3);
}

static void put(Job *j, const char *s, size_t n, unsigned orig) {
  Inlined *o = j->out;
  while (o->len + n + 1 > j->cap) {
    j->cap = j->cap ? 2 * j->cap : 4096;
    o->text = realloc(o->text, j->cap);
    if (!o->text) exit(3);
  }
  if (orig != ~0u) {
    grow((void **)&o->pieces, &j->pcap, o->npieces, sizeof *o->pieces);
    o->pieces[o->npieces++] = (InlinePiece){(unsigned)o->len, orig};
  }
  memcpy(o->text + o->len, s, n);
  o->len += n;
  o->text[o->len] = 0;
}

/* Copies the file up to byte `to` unchanged. */
static void copy_to(Job *j, unsigned to) {
  if (to > j->copied) put(j, j->out->orig + j->copied, to - j->copied, ~0u);
  j->copied = to;
}

__attribute__((format(printf, 4, 5))) static int refuse(Job *j, CXCursor at, const char *hint,
                                                        const char *fmt, ...) {
  char msg[512];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(msg, sizeof msg, fmt, ap);
  va_end(ap);
  diag_error(cur_loc(j->path, at), hint, "%s", msg);
  j->rc = 2;
  return -1;
}

static unsigned token_offset(CXTranslationUnit tu, CXToken t, unsigned *line) {
  unsigned off;
  clang_getSpellingLocation(clang_getTokenLocation(tu, t), NULL, line, NULL, &off);
  return off;
}

static CXSourceRange file_range(CXTranslationUnit tu, const char *path, unsigned b, unsigned e) {
  CXFile f = clang_getFile(tu, path);
  return clang_getRange(clang_getLocationForOffset(tu, f, b), clang_getLocationForOffset(tu, f, e));
}

/* Whether the macro used at token t names one of def's parameters in its definition (expanded at
 * the call, that name would be the caller's). */
static bool macro_names_param(Job *j, CXToken t, CXCursor def, int nparams) {
  CXCursor use = clang_getCursor(j->tu, clang_getTokenLocation(j->tu, t));
  if (kind(use) != CXCursor_MacroExpansion) return false;
  CXCursor m = clang_getCursorReferenced(use);
  if (clang_Cursor_isNull(m)) return false;
  CXToken *toks;
  unsigned n;
  clang_tokenize(j->tu, clang_getCursorExtent(m), &toks, &n);
  bool found = false;
  for (unsigned i = 1; i < n && !found; i++) {
    CXString s = clang_getTokenSpelling(j->tu, toks[i]);
    for (int p = 0; p < nparams && !found; p++) {
      char name[IR_NAME_MAX];
      cur_name(clang_Cursor_getArgument(def, (unsigned)p), name);
      found = !strcmp(name, clang_getCString(s));
    }
    clang_disposeString(s);
  }
  clang_disposeTokens(j->tu, toks, n);
  return found;
}

/* Appends the tokens of cursor c's text, one blank between them; in parentheses unless it is
 * one token or `bare`. */
static void put_cursor(Job *j, CXCursor c, bool bare) {
  unsigned ab, ae, line;
  cur_extent(c, &ab, &ae);
  CXToken *at;
  unsigned na;
  clang_tokenize(j->tu, file_range(j->tu, j->path, ab, ae), &at, &na);
  bool paren = na != 1 && !bare;
  if (paren) put(j, "(", 1, ab);
  for (unsigned a = 0; a < na; a++) {
    unsigned aoff = token_offset(j->tu, at[a], &line);
    if (aoff >= ae) continue;
    CXString as = clang_getTokenSpelling(j->tu, at[a]);
    if (a) put(j, " ", 1, ~0u);
    put(j, clang_getCString(as), strlen(clang_getCString(as)), aoff);
    clang_disposeString(as);
  }
  if (paren) put(j, ")", 1, ae);
  clang_disposeTokens(j->tu, at, na);
}

/* An argument that points into a flat array, &a[(i - 1) * nx] or a + i * nx (a row passed to a
 * function sweeping it): true with the array's name and the offset. */
static bool row_argument(Job *j, CXCursor arg, CXCursor *array, CXCursor *offset) {
  CXCursor kids[2];
  char op[4];
  bool prefix;
  arg = cur_strip(arg);
  if (kind(arg) == CXCursor_UnaryOperator && cur_unary_op(j->tu, arg, op, &prefix) &&
      !strcmp(op, "&") && cur_children(arg, kids, 1) == 1 &&
      kind(cur_strip(kids[0])) == CXCursor_ArraySubscriptExpr)
    arg = cur_strip(kids[0]);
  else if (!(kind(arg) == CXCursor_BinaryOperator && cur_binary_op(j->tu, arg, op) &&
             !strcmp(op, "+")))
    return false;
  if (cur_children(arg, kids, 2) != 2 || kind(cur_strip(kids[0])) != CXCursor_DeclRefExpr ||
      clang_getCanonicalType(clang_getCursorType(cur_strip(kids[0]))).kind != CXType_Pointer)
    return false;
  *array = cur_strip(kids[0]);
  *offset = kids[1];
  return true;
}

/* Appends the tokens of the file's bytes [b, e), one blank between them (no line breaks, no
 * comments, no preprocessor lines); a token naming parameter k of def becomes args[k]'s tokens,
 * in parentheses unless it is one token. A parameter bound to a row of a flat array
 * (row_argument) and subscripted, out[j] with out = &b[i * nx], becomes that array's element,
 * b[(i * nx) + j], which the stencil's reader takes as any flat index. */
static int put_tokens(Job *j, CXCursor def, const CXCursor *args, int nparams, unsigned b,
                      unsigned e) {
  CXToken *toks;
  unsigned n, prev_line = 0, skip_line = 0;
  clang_tokenize(j->tu, file_range(j->tu, j->path, b, e), &toks, &n);
  CXCursor *cur = malloc((n + 1) * sizeof *cur);
  if (!cur) exit(3);
  clang_annotateTokens(j->tu, toks, n, cur);
  int rc = 0;
  for (unsigned i = 0; i < n && rc == 0; i++) {
    unsigned line, off = token_offset(j->tu, toks[i], &line);
    if (off < b || off >= e || clang_getTokenKind(toks[i]) == CXToken_Comment) continue;
    CXString s = clang_getTokenSpelling(j->tu, toks[i]);
    const char *sp = clang_getCString(s);
    bool first = line != prev_line;
    prev_line = line;
    if (first && !strcmp(sp, "#")) skip_line = line; /* #pragma omp ... */
    if (line == skip_line) {
      clang_disposeString(s);
      continue;
    }
    int k = -1;
    if (clang_getTokenKind(toks[i]) == CXToken_Identifier &&
        macro_names_param(j, toks[i], def, nparams)) {
      char fn[IR_NAME_MAX];
      cur_name(def, fn);
      rc = refuse(j, clang_getCursor(j->tu, clang_getTokenLocation(j->tu, toks[i])),
                  "name the parameters in the function's body itself, or pass them to the macro",
                  "the macro '%s' in '%s' names a parameter of '%s' in its definition: "
                  "stencilc cannot bind it to the call's argument", sp, fn, fn);
    }
    if (rc == 0 && clang_getTokenKind(toks[i]) == CXToken_Identifier)
      for (int p = 0; p < nparams && k < 0; p++) {
        CXCursor parm = clang_Cursor_getArgument(def, (unsigned)p);
        char name[IR_NAME_MAX];
        cur_name(parm, name);
        if (strcmp(name, sp)) continue;
        if (kind(cur[i]) != CXCursor_DeclRefExpr ||
            !clang_equalCursors(clang_getCursorReferenced(cur[i]), parm)) {
          CXCursor at = clang_getCursor(j->tu, clang_getTokenLocation(j->tu, toks[i]));
          rc = refuse(j, at, "name the parameter outside macros in the body of the function",
                      "stencilc cannot bind the parameter '%s' here (inside a macro use) to "
                      "the call's argument", name);
        }
        k = p;
      }
    if (rc == 0 && k >= 0) {
      static const char *const writes[] = {"=", "+=", "-=", "*=", "/=", "++", "--"};
      CXString next = clang_getTokenSpelling(j->tu, toks[i + 1 < n ? i + 1 : i]);
      CXString prev = clang_getTokenSpelling(j->tu, toks[i ? i - 1 : i]);
      bool written = false;
      for (size_t w = 0; w < sizeof writes / sizeof *writes; w++)
        written |= (i + 1 < n && !strcmp(clang_getCString(next), writes[w])) ||
                   (i && w >= 5 && !strcmp(clang_getCString(prev), writes[w]));
      clang_disposeString(next);
      clang_disposeString(prev);
      char fn[IR_NAME_MAX];
      cur_name(def, fn);
      if (written)
        rc = refuse(j, cur[i], "assign a local copy instead, or write the loop in the caller",
                    "'%s' assigns its parameter '%s': stencilc expands a call by binding each "
                    "parameter to its argument", fn, sp);
      CXCursor array, offset;
      CXString after = clang_getTokenSpelling(j->tu, toks[i + 1 < n ? i + 1 : i]);
      bool subscripted = i + 1 < n && !strcmp(clang_getCString(after), "[");
      clang_disposeString(after);
      if (subscripted && row_argument(j, args[k], &array, &offset)) {
        put_cursor(j, array, true);
        put(j, "[", 1, off);
        put_cursor(j, offset, false);
        put(j, " +", 2, ~0u);
        i++; /* the parameter's [ */
      } else {
        put_cursor(j, args[k], false);
      }
    } else if (rc == 0) {
      put(j, sp, strlen(sp), off);
    }
    put(j, " ", 1, ~0u);
    clang_disposeString(s);
  }
  free(cur);
  clang_disposeTokens(j->tu, toks, n);
  return rc;
}

/* ---- the callee ---- */

static bool calls_itself(CXCursor c, void *def) {
  if (kind(c) != CXCursor_CallExpr) return false;
  CXCursor d = clang_getCursorDefinition(clang_getCursorReferenced(c));
  return clang_equalCursors(d, *(CXCursor *)def);
}

static CXCursor body_of(CXCursor def) {
  CXCursor kids[MAX_PARAMS + 2];
  int n = cur_children(def, kids, MAX_PARAMS + 2);
  if (n >= 1 && n <= MAX_PARAMS + 2 && kind(kids[n - 1]) == CXCursor_CompoundStmt)
    return kids[n - 1];
  return clang_getNullCursor();
}

/* The expression of a body `{ return expr; }`, or a null cursor. */
static CXCursor returned(CXCursor body) {
  CXCursor s, e;
  if (cur_children(body, &s, 1) == 1 && kind(s) == CXCursor_ReturnStmt &&
      cur_children(s, &e, 1) == 1)
    return e;
  return clang_getNullCursor();
}

static bool is_for(CXCursor c, void *ctx) {
  (void)ctx;
  return kind(c) == CXCursor_ForStmt;
}

/* The callee defined in the main file that the call c can be expanded from, or a null cursor. */
static CXCursor callee(CXCursor c) {
  CXCursor def = clang_getCursorDefinition(clang_getCursorReferenced(c));
  if (clang_Cursor_isNull(def) || !cur_main_function(def) || clang_Cursor_isVariadic(def) ||
      clang_Cursor_getNumArguments(def) != clang_Cursor_getNumArguments(c) ||
      clang_Cursor_getNumArguments(def) > MAX_PARAMS || clang_Cursor_isNull(body_of(def)) ||
      !clang_Cursor_isNull(cur_find(def, true, calls_itself, &def)))
    return clang_getNullCursor();
  return def;
}

bool inline_refusal(CXCursor c, char *msg, size_t size, const char **hint) {
  CXCursor decl = clang_getCursorReferenced(c);
  if (clang_Cursor_isNull(decl) || !clang_Location_isFromMainFile(clang_getCursorLocation(decl)))
    return false;
  char name[IR_NAME_MAX];
  cur_name(decl, name);
  CXCursor def = clang_getCursorDefinition(decl);
  *hint = HINT_HELPER;
  if (clang_Cursor_isNull(def)) {
    snprintf(msg, size, "call to '%s', which is not defined in this file: stencilc expands only "
                        "calls to functions the file defines", name);
  } else if (!clang_Cursor_isNull(cur_find(def, true, calls_itself, &def))) {
    snprintf(msg, size, "call to '%s', which calls itself: a recursive function cannot be "
                        "expanded into the stencil", name);
    *hint = "write the update without recursion: a helper whose body is `return <expression>;` "
            "over its parameters";
  } else if (!clang_Cursor_isNull(returned(body_of(def)))) {
    snprintf(msg, size, "call to '%s' in the body of a function whose call was expanded: "
                        "stencilc expands one level of calls", name);
    *hint = "call the helper from the loop itself, or write its expression in the function";
  } else {
    snprintf(msg, size, "call to '%s', whose body is not `return <expression>;` (nor a loop "
                        "nest called as a statement in the time loop)", name);
  }
  return true;
}

/* ---- the calls ---- */

typedef struct {
  enum CXCursorKind what; /* the declarations (VarDecl) or the references (DeclRefExpr) */
  char name[MAX_LOCALS][IR_NAME_MAX];
  int n;
} Names;

static enum CXChildVisitResult collect(CXCursor c, CXCursor parent, CXClientData data) {
  (void)parent;
  Names *n = data;
  if (kind(c) == n->what && n->n < MAX_LOCALS) cur_name(c, n->name[n->n++]);
  return CXChildVisit_Recurse;
}

/* A sweep callee: a void function whose body holds only loops, after declarations (int i, j,
 * k;); its locals must not hide a name the arguments read. */
static int sweep_callee(Job *j, CXCursor call, CXCursor def, CXCursor body) {
  CXCursor s[CUR_MAX_CHILDREN];
  char fn[IR_NAME_MAX];
  cur_name(def, fn);
  int n = cur_children(body, s, CUR_MAX_CHILDREN);
  if (n < 1 || n > CUR_MAX_CHILDREN) return 0;
  bool loops = false; /* declarations (int i, j, k;) may come before the loops */
  for (int i = 0; i < n; i++) {
    loops |= kind(s[i]) == CXCursor_ForStmt;
    if (kind(s[i]) != CXCursor_ForStmt && kind(s[i]) != CXCursor_NullStmt &&
        (loops || kind(s[i]) != CXCursor_DeclStmt))
      return refuse(j, s[i], "keep only the loop nest in the function's body (its locals "
                             "declared before or inside the loops), or write the loop nest in "
                             "the caller",
                    "'%s' is called as a statement in a loop, and stencilc expands such a call "
                    "only when the body is its loop nest; found a statement beside it", fn);
  }
  Names locals = {.what = CXCursor_VarDecl}, used = {.what = CXCursor_DeclRefExpr};
  clang_visitChildren(body, collect, &locals);
  for (int a = 0; a < clang_Cursor_getNumArguments(call); a++)
    clang_visitChildren(clang_Cursor_getArgument(call, (unsigned)a), collect, &used);
  for (int a = 0; a < used.n; a++)
    for (int l = 0; l < locals.n; l++)
      if (!strcmp(used.name[a], locals.name[l]))
        return refuse(j, call, "rename the loop variable of the function or of the caller",
                      "the argument '%s' of the call to '%s' names a variable that '%s' declares "
                      "too: expanded, it would read the callee's", used.name[a], fn, fn);
  return 1;
}

/* The names of the file's globals that def's body reads (not its parameters or locals). */
static enum CXChildVisitResult globals_read(CXCursor c, CXCursor parent, CXClientData data) {
  (void)parent;
  Names *n = data;
  CXCursor ref = clang_getCursorReferenced(c);
  if (kind(c) == CXCursor_DeclRefExpr && kind(ref) == CXCursor_VarDecl &&
      kind(clang_getCursorSemanticParent(ref)) == CXCursor_TranslationUnit && n->n < MAX_LOCALS)
    cur_name(c, n->name[n->n++]);
  return CXChildVisit_Recurse;
}

static enum CXChildVisitResult caller_decls(CXCursor c, CXCursor parent, CXClientData data) {
  (void)parent;
  Names *n = data;
  if ((kind(c) == CXCursor_VarDecl || kind(c) == CXCursor_ParmDecl) && n->n < MAX_LOCALS)
    cur_name(c, n->name[n->n++]);
  return CXChildVisit_Recurse;
}

/* A global the callee reads must mean the same at the call: no variable of the caller may hide
 * it. */
static int globals_visible(Job *j, CXCursor call, CXCursor def) {
  Names globals = {.n = 0}, mine = {.n = 0};
  clang_visitChildren(body_of(def), globals_read, &globals);
  if (globals.n == 0) return 0;
  clang_visitChildren(j->caller, caller_decls, &mine);
  char fn[IR_NAME_MAX], caller[IR_NAME_MAX];
  cur_name(def, fn);
  cur_name(j->caller, caller);
  for (int g = 0; g < globals.n; g++)
    for (int m = 0; m < mine.n; m++)
      if (!strcmp(globals.name[g], mine.name[m]))
        return refuse(j, call, "rename the variable of the caller or the global",
                      "'%s' reads the global '%s', which a variable of '%s' hides: expanded "
                      "here, it would read that variable", fn, globals.name[g], caller);
  return 0;
}

/* Expands the call c (its statement's ';' too when stmt). */
/* Expands the call at c: as an expression, or with `stmt` as the statements of the callee's
 * body, kept in their braces with `braced` (the call is a loop's whole body: for (...) f(...);). */
static int expand(Job *j, CXCursor c, bool stmt, bool braced) {
  CXCursor def = callee(c);
  if (clang_Cursor_isNull(def)) return 0;
  CXCursor body = body_of(def), expr = returned(body);
  bool sweep = stmt && clang_getCursorResultType(def).kind == CXType_Void &&
               !clang_Cursor_isNull(cur_find(body, true, is_for, NULL));
  if (clang_Cursor_isNull(expr) && !sweep) return 0;
  if (sweep && sweep_callee(j, c, def, body) <= 0) return j->rc == 2 ? -1 : 0;
  if (globals_visible(j, c, def)) return -1;
  CXCursor args[MAX_PARAMS];
  int nparams = clang_Cursor_getNumArguments(def);
  for (int k = 0; k < nparams; k++) args[k] = clang_Cursor_getArgument(c, (unsigned)k);
  unsigned b, e, bb, be;
  cur_extent(c, &b, &e);
  if (sweep) {
    CXToken *t = clang_getToken(j->tu, clang_getLocationForOffset(j->tu, clang_getFile(j->tu, j->path), e));
    if (t) {
      CXString s = clang_getTokenSpelling(j->tu, *t);
      if (!strcmp(clang_getCString(s), ";")) e++;
      clang_disposeString(s);
      clang_disposeTokens(j->tu, t, 1);
    }
  }
  cur_extent(sweep ? body : expr, &bb, &be);
  Inlined *o = j->out;
  copy_to(j, b);
  unsigned nb = (unsigned)o->len;
  put(j, sweep ? "" : "(", sweep ? 0 : 1, sweep ? ~0u : b);
  bool inner = sweep && !braced; /* the statements inside the callee's braces */
  if (put_tokens(j, def, args, nparams, inner ? bb + 1 : bb, inner ? be - 1 : be)) return -1;
  put(j, sweep ? "" : ")", sweep ? 0 : 1, sweep ? ~0u : e - 1);
  j->copied = e;
  grow((void **)&o->edits, &j->ecap, o->nedits, sizeof *o->edits);
  o->edits[o->nedits++] = (InlineEdit){b, e, nb, (unsigned)o->len};
  bool seen = false;
  for (int i = 0; i < j->nblanked; i++) seen |= clang_equalCursors(j->blanked[i], def);
  if (sweep && !seen && j->nblanked < MAX_PARAMS) j->blanked[j->nblanked++] = def;
  j->rc = 1;
  return 1;
}

typedef struct {
  Job *j;
  int loops; /* for loops around the cursor visited */
} Walk;

static enum CXChildVisitResult walk(CXCursor c, CXCursor parent, CXClientData data) {
  Walk *w = data;
  if (w->j->rc == 2) return CXChildVisit_Break;
  if (kind(c) == CXCursor_ForStmt) {
    Walk in = {w->j, w->loops + 1};
    clang_visitChildren(c, walk, &in);
    return CXChildVisit_Continue;
  }
  if (kind(c) == CXCursor_CallExpr && w->loops > 0) {
    CXCursor parts[4];
    unsigned b, e, pb, pe;
    cur_extent(c, &b, &e);
    bool body = kind(parent) == CXCursor_ForStmt && cur_children(parent, parts, 4) == 4 &&
                (cur_extent(parts[3], &pb, &pe), pb == b && pe == e);
    int r = expand(w->j, c, kind(parent) == CXCursor_CompoundStmt || body, body);
    if (r < 0) return CXChildVisit_Break;
    if (r > 0) return CXChildVisit_Continue;
  }
  return CXChildVisit_Recurse;
}

static enum CXChildVisitResult functions(CXCursor c, CXCursor parent, CXClientData data) {
  (void)parent;
  Job *j = data;
  if (!cur_main_function(c)) return CXChildVisit_Continue;
  Walk w = {j, 0};
  j->caller = c;
  clang_visitChildren(c, walk, &w);
  return j->rc == 2 ? CXChildVisit_Break : CXChildVisit_Continue;
}

/* The byte of the expanded text that byte `orig` of the file became; ~0u inside an edit. */
static unsigned expanded_offset(const Inlined *in, unsigned orig) {
  long shift = 0;
  for (int i = 0; i < in->nedits && in->edits[i].begin <= orig; i++) {
    const InlineEdit *e = &in->edits[i];
    if (orig < e->end) return ~0u;
    shift += (long)(e->nend - e->nbegin) - (long)(e->end - e->begin);
  }
  return (unsigned)((long)orig + shift);
}

/* A sweep callee's body, expanded where it is called, becomes `;` and blanks (line breaks
 * kept): its loops are no candidate of their own, and calls elsewhere still compile. */
static void blank_bodies(Job *j) {
  for (int i = 0; i < j->nblanked; i++) {
    unsigned b, e;
    cur_extent(body_of(j->blanked[i]), &b, &e);
    unsigned nb = expanded_offset(j->out, b);
    if (nb == ~0u) continue; /* (a body that holds an expanded call keeps it) */
    for (unsigned k = b; k < e; k++)
      if (j->out->text[nb + k - b] != '\n') j->out->text[nb + k - b] = k == b ? ';' : ' ';
  }
}

int inline_calls(CXTranslationUnit tu, const char *path, Inlined *out) {
  memset(out, 0, sizeof *out);
  CXFile f = clang_getFile(tu, path);
  size_t size;
  const char *text = f ? clang_getFileContents(tu, f, &size) : NULL;
  if (!text) return 0;
  out->orig = text;
  out->orig_len = size;
  Job j = {.tu = tu, .path = path, .out = out};
  clang_visitChildren(clang_getTranslationUnitCursor(tu), functions, &j);
  if (j.rc == 1) {
    copy_to(&j, (unsigned)size);
    blank_bodies(&j);
  }
  if (j.rc != 1) inline_free(out);
  return j.rc;
}

void inline_free(Inlined *in) {
  free(in->text);
  free(in->edits);
  free(in->pieces);
  memset(in, 0, sizeof *in);
}

unsigned inline_offset(const Inlined *in, unsigned at) {
  long shift = 0;
  for (int i = 0; i < in->nedits; i++) {
    const InlineEdit *e = &in->edits[i];
    if (at < e->nbegin) break;
    if (at < e->nend) { /* in an expansion: the last piece at or before it */
      unsigned o = e->begin;
      for (int p = 0; p < in->npieces && in->pieces[p].at <= at; p++)
        if (in->pieces[p].at >= e->nbegin) o = in->pieces[p].orig;
      return o;
    }
    shift += (long)(e->nend - e->nbegin) - (long)(e->end - e->begin);
  }
  return (unsigned)((long)at - shift);
}

static unsigned offset_at(const char *text, size_t len, unsigned line, unsigned col) {
  unsigned l = 1;
  size_t i = 0;
  for (; i < len && l < line; i++)
    if (text[i] == '\n') l++;
  return (unsigned)(i + (col ? col - 1 : 0));
}

void inline_loc(const Inlined *in, SrcLoc *loc) {
  if (!loc->line) return;
  unsigned o = inline_offset(in, offset_at(in->text, in->len, loc->line, loc->col));
  unsigned line = 1, col = 1;
  for (unsigned i = 0; i < o && i < in->orig_len; i++, col++)
    if (in->orig[i] == '\n') line++, col = 0;
  loc->line = line;
  loc->col = col;
}
