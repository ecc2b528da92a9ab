/* The harness of `stencilc check` for stencil programs (harness.h): the user's time loop copied
 * into stencilc_region (copy.c), a driver that gives it every field and scalar the program's
 * input dump holds and compares every buffer of every field a stage writes with the output dump. */
#include <stdio.h>
#include <string.h>

#include "copy.h"
#include "harness.h"
#include "runtime_text.h"

typedef struct {
  Copy c;
  const Program *pr;
  int field[REGION_MAX_VARS]; /* BIND_FIELD: the field; else -1 */
  int level[REGION_MAX_VARS]; /* a rotated pointer: the level it holds first; else -1 */
} Plan;

/* The field whose variable v is (its name, or one of its rotated pointers: *level), or -1. */
static int field_of(const Program *pr, const RegionVar *v, int *level) {
  *level = -1;
  for (int f = 0; f < pr->nfields; f++) {
    const Field *fd = &pr->fields[f];
    if (!fd->level_var[0][0] && !strcmp(fd->name, v->name)) return f;
    for (int s = 0; fd->level_var[0][0] && s < fd->levels; s++)
      if (!strcmp(fd->level_var[s], v->name)) return *level = s, f;
  }
  return -1;
}

/* Whether f keeps its levels in a time dimension of one array (u[(t + 1) % 3][i][j]). */
static bool timed(const Program *pr, int f) {
  return pr->fields[f].levels > 1 && !pr->fields[f].level_var[0][0];
}

/* Whether field variable v is a 2D or 3D grid of row pointers (double **p read as p[i][j], one
 * buffer of the field: rotated pointers or a single level): the driver points them at the rows
 * of the buffer. */
static bool row_pointers(const Program *pr, const RegionVar *v, int f) {
  return v->inner_pointer && v->levels == pr->dims && pr->dims >= 2 && !timed(pr, f);
}

static int check_field(const Plan *p, const RegionVar *v, int f) {
  const Program *pr = p->pr;
  bool t = timed(pr, f);
  if (row_pointers(pr, v, f) && copy_floating(v) && v->scope != REGION_GLOBAL) return 0;
  if (!copy_floating(v) || v->inner_pointer ||
      (t ? v->levels != pr->dims + 1 && v->levels != 2 /* flat levels u[3][nz * nx] */
         : v->levels != pr->dims && v->levels != 1))
    return copy_refuse(&p->c, v, "declare a field as float or double arrays or a pointer to them",
                       "the field '%s' has type %s, which the check cannot fill", v->name, v->type);
  if (t && v->is_array && v->outer >= 0 && v->outer < pr->fields[f].levels)
    return copy_refuse(&p->c, v, NULL, "the time dimension of '%s' holds %ld levels, not %d",
                       v->name, v->outer, pr->fields[f].levels);
  if (v->scope == REGION_GLOBAL && v->is_const)
    return copy_refuse(&p->c, v, NULL, "the field '%s' is a const global: the check cannot fill it",
                       v->name);
  return 0;
}

static int scalar_of(const Program *pr, const RegionVar *v) {
  for (int k = 0; k < pr->nscalars; k++)
    if (!strcmp(pr->scalars[k], v->name)) return k;
  return -1;
}

/* Whether v is a coefficient array parameter whose elements are run-time scalars "v[k]". */
static bool scalar_array(const Program *pr, const RegionVar *v) {
  size_t len = strlen(v->name);
  for (int k = 0; k < pr->nscalars; k++)
    if (!strncmp(pr->scalars[k], v->name, len) && pr->scalars[k][len] == '[') return true;
  return false;
}

/* The number of the source array v is (rt_prog_source_value's n: a point source's array, or an
 * array the boundary stages read at the time index), or -1; *lead: the elements it holds past
 * the steps. */
static int source_of(const Program *pr, const RegionVar *v, int *lead) {
  for (int n = 0; n < pr->nsources; n++)
    if (!strcmp(pr->sources[n].array, v->name)) return *lead = pr->t_start + pr->sources[n].shift, n;
  for (int k = 0; k < pr->ntarrays; k++)
    if (!strcmp(pr->tarrays[k].name, v->name))
      return *lead = pr->t_start + pr->tarrays[k].max_shift, program_tarray_id(pr, k);
  return -1;
}

