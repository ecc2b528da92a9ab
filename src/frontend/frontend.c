/* Front end: finds the stencil in a C file the way polyhedral tools do, and hands the time loop
 * to the recogniser (nest.c, expr.c).
 *   - The file is parsed as a C compiler would (gnu11, the user's -I -D -U -std= -include).
 *   - Where the stencil is: between #pragma scop and #pragma endscop when the file has them;
 *     else in the function --function names; else every function is tried. Every for loop
 *     there is a candidate time loop (outer ones first; the loops inside an accepted one are
 *     not); exactly one must be a stencil. Code around it is left alone.
 *   - When none is, the refusal of the candidate that got furthest is printed; when several
 *     are, each is named. */
#include "frontend.h"

#include <limits.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "inline.h"
#include "omp.h"
#include "parser.h"
#include "observer.h"

int fail(Parser *p, CXCursor at, const char *hint, const char *fmt, ...) {
  if (p->why.set) return -1;
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(p->why.msg, sizeof p->why.msg, fmt, ap);
  va_end(ap);
  p->why.set = true;
  p->why.loc = cur_loc(p->path, at);
  p->why.hint = hint;
  return -1;
}

/* ---- #pragma scop regions ---- */

typedef struct {
  unsigned begin, end; /* bytes of the main file between the two pragmas */
  unsigned line;       /* of #pragma scop */
} Region;

enum { MAX_REGIONS = 16, MAX_CANDIDATES = 4096, MAX_ACCEPTED = 8 };

typedef struct {
  const char *path;
  const Input *in;
  CXTranslationUnit tu;
  Region regions[MAX_REGIONS];
  int nregions;
  const Inlined *inlined; /* the file's calls expanded (inline.h), or NULL */
} Source;

static bool has_word(const char *text, size_t size, const char *word) {
  size_t n = strlen(word);
  for (size_t i = 0; i + n <= size; i++)
    if (!memcmp(text + i, word, n)) return true;
  return false;
}

static bool token_is(CXTranslationUnit tu, CXToken t, const char *text) {
  CXString s = clang_getTokenSpelling(tu, t);
  bool same = !strcmp(clang_getCString(s), text);
  clang_disposeString(s);
  return same;
}

static void token_place(CXTranslationUnit tu, CXToken t, unsigned *line, unsigned *off) {
  clang_getSpellingLocation(clang_getTokenLocation(tu, t), NULL, line, NULL, off);
}

/* Finds the #pragma scop / #pragma endscop pairs of the main file from its tokens (so pragmas in
 * comments do not count). Returns 0, or 2 after a diagnostic for unpaired pragmas. */
static int scop_regions(Source *src) {
  CXFile file = clang_getFile(src->tu, src->path);
  size_t size;
  const char *text = file ? clang_getFileContents(src->tu, file, &size) : NULL;
  if (!text || !has_word(text, size, "scop")) return 0;
  CXSourceRange all = clang_getRange(clang_getLocationForOffset(src->tu, file, 0),
                                     clang_getLocationForOffset(src->tu, file, (unsigned)size));
  CXToken *toks;
  unsigned n, prev_line = 0;
  clang_tokenize(src->tu, all, &toks, &n);
  int rc = 0;
  bool open = false;
  SrcLoc loc = {src->path, 0, 1};
  for (unsigned i = 0; i + 2 < n && rc == 0; i++) {
    unsigned line, off;
    token_place(src->tu, toks[i], &line, &off);
    bool first_on_line = i == 0 || line != prev_line;
    prev_line = line;
    if (!first_on_line || !token_is(src->tu, toks[i], "#") ||
        !token_is(src->tu, toks[i + 1], "pragma"))
      continue;
    bool scop = token_is(src->tu, toks[i + 2], "scop");
    if (!scop && !token_is(src->tu, toks[i + 2], "endscop")) continue;
    loc.line = line;
    if (scop == open) {
      diag_error(loc, "pair each #pragma scop with one #pragma endscop after it",
                 scop ? "#pragma scop inside another #pragma scop region"
                      : "#pragma endscop without #pragma scop");
      rc = 2;
    } else if (scop && src->nregions == MAX_REGIONS) {
      diag_error(loc, "mark the stencil's region only", "more than %d #pragma scop regions",
                 MAX_REGIONS);
      rc = 2;
    } else if (scop) {
      unsigned end_line, end_off;
      token_place(src->tu, toks[i + 2], &end_line, &end_off);
      Region *r = &src->regions[src->nregions];
      r->begin = end_off + 4; /* after "scop" */
      r->line = line;
      open = true;
    } else {
      src->regions[src->nregions++].end = off;
      open = false;
    }
  }
  if (rc == 0 && open) {
    loc.line = src->regions[src->nregions].line;
    diag_error(loc, "end the region with #pragma endscop", "#pragma scop without #pragma endscop");
    rc = 2;
  }
  clang_disposeTokens(src->tu, toks, n);
  return rc;
}

