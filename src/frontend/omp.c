/* OpenMP parallel regions around a time loop (omp.h). */
#include "omp.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cursor.h"

enum { MAX_PRAGMAS = 64, PRAGMA_TEXT = 256 };

static const char *const HINT_OMP =
    "share each loop nest of the step with #pragma omp for, give each thread its own pointers "
    "and counter (declared inside the parallel region) or swap shared ones in #pragma omp "
    "single, or write the time loop without OpenMP";

/* One `#pragma omp ...` line of the main file. */
typedef struct {
  unsigned begin, end; /* offsets of its '#' and past its last token */
  unsigned next;       /* offset of the first token after it that is no pragma's */
  unsigned line, col;
  char directive[32];      /* "parallel", "for", "single", "parallel for", ... */
  char clauses[PRAGMA_TEXT]; /* the rest, tokens separated by blanks: "private ( r , c )" */
} Pragma;

typedef struct {
  Pragma p[MAX_PRAGMAS];
  int n;
} Pragmas;

static const char *const DIRECTIVE_WORDS[] = {
    "parallel", "for", "simd", "single", "master", "masked", "barrier", "critical", "atomic",
    "sections", "section", "task", "taskwait", "taskloop", "flush", "ordered", "teams",
    "distribute", "target", "loop", "workshare", NULL};

static bool directive_word(const char *w) {
  for (int i = 0; DIRECTIVE_WORDS[i]; i++)
    if (!strcmp(DIRECTIVE_WORDS[i], w)) return true;
  return false;
}

static unsigned token_at(CXTranslationUnit tu, CXToken t, unsigned *line, unsigned *col) {
  unsigned off;
  clang_getSpellingLocation(clang_getTokenLocation(tu, t), NULL, line, col, &off);
  return off;
}

static void append(char *out, size_t size, const char *word) {
  size_t n = strlen(out);
  snprintf(out + n, size - n, "%s%s", n ? " " : "", word);
}

/* The omp pragmas of the main file's bytes [begin, end) (and the token that follows each). */
static void scan(CXTranslationUnit tu, unsigned begin, unsigned end, Pragmas *out) {
  out->n = 0;
  CXString path = clang_getTranslationUnitSpelling(tu);
  CXFile file = clang_getFile(tu, clang_getCString(path));
  clang_disposeString(path);
  CXSourceRange r = clang_getRange(clang_getLocationForOffset(tu, file, begin),
                                   clang_getLocationForOffset(tu, file, end));
  CXToken *toks = NULL;
  unsigned n = 0;
  clang_tokenize(tu, r, &toks, &n);
  int waiting = 0; /* the last pragmas, waiting for the token after them */
  for (unsigned i = 0; i < n; i++) {
    unsigned line, col, off = token_at(tu, toks[i], &line, &col);
    CXString s = clang_getTokenSpelling(tu, toks[i]);
    bool hash = !strcmp(clang_getCString(s), "#");
    clang_disposeString(s);
    if (clang_getTokenKind(toks[i]) == CXToken_Comment) continue;
    if (!hash) {
      for (int k = out->n - waiting; k < out->n; k++) out->p[k].next = off;
      waiting = 0;
      continue;
    }
    /* a preprocessor line: its tokens up to the next line */
    unsigned j = i + 1, l2, c2;
    char words[3][16] = {"", "", ""};
    for (int w = 0; w < 3 && j + (unsigned)w < n; w++) {
      if (token_at(tu, toks[j + w], &l2, &c2), l2 != line) break;
      CXString ws = clang_getTokenSpelling(tu, toks[j + w]);
      snprintf(words[w], sizeof words[w], "%s", clang_getCString(ws));
      clang_disposeString(ws);
    }
    bool omp = !strcmp(words[0], "pragma") && !strcmp(words[1], "omp") && out->n < MAX_PRAGMAS;
    Pragma *open = omp ? &out->p[out->n] : NULL;
    if (open) *open = (Pragma){off, off, end, line, col, "", ""};
    bool in_directive = true;
    for (j = omp ? i + 3 : i + 1; j < n && (token_at(tu, toks[j], &l2, &c2), l2 == line); j++) {
      CXSourceRange tr = clang_getTokenExtent(tu, toks[j]);
      unsigned te;
      clang_getSpellingLocation(clang_getRangeEnd(tr), NULL, NULL, NULL, &te);
      if (!open) continue;
      open->end = te;
      CXString ws = clang_getTokenSpelling(tu, toks[j]);
      const char *w = clang_getCString(ws);
      in_directive = in_directive && directive_word(w);
      if (in_directive) append(open->directive, sizeof open->directive, w);
      else append(open->clauses, sizeof open->clauses, w);
      clang_disposeString(ws);
    }
    if (open) {
      out->n++;
      waiting++;
    }
    i = j - 1;
  }
  clang_disposeTokens(tu, toks, n);
}

