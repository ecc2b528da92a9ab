/* stencilc info: what the front end recognised, as text or JSON. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "frontend/frontend.h"
#include "options.h"

static void info_help(FILE *f) {
  fputs(
    "usage: stencilc info FILE.c [--json] [C flags]\n"
    "Prints what stencilc recognised in FILE.c: dimensions, element type, grid extents (and the\n"
    "loops' run-time bounds where they are not the extents: PolyBench's A[N][N] swept by\n"
    "i < n - 1), radius per axis, shape (star/box/general), whether it is diagonal-access-free\n"
    "and associative (a sum of coefficient * point), its run-time weight array if any, its\n"
    "run-time scalars (float or double parameters, set with the program's --param NAME=VALUE,\n"
    "and the locals computed from them), its points with offsets and coefficients (a weight,\n"
    "known when the program runs, shows as W[a][b], a scalar by its name: 1 - 4 * r), and FLOPs\n"
    "per cell (each binary + - * / counts one, as the AN5D paper counts).\n"
    "  --json   print the same as one JSON object\n"
    "  C flags  -I DIR, -D NAME[=VALUE], -U NAME, -std=STD, -include FILE: as a C compiler reads\n"
    "           FILE.c; --function NAME: the stencil is in that function\n",
    f);
}

static void print_extent(const Stencil *st, int ax) {
  if (st->extent_param[ax][0] && st->extent_pad[ax])
    printf("%s + %d", st->extent_param[ax], st->extent_pad[ax]);
  else if (st->extent_param[ax][0])
    printf("%s", st->extent_param[ax]);
  else
    printf("%ld", st->extent_const[ax]);
}

static void print_offsets(const Stencil *st, const Point *pt, const char *sep) {
  for (int ax = 0; ax < st->dims; ax++) printf("%s%d", ax ? sep : "", pt->off[ax]);
}

void cli_json_string(const char *s) {
  putchar('"');
  for (; *s; s++) {
    if (*s == '"' || *s == '\\') putchar('\\');
    if ((unsigned char)*s < 0x20) printf("\\u%04x", *s);
    else putchar(*s);
  }
  putchar('"');
}

/* An extent as info --json gives it: a number, a size name, or "nx + 2" for a grid padded with
 * its halo beyond the size it is named by. */
void cli_json_extent(const char *param, int pad, long value) {
  if (param[0] && pad) {
    char e[IR_NAME_MAX + 16];
    snprintf(e, sizeof e, "%s + %d", param, pad);
    cli_json_string(e);
  } else if (param[0]) {
    cli_json_string(param);
  } else {
    printf("%ld", value);
  }
}

/* The subscripts of run-time weight k, separated by sep. */
static void print_weight_index(const Stencil *st, int k, const char *open, const char *sep,
                               const char *close) {
  int sub[IR_MAX_DIMS];
  for (int d = st->weight_dims - 1; d >= 0; d--) {
    sub[d] = k % st->weight_shape[d];
    k /= st->weight_shape[d];
  }
  printf("%s", open);
  for (int d = 0; d < st->weight_dims; d++) printf("%s%d", d ? sep : "", sub[d]);
  printf("%s", close);
}

/* A scalar's definition with the scalars by name, every operation in parentheses but the
 * outermost. */
static void print_def(const Stencil *st, const Expr *e, bool outer) {
  static const char *const ops[] = {[EX_ADD] = " + ", [EX_SUB] = " - ", [EX_MUL] = " * ",
                                    [EX_DIV] = " / "};
  switch (e->kind) {
  case EX_CONST:
    if (e->text[0]) printf("%s", e->text);
    else printf("%.17g", e->value);
    return;
  case EX_WEIGHT: printf("%s", st->scalars[e->weight].name); return;
  case EX_NEG: printf("-"); print_def(st, e->arg[0], false); return;
  case EX_FLOAT: printf("(float)("); print_def(st, e->arg[0], true); printf(")"); return;
  case EX_CALL:
    printf("%s(", e->func);
    for (int i = 0; i < e->nargs; i++) {
      printf("%s", i ? ", " : "");
      print_def(st, e->arg[i], true);
    }
    printf(")");
    return;
  default:
    printf("%s", outer ? "" : "(");
    print_def(st, e->arg[0], false);
    printf("%s", ops[e->kind]);
    print_def(st, e->arg[1], false);
    printf("%s", outer ? "" : ")");
    return;
  }
}

/* Point p's coefficient when a scalar is in it: "[b + ]c * name". */
static void print_scalar_coef(const Stencil *st, int p) {
  if (st->coef_base[p] != 0) printf("%.9g + ", st->coef_base[p]);
  if (st->coef[p] != 1) printf("%.9g * ", st->coef[p]);
  printf("%s", st->scalars[st->coef_weight[p]].name);
}