/* The region holding c, or -1. */
static int region_of(const Source *src, CXCursor c) {
  unsigned b, e;
  cur_extent(c, &b, &e);
  for (int i = 0; i < src->nregions; i++)
    if (b >= src->regions[i].begin && e <= src->regions[i].end) return i;
  return -1;
}

/* ---- candidates ---- */

typedef struct {
  CXCursor loop, func;
  CXCursor parent; /* the statement holding the loop: a while or do loop's counter is set there */
} Candidate;

typedef struct {
  const Source *src;
  const char *only; /* --function */
  bool only_found;
  CXCursor func;
  Candidate *c;
  int n;
  bool too_many;
  CXCursor loop_stmt; /* the first while or do loop met (a time loop written so), or null */
} Search;

static enum CXChildVisitResult find_loops(CXCursor c, CXCursor parent, CXClientData data) {
  (void)parent;
  Search *s = data;
  enum CXCursorKind k = kind(c);
  if (clang_isExpression(k) || k == CXCursor_DeclStmt) return CXChildVisit_Continue;
  if ((k == CXCursor_WhileStmt || k == CXCursor_DoStmt) && clang_Cursor_isNull(s->loop_stmt) &&
      (s->src->nregions == 0 || region_of(s->src, c) >= 0))
    s->loop_stmt = c;
  if ((k == CXCursor_ForStmt || k == CXCursor_WhileStmt || k == CXCursor_DoStmt) &&
      (s->src->nregions == 0 || region_of(s->src, c) >= 0)) {
    if (s->n == MAX_CANDIDATES) {
      s->too_many = true;
      return CXChildVisit_Break;
    }
    s->c[s->n++] = (Candidate){c, s->func, parent};
  }
  return CXChildVisit_Recurse;
}

static enum CXChildVisitResult find_functions(CXCursor c, CXCursor parent, CXClientData data) {
  (void)parent;
  Search *s = data;
  if (!cur_main_function(c)) return CXChildVisit_Continue;
  if (s->only) {
    char name[IR_NAME_MAX];
    cur_name(c, name);
    if (strcmp(name, s->only)) return CXChildVisit_Continue;
    s->only_found = true;
  }
  s->func = c;
  clang_visitChildren(c, find_loops, s);
  return s->too_many ? CXChildVisit_Break : CXChildVisit_Continue;
}

static bool inside(CXCursor inner, CXCursor outer) {
  unsigned ib, ie, ob, oe;
  cur_extent(inner, &ib, &ie);
  cur_extent(outer, &ob, &oe);
  return ib >= ob && ie <= oe;
}

/* ---- the statements of a region beside the time loop ---- */

typedef struct {
  const Source *src;
  int region;
  CXCursor loop, bad;
} RegionCheck;

static enum CXChildVisitResult region_stmt(CXCursor c, CXCursor parent, CXClientData data) {
  (void)parent;
  RegionCheck *r = data;
  enum CXCursorKind k = kind(c);
  if (clang_isExpression(k) && region_of(r->src, c) != r->region) return CXChildVisit_Continue;
  if (!clang_isStatement(k) && !clang_isExpression(k)) return CXChildVisit_Continue;
  if (region_of(r->src, c) != r->region) return CXChildVisit_Recurse;
  /* a statement of the region at its top level */
  if (k == CXCursor_DeclStmt || k == CXCursor_NullStmt || inside(r->loop, c))
    return CXChildVisit_Continue;
  r->bad = c;
  return CXChildVisit_Break;
}

/* ---- choosing ---- */

/* Whether the candidate's time loop lies in an OpenMP parallel region that computes other than
 * what one thread computes (omp.h): then its refusal is p's, the one to show. */
static bool omp_refused(const Source *src, const Candidate *c, Parser *p) {
  CXCursor region = omp_parallel_around(src->tu, c->func, c->loop, NULL);
  Refusal why = {0};
  if (clang_Cursor_isNull(region) || omp_region_sequential(src->tu, src->path, region, c->loop, &why))
    return false;
  p->why = why;
  p->progress = INT_MAX;
  return true;
}

