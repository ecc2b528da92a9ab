/* The region source and the driver pieces both harnesses share (copy.h). */
#include "copy.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "util/diag.h"

const char *const COPY_HINT_BIND =
    "the check gives the region its grid arrays, their sizes, the step count, the run-time "
    "weights and scalars; compute other values inside the region, or make them constants";

int copy_refuse(const Copy *c, const RegionVar *v, const char *hint, const char *fmt, ...) {
  char msg[512];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(msg, sizeof msg, fmt, ap);
  va_end(ap);
  SrcLoc loc = {c->u->path, v ? v->line : (unsigned)c->region_line, v ? v->col : 0};
  diag_error(loc, hint, "%s", msg);
  return 2;
}

const char *copy_elem_name(ElemKind e) { return e == ELEM_FLOAT ? "float" : "double"; }

bool copy_floating(const RegionVar *v) { return v->elem == ELEM_FLOAT || v->elem == ELEM_DOUBLE; }

int copy_set(Copy *c, int k, Bind b) {
  const RegionVar *v = &c->r->vars[k];
  c->bind[k] = b;
  c->slot[k] = v->scope == REGION_GLOBAL && b != BIND_KEEP ? c->nglobals++ : -1;
  Buf probe = {0};
  int spelled = b == BIND_KEEP || !region_declarator(&probe, v, v->name, true, true);
  buf_free(&probe);
  if (!spelled)
    return copy_refuse(c, v, "declare it without function types",
                       "the type %s of '%s' cannot be spelled", v->type, v->name);
  return 0;
}

bool copy_plain(const RegionVar *v, Bind *b) {
  if (v->table) {
    *b = BIND_KEEP; /* declared again in the copy (copy_write_region) */
  } else if (v->value[0]) {
    *b = v->scope == REGION_GLOBAL ? BIND_KEEP : BIND_VALUE;
  } else if (v->dead_on_entry && !v->is_array && (v->levels > 0 || v->elem != ELEM_OTHER)) {
    *b = v->scope == REGION_GLOBAL ? BIND_KEEP : BIND_DEAD;
  } else {
    return false;
  }
  return true;
}

int copy_extent_axis(const char (*extent_param)[IR_NAME_MAX],
                     const char (*extent_bound)[IR_NAME_MAX], int dims, const RegionVar *v) {
  for (int a = 0; a < dims; a++)
    if (!strcmp(ir_extent_var(extent_param[a], extent_bound[a]), v->name)) return a;
  return -1;
}

int copy_size(const Copy *c, const RegionVar *v, const char (*extent_param)[IR_NAME_MAX],
              const char (*extent_bound)[IR_NAME_MAX], int dims, const char *steps_param, Bind *b) {
  bool extent = copy_extent_axis(extent_param, extent_bound, dims, v) >= 0;
  if (!extent && (!steps_param[0] || strcmp(v->name, steps_param))) return 1;
  if (v->levels != 0 || v->elem != ELEM_INTEGER || (v->scope == REGION_GLOBAL && v->is_const))
    return copy_refuse(c, v, "give sizes and step counts as integer variables or constants",
                       "'%s' sizes the run but has type %s", v->name, v->type);
  *b = extent ? BIND_EXTENT : BIND_STEPS;
  return 0;
}

int copy_unbound(const Copy *c, const RegionVar *v) {
  return copy_refuse(c, v, COPY_HINT_BIND,
                     "the check cannot bind '%s' (%s %s of '%s'), which the region %s", v->name,
                     v->type, v->scope == REGION_PARAM ? "parameter" : "local variable",
                     c->r->func,
                     v->used    ? "uses"
                     : v->sized ? "needs for a declared size"
                                : "needs to compute a local declared before it");
}

bool copy_init_only(const RegionVar *v) { return v->init_dep && !v->used && !v->sized; }

