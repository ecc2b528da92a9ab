/* Writes the two sources of stencilc check's harness (see harness.h for what each holds). */
#include "harness.h"

#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "copy.h"
#include "runtime_text.h"

typedef struct {
  Copy c;
  const Stencil *st;
  const RegionVar *grid;
} Plan;

static const char *elem_name(ElemKind e) { return copy_elem_name(e); }

static bool floating(const RegionVar *v) { return copy_floating(v); }
/* The run-time scalar named like v, or -1. */
static int scalar_of(const Stencil *st, const RegionVar *v) {
  for (int k = 0; k < st->nscalars; k++)
    if (!strcmp(st->scalars[k].name, v->name)) return k;
  return -1;
}

/* Whether v holds the two time levels as an array of two pointers to flat grids (double
 * *grid[2] read as grid[cur][i * n + j]): the driver points them at two levels of one block. */
static bool level_pointers(const Plan *p, const RegionVar *v) {
  return v->inner_pointer && v->levels == 2 && !p->st->out_array[0];
}

/* Whether v is a 2D or 3D grid of row pointers (double **u read as u[i][j], double ***u as
 * u[i][j][k], swapped or copied back): the driver points them at the rows of one block. */
static bool row_pointers(const Plan *p, const RegionVar *v) {
  return v->inner_pointer && v->levels == p->st->dims && p->st->dims >= 2 && p->st->out_array[0];
}

/* Levels of storage the driver gives a grid variable: two time levels under a time dimension
 * (or as many as a constant first size declares), else one. */
static long grid_levels(const Plan *p, const RegionVar *v) {
  if (level_pointers(p, v)) return 2;
  if (v->levels != p->st->dims + 1) return 1;
  return v->is_array && v->outer >= 2 ? v->outer : 2;
}

/* The C name of the grid's element type, and its code for runtime/rt_usercheck.h's rt_user_*
 * calls ("sizeof(float)", "101" for unsigned char: runtime/rt_dump.h's element codes). */
static const char *grid_elem(const Plan *p) {
  return ir_dtype_integer(p->st->dtype) ? ir_dtype_name(p->st->dtype) : elem_name(p->grid->elem);
}

static void grid_code(Buf *out, const Plan *p) {
  DType t = p->st->dtype;
  double lo, hi;
  ir_dtype_range(t, &lo, &hi);
  if (ir_dtype_integer(t)) /* runtime/rt_dump.h's code of an integer type */
    buf_printf(out, "%d", 100 + 10 * (lo < 0) + ir_dtype_bytes(t));
  else
    buf_printf(out, "sizeof(%s)", grid_elem(p));
}

static int check_grid(const Plan *p, const RegionVar *v) {
  int dims = p->st->dims;
  bool pointers = level_pointers(p, v) || row_pointers(p, v);
  if (pointers && v->scope == REGION_GLOBAL)
    return copy_refuse(&p->c, v, "pass the pointers to the grid's levels or rows as a parameter",
                       "the grid is reached through the pointers of the global '%s', which the "
                       "check cannot set", v->name);
  if (pointers) return 0;
  bool integer = ir_dtype_integer(p->st->dtype) && v->elem == ELEM_INTEGER;
  if (!(floating(v) || integer) || v->inner_pointer || v->levels < 1)
    return copy_refuse(&p->c, v, "declare the grid as float or double arrays, or pointers to them",
                  "the grid '%s' has type %s, which the check cannot fill", v->name, v->type);
  if (v->levels != dims + 1 && v->levels != dims && v->levels != 1)
    return copy_refuse(&p->c, v, "declare the grid as A[2][n][n], A[n][n], (*A)[n] or *A",
                  "the grid '%s' has %d levels of arrays and pointers for a %dD stencil", v->name,
                  v->levels, dims);
  if (v->scope == REGION_GLOBAL && v->is_const)
    return copy_refuse(&p->c, v, NULL, "the grid '%s' is a const global: the check cannot fill it", v->name);
  if (v->levels == dims + 1 && v->is_array && v->outer >= 0 && v->outer < 2)
    return copy_refuse(&p->c, v, "declare two time levels: A[2][n][n]",
                  "the time dimension of '%s' holds %ld level", v->name, v->outer);
  return 0;
}

