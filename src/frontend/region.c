/* Free variables of a source region, through libclang: every reference inside the region to a
 * variable declared outside it, then the variables the declared types of those depend on. */
#include "region.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cursor.h"
#include "omp.h"

_Static_assert(REGION_MAX_VARS <= 64, "RegionVar.init_reads holds a bit per variable");

typedef struct {
  const char *path;
  CXTranslationUnit tu;
  const char *text; /* the main file's contents */
  size_t size;
  unsigned begin, end;
  CXCursor func;
  Region *r;
  CXCursor decls[REGION_MAX_VARS];     /* the declaration of each r->vars[k] */
  unsigned first_ref[REGION_MAX_VARS]; /* offset of its first reference in the region */
  /* a local declared without a value and assigned before the region (ce = cw = stepDivCap /
   * Rx;): the value assigned (RegionVar.init); else a null cursor (its initializer is) */
  CXCursor values[REGION_MAX_VARS];
  bool overflow;
  CXCursor overflow_at;
} Scan;

static enum CXCursorKind kind(CXCursor c) { return clang_getCursorKind(c); }

/* Offset of c in the main file, or false when it is elsewhere (a header). A reference a macro
 * expands to is where the macro is used (PolyBench's _PB_N standing for n in the loop bound). */
static bool main_offset(CXCursor c, unsigned *off) {
  CXFile f;
  clang_getExpansionLocation(clang_getCursorLocation(c), &f, NULL, NULL, off);
  return f && clang_Location_isFromMainFile(
                  clang_getLocationForOffset(clang_Cursor_getTranslationUnit(c), f, *off));
}

static bool in_region(const Scan *s, CXCursor c) {
  unsigned off;
  if (!main_offset(c, &off) || off < s->begin || off >= s->end) return false;
  for (int k = 0; k < s->r->nskip; k++)
    if (off >= s->r->skip[k][0] && off < s->r->skip[k][1]) return false;
  return true;
}

static int find_decl(const Scan *s, CXCursor decl) {
  for (int k = 0; k < s->r->nvars; k++)
    if (clang_equalCursors(s->decls[k], decl)) return k;
  return -1;
}

/* Pointer and array levels of t down to its elements, and the facts about them. */
static void describe_type(CXType t, RegionVar *v) {
  t = clang_getCanonicalType(t);
  v->outer = -1;
  if (t.kind == CXType_ConstantArray) v->outer = (long)clang_getArraySize(t);
  for (;;) {
    if (t.kind == CXType_Pointer) {
      if (v->levels > 0) v->inner_pointer = true;
      t = clang_getCanonicalType(clang_getPointeeType(t));
    } else if (t.kind == CXType_ConstantArray || t.kind == CXType_VariableArray ||
               t.kind == CXType_IncompleteArray || t.kind == CXType_DependentSizedArray) {
      if (t.kind == CXType_VariableArray) v->variably_modified = true;
      t = clang_getCanonicalType(clang_getArrayElementType(t));
    } else {
      break;
    }
    v->levels++;
  }
  switch (t.kind) {
    case CXType_Float: v->elem = ELEM_FLOAT; break;
    case CXType_Double: v->elem = ELEM_DOUBLE; break;
    case CXType_Bool:
    case CXType_Char_U:
    case CXType_UChar:
    case CXType_UShort:
    case CXType_UInt:
    case CXType_ULong:
    case CXType_ULongLong:
    case CXType_Char_S:
    case CXType_SChar:
    case CXType_Short:
    case CXType_Int:
    case CXType_Long:
    case CXType_LongLong:
    case CXType_Enum: v->elem = ELEM_INTEGER; break;
    default: v->elem = ELEM_OTHER;
  }
}

/* The value of a const scalar's constant initializer, which is then its value everywhere. */
static void constant_value(CXCursor decl, RegionVar *v) {
  if (kind(decl) != CXCursor_VarDecl ||
      clang_Cursor_isNull(clang_Cursor_getVarDeclInitializer(decl)))
    return;
  CXEvalResult r = clang_Cursor_Evaluate(decl);
  if (!r) return;
  if (clang_EvalResult_getKind(r) == CXEval_Int && v->elem == ELEM_INTEGER)
    snprintf(v->value, sizeof v->value, "%lldLL", clang_EvalResult_getAsLongLong(r));
  else if (clang_EvalResult_getKind(r) == CXEval_Float && v->elem != ELEM_OTHER)
    snprintf(v->value, sizeof v->value, "%.17g", clang_EvalResult_getAsDouble(r));
  clang_EvalResult_dispose(r);
}