typedef struct {
  Stencil st;
  Candidate at;
} Accepted;

static void print_refusal(const Source *src, const Refusal *r) {
  SrcLoc loc = r->loc;
  if (src->inlined) inline_loc(src->inlined, &loc);
  diag_error(loc, r->hint, "%s", r->msg);
}

/* Tries every candidate; fills st with the one stencil found. Returns 0 or 2. */
static int choose(const Source *src, const FrontendOptions *fo, Stencil *st) {
  SrcLoc file_loc = {src->path, 0, 0};
  Candidate *cands = calloc(MAX_CANDIDATES, sizeof *cands);
  Accepted *acc = calloc(MAX_ACCEPTED, sizeof *acc);
  Refusal *best = calloc(1, sizeof *best);
  if (!cands || !acc || !best) {
    fputs("stencilc: out of memory\n", stderr);
    exit(3);
  }
  Search s = {.src = src, .only = fo ? fo->function : NULL, .c = cands,
              .loop_stmt = clang_getNullCursor()};
  clang_visitChildren(clang_getTranslationUnitCursor(src->tu), find_functions, &s);
  int naccepted = 0, nfound = 0, best_progress = -1, rc = 2;
  Refusal counted = {0};
  for (int i = 0; i < s.n && !s.too_many; i++) {
    bool covered = false;
    for (int a = 0; a < naccepted && !covered; a++) covered = inside(cands[i].loop, acc[a].at.loop);
    if (covered) continue;
    Parser *p = calloc(1, sizeof *p);
    if (!p) exit(3);
    p->path = src->path;
    p->in = src->in;
    p->tu = src->tu;
    Bindings bind = {0};
    p->bind = &bind;
    Stencil trial = {0};
    p->st = &trial;
    p->time_parent = cands[i].parent;
    if (parse_stencil(p, cands[i].loop) == 0 && !omp_refused(src, &cands[i], p)) {
      nfound++;
      if (naccepted < MAX_ACCEPTED) acc[naccepted++] = (Accepted){trial, cands[i]};
      else ir_free(&trial);
    } else {
      if (kind(cands[i].loop) != CXCursor_ForStmt && p->time_read && !counted.set)
        counted = p->why; /* the time loop is this while loop: its refusal is the one to show */
      if (p->progress > best_progress) {
        best_progress = p->progress;
        *best = p->why;
      }
      ir_free(&trial);
    }
    accumulators_reset(p);
    free(p);
  }
  if (s.too_many) {
    diag_error(file_loc, "mark the stencil with #pragma scop ... #pragma endscop",
               "more than %d loops to try", MAX_CANDIDATES);
  } else if (s.only && !s.only_found) {
    diag_error(file_loc, "check the name given to --function",
               "no function '%s' is defined in the file", s.only);
  } else if (nfound == 0 && s.n == 0) {
    diag_error(file_loc, HINT_FORM,
               src->nregions ? "no loop nest between #pragma scop and #pragma endscop"
                             : "no function with a loop nest found");
  } else if (nfound == 0 && counted.set) {
    print_refusal(src, &counted);
  } else if (nfound == 0 && !clang_Cursor_isNull(s.loop_stmt) && inside(s.c[0].loop, s.loop_stmt)) {
    /* the sweep inside a while loop that counts no steps (while (err > tol)): the candidates'
     * refusals (a spatial loop taken for the time loop) would mislead */
    diag_error(cur_loc(src->path, s.loop_stmt),
               "count the steps: for (int t = 0; t < nt; t++) { <sweep> }, or t = 0; while (t < "
               "nt) { <sweep>; t++; }, or do { <sweep> } while (++t < nt);",
               "the loop nest is inside a %s loop that does not count time steps",
               kind(s.loop_stmt) == CXCursor_WhileStmt ? "while" : "do-while");
  } else if (nfound == 0) {
    print_refusal(src, best);
  } else if (nfound > 1) {
    char list[1024];
    size_t n = 0;
    for (int a = 0; a < naccepted && n < sizeof list; a++) {
      char fn[IR_NAME_MAX];
      cur_name(acc[a].at.func, fn);
      SrcLoc l = cur_loc(src->path, acc[a].at.loop);
      n += (size_t)snprintf(list + n, sizeof list - n, "%s%s:%u (in %s)", a ? ", " : "",
                            src->path, l.line, fn);
    }
    diag_error(cur_loc(src->path, acc[naccepted - 1].at.loop),
               "choose one with --function NAME, or mark it with #pragma scop and #pragma "
               "endscop",
               "%d stencil time loops found: %s%s", nfound, list,
               nfound > naccepted ? ", ..." : "");
  } else {
    *st = acc[0].st;
    acc[0].st = (Stencil){0};
    cur_name(acc[0].at.func, st->func_name);
    int region = src->nregions ? region_of(src, acc[0].at.loop) : -1;
    RegionCheck chk = {src, region, acc[0].at.loop, clang_getNullCursor()};
    if (region >= 0) clang_visitChildren(acc[0].at.func, region_stmt, &chk);
    if (!clang_Cursor_isNull(chk.bad)) {
      diag_error(cur_loc(src->path, chk.bad),
                 "put only the time loop between #pragma scop and #pragma endscop",
                 "statement in the #pragma scop region beside the time loop");
      ir_free(st);
    } else {
      if (region >= 0) {
        st->region_begin = src->regions[region].begin;
        st->region_end = src->regions[region].end;
        st->region_line = (int)src->regions[region].line + 1;
      }
      rc = 0;
    }
  }
  for (int a = 0; a < naccepted; a++) ir_free(&acc[a].st);
  free(cands);
  free(acc);
  free(best);
  return rc;
}