static unsigned begin_of(CXCursor c) {
  unsigned b, e;
  cur_extent(c, &b, &e);
  return b;
}

static unsigned end_of(CXCursor c) {
  unsigned b, e;
  cur_extent(c, &b, &e);
  return e;
}

/* The pragma that governs statement s (the last one of the pragma lines right before it that is
 * no standalone barrier), or NULL. */
static const Pragma *governing(const Pragmas *ps, CXCursor s) {
  const Pragma *g = NULL;
  for (int k = 0; k < ps->n; k++)
    if (ps->p[k].next == begin_of(s) && strcmp(ps->p[k].directive, "barrier")) g = &ps->p[k];
  return g;
}

static bool is_directive(const Pragma *p, const char *d) { return p && !strcmp(p->directive, d); }

/* Whether clauses has the word w (nowait), or w ( ... ) naming name among its list. */
static bool clause_has(const Pragma *p, const char *w, const char *name) {
  if (!p) return false;
  char buf[PRAGMA_TEXT];
  snprintf(buf, sizeof buf, "%s", p->clauses);
  bool in = false;
  int depth = 0;
  for (char *save = NULL, *t = strtok_r(buf, " ", &save); t; t = strtok_r(NULL, " ", &save)) {
    if (depth == 0 && !strcmp(t, w) && !name) return true;
    if (depth == 0 && !strcmp(t, "(")) {
      depth = 1;
      continue;
    }
    if (!strcmp(t, "(")) depth++;
    if (!strcmp(t, ")") && --depth == 0) in = false;
    if (depth == 0) in = !strcmp(t, w);
    else if (in && name && !strcmp(t, name)) return true;
  }
  return false;
}

static bool once_directive(const Pragma *p) {
  return is_directive(p, "single") || is_directive(p, "master") || is_directive(p, "masked");
}

CXCursor omp_parallel_child(CXTranslationUnit tu, CXCursor body) {
  CXCursor kids[CUR_MAX_CHILDREN];
  int n = cur_children(body, kids, CUR_MAX_CHILDREN);
  Pragmas ps;
  scan(tu, begin_of(body), end_of(body), &ps);
  for (int i = 0; i < n && i < CUR_MAX_CHILDREN; i++)
    if (is_directive(governing(&ps, kids[i]), "parallel")) return kids[i];
  return clang_getNullCursor();
}

typedef struct {
  const Pragmas *ps;
  unsigned at; /* the offset the statement must hold */
  CXCursor found;
  unsigned line; /* the pragma's */
} Around;

static enum CXChildVisitResult find_around(CXCursor c, CXCursor parent, CXClientData data) {
  (void)parent;
  Around *a = data;
  if (!clang_isStatement(clang_getCursorKind(c))) return CXChildVisit_Recurse;
  if (begin_of(c) > a->at || end_of(c) <= a->at) return CXChildVisit_Continue;
  const Pragma *g = governing(a->ps, c);
  if (is_directive(g, "parallel")) {
    a->found = c;
    a->line = g->line;
  }
  return CXChildVisit_Recurse; /* (the innermost one) */
}

CXCursor omp_parallel_around(CXTranslationUnit tu, CXCursor func, CXCursor c, unsigned *line) {
  Pragmas ps;
  scan(tu, begin_of(func), end_of(func), &ps);
  Around a = {&ps, begin_of(c), clang_getNullCursor(), 0};
  if (ps.n) clang_visitChildren(func, find_around, &a);
  if (line) *line = a.line;
  return a.found;
}