/* Binds variable k; 0 or 2 (a void * plan: see copy_derive). */
static int classify_var(void *plan, int k) {
  Plan *p = plan;
  const Program *pr = p->pr;
  const RegionVar *v = &p->c.r->vars[k];
  int level, lead, f = field_of(pr, v, &level), size;
  Bind b;
  p->field[k] = f;
  p->level[k] = level;
  if (f >= 0) {
    if (check_field(p, v, f)) return 2;
    b = BIND_FIELD;
  } else if (scalar_of(pr, v) >= 0 && v->levels == 0 &&
             (pr->scalar_index[scalar_of(pr, v)] ? v->elem == ELEM_INTEGER : copy_floating(v))) {
    /* a global or a local with a copied declaration: the user's code computes it (user_value) */
    if (!pr->scalar_user[scalar_of(pr, v)] || (v->scope != REGION_GLOBAL && !v->init[0]))
      b = BIND_SCALAR;
    else if (v->scope == REGION_GLOBAL)
      b = BIND_READ;
    else
      return copy_derive(&p->c, k, classify_var, p);
  } else if (scalar_array(pr, v)) {
    if (!copy_floating(v) || v->levels > IR_MAX_DIMS || v->inner_pointer || v->scope != REGION_PARAM)
      return copy_refuse(&p->c, v, "pass the coefficients as a float or double array parameter",
                         "the coefficient array '%s' has type %s, which the check cannot fill",
                         v->name, v->type);
    b = BIND_WEIGHTS;
  } else if (source_of(pr, v, &lead) >= 0) {
    if (!copy_floating(v) || v->levels != 1 || v->inner_pointer || v->scope == REGION_GLOBAL)
      return copy_refuse(&p->c, v, "pass the source array as a float or double pointer parameter",
                         "the source array '%s' has type %s, which the check cannot fill",
                         v->name, v->type);
    b = BIND_SOURCE;
  } else if ((size = copy_size(&p->c, v, pr->extent_param, pr->extent_bound, pr->dims, pr->steps_param, &b)) != 1) {
    if (size) return size;
  } else if (copy_plain(v, &b)) {
  } else if (v->scope == REGION_GLOBAL) {
    b = BIND_KEEP;
  } else {
    return copy_derive(&p->c, k, classify_var, p);
  }
  return copy_set(&p->c, k, b);
}

static int classify(Plan *p) {
  const Program *pr = p->pr;
  for (int k = 0; k < p->c.r->nvars; k++) {
    p->field[k] = p->level[k] = p->c.slot[k] = -1;
    if (!copy_init_only(&p->c.r->vars[k]) && classify_var(p, k)) return 2;
  }
  for (int f = 0; f < pr->nfields; f++) { /* every buffer is bound once */
    int seen = 0;
    for (int k = 0; k < p->c.r->nvars; k++) seen += p->field[k] == f;
    if (seen != (pr->fields[f].level_var[0][0] ? pr->fields[f].levels : 1))
      return copy_refuse(&p->c, NULL, NULL, "internal: the field '%s' is not among the region's variables",
                         pr->fields[f].name);
  }
  return 0;
}

/* Where field variable k's buffers are: stencilc_user[field][buffer] (bind_field). */
static void bind_buffers(Buf *out, const Plan *p, int k, long first) {
  const RegionVar *v = &p->c.r->vars[k];
  int f = p->field[k], levels = p->pr->fields[f].levels;
  bool t = timed(p->pr, f);
  for (int b = 0; b < (t ? levels : 1); b++) /* program buffer b is the user's (b + first) */
    buf_printf(out, "  stencilc_user[%d][%d] = (char *)stencilc_s_%s + %ld * stencilc_in.cells * sizeof(%s);\n",
               f, p->level[k] > 0 ? p->level[k] : b, v->name,
               t ? ((b + first) % levels + levels) % levels : 0L, copy_elem_name(v->elem));
}

/* Field variable k: fresh storage filled from the input dump (a global array's own), bound to
 * the variable, and each program buffer it holds recorded in stencilc_user[field][buffer]. */
