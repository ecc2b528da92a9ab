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

int copy_unbound(const Copy *c, const RegionVar *v) {
  return copy_refuse(c, v, COPY_HINT_BIND,
                     "the check cannot bind '%s' (%s %s of '%s'), which the region %s", v->name,
                     v->type, v->scope == REGION_PARAM ? "parameter" : "local variable",
                     c->r->func, v->used ? "uses" : "needs for a declared size");
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
  return c->r->vars[k].scope != REGION_GLOBAL && !c->r->vars[k].table;
}

static void region_params(Buf *out, const Copy *c, bool names) {
  int n = 0;
  for (int k = 0; k < c->r->nvars; k++)
    if (passed(c, k))
      buf_printf(out, "%svoid *%s%s", n++ ? ", " : "", names ? "stencilc_p_" : "",
                 names ? c->r->vars[k].name : "");
  if (!n) buf_puts(out, "void");
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
  buf_puts(out, "0};\n\nvoid stencilc_region(");
  region_params(out, c, false);
  buf_puts(out, ");\nvoid stencilc_region(");
  region_params(out, c, true);
  buf_puts(out, ") {\n");
  for (int k = 0; k < r->nvars; k++) {
    const RegionVar *v = &r->vars[k];
    if (!passed(c, k)) continue;
    buf_puts(out, "  ");
    region_declarator(out, v, v->name, true, false);
    buf_puts(out, " = *(");
    region_declarator(out, v, "", true, true);
    buf_printf(out, ")stencilc_p_%s;\n", v->name);
  }
  for (int k = 0; k < r->nvars; k++) {
    const RegionVar *v = &r->vars[k];
    if (v->table && v->decl_begin < v->decl_end && v->decl_end <= u->len)
      buf_printf(out, "  %.*s;\n", (int)(v->decl_end - v->decl_begin), u->text + v->decl_begin);
  }
  buf_printf(out, "#line %d \"", c->region_line);
  put_escaped(out, u->path);
  unsigned col = 0; /* the region's first line keeps its column */
  while (col < r->begin && u->text[r->begin - col - 1] != '\n') col++;
  buf_printf(out, "\"\n%*s%.*s\n", (int)col, "", (int)(r->end - r->begin), u->text + r->begin);
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
  buf_puts(out, "\nvoid stencilc_region(");
  region_params(out, c, false);
  buf_puts(out, ");\nextern void *const stencilc_globals[];\n\n");
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

bool copy_bind_plain(Buf *out, const Copy *c, int k) {
  switch (c->bind[k]) {
    case BIND_DEAD: copy_bind_scalar(out, c, k, "0"); return true;
    case BIND_VALUE: copy_bind_scalar(out, c, k, c->r->vars[k].value); return true;
    case BIND_KEEP: return true;
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