/* A stencil whose linear form folds to a coefficient that is not finite cannot be computed. */
static int check_coefficients(const char *path, const Stencil *st) {
  for (int i = 0; st->coef && i < st->npoints; i++)
    if (!isfinite(st->coef[i])) {
      SrcLoc loc = {path, (unsigned)st->region_line, 1};
      diag_error(loc, "keep constant arithmetic within the range of the element type",
                 "the coefficient of the point at offset (%d, %d, %d) is not finite",
                 st->points[i].off[0], st->points[i].off[1], st->points[i].off[2]);
      return -1;
    }
  if (!isfinite(st->constant)) {
    SrcLoc loc = {path, (unsigned)st->region_line, 1};
    diag_error(loc, "keep constant arithmetic within the range of the element type",
               "the constant term of the update is not finite");
    return -1;
  }
  return 0;
}

static int report_clang_errors(const char *path, CXTranslationUnit tu) {
  unsigned n = clang_getNumDiagnostics(tu);
  for (unsigned i = 0; i < n; i++) {
    CXDiagnostic d = clang_getDiagnostic(tu, i);
    bool err = clang_getDiagnosticSeverity(d) >= CXDiagnostic_Error;
    if (err) {
      unsigned line, col;
      CXFile file;
      clang_getExpansionLocation(clang_getDiagnosticLocation(d), &file, &line, &col, NULL);
      CXString msg = clang_getDiagnosticSpelling(d);
      CXString fname = clang_getFileName(file);
      /* an error in a header is reported there */
      const char *where = file && !clang_Location_isFromMainFile(clang_getDiagnosticLocation(d))
                              ? clang_getCString(fname) : path;
      SrcLoc loc = {where ? where : path, line, col};
      diag_error(loc,
                 "stencilc reads its input as a C compiler does (gnu11): fix this error, or "
                 "pass the flags the file needs (-I DIR, -D NAME=VALUE, -std=...)",
                 "%s",
                 clang_getCString(msg));
      clang_disposeString(msg);
      clang_disposeString(fname);
    }
    clang_disposeDiagnostic(d);
    if (err) return -1;
  }
  return 0;
}