int copy_derive(Copy *c, int k, int (*bind_dep)(void *ctx, int j), void *ctx) {
  const RegionVar *v = &c->r->vars[k];
  if (v->underived[0])
    return copy_refuse(c, v,
                       "compute it in the function from its parameters (or inside the region), "
                       "or make it a parameter",
                       "the check cannot compute '%s' (local variable of '%s', set before the "
                       "region) as the program does: %s",
                       v->name, c->r->func, v->underived);
  if (!v->init[0]) return copy_unbound(c, v);
  for (int j = 0; j < k; j++)
    if ((v->init_reads >> j & 1) && c->bind[j] == BIND_NONE && bind_dep(ctx, j)) return 2;
  return copy_set(c, k, BIND_DERIVED);
}

/* A C string literal's contents for s. */
static void put_escaped(Buf *out, const char *s) {
  for (; *s; s++) buf_printf(out, "%s%c", *s == '"' || *s == '\\' ? "\\" : "", *s);
}

static int count_lines(const Buf *b) {
  int n = 1;
  for (size_t i = 0; i < b->len; i++) n += b->s[i] == '\n';
  return n;
}

static bool passed(const Copy *c, int k) {
  const RegionVar *v = &c->r->vars[k];
  return v->scope != REGION_GLOBAL && !v->table && c->bind[k] != BIND_NONE;
}

/* `T v = *(T *)stencilc_p_v;`: variable k as its pointer parameter gives it. */
static void take_param(Buf *out, const Copy *c, int k) {
  const RegionVar *v = &c->r->vars[k];
  buf_puts(out, "  ");
  region_declarator(out, v, v->name, true, false);
  buf_puts(out, " = *(");
  region_declarator(out, v, "", true, true);
  buf_printf(out, ")stencilc_p_%s;\n", v->name);
}

/* The return type of stencilc_derive_v: every scalar a copied declaration computes converts to
 * it and back without loss. */
static const char *derived_type(const RegionVar *v) {
  return v->elem == ELEM_INTEGER ? "long long" : "double";
}

/* The head of stencilc_derive_v, the function that computes the BIND_DERIVED local k: its
 * parameters are the variables its initializer reads. */
static void derive_head(Buf *out, const Copy *c, int k) {
  const RegionVar *v = &c->r->vars[k];
  int n = 0;
  buf_printf(out, "%s stencilc_derive_%s(", derived_type(v), v->name);
  for (int j = 0; j < k; j++)
    if (v->init_reads >> j & 1) buf_printf(out, "%svoid *stencilc_p_%s", n++ ? ", " : "", c->r->vars[j].name);
  buf_puts(out, n ? ")" : "void)");
}

/* stencilc_derive_v: the declaration of local k copied (its type, its initializer's text as
 * written) after the variables it reads are bound. */
static void write_derive(Buf *out, const Copy *c, int k) {
  const RegionVar *v = &c->r->vars[k];
  derive_head(out, c, k);
  buf_puts(out, ";\n");
  derive_head(out, c, k);
  buf_puts(out, " {\n");
  for (int j = 0; j < k; j++)
    if (v->init_reads >> j & 1) take_param(out, c, j);
  buf_printf(out, "#line %u \"", v->init_line);
  put_escaped(out, c->u->path);
  buf_puts(out, "\"\n  ");
  region_declarator(out, v, v->name, false, false);
  buf_printf(out, " = %s;\n", v->init);
  buf_printf(out, "#line %d \"stencilc-check-region.c\"\n", count_lines(out) + 1);
  buf_printf(out, "  return %s;\n}\n\n", v->name);
}

static void region_params(Buf *out, const Copy *c, bool names) {
  int n = 0;
  for (int k = 0; k < c->r->nvars; k++)
    if (passed(c, k))
      buf_printf(out, "%svoid *%s%s", n++ ? ", " : "", names ? "stencilc_p_" : "",
                 names ? c->r->vars[k].name : "");
  if (!n) buf_puts(out, "void");
}

/* The region's text, the statements it leaves out (Region.skip: prints) blanked, their line
 * breaks kept. */