/* Records decl as a variable of the region (if it is not yet); returns its index or -1. */
static int add_var(Scan *s, CXCursor decl, CXCursor at, bool used) {
  int k = find_decl(s, decl);
  if (k >= 0) {
    s->r->vars[k].used |= used;
    return k;
  }
  if (s->r->nvars == REGION_MAX_VARS) {
    if (!s->overflow) s->overflow_at = at;
    s->overflow = true;
    return -1;
  }
  k = s->r->nvars++;
  RegionVar *v = &s->r->vars[k];
  memset(v, 0, sizeof *v);
  s->decls[k] = decl;
  s->first_ref[k] = ~0u;
  s->values[k] = clang_getNullCursor();
  CXString name = clang_getCursorSpelling(decl);
  snprintf(v->name, sizeof v->name, "%s", clang_getCString(name));
  clang_disposeString(name);
  CXType t = clang_getCursorType(decl);
  CXString ts = clang_getTypeSpelling(clang_getCanonicalType(t));
  snprintf(v->type, sizeof v->type, "%s", clang_getCString(ts));
  if (strlen(clang_getCString(ts)) >= sizeof v->type) v->type[0] = 0; /* refused by the caller */
  clang_disposeString(ts);
  if (kind(decl) == CXCursor_ParmDecl)
    v->scope = REGION_PARAM;
  else if (clang_equalCursors(clang_getCursorSemanticParent(decl), s->func))
    v->scope = REGION_LOCAL;
  else
    v->scope = REGION_GLOBAL;
  clang_getExpansionLocation(clang_getCursorLocation(decl), NULL, &v->line, &v->col, NULL);
  v->used = used;
  v->is_const = clang_isConstQualifiedType(t);
  t = clang_getCanonicalType(t);
  v->is_array = t.kind == CXType_ConstantArray || t.kind == CXType_VariableArray ||
                t.kind == CXType_IncompleteArray;
  describe_type(t, v);
  if (v->is_const && v->levels == 0) constant_value(decl, v);
  /* (an array of pointers holds storage the region writes through them: double *T[2] = {a, b};
   * read as the levels T[t % 2], no table of values) */
  v->table = v->scope == REGION_LOCAL && v->is_array && !v->variably_modified && !v->inner_pointer &&
             cur_read_only_table(decl) && !clang_Cursor_isNull(clang_Cursor_getVarDeclInitializer(decl));
  if (v->table) cur_extent(decl, &v->decl_begin, &v->decl_end);
  return k;
}

/* The variable a DeclRefExpr names when it is one declared outside the region, else NULL. */
static bool outside_var(const Scan *s, CXCursor ref, CXCursor *decl) {
  if (kind(ref) != CXCursor_DeclRefExpr) return false;
  *decl = clang_getCursorReferenced(ref);
  enum CXCursorKind k = kind(*decl);
  return (k == CXCursor_VarDecl || k == CXCursor_ParmDecl) && !in_region(s, *decl);
}

/* A reference to the declaration ctx. */
static bool refers_to(CXCursor c, void *decl) {
  return kind(c) == CXCursor_DeclRefExpr &&
         clang_equalCursors(clang_getCursorReferenced(c), *(const CXCursor *)decl);
}

static bool mentions(CXCursor c, CXCursor decl) {
  return refers_to(c, &decl) || !clang_Cursor_isNull(cur_find(c, true, refers_to, &decl));
}

/* `v = expr` as a statement of its own (in a block or a for header) whose expr does not read v:
 * when it is v's first reference in the region, v's value on entry is dead. Returns the offset
 * of the reference to v, or ~0u. */