static void print_json_scalars(const Stencil *st) {
  printf(", \"scalars\": [");
  for (int k = 0; k < st->nscalars; k++) {
    const Scalar *s = &st->scalars[k];
    printf("%s{\"name\": ", k ? ", " : "");
    cli_json_string(s->name);
    printf(", \"kind\": \"%s\", \"type\": \"%s\", \"line\": %u",
           s->kind == SCALAR_PARAM ? "parameter" : "derived", ir_dtype_name(s->type), s->line);
    if (s->kind == SCALAR_PARAM) {
      printf(", \"default\": %.17g}", s->value);
    } else {
      printf(", \"definition\": \"");
      print_def(st, s->def, true); /* names and literals: nothing to escape */
      printf("\"}");
    }
  }
  printf("]");
}

/* A convergence loop's residual, tolerance and counter. */
static void print_text_converge(const Stencil *st) {
  const Converge *cv = &st->conv;
  if (!cv->kind) return;
  char tol[IR_NAME_MAX + 32];
  if (cv->tol[0]) snprintf(tol, sizeof tol, "%s", cv->tol);
  else snprintf(tol, sizeof tol, "%.17g", cv->tol_const);
  printf("converge     while %s > %s, %s = %s over the sweep's cells%s%s%s",
         cv->kind == CONV_SUM_SQ ? "sqrt(residual)" : "residual", tol, cv->var,
         cv->kind == CONV_SUM_SQ ? "sum of (new - old)^2" : "max |new - old|",
         cv->capped ? "" : ", no cap", st->time_var[0] ? ", counter " : ", no counter",
         st->time_var);
  if (cv->check_every > 1)
    printf(", computed every %ld steps (step k from 0 when (k + %ld) %% %ld == %ld)", cv->check_every,
           cv->check_offset, cv->check_every, cv->check_phase);
  printf("\n");
}

/* The same in info --json: "converge": null, or the residual's kind and variable, the tolerance
 * (the parameter's name, or the constant), the cap (the step count's number or parameter; null:
 * none), the counter (null: none), the residual before the loop (null: a do loop's first step
 * runs whatever it is; a string: its expression of the tolerance, "2 * tol + 1"), whether the
 * residual is computed in the sweep's loop body, and every how many steps (Converge.check_every). */
static void print_json_converge(const Stencil *st, const char *steps) {
  const Converge *cv = &st->conv;
  printf(", \"converge\": ");
  if (!cv->kind) {
    printf("null");
    return;
  }
  printf("{\"residual\": \"%s\", \"variable\": ", cv->kind == CONV_SUM_SQ ? "sum_squares" : "max_abs");
  cli_json_string(cv->var);
  printf(", \"test\": \"%s > tol\", \"tol\": ", cv->kind == CONV_SUM_SQ ? "sqrt(residual)" : "residual");
  if (cv->tol[0]) cli_json_string(cv->tol);
  else printf("%.17g", cv->tol_const);
  printf(", \"cap\": ");
  long fixed;
  if (!cv->capped) printf("null");
  else if (ir_fixed_steps(st, &fixed)) printf("%ld", fixed);
  else cli_json_string(steps);
  printf(", \"counter\": ");
  if (st->time_var[0]) cli_json_string(st->time_var);
  else printf("null");
  printf(", \"first\": ");
  if (cv->first_tol && !st->time_do) { /* a multiple of the tolerance: its expression */
    Buf first = {0};
    emit_converge_first(&first, st, cv->tol);
    cli_json_string(first.s);
    buf_free(&first);
  } else if (isfinite(cv->first) && !st->time_do) {
    printf("%.17g", cv->first);
  } else {
    printf("null");
  }
  printf(", \"do_loop\": %s, \"in_sweep\": %s, \"check_every\": %ld}", st->time_do ? "true" : "false",
         cv->in_sweep ? "true" : "false", cv->check_every);
}

static void print_text_scalars(const Stencil *st) {
  for (int k = 0; k < st->nscalars; k++) {
    const Scalar *s = &st->scalars[k];
    printf("scalar       %s %s", ir_dtype_name(s->type), s->name);
    if (s->kind == SCALAR_PARAM) {
      printf(": parameter, --param %s=VALUE (default %.17g)\n", s->name, s->value);
    } else {
      printf(" = ");
      print_def(st, s->def, true);
      printf(" (line %u, computed when the program runs)\n", s->line);
    }
  }
}