static void region_text(Buf *out, const Region *r, const char *text) {
  for (unsigned i = r->begin; i < r->end; i++) {
    bool blank = false;
    for (int k = 0; k < r->nskip; k++) blank |= i >= r->skip[k][0] && i < r->skip[k][1];
    buf_printf(out, "%c", blank && text[i] != '\n' ? ' ' : text[i]);
  }
  buf_puts(out, "\n");
}

int copy_write_region(Buf *out, const Copy *c) {
  const UserSource *u = c->u;
  const Region *r = c->r;
  if (r->end > u->len || r->begin >= r->end)
    return copy_refuse(c, NULL, NULL, "internal: region bytes %u to %u outside the file (%zu bytes)",
                       r->begin, r->end, u->len);
  buf_printf(out,
             "/* stencilc check: the region of %s (line %d) as written there, in a function of "
             "its own; generated. */\n#define main stencilc_user_main\n#include \"",
             u->path, c->region_line);
  put_escaped(out, u->include_path);
  buf_puts(
      out,
      "\"\n#undef main\n\n/* the globals the driver fills */\nvoid *const stencilc_globals[] = {");
  for (int k = 0; k < r->nvars; k++)
    if (c->slot[k] >= 0) buf_printf(out, "(void *)&%s, ", r->vars[k].name);
  buf_puts(out, "0};\n\n");
  for (int k = 0; k < r->nvars; k++)
    if (c->bind[k] == BIND_DERIVED) write_derive(out, c, k);
  buf_puts(out, "void stencilc_region(");
  region_params(out, c, false);
  buf_puts(out, ");\nvoid stencilc_region(");
  region_params(out, c, true);
  buf_puts(out, ") {\n");
  for (int k = 0; k < r->nvars; k++)
    if (passed(c, k)) take_param(out, c, k);
  for (int k = 0; k < r->nvars; k++) {
    const RegionVar *v = &r->vars[k];
    if (v->table && v->decl_begin < v->decl_end && v->decl_end <= u->len)
      buf_printf(out, "  %.*s;\n", (int)(v->decl_end - v->decl_begin), u->text + v->decl_begin);
  }
  buf_printf(out, "#line %d \"", c->region_line);
  put_escaped(out, u->path);
  unsigned col = 0; /* the region's first line keeps its column */
  while (col < r->begin && u->text[r->begin - col - 1] != '\n') col++;
  buf_printf(out, "\"\n%*s", (int)col, "");
  region_text(out, r, u->text);
  buf_printf(out, "#line %d \"stencilc-check-region.c\"\n", count_lines(out) + 1);
  for (int k = 0; k < r->nvars; k++) {
    const RegionVar *v = &r->vars[k];
    if (!passed(c, k) || v->is_const || (v->is_array && v->scope != REGION_PARAM)) continue;
    buf_puts(out, "  *(");
    region_declarator(out, v, "", true, true);
    buf_printf(out, ")stencilc_p_%s = %s;\n", v->name, v->name);
  }
  buf_puts(out, "}\n");
  return 0;
}

void copy_declare(Buf *out, const Copy *c) {
  /* a global const of the user's file that a declared size names (static const int N = 128;
   * double A[N][N]): the driver, compiled apart, declares it again */
  for (int k = 0; k < c->r->nvars; k++) {
    const RegionVar *v = &c->r->vars[k];
    if (v->scope != REGION_GLOBAL || !v->sized || !v->value[0] || v->levels) continue;
    buf_puts(out, "static ");
    region_declarator(out, v, v->name, false, false);
    buf_printf(out, " = %s;\n", v->value);
  }
  buf_puts(out, "\nvoid stencilc_region(");
  region_params(out, c, false);
  buf_puts(out, ");\nextern void *const stencilc_globals[];\n");
  for (int k = 0; k < c->r->nvars; k++)
    if (c->bind[k] == BIND_DERIVED) {
      derive_head(out, c, k);
      buf_puts(out, ";\n");
    }
  buf_puts(out, "\n");
}