static void bind_field(Buf *out, const Plan *p, int k) {
  const Program *pr = p->pr;
  const RegionVar *v = &p->c.r->vars[k];
  int f = p->field[k], levels = pr->fields[f].levels, slot = p->c.slot[k];
  const char *e = copy_elem_name(v->elem);
  bool t = timed(pr, f);
  long count = t && v->is_array && v->outer > levels ? v->outer : t ? levels : 1;
  /* the user's first buffer holds the program's (0 - first) mod levels */
  long first = t ? pr->t_start : p->level[k] > 0 ? -p->level[k] : 0;
  if (slot >= 0 && v->is_array && pr->fields[f].per_axis) {
    buf_printf(out, "  void *stencilc_s_%s = stencilc_globals[%d];\n", v->name, slot);
    buf_printf(out, "  rt_up_fill_line(stencilc_s_%s, %ldL, &stencilc_in, %d, stencilc_in.ext[%d], "
                    "sizeof(%s));\n", v->name, v->outer, f, pr->fields[f].axis, e);
  } else if (slot >= 0 && v->is_array) {
    buf_printf(out, "  void *stencilc_s_%s = stencilc_globals[%d];\n", v->name, slot);
    buf_printf(out, "  rt_up_fill(stencilc_s_%s, &stencilc_in, %d, %ld, %ld, sizeof(%s));\n",
               v->name, f, count, first, e);
  } else {
    buf_printf(out, "  void *stencilc_s_%s = rt_up_storage(&stencilc_in, %d, %ld, %ld, sizeof(%s));\n",
               v->name, f, count, first, e);
    char block[IR_NAME_MAX + 64];
    snprintf(block, sizeof block, "(%s *)stencilc_s_%s", e, v->name);
    if (row_pointers(pr, v, f)) { /* p[r]: row r of the buffer (check_field: no global) */
      copy_bind_rows(out, v, e, block, pr->dims);
      bind_buffers(out, p, k, first);
      return;
    }
    buf_puts(out, "  ");
    if (slot >= 0) {
      buf_puts(out, "*(");
      region_declarator(out, v, "", false, true);
      buf_printf(out, ")stencilc_globals[%d]", slot);
    } else {
      region_declarator(out, v, v->name, true, false);
    }
    buf_puts(out, " = (");
    region_declarator(out, v, "", true, false);
    buf_printf(out, ")stencilc_s_%s;\n", v->name);
    if (slot < 0 && v->levels >= 2) { /* the declared shape must be the grid's */
      buf_printf(out, "  rt_user_need(sizeof(*%s) == (size_t)stencilc_in.cells / %s * sizeof(%s), "
                      "\"the sizes declared for '%s' are not the grid's\");\n",
                 v->name, t ? "1" : "(size_t)stencilc_in.ext[0]", e, v->name);
      if (v->is_array && v->outer >= 0 && !t)
        buf_printf(out, "  rt_user_need(%ldL == stencilc_in.ext[0], \"the first size of '%s' is not "
                        "the grid's\");\n", v->outer, v->name);
    }
  }
  bind_buffers(out, p, k, first);
}

/* Source array variable k: the values the generated program injected (rt_up_source). */
static void bind_source(Buf *out, const Plan *p, int k) {
  const Program *pr = p->pr;
  const RegionVar *v = &p->c.r->vars[k];
  int lead, n = source_of(pr, v, &lead);
  char value[160];
  buf_printf(out, "  void *stencilc_s_%s = rt_up_source(%d, stencilc_in.steps + %d, sizeof(%s));\n",
             v->name, n, lead, copy_elem_name(v->elem));
  snprintf(value, sizeof value, "stencilc_s_%s", v->name);
  copy_bind_pointer(out, v, value);
}

/* Coefficient array parameter v: the program's scalars "v[a]" or "v[a][b]..." (its pointer
 * levels) in storage the user's code reads; the strides of its subscripts in elements are
 * sizeof(*v) / sizeof(elem), sizeof(**v) / sizeof(elem), ..., 1. */
static void bind_weights(Buf *out, const RegionVar *v) {
  const char *e = copy_elem_name(v->elem);
  Buf value = {0};
  buf_printf(&value, "rt_up_scalar_array(&stencilc_in, \"%s\", sizeof(%s), %d, (const long[]){", v->name,
             e, v->levels);
  for (int i = 1; i < v->levels; i++)
    buf_printf(&value, "sizeof(%.*s%s) / sizeof(%s), ", i, "***", v->name, e);
  buf_puts(&value, "1})");
  copy_bind_pointer(out, v, value.s);
  buf_free(&value);
}