/* How the user's code keeps its time levels (see TimeForm, Stencil.out_array). */
static const char *time_form_name(const Stencil *st) {
  if (st->time_form == TIME_COPYBACK)
    return st->copy_whole ? "copy-back of the whole grid, halo included (memcpy)" : "copy-back";
  if (!st->out_array[0]) return "time levels";
  if (st->level_pick) return "two grids picked by the step's parity";
  return st->steps_per_iter == 2 ? "two sweeps" : "pointer swap";
}

/* The time steps: the constant the source fixes (ir_fixed_steps), or the parameter's name with
 * what the loop adds to it ("tsteps", "tsteps - 1") times the steps per iteration ("2 * n"). */
static void steps_text(const Stencil *st, char *out, size_t cap) {
  long fixed;
  if (st->conv.kind && !st->conv.capped) {
    snprintf(out, cap, "until the residual converges (-t caps a run)");
    return;
  }
  if (ir_fixed_steps(st, &fixed)) {
    snprintf(out, cap, "%ld", fixed);
    return;
  }
  char iters[IR_NAME_MAX + 32];
  if (st->steps_const)
    snprintf(iters, sizeof iters, "%s %c %ld", st->steps_param, st->steps_const < 0 ? '-' : '+',
             labs(st->steps_const));
  else
    snprintf(iters, sizeof iters, "%s", st->steps_param);
  if (st->time_stride == 2) snprintf(out, cap, "2 * ((%s + 1) / 2)", iters);
  else if (st->steps_per_iter == 1) snprintf(out, cap, "%s", iters);
  else if (st->steps_const) snprintf(out, cap, "%d * (%s)", st->steps_per_iter, iters);
  else snprintf(out, cap, "%d * %s", st->steps_per_iter, iters);
}

void cli_json_loop_bounds(const char (*bound)[IR_NAME_MAX], int dims) {
  bool any = false;
  for (int ax = 0; ax < dims; ax++) any |= bound[ax][0] != 0;
  if (!any) return;
  printf(", \"loop_bounds\": [");
  for (int ax = 0; ax < dims; ax++) {
    if (ax) printf(", ");
    if (bound[ax][0]) cli_json_string(bound[ax]);
    else printf("null");
  }
  printf("]");
}

void cli_text_loop_bounds(const char (*bound)[IR_NAME_MAX], int dims) {
  bool any = false;
  for (int ax = 0; ax < dims; ax++) any |= bound[ax][0] != 0;
  if (!any) return;
  printf("loop bounds  ");
  for (int ax = 0; ax < dims; ax++) printf("%s%s", ax ? " x " : "", bound[ax][0] ? bound[ax] : "-");
  printf(" (the loops' run-time bounds, at most the extents: generated programs\n"
         "             and check run them equal to the extents; rewrite calls the library when\n"
         "             they are, the loop as written otherwise)\n");
}

static void print_json(const Stencil *st) {
  printf("{\"name\": ");
  cli_json_string(st->name);
  printf(", \"dims\": %d, \"dtype\": \"%s\", \"extents\": [", st->dims, ir_dtype_name(st->dtype));
  for (int ax = 0; ax < st->dims; ax++) {
    if (ax) printf(", ");
    cli_json_extent(st->extent_param[ax], st->extent_pad[ax], st->extent_const[ax]);
  }
  char steps[128];
  steps_text(st, steps, sizeof steps);
  long fixed;
  printf("], \"steps\": ");
  if (ir_fixed_steps(st, &fixed)) printf("%ld", fixed);
  else cli_json_string(steps);
  printf(", \"halo_lo\": [");
  for (int ax = 0; ax < st->dims; ax++) printf("%s%d", ax ? ", " : "", st->lo[ax]);
  printf("], \"halo_hi\": [");
  for (int ax = 0; ax < st->dims; ax++) printf("%s%d", ax ? ", " : "", st->hi[ax]);
  printf("], \"radius\": [");
  for (int ax = 0; ax < st->dims; ax++) printf("%s%d", ax ? ", " : "", st->radius[ax]);
  printf("], \"shape\": \"%s\", \"diagonal_free\": %s, \"associative\": %s, \"weights\": ",
         ir_shape_name(st->shape), st->diagonal_free ? "true" : "false",
         st->associative ? "true" : "false");
  if (st->weights[0]) {
    printf("{\"name\": ");
    cli_json_string(st->weights);
    printf(", \"shape\": [");
    for (int d = 0; d < st->weight_dims; d++) printf("%s%d", d ? ", " : "", st->weight_shape[d]);
    printf("], \"runtime\": true}");
  } else {
    printf("null");
  }
  printf(", \"points\": [");
  for (int p = 0; p < st->npoints; p++) {
    printf("%s{\"offset\": [", p ? ", " : "");
    print_offsets(st, &st->points[p], ", ");
    int k = st->coef ? st->coef_weight[p] : -1;
    if (k >= 0 && st->nscalars) {
      /* base + scale * scalar: known only at run time */
      printf("], \"coef\": null, \"scalar\": ");
      cli_json_string(st->scalars[k].name);
      printf(", \"scale\": %.17g, \"base\": %.17g}", st->coef[p], st->coef_base[p]);
    } else if (k >= 0) {
      /* coef * W[...]: the coefficient is known only at run time */
      print_weight_index(st, k, "], \"coef\": null, \"weight\": [", ", ", "]");
      printf(", \"scale\": %.17g}", st->coef[p]);
    } else if (st->coef && isfinite(st->coef[p])) {
      printf("], \"coef\": %.17g}", st->coef[p]);
    } else {
      printf("], \"coef\": null}");
    }
  }
  printf("], \"flops_per_cell\": %d, \"loop_axis\": [", st->flops);
  for (int l = 0; l < st->dims; l++) printf("%s%d", l ? ", " : "", st->loop_axis[l]);
  printf("], \"time_form\": \"%s\", \"steps_per_iter\": %d", time_form_name(st),
         st->steps_per_iter);
  print_json_converge(st, steps);
  cli_json_loop_bounds(st->extent_bound, st->dims);
  print_json_scalars(st);
  printf("}\n");
}