void copy_value_name(Buf *out, const Copy *c, int k) {
  const RegionVar *v = &c->r->vars[k];
  if (c->slot[k] >= 0 && !v->is_array)
    buf_printf(out, "(*stencilc_slot_%s)", v->name);
  else
    buf_puts(out, v->name);
}

void copy_bind_scalar(Buf *out, const Copy *c, int k, const char *value) {
  const RegionVar *v = &c->r->vars[k];
  buf_puts(out, "  ");
  if (c->slot[k] >= 0) {
    buf_puts(out, "*(");
    region_declarator(out, v, "", false, true);
    buf_printf(out, ")stencilc_globals[%d] = %s;\n", c->slot[k], value);
  } else {
    region_declarator(out, v, v->name, false, false);
    buf_printf(out, " = %s;\n", value);
  }
}

void copy_bind_pointer(Buf *out, const RegionVar *v, const char *value) {
  buf_puts(out, "  ");
  region_declarator(out, v, v->name, true, false);
  buf_puts(out, " = (");
  region_declarator(out, v, "", true, false);
  buf_printf(out, ")%s;\n", value);
}

void copy_bind_rows(Buf *out, const RegionVar *v, const char *elem, const char *block, int dims) {
  const char *stars = &"***"[3 - dims], *rows = block;
  char rows_name[IR_NAME_MAX + 16];
  if (dims == 3) { /* the rows of every plane */
    snprintf(rows_name, sizeof rows_name, "stencilc_rows_%s", v->name);
    buf_printf(out,
               "  %s **%s = (%s **)rt_xmalloc((size_t)(stencilc_in.ext[0] * stencilc_in.ext[1]) * "
               "sizeof(%s *));\n"
               "  for (long stencilc_r = 0; stencilc_r < stencilc_in.ext[0] * stencilc_in.ext[1]; "
               "stencilc_r++)\n"
               "    %s[stencilc_r] = %s + stencilc_r * stencilc_in.ext[2];\n",
               elem, rows_name, elem, elem, rows_name, block);
    rows = rows_name;
  }
  buf_puts(out, "  ");
  region_declarator(out, v, v->name, true, false);
  buf_printf(out,
             " = (%s %s)rt_xmalloc((size_t)stencilc_in.ext[0] * sizeof(%s %s));\n"
             "  for (long stencilc_r = 0; stencilc_r < stencilc_in.ext[0]; stencilc_r++)\n"
             "    %s[stencilc_r] = %s + stencilc_r * stencilc_in.ext[1];\n",
             elem, stars, elem, stars + 1, v->name, rows);
}

bool copy_bind_plain(Buf *out, const Copy *c, int k) {
  switch (c->bind[k]) {
    case BIND_DEAD: copy_bind_scalar(out, c, k, "0"); return true;
    case BIND_VALUE: copy_bind_scalar(out, c, k, c->r->vars[k].value); return true;
    case BIND_KEEP:
    case BIND_READ:
    case BIND_NONE: return true;
    case BIND_DERIVED: {
      const RegionVar *v = &c->r->vars[k];
      Buf call = {0};
      int n = 0;
      buf_printf(&call, "stencilc_derive_%s(", v->name);
      for (int j = 0; j < k; j++)
        if (v->init_reads >> j & 1) buf_printf(&call, "%s(void *)&%s", n++ ? ", " : "", c->r->vars[j].name);
      buf_puts(&call, ")");
      copy_bind_scalar(out, c, k, call.s);
      buf_free(&call);
      return true;
    }
    default: return false;
  }
}

void copy_call(Buf *out, const Copy *c) {
  buf_puts(out, "  stencilc_region(");
  int n = 0;
  for (int k = 0; k < c->r->nvars; k++)
    if (passed(c, k)) buf_printf(out, "%s(void *)&%s", n++ ? ", " : "", c->r->vars[k].name);
  buf_puts(out, ");\n");
}