void frontend_base_name(const char *path, char out[IR_NAME_MAX]) {
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

const char **frontend_clang_args(const FrontendOptions *fo, int *n) {
  enum { MAX_BASE_ARGS = 8 };
  int user = fo && fo->nclang_args > 0 ? fo->nclang_args : 0;
  const char **args = malloc((size_t)(MAX_BASE_ARGS + user) * sizeof *args);
  if (!args) exit(3);
  *n = base_args(args);
  for (int i = 0; i < user; i++) args[(*n)++] = fo->clang_args[i];
  return args;
}

typedef struct {
  const char *path;
  struct CXUnsavedFile *unsaved;
  const FrontendOptions *fo;
  Stencil *st;
  int rc;
} ParseJob;

/* Finds the stencil of src->tu and classifies it into st; 0 or 2 after a diagnostic. With calls
 * expanded, the region is moved back to the file's bytes (a rewrite replaces the file's time
 * loop, calls and all). */
static int recognise(Source *src, const FrontendOptions *fo, Stencil *st) {
  if (report_clang_errors(src->path, src->tu) || scop_regions(src) || choose(src, fo, st))
    return 2;
  frontend_base_name(src->path, st->name);
  snprintf(st->path, sizeof st->path, "%s", src->path);
  ir_classify(st);
  ir_scalar_defaults(st);
  if (src->inlined) {
    st->region_begin = inline_offset(src->inlined, st->region_begin);
    st->region_end = inline_offset(src->inlined, st->region_end);
    observer_to_file(src->inlined, &st->obs);
  }
  return check_coefficients(src->path, st) ? 2 : 0;
}

static CXTranslationUnit parse_text(CXIndex index, const char *path, const char **args, int nargs,
                                    struct CXUnsavedFile *unsaved) {
  CXTranslationUnit tu = NULL;
  if (clang_parseTranslationUnit2(index, path, args, nargs, unsaved, unsaved ? 1 : 0,
                                  CXTranslationUnit_DetailedPreprocessingRecord,
                                  &tu) != CXError_Success)
    return NULL;
  return tu;
}

/* The file again with its calls expanded (inline.h), when it holds calls to expand and is no
 * stencil as written. */
static int recognise_expanded(Source *src, const FrontendOptions *fo, Stencil *st) {
  Inlined inl;
  int was = diag_mute(1);
  int expanded = inline_calls(src->tu, src->path, &inl);
  int rc = expanded ? recognise(src, fo, st) : 2;
  diag_mute(was);
  if (!expanded) return recognise(src, fo, st);
  if (rc == 0) {
    if (expanded == 1) inline_free(&inl);
    return 0;
  }
  ir_free(st);
  memset(st, 0, sizeof *st);
  if (expanded == 2) return inline_calls(src->tu, src->path, &inl); /* prints why */
  struct CXUnsavedFile text = {src->path, inl.text, (unsigned long)inl.len};
  Input in = *src->in;
  in.unsaved = &text;
  Source *again = calloc(1, sizeof *again);
  if (!again) exit(3);
  again->path = src->path;
  again->in = &in;
  again->inlined = &inl;
  again->tu = parse_text(in.index, src->path, (const char **)in.args, in.nargs, &text);
  if (!again->tu) {
    diag_error((SrcLoc){src->path, 0, 0}, "is it a C source file?",
               "libclang could not parse the file with its calls expanded");
  } else {
    rc = recognise(again, fo, st);
    cur_forget(again->tu);
    clang_disposeTranslationUnit(again->tu);
  }
  free(again);
  inline_free(&inl);
  return rc;
}

/* Parses job->path (whose text is in job->unsaved when that is non-NULL) into job->st. */
static void parse_tu(void *data) {
  ParseJob *job = data;
  const char *path = job->path;
  const FrontendOptions *fo = job->fo;
  Stencil *st = job->st;
  SrcLoc file_loc = {path, 0, 0};
  int nargs;
  const char **args = frontend_clang_args(fo, &nargs);
  CXIndex index = clang_createIndex(0, 0);
  CXTranslationUnit tu = parse_text(index, path, args, nargs, job->unsaved);
  int rc = 2;
  Source *src = calloc(1, sizeof *src);
  if (!src) exit(3);
  Input in = {path, index, args, nargs, job->unsaved};
  src->path = path;
  src->in = &in;
  src->tu = tu;
  if (!tu)
    diag_error(file_loc, "is it a C source file?", "libclang could not parse the file");
  else if (report_clang_errors(path, tu) == 0)
    rc = recognise_expanded(src, fo, st);
  if (rc != 0) ir_free(st);
  free(src);
  cur_forget(tu);
  if (tu) clang_disposeTranslationUnit(tu);
  clang_disposeIndex(index);
  free(args);
  job->rc = rc;
}

/* libclang and the recogniser recurse as deep as the input nests (5,000 unary minuses, a sum of
 * 100,000 terms): the parse runs on a thread with this much stack, and libclang is told not to
 * start its own 8 MB one (LIBCLANG_NOTHREADS). Untouched stack costs no memory. */
enum { PARSE_STACK_BYTES = 512u << 20 };

void frontend_on_parse_stack(void (*fn)(void *), void *arg) {
  setenv("LIBCLANG_NOTHREADS", "1", 1);
  clang_executeOnThread(fn, arg, PARSE_STACK_BYTES);
}

static int run_parse(const char *path, struct CXUnsavedFile *unsaved, const FrontendOptions *fo,
                     Stencil *st) {
  ParseJob job = {path, unsaved, fo, st, 2};
  frontend_on_parse_stack(parse_tu, &job);
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