static unsigned plain_assignment(const Scan *s, CXCursor c, CXCursor parent, CXCursor *decl) {
  enum CXCursorKind pk = kind(parent);
  CXCursor kids[2];
  char op[4];
  unsigned off;
  if (kind(c) != CXCursor_BinaryOperator ||
      (pk != CXCursor_CompoundStmt && pk != CXCursor_ForStmt) || cur_children(c, kids, 2) != 2 ||
      !cur_binary_op(s->tu, c, op) || strcmp(op, "=") || !outside_var(s, kids[0], decl) ||
      mentions(kids[1], *decl) || !main_offset(kids[0], &off))
    return ~0u;
  return off;
}

static enum CXChildVisitResult visit_region(CXCursor c, CXCursor parent, CXClientData data) {
  Scan *s = data;
  CXCursor decl;
  unsigned off;
  if (!in_region(s, c)) return CXChildVisit_Recurse;
  unsigned assigned = plain_assignment(s, c, parent, &decl);
  if (assigned != ~0u) {
    int k = add_var(s, decl, c, true);
    if (k >= 0 && assigned < s->first_ref[k]) {
      s->first_ref[k] = assigned;
      s->r->vars[k].dead_on_entry = true;
    }
  }
  if (outside_var(s, c, &decl) && main_offset(c, &off)) {
    int k = add_var(s, decl, c, true);
    if (k >= 0 && off < s->first_ref[k]) {
      s->first_ref[k] = off;
      s->r->vars[k].dead_on_entry = false;
    }
  }
  return CXChildVisit_Recurse;
}

typedef struct {
  Scan *s;
  CXCursor init; /* the declaration's initializer: its references are no type dependence */
} DepScan;

static enum CXChildVisitResult visit_type_deps(CXCursor c, CXCursor parent, CXClientData data) {
  (void)parent;
  DepScan *d = data;
  CXCursor decl;
  if (clang_equalCursors(c, d->init)) return CXChildVisit_Continue;
  if (outside_var(d->s, c, &decl)) {
    int k = add_var(d->s, decl, c, false);
    if (k >= 0) d->s->r->vars[k].sized = true;
  }
  return CXChildVisit_Recurse;
}

/* The search of an initializer for what a copy of its declaration needs (derive). */
typedef struct {
  Scan *s;
  char *why; /* the first reason the copy would not compute what the program computed */
  uint64_t *reads; /* NULL: add the locals and parameters it reads to the region's variables;
                      else set their bits */
  unsigned at;     /* where the value is computed (its declaration or assignment) */
} InitScan;

/* Whether decl (a variable the initializer reads, or the local itself) is assigned, incremented
 * or has its address taken before the region: then the copy would read another value. A local
 * whose value is an assignment before d->at (the value read), kept to the region, is the value
 * its own copy computes. */
static bool written_before(InitScan *d, CXCursor decl) {
  CXCursor where, assigned;
  unsigned off, b, e;
  if (!cur_written(d->s->tu, d->s->func, decl, &where) || !main_offset(where, &off) ||
      off >= d->s->begin)
    return false;
  if (!clang_Cursor_isNull(cur_local_value_at(decl, d->s->begin, &assigned)) &&
      !clang_Cursor_isNull(assigned) && (cur_extent(assigned, &b, &e), e <= d->at))
    return false;
  CXString n = clang_getCursorSpelling(decl);
  snprintf(d->why, REGION_WHY_MAX, "'%s' is assigned at line %u, before the region",
           clang_getCString(n), cur_loc(d->s->path, where).line);
  clang_disposeString(n);
  return true;
}

/* Whether a global of type t holds the value of its declaration: a const variable, or an array
 * of const elements (static const int K[3] = {1, 2, 1}). */
static bool fixed_value(CXType t) {
  while (t.kind == CXType_ConstantArray || t.kind == CXType_IncompleteArray)
    t = clang_getArrayElementType(t);
  return clang_isConstQualifiedType(t);
}

