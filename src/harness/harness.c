/* Writes the two sources of stencilc check's harness (see harness.h for what each holds). */
#include "harness.h"

#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "runtime_text.h"
#include "util/diag.h"

/* How the driver gives a variable its value (harness.h, "Binding"). */
typedef enum {
  BIND_GRID,
  BIND_WEIGHTS,
  BIND_SCALAR,
  BIND_EXTENT,
  BIND_STEPS,
  BIND_DEAD,
  BIND_VALUE,
  BIND_KEEP
} Bind;

typedef struct {
  const Stencil *st;
  const Region *r;
  const UserSource *u;
  Bind bind[REGION_MAX_VARS];
  int slot[REGION_MAX_VARS]; /* globals: index in stencilc_globals[]; others -1 */
  const RegionVar *grid;
} Plan;

static const char *const HINT_BIND =
    "the check gives the region its grid arrays, their sizes, the step count, the run-time "
    "weights and scalars; compute other values inside the region, or make them constants";

__attribute__((format(printf, 4, 5))) static int refuse(const Plan *p, const RegionVar *v,
                                                        const char *hint, const char *fmt, ...) {
  char msg[512];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(msg, sizeof msg, fmt, ap);
  va_end(ap);
  SrcLoc loc = {p->u->path, v ? v->line : (unsigned)p->st->region_line, v ? v->col : 0};
  diag_error(loc, hint, "%s", msg);
  return 2;
}

static const char *elem_name(ElemKind e) { return e == ELEM_FLOAT ? "float" : "double"; }

static bool floating(const RegionVar *v) { return v->elem == ELEM_FLOAT || v->elem == ELEM_DOUBLE; }

/* The run-time scalar named like v, or -1. */
static int scalar_of(const Stencil *st, const RegionVar *v) {
  for (int k = 0; k < st->nscalars; k++)
    if (!strcmp(st->scalars[k].name, v->name)) return k;
  return -1;
}

/* The axis whose extent variable v is, or -1. */
static int extent_axis(const Stencil *st, const RegionVar *v) {
  for (int a = 0; a < st->dims; a++)
    if (!strcmp(st->extent_param[a], v->name)) return a;
  return -1;
}

/* Levels of storage the driver gives a grid variable: two time levels under a time dimension
 * (or as many as a constant first size declares), else one. */
static long grid_levels(const Plan *p, const RegionVar *v) {
  if (v->levels != p->st->dims + 1) return 1;
  return v->is_array && v->outer >= 2 ? v->outer : 2;
}

static int check_grid(const Plan *p, const RegionVar *v) {
  int dims = p->st->dims;
  if (!floating(v) || v->inner_pointer || v->levels < 1)
    return refuse(p, v, "declare the grid as float or double arrays, or pointers to them",
                  "the grid '%s' has type %s, which the check cannot fill", v->name, v->type);
  if (v->levels != dims + 1 && v->levels != dims && v->levels != 1)
    return refuse(p, v, "declare the grid as A[2][n][n], A[n][n], (*A)[n] or *A",
                  "the grid '%s' has %d levels of arrays and pointers for a %dD stencil", v->name,
                  v->levels, dims);
  if (v->scope == REGION_GLOBAL && v->is_const)
    return refuse(p, v, NULL, "the grid '%s' is a const global: the check cannot fill it", v->name);
  if (v->levels == dims + 1 && v->is_array && v->outer >= 0 && v->outer < 2)
    return refuse(p, v, "declare two time levels: A[2][n][n]",
                  "the time dimension of '%s' holds %ld level", v->name, v->outer);
  return 0;
}