static void bind_var(Buf *out, const Plan *p, int k) {
  const Program *pr = p->pr;
  const RegionVar *v = &p->c.r->vars[k];
  char value[160];
  switch (p->c.bind[k]) {
    case BIND_FIELD: bind_field(out, p, k); break;
    case BIND_SOURCE: bind_source(out, p, k); break;
    case BIND_WEIGHTS: bind_weights(out, v); break;
    case BIND_SCALAR:
      snprintf(value, sizeof value, "(%s)rt_up_scalar(&stencilc_in, \"%s\")",
               v->elem == ELEM_INTEGER ? "long" : copy_elem_name(v->elem), v->name);
      copy_bind_scalar(out, &p->c, k, value);
      break;
    case BIND_EXTENT: {
      int a = copy_extent_axis(pr->extent_param, pr->extent_bound, pr->dims, v);
      /* a grid padded with its halo (a[ny + 2][nx + 2]) gives the name its extent less the pad */
      snprintf(value, sizeof value, "stencilc_in.ext[%d] - %d", a, pr->extent_pad[a]);
      copy_bind_scalar(out, &p->c, k, value);
      for (int b = a + 1; b < pr->dims; b++)
        if (!strcmp(ir_extent_var(pr->extent_param[b], pr->extent_bound[b]), v->name))
          buf_printf(out, "  rt_user_need(stencilc_in.ext[%d] - %d == stencilc_in.ext[%d] - %d, "
                          "\"the grid's extents along axes %d and %d differ, but '%s' sizes both\");\n",
                     a, pr->extent_pad[a], b, pr->extent_pad[b], a, b, v->name);
      break;
    }
    case BIND_STEPS:
      snprintf(value, sizeof value, "stencilc_in.steps - (%ldL)", pr->steps_const);
      copy_bind_scalar(out, &p->c, k, value);
      break;
    default: copy_bind_plain(out, &p->c, k); break;
  }
}

/* Whether scalar k is a global of the user's file that only a function the time loop calls
 * reads (Rodinia's amb_temp in single_iteration): no variable of the region, the region source
 * reads it for the driver (stencilc_global_NAME). */
static bool unseen_global(const Plan *p, int k) {
  return p->pr->scalar_user[k] && !p->pr->scalar_given_local[k] &&
         !region_find(p->c.r, p->pr->scalars[k]);
}

/* stencilc_global_NAME of each unseen_global, declared (the driver) or defined (the region
 * source, which sees the user's globals). */
static void global_readers(Buf *out, const Plan *p, bool define) {
  for (int k = 0; k < p->pr->nscalars; k++) {
    if (!unseen_global(p, k)) continue;
    const char *name = p->pr->scalars[k];
    buf_printf(out, "double stencilc_global_%s(void);\n", name);
    if (define) buf_printf(out, "double stencilc_global_%s(void) { return %s; }\n", name, name);
  }
}

/* The run-time scalars the user's code computes (Program.scalar_user: a local its copied
 * declaration computes, a global as the file sets it): with --scalars FILE (check's first run of
 * the harness) their values go to FILE, for the program to be generated with them, and the
 * harness stops; else the program must have run with them (rt_up_user_scalar). */
static void user_values(Buf *out, const Plan *p) {
  const Program *pr = p->pr;
  for (int k = 0; k < p->c.r->nvars; k++) {
    const RegionVar *v = &p->c.r->vars[k];
    int s = scalar_of(pr, v);
    if (s < 0 || !pr->scalar_user[s] || (p->c.bind[k] != BIND_DERIVED && p->c.bind[k] != BIND_READ))
      continue;
    buf_printf(out, "  rt_up_user_scalar(&stencilc_in, stencilc_scalars, \"%s\", (double)", v->name);
    if (p->c.bind[k] == BIND_READ) {
      buf_puts(out, "*(");
      region_declarator(out, v, "", false, true);
      buf_printf(out, ")stencilc_globals[%d]", p->c.slot[k]);
    } else {
      buf_puts(out, v->name);
    }
    buf_puts(out, ");\n");
  }
  for (int k = 0; k < pr->nscalars; k++)
    if (unseen_global(p, k))
      buf_printf(out, "  rt_up_user_scalar(&stencilc_in, stencilc_scalars, \"%s\", stencilc_global_%s());\n",
                 pr->scalars[k], pr->scalars[k]);
  buf_puts(out, "  if (stencilc_scalars) return fclose(stencilc_scalars) ? 3 : 0;\n");
}

/* The element size of the fields the user's code declares (the first field variable's). */
static const char *user_elem(const Plan *p) {
  for (int k = 0; k < p->c.r->nvars; k++)
    if (p->c.bind[k] == BIND_FIELD) return copy_elem_name(p->c.r->vars[k].elem);
  return "double";
}