bool omp_once_block(CXTranslationUnit tu, CXCursor s) {
  if (clang_getCursorKind(s) != CXCursor_CompoundStmt) return false;
  Pragmas ps;
  scan(tu, 0, begin_of(s) + 1, &ps);
  return once_directive(governing(&ps, s));
}

/* ---- whether the region computes what one thread computes ---- */

typedef struct {
  CXTranslationUnit tu;
  const char *path;
  CXCursor region;
  const Pragma *parallel; /* the region's pragma */
  Refusal *why;
} Region;

static bool refuse_at(Region *r, SrcLoc loc, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

static bool refuse_at(Region *r, SrcLoc loc, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  r->why->set = true;
  r->why->loc = loc;
  r->why->hint = HINT_OMP;
  vsnprintf(r->why->msg, sizeof r->why->msg, fmt, ap);
  va_end(ap);
  return false;
}

/* A refusal at pragma p; fmt's %s are a and then p's directive. */
static bool refuse_pragma(Region *r, const Pragma *p, const char *fmt, const char *a) {
  return refuse_at(r, (SrcLoc){r->path, p->line, p->col}, fmt, a, p->directive);
}

static bool inside(CXCursor inner, CXCursor outer) {
  return begin_of(inner) >= begin_of(outer) && end_of(inner) <= end_of(outer);
}

/* Whether each thread has its own copy of decl: declared in the region (or in `within`), or
 * named private or firstprivate by the region's pragma or `also`'s. */
static bool private_var(const Region *r, CXCursor decl, CXCursor within, const Pragma *also) {
  char name[IR_NAME_MAX];
  cur_name(decl, name);
  if (inside(decl, r->region) || (!clang_Cursor_isNull(within) && inside(decl, within)))
    return true;
  const Pragma *ps[2] = {r->parallel, also};
  for (int i = 0; i < 2; i++)
    if (clause_has(ps[i], "private", name) || clause_has(ps[i], "firstprivate", name) ||
        clause_has(ps[i], "linear", name))
      return true;
  return false;
}

/* The search of a statement for a variable it changes whose copy (shared or private, as
 * want_private says) is the wrong one. */
typedef struct {
  Region *r;
  CXCursor scope;     /* the statement searched */
  const Pragma *also; /* the statement's pragma (omp for's private list) */
  CXCursor skip;      /* a variable the pragma makes private (omp for's loop variable) */
  bool want_private;
  CXCursor decl, where;
} WrongWrite;

static enum CXChildVisitResult find_wrong_write(CXCursor c, CXCursor parent, CXClientData data) {
  (void)parent;
  WrongWrite *w = data;
  if (clang_getCursorKind(c) != CXCursor_DeclRefExpr) return CXChildVisit_Recurse;
  CXCursor decl = clang_getCursorReferenced(c), where;
  enum CXCursorKind k = clang_getCursorKind(decl);
  if ((k != CXCursor_VarDecl && k != CXCursor_ParmDecl) || clang_equalCursors(decl, w->skip) ||
      !cur_written(w->r->tu, w->scope, decl, &where))
    return CXChildVisit_Continue;
  bool own = private_var(w->r, decl, w->scope, w->also);
  if (own == w->want_private && !(w->want_private && inside(decl, w->scope))) {
    w->decl = decl;
    w->where = where;
    return CXChildVisit_Break;
  }
  return CXChildVisit_Continue;
}

/* A variable statement s changes that is shared (want_private false: every thread would change
 * it) or each thread's own (true: a block run once changes one thread's copy), or null. */
static CXCursor wrong_write(Region *r, CXCursor s, const Pragma *also, CXCursor skip,
                            bool want_private, CXCursor *where) {
  WrongWrite w = {r, s, also, skip, want_private, clang_getNullCursor(), clang_getNullCursor()};
  clang_visitChildren(s, find_wrong_write, &w);
  if (clang_getCursorKind(s) == CXCursor_DeclRefExpr) find_wrong_write(s, s, &w);
  *where = w.where;
  return w.decl;
}

/* A refusal where decl is changed; fmt's %s is its name. */
static bool refuse_write(Region *r, CXCursor decl, CXCursor where, const char *fmt) {
  char name[IR_NAME_MAX];
  cur_name(decl, name);
  return refuse_at(r, cur_loc(r->path, where), fmt, name);
}

/* The variable a for statement's initializer sets (the loop variable omp for makes private). */
static CXCursor loop_variable(CXCursor loop) {
  CXCursor kids[4], bin[2];
  if (cur_children(loop, kids, 4) < 2) return clang_getNullCursor();
  if (clang_getCursorKind(kids[0]) == CXCursor_DeclStmt && cur_children(kids[0], bin, 1) >= 1)
    return bin[0];
  if (clang_getCursorKind(kids[0]) == CXCursor_BinaryOperator && cur_children(kids[0], bin, 2) == 2 &&
      clang_getCursorKind(cur_strip(bin[0])) == CXCursor_DeclRefExpr)
    return clang_getCursorReferenced(cur_strip(bin[0]));
  return clang_getNullCursor();
}

/* Whether a barrier pragma lies in [from, to). */
static bool barrier_between(const Pragmas *ps, unsigned from, unsigned to) {
  for (int k = 0; k < ps->n; k++)
    if (is_directive(&ps->p[k], "barrier") && ps->p[k].begin >= from && ps->p[k].begin < to)
      return true;
  return false;
}

/* The pragmas themselves: directives the sequential reading keeps, clauses that do not change
 * what is computed. */
static bool pragmas_allowed(Region *r, const Pragmas *ps, CXCursor body) {
  if (clause_has(r->parallel, "reduction", NULL) || clause_has(r->parallel, "copyin", NULL))
    return refuse_pragma(r, r->parallel,
                         "the parallel region of the time loop has a %s clause: stencilc's "
                         "program computes the grids only (#pragma omp %s)",
                         clause_has(r->parallel, "reduction", NULL) ? "reduction" : "copyin");
  for (int k = 0; k < ps->n; k++) {
    const Pragma *p = &ps->p[k];
    if (p == r->parallel || p->begin < begin_of(r->region) || p->begin >= end_of(r->region)) continue;
    bool in_step = p->begin >= begin_of(body) && p->begin < end_of(body);
    const char *d = p->directive;
    if (!strcmp(d, "simd") || !strcmp(d, "barrier")) continue;
    if (!in_step || (strcmp(d, "for") && strcmp(d, "for simd") && !once_directive(p)))
      return refuse_pragma(r, p, "%s#pragma omp %s in the parallel region of the time loop: "
                                 "stencilc reads omp for, single, master, barrier and simd there",
                           in_step ? "" : "outside the time loop's body: ");
    static const char *const bad[] = {"nowait", "reduction", "lastprivate", "ordered", NULL};
    for (int b = 0; bad[b]; b++)
      if (clause_has(p, bad[b], NULL))
        return refuse_pragma(r, p, "a %s clause on #pragma omp %s in the time loop: the threads "
                                   "must finish each part of the step before the next reads it, "
                                   "and compute only the grids", bad[b]);
  }
  return true;
}

/* cur_find's test: an assignment, compound assignment, ++ or -- of something other than a
 * variable (an element of a grid: a point source, an edge cell). */
static bool element_write(CXCursor c, void *tu) {
  CXCursor kids[2];
  char op[4];
  bool prefix;
  enum CXCursorKind k = clang_getCursorKind(c);
  bool assigns = (k == CXCursor_CompoundAssignOperator ||
                  (k == CXCursor_BinaryOperator && cur_binary_op(tu, c, op) && !strcmp(op, "="))) &&
                 cur_children(c, kids, 2) == 2;
  bool steps = k == CXCursor_UnaryOperator && cur_unary_op(tu, c, op, &prefix) &&
               (!strcmp(op, "++") || !strcmp(op, "--")) && cur_children(c, kids, 1) == 1;
  return (assigns || steps) && clang_getCursorKind(cur_strip(kids[0])) != CXCursor_DeclRefExpr;
}

/* One statement of the step: a loop nest shared by omp for, a block run once, or a statement
 * each thread runs on its own variables. */
static bool step_statement(Region *r, const Pragmas *ps, CXCursor s, unsigned next) {
  const Pragma *g = governing(ps, s);
  CXCursor where, decl;
  if (clang_getCursorKind(s) == CXCursor_ForStmt) {
    if (!is_directive(g, "for") && !is_directive(g, "for simd") && !once_directive(g))
      return refuse_at(r, cur_loc(r->path, s),
                       "every thread of the parallel region runs this loop nest: share its "
                       "iterations with #pragma omp for");
    if (is_directive(g, "for") || is_directive(g, "for simd")) {
      decl = wrong_write(r, s, g, loop_variable(s), false, &where);
      if (!clang_Cursor_isNull(decl))
        return refuse_write(r, decl, where,
                            "the threads sharing this loop nest all change the shared '%s': "
                            "declare it inside the loop, or name it in private()");
      return true;
    }
  }
  if (once_directive(g)) {
    if (!is_directive(g, "single") && !barrier_between(ps, end_of(s), next))
      return refuse_pragma(r, g, "%s#pragma omp %s without a barrier after it: the other threads "
                                 "start the next part of the step before it is done", "");
    decl = wrong_write(r, s, NULL, clang_getNullCursor(), true, &where);
    if (!clang_Cursor_isNull(decl))
      return refuse_write(r, decl, where,
                          "only the thread running this block changes its own copy of '%s': "
                          "swap shared pointers there (declared before the parallel region, "
                          "not named private or firstprivate)");
    return true;
  }
  CXCursor element = cur_find(s, true, element_write, r->tu);
  if (!clang_Cursor_isNull(element) || element_write(s, r->tu))
    return refuse_at(r, cur_loc(r->path, clang_Cursor_isNull(element) ? s : element),
                     "every thread of the parallel region writes this element: write it in "
                     "#pragma omp single");
  decl = wrong_write(r, s, NULL, clang_getNullCursor(), false, &where);
  if (!clang_Cursor_isNull(decl))
    return refuse_write(r, decl, where,
                        "every thread of the parallel region changes the shared '%s': declare "
                        "it inside the region, or change it in #pragma omp single");
  return true;
}

bool omp_region_sequential(CXTranslationUnit tu, const char *path, CXCursor region,
                           CXCursor time_loop, Refusal *why) {
  Pragmas ps;
  unsigned b = begin_of(region);
  scan(tu, 0, end_of(region), &ps); /* (the region's own pragma is before it) */
  Region r = {tu, path, region, NULL, why};
  for (int k = 0; k < ps.n; k++)
    if (ps.p[k].next == b && is_directive(&ps.p[k], "parallel")) r.parallel = &ps.p[k];
  if (!r.parallel) return true;
  CXCursor kids[4];
  int n = cur_children(time_loop, kids, 4);
  if (n < 2 || n > 4) return true; /* (the time loop's parser says what is wrong) */
  enum CXCursorKind k = clang_getCursorKind(time_loop);
  CXCursor body = k == CXCursor_WhileStmt ? kids[1] : k == CXCursor_DoStmt ? kids[0] : kids[n - 1];
  if (!pragmas_allowed(&r, &ps, body)) return false;
  const Pragma *g = governing(&ps, time_loop);
  if (g && !is_directive(g, "parallel"))
    return refuse_pragma(&r, g, "%s#pragma omp %s on the time loop: each thread would run some "
                                "of the steps", "");
  /* the time loop's own header (its counter) and each statement of its body */
  CXCursor where, decl;
  for (int i = 0; i < n; i++) {
    if (clang_equalCursors(kids[i], body)) continue;
    decl = wrong_write(&r, kids[i], NULL, clang_getNullCursor(), false, &where);
    if (!clang_Cursor_isNull(decl))
      return refuse_write(&r, decl, where,
                          "every thread of the parallel region changes the shared '%s', the "
                          "time loop's counter: declare it inside the region");
  }
  CXCursor s[CUR_MAX_CHILDREN];
  int ns = clang_getCursorKind(body) == CXCursor_CompoundStmt ? cur_children(body, s, CUR_MAX_CHILDREN) : 0;
  if (ns > CUR_MAX_CHILDREN) return true; /* (the program's parser refuses so long a body) */
  for (int i = 0; i < ns; i++)
    if (!step_statement(&r, &ps, s[i], i + 1 < ns ? begin_of(s[i + 1]) : end_of(body)))
      return false;
  return true;
}