/* Binds variable k (harness.h, "Binding"); 0 or 2. A void * plan: copy_derive binds the inputs
 * of a copied declaration through it. */
static int classify_var(void *plan, int k) {
  Plan *p = plan;
  const Stencil *st = p->st;
  const RegionVar *v = &p->c.r->vars[k];
  Bind b;
  int size;
  if (v == p->grid) {
    b = BIND_GRID;
  } else if (st->weights[0] && !strcmp(v->name, st->weights)) {
    if (!floating(v) || v->inner_pointer || v->levels < 1 ||
        (v->scope == REGION_GLOBAL && v->is_const))
      return copy_refuse(&p->c, v, "pass the weights as a float or double array parameter",
                    "the run-time weights '%s' (%s) cannot be filled by the check", v->name,
                    v->type);
    b = BIND_WEIGHTS;
  } else if (scalar_of(st, v) >= 0 && floating(v) && v->levels == 0 && v->scope != REGION_GLOBAL) {
    b = BIND_SCALAR;
  } else if ((size = copy_size(&p->c, v, st->extent_param, st->extent_bound, st->dims, st->steps_param, &b)) != 1) {
    if (size) return size;
  } else if (copy_plain(v, &b)) {
  } else if (v->levels == p->grid->levels && v->elem == p->grid->elem &&
             (!v->inner_pointer || (row_pointers(p, v) && row_pointers(p, p->grid) &&
                                    v->scope != REGION_GLOBAL)) &&
             !(v->scope == REGION_GLOBAL && v->is_array)) {
    /* the other array of a pointer swap or a copy-back; a global array keeps what the user's
     * file gives it (a table of coefficients is one too) and has its storage already */
    b = BIND_GRID;
  } else if (v->scope == REGION_GLOBAL) {
    b = BIND_KEEP;
  } else {
    return copy_derive(&p->c, k, classify_var, p);
  }
  return copy_set(&p->c, k, b);
}

static int classify(Plan *p) {
  const Region *r = p->c.r;
  p->grid = region_find(r, p->st->array);
  if (!p->grid)
    return copy_refuse(&p->c, NULL, NULL, "internal: the grid '%s' is not among the region's variables",
                  p->st->array);
  if (check_grid(p, p->grid)) return 2;
  for (int k = 0; k < r->nvars; k++) {
    p->c.slot[k] = -1;
    if (!copy_init_only(&r->vars[k]) && classify_var(p, k)) return 2;
  }
  return 0;
}

/* The elements one level of the grid holds below its outermost index, as a C expression. */
static void inner_cells(Buf *out, const Plan *p, const RegionVar *v) {
  int first = v->levels == p->st->dims + 1 ? 0 : 1;
  buf_puts(out, "(size_t)1");
  for (int a = first; a < p->st->dims; a++) buf_printf(out, " * (size_t)stencilc_in.ext[%d]", a);
}