static enum CXChildVisitResult visit_init(CXCursor c, CXCursor parent, CXClientData data) {
  (void)parent;
  InitScan *d = data;
  if (d->why[0]) return CXChildVisit_Break;
  if (kind(c) == CXCursor_CallExpr) {
    CXString n = clang_getCursorSpelling(c);
    snprintf(d->why, REGION_WHY_MAX, "its initializer calls '%s', which the check does not call",
             clang_getCString(n));
    clang_disposeString(n);
    return CXChildVisit_Break;
  }
  if (kind(c) != CXCursor_DeclRefExpr) return CXChildVisit_Recurse;
  CXCursor decl = clang_getCursorReferenced(c);
  enum CXCursorKind k = kind(decl);
  if (k != CXCursor_VarDecl && k != CXCursor_ParmDecl) return CXChildVisit_Continue;
  bool global = k == CXCursor_VarDecl && !clang_equalCursors(clang_getCursorSemanticParent(decl),
                                                              d->s->func);
  if (global) { /* the copy sees the file's initial value: right for a const, or a global the
                   file defines and never changes (Rodinia's double t_chip = 0.0005;) */
    CXCursor where;
    bool unchanged = clang_isCursorDefinition(decl) &&
                     clang_Cursor_getStorageClass(decl) != CX_SC_Extern &&
                     !cur_written(d->s->tu, clang_getTranslationUnitCursor(d->s->tu), decl, &where);
    if (!fixed_value(clang_getCursorType(decl)) && !unchanged) {
      CXString n = clang_getCursorSpelling(decl);
      snprintf(d->why, REGION_WHY_MAX,
               "its initializer reads the global '%s', which the program may set at run time "
               "(the check does not run main)",
               clang_getCString(n));
      clang_disposeString(n);
    }
    return CXChildVisit_Continue;
  }
  if (written_before(d, decl)) return CXChildVisit_Break;
  if (!d->reads) {
    int j = add_var(d->s, decl, c, false);
    if (j >= 0) d->s->r->vars[j].init_dep = true;
  } else {
    int j = find_decl(d->s, decl);
    if (j >= 0) *d->reads |= (uint64_t)1 << j;
  }
  return CXChildVisit_Continue;
}

/* Where local k's value is computed: where it is assigned (Scan.values), else declared. */
static unsigned value_offset(const Scan *s, int k) {
  unsigned off = 0;
  main_offset(clang_Cursor_isNull(s->values[k]) ? s->decls[k] : s->values[k], &off);
  return off;
}

/* visit_init over the value of local k: its initializer, or the right side it is assigned. */
static void visit_value(Scan *s, int k, InitScan *d) {
  CXCursor value = s->values[k];
  if (clang_Cursor_isNull(value))
    clang_visitChildren(s->decls[k], visit_init, d);
  else if (visit_init(value, value, d) == CXChildVisit_Recurse)
    clang_visitChildren(value, visit_init, d);
}

/* Whether local k is one a copy of its declaration computes again (RegionVar.init): records its
 * initializer's text and adds what it reads to the region's variables, or records why not. */
static void derive(Scan *s, int k) {
  RegionVar *v = &s->r->vars[k];
  CXCursor decl = s->decls[k];
  unsigned at, b, e;
  if (v->scope != REGION_LOCAL || kind(decl) != CXCursor_VarDecl || v->levels != 0 ||
      v->elem == ELEM_OTHER || v->value[0] || v->dead_on_entry || !main_offset(decl, &at) ||
      at >= s->begin)
    return;
  CXCursor assigned, init = cur_local_value_at(decl, s->begin, &assigned);
  if (clang_Cursor_isNull(init)) return;
  if (!clang_Cursor_isNull(assigned)) s->values[k] = init;
  InitScan d = {s, v->underived, NULL, value_offset(s, k)};
  cur_extent(init, &b, &e);
  if (clang_Cursor_getStorageClass(decl) == CX_SC_Static)
    snprintf(v->underived, REGION_WHY_MAX, "it is static: its value depends on earlier calls");
  else if (!s->text || b >= e || e > s->size)
    snprintf(v->underived, REGION_WHY_MAX, "its initializer is not in the file's text");
  else if (e - b >= REGION_INIT_MAX)
    snprintf(v->underived, REGION_WHY_MAX, "its initializer is longer than %d characters",
             REGION_INIT_MAX - 1);
  else if (!clang_Cursor_isNull(assigned) || !written_before(&d, decl))
    visit_value(s, k, &d);
  if (!v->underived[0]) snprintf(v->init, sizeof v->init, "%.*s", (int)(e - b), s->text + b);
  v->init_line = cur_loc(s->path, clang_Cursor_isNull(assigned) ? decl : assigned).line;
}