static int classify(Plan *p) {
  const Stencil *st = p->st;
  const Region *r = p->r;
  p->grid = region_find(r, st->array);
  if (!p->grid)
    return refuse(p, NULL, NULL, "internal: the grid '%s' is not among the region's variables",
                  st->array);
  if (check_grid(p, p->grid)) return 2;
  int globals = 0;
  for (int k = 0; k < r->nvars; k++) {
    const RegionVar *v = &r->vars[k];
    Bind b;
    bool scalar_int = v->levels == 0 && v->elem == ELEM_INTEGER;
    if (v == p->grid) {
      b = BIND_GRID;
    } else if (st->weights[0] && !strcmp(v->name, st->weights)) {
      if (!floating(v) || v->inner_pointer || v->levels < 1 ||
          (v->scope == REGION_GLOBAL && v->is_const))
        return refuse(p, v, "pass the weights as a float or double array parameter",
                      "the run-time weights '%s' (%s) cannot be filled by the check", v->name,
                      v->type);
      b = BIND_WEIGHTS;
    } else if (scalar_of(st, v) >= 0 && floating(v) && v->levels == 0 && v->scope != REGION_GLOBAL) {
      b = BIND_SCALAR;
    } else if (extent_axis(st, v) >= 0 ||
               (st->steps_param[0] && !strcmp(v->name, st->steps_param))) {
      if (!scalar_int || (v->scope == REGION_GLOBAL && v->is_const))
        return refuse(p, v, "give sizes and step counts as integer variables or constants",
                      "'%s' sizes the run but has type %s", v->name, v->type);
      b = extent_axis(st, v) >= 0 ? BIND_EXTENT : BIND_STEPS;
    } else if (v->value[0]) {
      b = v->scope == REGION_GLOBAL ? BIND_KEEP : BIND_VALUE;
    } else if (v->dead_on_entry && !v->is_array && (v->levels > 0 || v->elem != ELEM_OTHER)) {
      b = v->scope == REGION_GLOBAL ? BIND_KEEP : BIND_DEAD;
    } else if (v->levels == p->grid->levels && v->elem == p->grid->elem && !v->inner_pointer &&
               !(v->scope == REGION_GLOBAL && v->is_array)) {
      /* the other array of a pointer swap or a copy-back; a global array keeps what the user's
       * file gives it (a table of coefficients is one too) and has its storage already */
      b = BIND_GRID;
    } else if (v->scope == REGION_GLOBAL) {
      b = BIND_KEEP;
    } else {
      return refuse(p, v, HINT_BIND,
                    "the check cannot bind '%s' (%s %s of '%s'), which the region %s", v->name,
                    v->type, v->scope == REGION_PARAM ? "parameter" : "local variable", r->func,
                    v->used ? "uses" : "needs for a declared size");
    }
    p->bind[k] = b;
    p->slot[k] = v->scope == REGION_GLOBAL && b != BIND_KEEP ? globals++ : -1;
    Buf probe = {0};
    int spelled = b == BIND_KEEP || !region_declarator(&probe, v, v->name, true, true);
    buf_free(&probe);
    if (!spelled)
      return refuse(p, v, "declare it without function types",
                    "the type %s of '%s' cannot be spelled", v->type, v->name);
  }
  return 0;
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

static bool passed(const Plan *p, int k) { return p->r->vars[k].scope != REGION_GLOBAL; }

static void region_params(Buf *out, const Plan *p, bool names) {
  int n = 0;
  for (int k = 0; k < p->r->nvars; k++)
    if (passed(p, k))
      buf_printf(out, "%svoid *%s%s", n++ ? ", " : "", names ? "stencilc_p_" : "",
                 names ? p->r->vars[k].name : "");
  if (!n) buf_puts(out, "void");
}

static int write_region(Buf *out, const Plan *p) {
  const Stencil *st = p->st;
  const UserSource *u = p->u;
  const Region *r = p->r;
  if (r->end > u->len || r->begin >= r->end)
    return refuse(p, NULL, NULL, "internal: region bytes %u to %u outside the file (%zu bytes)",
                  r->begin, r->end, u->len);
  buf_printf(out,
             "/* stencilc check: the region of %s (line %d) as written there, in a function of "
             "its own; generated. */\n#define main stencilc_user_main\n#include \"",
             u->path, st->region_line);
  put_escaped(out, u->include_path);
  buf_puts(
      out,
      "\"\n#undef main\n\n/* the globals the driver fills */\nvoid *const stencilc_globals[] = {");
  for (int k = 0; k < p->r->nvars; k++)
    if (p->slot[k] >= 0) buf_printf(out, "(void *)&%s, ", p->r->vars[k].name);
  buf_puts(out, "0};\n\nvoid stencilc_region(");
  region_params(out, p, false);
  buf_puts(out, ");\nvoid stencilc_region(");
  region_params(out, p, true);
  buf_puts(out, ") {\n");
  for (int k = 0; k < p->r->nvars; k++) {
    const RegionVar *v = &p->r->vars[k];
    if (!passed(p, k)) continue;
    buf_puts(out, "  ");
    region_declarator(out, v, v->name, true, false);
    buf_puts(out, " = *(");
    region_declarator(out, v, "", true, true);
    buf_printf(out, ")stencilc_p_%s;\n", v->name);
  }
  buf_printf(out, "#line %d \"", st->region_line);
  put_escaped(out, u->path);
  unsigned col = 0; /* the region's first line keeps its column */
  while (col < r->begin && u->text[r->begin - col - 1] != '\n') col++;
  buf_printf(out, "\"\n%*s%.*s\n", (int)col, "", (int)(r->end - r->begin), u->text + r->begin);
  buf_printf(out, "#line %d \"stencilc-check-region.c\"\n", count_lines(out) + 1);
  for (int k = 0; k < p->r->nvars; k++) {
    const RegionVar *v = &p->r->vars[k];
    if (!passed(p, k) || v->is_const || (v->is_array && v->scope != REGION_PARAM)) continue;
    buf_puts(out, "  *(");
    region_declarator(out, v, "", true, true);
    buf_printf(out, ")stencilc_p_%s = %s;\n", v->name, v->name);
  }
  buf_puts(out, "}\n");
  return 0;
}

/* `T v` with v's type: the name as is, or "(*stencilc_slot_v)" for a global pointer. */
static void value_name(Buf *out, const Plan *p, int k) {
  const RegionVar *v = &p->r->vars[k];
  if (p->slot[k] >= 0 && !v->is_array)
    buf_printf(out, "(*stencilc_slot_%s)", v->name);
  else
    buf_puts(out, v->name);
}

/* The elements one level of the grid holds below its outermost index, as a C expression. */
static void inner_cells(Buf *out, const Plan *p, const RegionVar *v) {
  int first = v->levels == p->st->dims + 1 ? 0 : 1;
  buf_puts(out, "(size_t)1");
  for (int a = first; a < p->st->dims; a++) buf_printf(out, " * (size_t)stencilc_in.ext[%d]", a);
}

static void bind_grid(Buf *out, const Plan *p, int k) {
  const RegionVar *v = &p->r->vars[k];
  const char *e = elem_name(v->elem);
  long levels = grid_levels(p, v);
  if (p->slot[k] >= 0 && v->is_array) { /* a global array: fill it in place */
    buf_puts(out, "  ");
    region_declarator(out, v, v->name, true, false);
    buf_puts(out, " = (");
    region_declarator(out, v, "", true, false);
    buf_printf(out, ")stencilc_globals[%d];\n  rt_user_fill(%s, &stencilc_in, sizeof(%s), %ld);\n",
               p->slot[k], v->name, e, levels);
  } else if (p->slot[k] >= 0) { /* a global pointer: point it at fresh storage */
    buf_puts(out, "  ");
    region_declarator(out, v, "", false, true);
    buf_printf(out, "stencilc_slot_%s = (", v->name);
    region_declarator(out, v, "", false, true);
    buf_printf(out, ")stencilc_globals[%d];\n  *stencilc_slot_%s = (", p->slot[k], v->name);
    region_declarator(out, v, "", false, false);
    buf_printf(out, ")rt_user_grid(&stencilc_in, sizeof(%s), %ld);\n", e, levels);
  } else {
    buf_puts(out, "  ");
    region_declarator(out, v, v->name, true, false);
    buf_puts(out, " = (");
    region_declarator(out, v, "", true, false);
    buf_printf(out, ")rt_user_grid(&stencilc_in, sizeof(%s), %ld);\n", e, levels);
  }
  if (v->levels >= 2) { /* the declared shape must be the grid's */
    buf_puts(out, "  rt_user_need(sizeof(*");
    value_name(out, p, k);
    buf_puts(out, ") == ");
    inner_cells(out, p, v);
    buf_printf(out, " * sizeof(%s), \"the sizes declared for '%s' are not the grid's\");\n", e,
               v->name);
  }
  if (v->is_array && v->outer >= 0 && v->levels == p->st->dims)
    buf_printf(out,
               "  rt_user_need(%ldL == stencilc_in.ext[0], \"the first size of '%s' is not "
               "the grid's\");\n",
               v->outer, v->name);
}

static void bind_scalar(Buf *out, const Plan *p, int k, const char *value) {
  const RegionVar *v = &p->r->vars[k];
  buf_puts(out, "  ");
  if (p->slot[k] >= 0) {
    buf_puts(out, "*(");
    region_declarator(out, v, "", false, true);
    buf_printf(out, ")stencilc_globals[%d] = %s;\n", p->slot[k], value);
  } else {
    region_declarator(out, v, v->name, false, false);
    buf_printf(out, " = %s;\n", value);
  }
}

static void bind_var(Buf *out, const Plan *p, int k) {
  const RegionVar *v = &p->r->vars[k];
  const Stencil *st = p->st;
  char value[160];
  Buf check = {0};
  switch (p->bind[k]) {
    case BIND_GRID: bind_grid(out, p, k); break;
    case BIND_WEIGHTS:
      if (p->slot[k] >= 0) {
        buf_printf(out,
                   "  rt_user_put(stencilc_globals[%d], 0, stencilc_in.weights, "
                   "stencilc_in.nweights, sizeof(%s));\n",
                   p->slot[k], elem_name(v->elem));
      } else {
        buf_puts(out, "  ");
        region_declarator(out, v, v->name, true, false);
        buf_puts(out, " = (");
        region_declarator(out, v, "", true, false);
        buf_printf(out, ")rt_user_weights(&stencilc_in, sizeof(%s));\n", elem_name(v->elem));
      }
      break;
    case BIND_EXTENT: {
      int a = extent_axis(st, v);
      snprintf(value, sizeof value, "stencilc_in.ext[%d] - %d", a, st->extent_pad[a]);
      bind_scalar(out, p, k, value);
      value_name(&check, p, k);
      if (p->slot[k] >= 0) { /* read back through its type */
        buf_free(&check);
        buf_puts(&check, "*(");
        region_declarator(&check, v, "", false, true);
        buf_printf(&check, ")stencilc_globals[%d]", p->slot[k]);
      }
      for (int b = a; b < st->dims; b++)
        if (!strcmp(st->extent_param[b], v->name))
          buf_printf(out,
                     "  rt_user_need((long)(%s) + %d == stencilc_in.ext[%d], \"the grid's "
                     "extent along axis %d does not fit '%s'\");\n",
                     check.s, st->extent_pad[b], b, b, v->name);
      break;
    }
    case BIND_STEPS:
      /* the loop's iterations: each makes steps_per_iter steps */
      snprintf(value, sizeof value, "stencilc_in.steps / %d - (%ldL)", st->steps_per_iter,
               st->steps_const);
      bind_scalar(out, p, k, value);
      break;
    case BIND_SCALAR: /* the value the program ran with, as its input dump holds it */
      snprintf(value, sizeof value, "(%s)stencilc_in.weights[%d]", elem_name(v->elem),
               scalar_of(st, v));
      bind_scalar(out, p, k, value);
      break;
    case BIND_DEAD: bind_scalar(out, p, k, "0"); break;
    case BIND_VALUE: bind_scalar(out, p, k, v->value); break;
    case BIND_KEEP: break;
  }
  buf_free(&check);
}

static void write_driver(Buf *out, const Plan *p) {
  const Stencil *st = p->st;
  const Region *r = p->r;
  buf_puts(out,
           "/* stencilc check: the driver of the harness (src/harness/harness.h); generated. */\n"
           "#define RT_REAL double\n");
  buf_puts(out, rt_rt_common);
  buf_puts(out, rt_rt_dump);
  buf_puts(out, "\nvoid stencilc_region(");
  region_params(out, p, false);
  buf_puts(out, ");\nextern void *const stencilc_globals[];\n\n");
  buf_puts(out, rt_rt_usercheck);
  buf_puts(out,
           "\n/* what each unit of |w[k]| adds to the stencil's gain */\n"
           "static const double stencilc_weight_gain[] = {");
  for (int k = 0; k < st->nweights; k++) buf_printf(out, "%.17g, ", ir_weight_gain(st, k));
  buf_puts(out, "0};\n\n");
  buf_puts(out,
           "int main(int stencilc_argc, char **stencilc_argv) {\n"
           "  RtDump stencilc_in, stencilc_out;\n"
           "  if (stencilc_argc != 3 || rt_dump_read(stencilc_argv[1], &stencilc_in) ||\n"
           "      rt_dump_read(stencilc_argv[2], &stencilc_out))\n"
           "    return 3;\n");
  buf_printf(
      out,
      "  rt_user_need(stencilc_in.dims == %d && stencilc_out.dims == %d && "
      "stencilc_in.cells == stencilc_out.cells &&\n"
      "                stencilc_in.steps == stencilc_out.steps && stencilc_in.nweights == %d,\n"
      "                \"the dumps are not an input and an output of this stencil\");\n",
      st->dims, st->dims, st->nweights);
  for (int a = 0; a < st->dims; a++) {
    buf_printf(out,
               "  rt_user_need(stencilc_in.lo[%d] == %d && stencilc_in.hi[%d] == %d, \"the "
               "dumps' halo along axis %d is not the stencil's\");\n",
               a, st->lo[a], a, st->hi[a], a);
    if (!st->extent_param[a][0])
      buf_printf(out,
                 "  rt_user_need(stencilc_in.ext[%d] == %ldL, \"the extent along axis %d is "
                 "not the source's constant %ld\");\n",
                 a, st->extent_const[a], a, st->extent_const[a]);
  }
  long fixed_steps;
  if (ir_fixed_steps(st, &fixed_steps))
    buf_printf(out,
               "  rt_user_need(stencilc_in.steps == %ldL, \"the step count is not the "
               "source's constant %ld\");\n",
               fixed_steps, fixed_steps);
  /* globals first: a local's type may name one; each group in declaration order */
  for (int pass = 0; pass < 2; pass++)
    for (int k = 0; k < r->nvars; k++)
      if ((r->vars[k].scope == REGION_GLOBAL) == (pass == 0)) bind_var(out, p, k);
  buf_puts(out, "  stencilc_region(");
  int n = 0;
  for (int k = 0; k < r->nvars; k++)
    if (passed(p, k)) buf_printf(out, "%s(void *)&%s", n++ ? ", " : "", r->vars[k].name);
  buf_printf(out, ");\n  const %s *stencilc_result = (const %s *)", elem_name(p->grid->elem),
             elem_name(p->grid->elem));
  value_name(out, p, (int)(p->grid - r->vars));
  /* the last iteration, t = time_first + steps - 1, writes level (t + 1) % 2 */
  if (p->grid->levels == st->dims + 1 && st->time_form == TIME_COPYBACK)
    buf_puts(out, " + 0 * stencilc_in.cells");
  else if (p->grid->levels == st->dims + 1)
    buf_printf(out, " + (stencilc_in.steps + %ldL) %% 2 * stencilc_in.cells", st->time_first);
  const char *e = elem_name(p->grid->elem);
  buf_printf(out,
             ";\n  double stencilc_tol = rt_user_tolerance(&stencilc_in, sizeof(%s), %d, %.17g, "
             "stencilc_weight_gain);\n",
             e, st->flops, ir_gain(st));
  buf_printf(out,
             "  return rt_user_verdict(&stencilc_in, &stencilc_out, stencilc_result, sizeof(%s), "
             "stencilc_tol);\n}\n",
             e);
}

int harness_write(Buf *region_src, Buf *driver_src, const Stencil *st, const Region *r,
                  const UserSource *u) {
  Plan p = {.st = st, .r = r, .u = u};
  if (classify(&p) || write_region(region_src, &p)) return 2;
  write_driver(driver_src, &p);
  return 0;
}