static void bind_grid(Buf *out, const Plan *p, int k) {
  const RegionVar *v = &p->c.r->vars[k];
  const char *e = grid_elem(p);
  Buf code = {0};
  grid_code(&code, p);
  long levels = grid_levels(p, v);
  char value[96 + IR_NAME_MAX];
  if (p->c.slot[k] >= 0 && v->is_array) { /* a global array: fill it in place */
    snprintf(value, sizeof value, "stencilc_globals[%d]", p->c.slot[k]);
    copy_bind_pointer(out, v, value);
    buf_printf(out, "  rt_user_fill(%s, &stencilc_in, %s, %ld);\n", v->name, code.s, levels);
  } else if (p->c.slot[k] >= 0) { /* a global pointer: point it at fresh storage */
    buf_puts(out, "  ");
    region_declarator(out, v, "", false, true);
    buf_printf(out, "stencilc_slot_%s = (", v->name);
    region_declarator(out, v, "", false, true);
    buf_printf(out, ")stencilc_globals[%d];\n  *stencilc_slot_%s = (", p->c.slot[k], v->name);
    region_declarator(out, v, "", false, false);
    buf_printf(out, ")rt_user_grid(&stencilc_in, %s, %ld);\n", code.s, levels);
  } else if (level_pointers(p, v)) { /* grid[0] and grid[1]: the two levels of one block */
    buf_printf(out,
               "  %s *stencilc_levels_%s[2];\n"
               "  stencilc_levels_%s[0] = (%s *)rt_user_grid(&stencilc_in, %s, 2);\n"
               "  stencilc_levels_%s[1] = stencilc_levels_%s[0] + stencilc_in.cells;\n  ",
               e, v->name, v->name, e, code.s, v->name, v->name);
    region_declarator(out, v, v->name, true, false);
    buf_printf(out, " = stencilc_levels_%s;\n", v->name);
  } else if (row_pointers(p, v)) { /* u[r]: row r of one block; in 3D u[r][s]: row s of plane r */
    buf_printf(out, "  %s *stencilc_block_%s = (%s *)rt_user_grid(&stencilc_in, %s, 1);\n",
               e, v->name, e, code.s);
    snprintf(value, sizeof value, "stencilc_block_%s", v->name);
    copy_bind_rows(out, v, e, value, p->st->dims);
  } else {
    snprintf(value, sizeof value, "rt_user_grid(&stencilc_in, %s, %ld)", code.s, levels);
    copy_bind_pointer(out, v, value);
  }
  buf_free(&code);
  if (v->levels >= 2 && !level_pointers(p, v) && !row_pointers(p, v)) { /* the declared shape */
    buf_puts(out, "  rt_user_need(sizeof(*");
    copy_value_name(out, &p->c, k);
    buf_puts(out, ") == ");
    inner_cells(out, p, v);
    buf_printf(out, " * sizeof(%s), \"the sizes declared for '%s' are not the grid's\");\n", e,
               v->name);
  }
  if (v->is_array && v->outer >= 0 && v->levels == p->st->dims && !level_pointers(p, v) &&
      !row_pointers(p, v))
    buf_printf(out,
               "  rt_user_need(%ldL == stencilc_in.ext[0], \"the first size of '%s' is not "
               "the grid's\");\n",
               v->outer, v->name);
}

static void bind_var(Buf *out, const Plan *p, int k) {
  const RegionVar *v = &p->c.r->vars[k];
  const Stencil *st = p->st;
  char value[160];
  Buf check = {0};
  switch (p->c.bind[k]) {
    case BIND_GRID: bind_grid(out, p, k); break;
    case BIND_WEIGHTS:
      if (p->c.slot[k] >= 0) {
        buf_printf(out,
                   "  rt_user_put(stencilc_globals[%d], 0, stencilc_in.weights, "
                   "stencilc_in.nweights, sizeof(%s));\n",
                   p->c.slot[k], elem_name(v->elem));
      } else {
        buf_puts(out, "  ");
        region_declarator(out, v, v->name, true, false);
        buf_puts(out, " = (");
        region_declarator(out, v, "", true, false);
        buf_printf(out, ")rt_user_weights(&stencilc_in, sizeof(%s));\n", elem_name(v->elem));
      }
      break;
    case BIND_EXTENT: {
      int a = copy_extent_axis(st->extent_param, st->extent_bound, st->dims, v);
      snprintf(value, sizeof value, "stencilc_in.ext[%d] - %d", a, st->extent_pad[a]);
      copy_bind_scalar(out, &p->c, k, value);
      copy_value_name(&check, &p->c, k);
      if (p->c.slot[k] >= 0) { /* read back through its type */
        buf_free(&check);
        buf_puts(&check, "*(");
        region_declarator(&check, v, "", false, true);
        buf_printf(&check, ")stencilc_globals[%d]", p->c.slot[k]);
      }
      for (int b = a; b < st->dims; b++)
        if (!strcmp(ir_extent_var(st->extent_param[b], st->extent_bound[b]), v->name))
          buf_printf(out,
                     "  rt_user_need((long)(%s) + %d == stencilc_in.ext[%d], \"the grid's "
                     "extent along axis %d does not fit '%s'\");\n",
                     check.s, st->extent_pad[b], b, b, v->name);
      break;
    }
    case BIND_STEPS:
      /* the loop's iterations: each makes steps_per_iter steps (with t += 2, its bound less
       * its start is the step count) */
      snprintf(value, sizeof value, "stencilc_in.steps / %d - (%ldL)",
               st->time_stride == 2 ? 1 : st->steps_per_iter, st->steps_const);
      copy_bind_scalar(out, &p->c, k, value);
      break;
    case BIND_SCALAR: /* the value the program ran with, as its input dump holds it */
      snprintf(value, sizeof value, "(%s)stencilc_in.weights[%d]", elem_name(v->elem),
               scalar_of(st, v));
      copy_bind_scalar(out, &p->c, k, value);
      break;
    default: copy_bind_plain(out, &p->c, k); break;
  }
  buf_free(&check);
}