/* After sorting: the bits of the variables each copied initializer reads. */
static void init_reads(Scan *s) {
  for (int k = 0; k < s->r->nvars; k++) {
    if (!s->r->vars[k].init[0]) continue;
    char why[REGION_WHY_MAX] = "";
    InitScan d = {s, why, &s->r->vars[k].init_reads, value_offset(s, k)};
    visit_value(s, k, &d);
  }
}

/* Sorts one group of variables (equal scope class) by declaration position, keeping decls and
 * first_ref in step. */
static void sort_vars(Scan *s) {
  Region *r = s->r;
  for (int i = 1; i < r->nvars; i++)
    for (int j = i; j > 0; j--) {
      RegionVar *a = &r->vars[j - 1], *b = &r->vars[j];
      bool ga = a->scope == REGION_GLOBAL, gb = b->scope == REGION_GLOBAL;
      unsigned oa = 0, ob = 0;
      oa = value_offset(s, j - 1); /* (a local assigned its value: where it is assigned) */
      ob = value_offset(s, j);
      if (ga < gb || (ga == gb && oa <= ob)) break;
      RegionVar tv = *a;
      *a = *b;
      *b = tv;
      CXCursor tc = s->decls[j - 1];
      s->decls[j - 1] = s->decls[j];
      s->decls[j] = tc;
      CXCursor tv2 = s->values[j - 1];
      s->values[j - 1] = s->values[j];
      s->values[j] = tv2;
      unsigned tf = s->first_ref[j - 1];
      s->first_ref[j - 1] = s->first_ref[j];
      s->first_ref[j] = tf;
    }
}

/* A function of the main file whose extent holds the region's bytes (ctx: the Scan). */
static bool holds_region(CXCursor c, void *ctx) {
  const Scan *s = ctx;
  unsigned b, e;
  if (!cur_main_function(c)) return false;
  cur_extent(c, &b, &e);
  return b <= s->begin && s->end <= e;
}

static int scan(Scan *s) {
  SrcLoc file_loc = {s->path, 0, 0};
  s->func = cur_find(clang_getTranslationUnitCursor(s->tu), false, holds_region, s);
  if (clang_Cursor_isNull(s->func)) {
    diag_error(file_loc, NULL, "internal: no function holds the region at bytes %u to %u", s->begin,
               s->end);
    return 2;
  }
  size_t size = 0;
  const char *text = clang_getFileContents(s->tu, clang_getFile(s->tu, s->path), &size);
  s->text = text;
  s->size = size;
  unsigned e = s->end;
  while (text && e < size &&
         (text[e] == ' ' || text[e] == '\t' || text[e] == '\n' || text[e] == '\r'))
    e++;
  s->r->begin = s->begin;
  s->r->end = text && e < size && text[e] == ';' ? e + 1 : s->end;
  cur_name(s->func, s->r->func);
  CXFile file = clang_getFile(s->tu, s->path);
  CXCursor first = clang_getCursor(s->tu, clang_getLocationForOffset(s->tu, file, s->begin));
  omp_parallel_around(s->tu, s->func, first, &s->r->omp_parallel_line);
  clang_visitChildren(s->func, visit_region, s);
  /* the types of the free variables (not of globals), and the initializers of the locals a copy
   * of their declarations computes again, may name more of them: a worklist */
  for (int k = 0; k < s->r->nvars; k++) {
    if (s->r->vars[k].scope == REGION_GLOBAL) continue;
    DepScan d = {s, kind(s->decls[k]) == CXCursor_VarDecl
                        ? clang_Cursor_getVarDeclInitializer(s->decls[k])
                        : clang_getNullCursor()};
    clang_visitChildren(s->decls[k], visit_type_deps, &d);
    derive(s, k);
  }
  if (s->overflow) {
    diag_error(cur_loc(s->path, s->overflow_at), "split the region",
               "the region uses more than %d variables declared outside it", REGION_MAX_VARS);
    return 2;
  }
  for (int k = 0; k < s->r->nvars; k++)
    if (!s->r->vars[k].type[0]) {
      diag_error(cur_loc(s->path, s->decls[k]), "name the type with a typedef",
                 "the type of '%s' is longer than %d characters", s->r->vars[k].name,
                 REGION_TYPE_MAX - 1);
      return 2;
    }
  sort_vars(s);
  init_reads(s);
  return 0;
}