static void print_text(const Stencil *st, const char *path) {
  printf("stencil      %s (function %s in %s)\n", st->name, st->func_name, path);
  printf("grid         %s: %s, %dD, extents ", st->array, ir_dtype_name(st->dtype), st->dims);
  for (int ax = 0; ax < st->dims; ax++) {
    if (ax) printf(" x ");
    print_extent(st, ax);
  }
  printf("\ninterior     ");
  for (int ax = 0; ax < st->dims; ax++) {
    printf("%s[%d, ", ax ? " x " : "", st->lo[ax]);
    print_extent(st, ax);
    printf(" - %d)", st->hi[ax]);
  }
  printf("\n");
  cli_text_loop_bounds(st->extent_bound, st->dims);
  char steps[128];
  steps_text(st, steps, sizeof steps);
  printf("steps        %s%s\n", steps, st->conv.kind && st->conv.capped ? " (the cap)" : "");
  print_text_converge(st);
  bool fixed = ir_fixed_steps(st, &(long){0});
  for (int ax = 0; ax < st->dims; ax++) fixed |= !st->extent_param[ax][0];
  if (fixed)
    printf("             (constants of the source: the defaults of run, gen's program and check; "
           "-s may not contradict a constant extent)\n");
  printf("radius       ");
  for (int ax = 0; ax < st->dims; ax++) printf("%s%d", ax ? " " : "", st->radius[ax]);
  printf(" (per axis, slowest first)\nshape        %s\n", ir_shape_name(st->shape));
  printf("diagonal-access-free  %s\n", st->diagonal_free ? "yes" : "no");
  printf("associative  %s\n", st->associative ? "yes (sum of coefficient * point)" : "no");
  print_text_scalars(st);
  if (st->weights[0]) {
    printf("weights      %s", st->weights);
    for (int d = 0; d < st->weight_dims; d++) printf("[%d]", st->weight_shape[d]);
    printf(", run-time (the generated program fills them when it runs)\n");
  }
  printf("storage      %s, %d step%s per iteration\nloop order  ", time_form_name(st),
         st->steps_per_iter, st->steps_per_iter == 1 ? "" : "s");
  for (int l = 0; l < st->dims; l++) printf(" %d", st->loop_axis[l]);
  printf(" (the axis each loop iterates, outermost first; the IR follows memory order)\n");
  printf("flops/cell   %d\npoints       %d\n", st->flops, st->npoints);
  for (int p = 0; p < st->npoints; p++) {
    printf("  (");
    print_offsets(st, &st->points[p], ", ");
    int k = st->coef ? st->coef_weight[p] : -1;
    if (k >= 0 && st->nscalars) {
      printf(")  ");
      print_scalar_coef(st, p);
      printf("\n");
      continue;
    }
    if (k >= 0 && st->coef[p] != 1) printf(")  %.9g * %s", st->coef[p], st->weights);
    else if (k >= 0) printf(")  %s", st->weights);
    if (k >= 0) print_weight_index(st, k, "[", "][", "]\n");
    else if (st->coef) printf(")  %.9g\n", st->coef[p]);
    else printf(")\n");
  }
}

static int info_run(Options *o, Stencil *st) {
  if (o->json) print_json(st);
  else print_text(st, o->input);
  return EXIT_OK;
}

const Command command_info = {"info", {"--json", false, true, NULL, false}, info_help, info_run};