static void write_driver(Buf *out, const Plan *p) {
  const Program *pr = p->pr;
  const Region *r = p->c.r;
  buf_printf(out,
             "/* stencilc check: the driver of the harness of a stencil program "
             "(src/harness/harness.h); generated. */\n#define RT_REAL double\n#define RT_PROG_FIELDS %d\n",
             pr->nfields);
  buf_puts(out, rt_rt_common);
  buf_puts(out, rt_rt_dump);
  buf_puts(out, rt_rt_program);
  if (pr->nsources || pr->ntarrays) buf_puts(out, rt_rt_source);
  copy_declare(out, &p->c);
  global_readers(out, p, false);
  buf_puts(out, rt_rt_usercheck);
  buf_puts(out, rt_rt_userprog);
  buf_printf(out, "_Static_assert(RT_UP_FIELDS >= %d && RT_UP_LEVELS >= %d && RT_UP_SCALARS >= %d, "
                  "\"rt_userprog.h holds every field, level and scalar of a program\");\n",
             PROG_MAX_FIELDS, PROG_MAX_LEVELS, PROG_MAX_SCALARS);
  buf_puts(out,
           "\n/* IN OUT: the check; IN --scalars FILE: the values of the run-time scalars the user's\n"
           " * code computes, into FILE (user_values in src/harness/program_harness.c). */\n"
           "int main(int stencilc_argc, char **stencilc_argv) {\n"
           "  RtProgDump stencilc_in, stencilc_out;\n"
           "  FILE *stencilc_scalars = NULL;\n"
           "  if (stencilc_argc == 4 && !strcmp(stencilc_argv[2], \"--scalars\")) {\n"
           "    if (rt_up_read(stencilc_argv[1], &stencilc_in) || !(stencilc_scalars = fopen(stencilc_argv[3], \"w\")))\n"
           "      return 3;\n"
           "    stencilc_out = stencilc_in;\n"
           "  } else if (stencilc_argc != 3 || rt_up_read(stencilc_argv[1], &stencilc_in) ||\n"
           "             rt_up_read(stencilc_argv[2], &stencilc_out)) {\n"
           "    return 3;\n"
           "  }\n");
  buf_printf(out,
             "  rt_user_need(stencilc_in.dims == %d && stencilc_out.dims == %d && "
             "stencilc_in.cells == stencilc_out.cells && stencilc_in.steps == stencilc_out.steps &&\n"
             "               stencilc_in.nfields == %d && stencilc_out.nfields == %d,\n"
             "               \"the dumps are not an input and an output of this program\");\n",
             pr->dims, pr->dims, pr->nfields, pr->nfields);
  for (int a = 0; a < pr->dims; a++)
    if (!pr->extent_param[a][0])
      buf_printf(out, "  rt_user_need(stencilc_in.ext[%d] == %ldL, \"the extent along axis %d is "
                      "not the source's constant %ld\");\n",
                 a, pr->extent_const[a], a, pr->extent_const[a]);
  long fixed;
  if (program_fixed_steps(pr, &fixed))
    buf_printf(out, "  rt_user_need(stencilc_in.steps == %ldL, \"the step count is not the "
                    "source's constant %ld\");\n", fixed, fixed);
  buf_puts(out, "  void *stencilc_user[RT_UP_FIELDS][RT_UP_LEVELS] = {{0}};\n");
  for (int f = 0; f < pr->nfields; f++) /* the dumps' field order is the program's */
    buf_printf(out, "  rt_user_need(rt_up_field(&stencilc_in, &stencilc_out, \"%s\", %d) == %d, "
                    "\"the dumps' fields are not in the program's order\");\n",
               pr->fields[f].name, pr->fields[f].levels, f);
  /* globals first: a local's type may name one; each group in declaration order */
  for (int pass = 0; pass < 2; pass++)
    for (int k = 0; k < r->nvars; k++)
      if ((r->vars[k].scope == REGION_GLOBAL) == (pass == 0)) bind_var(out, p, k);
  user_values(out, p);
  copy_call(out, &p->c);
  const char *e = user_elem(p);
  buf_printf(out,
             "  double stencilc_eps = sizeof(%s) == sizeof(float) || stencilc_in.elem_size == 4 ? "
             "FLT_EPSILON : DBL_EPSILON;\n"
             "  double stencilc_tol = rt_program_tolerance(stencilc_eps, %d, %.17g, %d, "
             "stencilc_in.steps);\n"
             "  RtUpVerdict stencilc_v = {0, 0, 0, 1};\n",
             e, pr->flops, program_gain(pr), program_second_order(pr));
  for (int f = 0; f < pr->nfields; f++)
    if (!pr->fields[f].coef)
      buf_printf(out, "  rt_up_compare(&stencilc_out, %d, stencilc_user[%d], sizeof(%s), "
                      "stencilc_tol, &stencilc_v);\n", f, f, e);
  buf_puts(out, "  return rt_up_verdict(&stencilc_in, &stencilc_v, stencilc_tol);\n}\n");
}

int harness_write_program(Buf *region_src, Buf *driver_src, const Program *pr, const Region *r,
                          const UserSource *u) {
  Plan p = {.c = {.r = r, .u = u, .region_line = pr->region_line}, .pr = pr};
  if (classify(&p) || copy_write_region(region_src, &p.c)) return 2;
  global_readers(region_src, &p, true);
  write_driver(driver_src, &p);
  return 0;
}