int region_analyze(const char *path, const FrontendOptions *fo, unsigned begin, unsigned end,
                   const IrObservers *leave_out, Region *r) {
  memset(r, 0, sizeof *r);
  for (int k = 0; leave_out && k < leave_out->n; k++) {
    r->skip[k][0] = leave_out->at[k].begin;
    r->skip[k][1] = leave_out->at[k].end;
  }
  r->nskip = leave_out ? leave_out->n : 0;
  SrcLoc file_loc = {path, 0, 0};
  int nargs;
  const char **args = frontend_clang_args(fo, &nargs); /* as frontend_parse read the file */
  CXIndex index = clang_createIndex(0, 0);
  CXTranslationUnit tu = NULL;
  enum CXErrorCode ec =
      clang_parseTranslationUnit2(index, path, args, nargs, NULL, 0, CXTranslationUnit_None, &tu);
  int rc = 2;
  if (ec != CXError_Success || !tu) {
    diag_error(file_loc, "is it a C source file?", "libclang could not parse the file");
  } else {
    Scan s = {.path = path, .tu = tu, .begin = begin, .end = end, .r = r};
    rc = scan(&s);
  }
  if (tu) clang_disposeTranslationUnit(tu);
  clang_disposeIndex(index);
  free(args);
  return rc;
}

const RegionVar *region_find(const Region *r, const char *name) {
  for (int k = 0; k < r->nvars; k++)
    if (!strcmp(r->vars[k].name, name)) return &r->vars[k];
  return NULL;
}

/* Where a declarator's name goes in a type spelling: inside "(*...)" before its ')' (a pointer to
 * arrays), else before the first '[' (an array), else at the end. -1 when the spelling holds a
 * parenthesis of another kind (a function type). Brackets are skipped by depth, so size
 * expressions may hold anything. */
static int name_position(const char *t, bool *in_parens) {
  int pos = -1, depth = 0;
  *in_parens = false;
  for (int i = 0; t[i]; i++) {
    if (t[i] == '[') {
      if (depth++ == 0 && pos < 0) pos = i;
    } else if (t[i] == ']') {
      depth--;
    } else if (depth == 0 && t[i] == '(') {
      if (t[i + 1] != '*' || *in_parens || pos >= 0) return -1;
      *in_parens = true;
    } else if (depth == 0 && t[i] == ')' && *in_parens && pos < 0) {
      pos = i;
    }
  }
  return pos < 0 ? (int)strlen(t) : pos;
}

int region_declarator(Buf *out, const RegionVar *v, const char *name, bool decay, bool ptr) {
  const char *t = v->type;
  bool in_parens;
  int pos = name_position(t, &in_parens);
  if (pos < 0) return -1;
  const char *suffix = t + pos;
  if (decay && v->is_array) {
    if (*suffix != '[') return -1;
    int depth = 0; /* skip the outermost size: the pointer replaces it */
    do {
      depth += *suffix == '[' ? 1 : *suffix == ']' ? -1 : 0;
      suffix++;
    } while (depth > 0 && *suffix);
  }
  int stars = (decay && v->is_array) + ptr;
  bool paren = stars && !in_parens && *suffix == '[';
  int base_len = pos;
  while (base_len > 0 && t[base_len - 1] == ' ') base_len--;
  /* a space after a word: "double p", "double (*restrict p)[n]"; none after "(*" */
  char last = base_len > 0 ? t[base_len - 1] : '*';
  bool word = isalnum((unsigned char)last) || last == '_';
  buf_printf(out, "%.*s%s%s%.*s%s%s%s", base_len, t, word ? " " : "",
             paren ? "(" : "", stars, "**", name, paren ? ")" : "", suffix);
  return 0;
}