/* A convergence loop: the driver compares the steps the user's loop made with the program's
 * (stencilc_iterations_ok), when the counter is a variable of the region's it can read after. */
static void write_iterations(Buf *out, const Plan *p) {
  const Stencil *st = p->st;
  const RegionVar *v = st->time_var[0] ? region_find(p->c.r, st->time_var) : NULL;
  if (!v) {
    buf_puts(out, "  puts(\"check: iterations: the loop's counter is not read after it\");\n"
                  "  int stencilc_iterations_ok = 1;\n");
    return;
  }
  buf_puts(out, "  int stencilc_iterations_ok = rt_user_iterations((long)(");
  copy_value_name(out, &p->c, (int)(v - p->c.r->vars));
  buf_printf(out, ") - (%ldL), rt_user_dump_iterations(stencilc_argv[2]));\n", st->time_first);
}

static void write_driver(Buf *out, const Plan *p) {
  const Stencil *st = p->st;
  const Region *r = p->c.r;
  buf_puts(out,
           "/* stencilc check: the driver of the harness (src/harness/harness.h); generated. */\n"
           "#define RT_REAL double\n");
  buf_puts(out, rt_rt_common);
  buf_puts(out, rt_rt_dump);
  copy_declare(out, &p->c);
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
  copy_call(out, &p->c);
  if (st->conv.kind) write_iterations(out, p);
  buf_printf(out, "  const %s *stencilc_result = (const %s *)", grid_elem(p), grid_elem(p));
  if (st->level_pick) { /* never swapped: the grid the last step wrote */
    buf_puts(out, "(stencilc_in.steps % 2 ? ");
    copy_value_name(out, &p->c, (int)(region_find(r, st->out_array) - r->vars));
    buf_puts(out, " : ");
  }
  copy_value_name(out, &p->c, (int)(p->grid - r->vars));
  if (st->level_pick) buf_puts(out, ")");
  /* the last step writes level (ir_level_first + steps) % 2 */
  if (level_pointers(p, p->grid))
    buf_printf(out, "[(stencilc_in.steps + %ldL) %% 2]", ir_level_first(st));
  else if (row_pointers(p, p->grid)) /* the block the first row starts */
    buf_puts(out, p->st->dims == 3 ? "[0][0]" : "[0]");
  else if (p->grid->levels == st->dims + 1 && st->time_form == TIME_COPYBACK)
    buf_puts(out, " + 0 * stencilc_in.cells");
  else if (p->grid->levels == st->dims + 1)
    buf_printf(out, " + (stencilc_in.steps + %ldL) %% 2 * stencilc_in.cells",
               ir_level_first(st));
  Buf code = {0};
  grid_code(&code, p);
  buf_printf(out,
             ";\n  double stencilc_tol = rt_user_tolerance(&stencilc_in, %s, %d, %.17g, "
             "stencilc_weight_gain);\n",
             code.s, st->flops, ir_gain(st));
  buf_printf(out,
             "  return rt_user_verdict(&stencilc_in, &stencilc_out, stencilc_result, %s, "
             "stencilc_tol)%s;\n}\n",
             code.s, st->conv.kind ? " || !stencilc_iterations_ok" : "");
  buf_free(&code);
}

int harness_write(Buf *region_src, Buf *driver_src, const Stencil *st, const Region *r,
                  const UserSource *u) {
  Plan p = {.c = {.r = r, .u = u, .region_line = st->region_line}, .st = st};
  if (classify(&p) || copy_write_region(region_src, &p.c)) return 2;
  write_driver(driver_src, &p);
  return 0;
}
