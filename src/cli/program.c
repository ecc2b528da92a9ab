/* The subcommands on stencil programs (several stages, fields and time levels; ir/program.h).
 * main() asks program_command first: an input that the program front end recognises as a
 * program is handled here, anything else (today's single-statement stencils) by the commands'
 * own files. */
#include "program.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "backends/backends.h"
#include "cli.h"
#include "codegen/n5d_program.h"
#include "codegen/program.h"
#include "frontend/program.h"
#include "model/program.h"
#include "mpi.h"
#include "options.h"
#include "process.h"
#include "tune.h"
#include "util/num.h"

/* ---- info ---- */

static void json_ints(const int *v, int n) {
  putchar('[');
  for (int a = 0; a < n; a++) printf("%s%d", a ? ", " : "", v[a]);
  putchar(']');
}

static void info_json(const Program *pr) {
  printf("{\"name\": ");
  cli_json_string(pr->name);
  printf(", \"program\": true, \"dims\": %d, \"dtype\": \"%s\", \"extents\": [", pr->dims,
         ir_dtype_name(pr->dtype));
  for (int a = 0; a < pr->dims; a++) {
    if (a) printf(", ");
    cli_json_extent(pr->extent_param[a], pr->extent_pad[a], pr->extent_const[a]);
  }
  printf("]");
  cli_json_loop_bounds(pr->extent_bound, pr->dims);
  printf(", \"halo_lo\": ");
  json_ints(pr->lo, pr->dims);
  printf(", \"halo_hi\": ");
  json_ints(pr->hi, pr->dims);
  printf(", \"radius\": ");
  json_ints(pr->radius, pr->dims);
  printf(", \"second_order\": %s, \"coef_scale\": %.17g, \"scalars\": [",
         program_second_order(pr) ? "true" : "false", pr->coef_scale);
  for (int k = 0; k < pr->nscalars; k++) {
    if (k) printf(", ");
    cli_json_string(pr->scalars[k]);
  }
  printf("], \"fields\": [");
  for (int f = 0; f < pr->nfields; f++) {
    const Field *fd = &pr->fields[f];
    printf("%s{\"name\": ", f ? ", " : "");
    cli_json_string(fd->name);
    printf(", \"levels\": %d, \"coef\": %s, \"writer\": %d, \"radius\": ", fd->levels,
           fd->coef ? "true" : "false", fd->writer);
    json_ints(fd->radius, pr->dims);
    if (fd->per_axis) printf(", \"axis\": %d", fd->axis); /* (a 1D array along that axis) */
    printf("}");
  }
  printf("]");
  for (int i = 0; i < pr->nsources; i++) { /* (the key only in programs that have sources) */
    const PointSource *ps = &pr->sources[i];
    printf("%s{\"field\": ", i ? ", " : ", \"point_sources\": [");
    cli_json_string(pr->fields[ps->field].name);
    printf(", \"after_stage\": %d, \"op\": \"%s=\", \"array\": ", ps->after,
           ps->op == '=' ? "" : ps->op == '+' ? "+" : "-");
    if (ps->array[0]) cli_json_string(ps->array);
    else printf("null");
    printf(", \"reads_time\": %s", program_source_reads_time(ps) ? "true" : "false");
    if (ps->after_bc >= 0) printf(", \"after_boundary\": %d", ps->after_bc);
    printf(", \"time_shift\": %d, \"cell\": [", ps->shift);
    for (int a = 0; a < pr->dims; a++) {
      printf("%s{\"index\": ", a ? ", " : "");
      if (ps->index[a] >= 0) cli_json_string(pr->scalars[ps->index[a]]);
      else printf("null");
      printf(", \"offset\": %ld}", ps->off[a]);
    }
    printf("]}%s", i == pr->nsources - 1 ? "]" : "");
  }
  for (int i = 0; i < pr->nboundaries; i++) { /* (the key only in programs that have them) */
    const Boundary *b = &pr->boundaries[i];
    printf("%s{\"line\": %d, \"before_stage\": %d, \"writes\": [", i ? ", " : ", \"boundary_stages\": [",
           b->line, b->before);
    for (int q = 0; q < b->nstmts; q++) {
      printf("%s", q ? ", " : "");
      cli_json_string(pr->fields[b->stmts[q].lhs.field].name);
    }
    printf("]}%s", i == pr->nboundaries - 1 ? "]" : "");
  }
  printf(", \"stages\": [");
  for (int i = 0; i < pr->nstages; i++) {
    const Stage *s = &pr->stages[i];
    printf("%s{\"writes\": ", i ? ", " : "");
    cli_json_string(pr->fields[s->field].name);
    printf(", \"lo\": ");
    json_ints(s->st.lo, pr->dims);
    printf(", \"hi\": ");
    json_ints(s->st.hi, pr->dims);
    printf(", \"radius\": ");
    json_ints(s->st.radius, pr->dims);
    printf(", \"shape\": \"%s\", \"flops_per_cell\": %d, \"npoints\": %d, \"reads\": [",
           ir_shape_name(s->st.shape), s->st.flops, s->st.npoints);
    for (int p = 0; p < s->st.npoints; p++) {
      const char *level = program_level_name(pr, i, &s->refs[p]);
      printf("%s{\"field\": ", p ? ", " : "");
      cli_json_string(pr->fields[s->refs[p].field].name);
      printf(", \"level\": ");
      if (level) cli_json_string(level);
      else printf("null");
      printf(", \"offset\": ");
      json_ints(s->st.points[p].off, pr->dims);
      printf("}");
    }
    printf("]}");
  }
  printf("], \"flops_per_cell\": %d}\n", pr->flops);
}

/* A boundary's cell as the user wrote it: u[0][i], u[ny - 1][i]. */
static void print_bc_cell(const Program *pr, const Boundary *b, const BcCell *c) {
  printf("%s", pr->fields[c->field].name);
  for (int a = 0; a < pr->dims; a++) {
    const BcPos *at = &c->at[a];
    long off = at->off + (at->end ? pr->extent_pad[a] : 0);
    if (b->looped[a] && at->end) /* u[n - 1 - g], u[n - 2 + g] */
      printf("[%s %c %ld %c %s]", pr->extent_param[a], off < 0 ? '-' : '+', labs(off),
             at->dir < 0 ? '-' : '+', b->var[a]);
    else if (b->looped[a] && at->dir < 0) printf("[%ld - %s]", off, b->var[a]); /* u[4 - g] */
    else if (b->looped[a] && off) printf("[%s %c %ld]", b->var[a], off < 0 ? '-' : '+', labs(off));
    else if (b->looped[a]) printf("[%s]", b->var[a]);
    else if (!at->end) printf("[%ld]", at->off);
    else if (pr->extent_const[a] > 0) printf("[%ld]", pr->extent_const[a] + at->off);
    else if (at->off + pr->extent_pad[a]) /* (the user's constant: ny + 1 in a[ny + 2][nx + 2]) */
      printf("[%s %c %ld]", pr->extent_param[a], at->off + pr->extent_pad[a] > 0 ? '+' : '-',
             labs(at->off + pr->extent_pad[a]));
    else printf("[%s]", pr->extent_param[a]);
  }
}

static void info_text(const Program *pr, const char *path) {
  printf("program      %s (function %s in %s): %d stage%s, %dD, %s\n", pr->name, pr->func_name,
         path, pr->nstages, pr->nstages == 1 ? "" : "s", pr->dims, ir_dtype_name(pr->dtype));
  for (int f = 0; f < pr->nfields; f++) {
    const Field *fd = &pr->fields[f];
    printf("field        %s: %s", fd->name,
           fd->per_axis ? "1D coefficient array (read only)"
           : fd->coef   ? "coefficient grid (read only)"
           : fd->levels == 1 ? "1 buffer (in place)" : "");
    if (fd->per_axis) printf(" along axis %d", fd->axis);
    if (!fd->coef && fd->levels > 1) printf("%d time levels", fd->levels);
    printf(", radius");
    for (int a = 0; a < pr->dims; a++) printf(" %d", fd->radius[a]);
    printf("\n");
  }
  cli_text_loop_bounds(pr->extent_bound, pr->dims);
  for (int k = 0; k < pr->nscalars; k++)
    printf("scalar       %s (run time%s)\n", pr->scalars[k],
           pr->scalar_index[k] ? ", integer: a point source's cell"
           : pr->scalar_user[k] ? ", set by the user's code before the time loop"
                                : "");
  for (int i = 0; i < pr->nsources; i++) {
    const PointSource *ps = &pr->sources[i];
    printf("source %d     %s[", i, pr->fields[ps->field].name);
    for (int a = 0; a < pr->dims; a++) {
      if (a) printf(", ");
      if (ps->index[a] >= 0) printf("%s", pr->scalars[ps->index[a]]);
      if (ps->index[a] < 0) printf("%ld", ps->off[a]);
      else if (ps->off[a]) printf(" %c %ld", ps->off[a] > 0 ? '+' : '-', labs(ps->off[a]));
    }
    printf("] %s= (", ps->op == '=' ? "" : ps->op == '+' ? "+" : "-");
    if (ps->array[0]) printf("reads %s[%s", ps->array, pr->time_var);
    if (ps->array[0] && ps->shift) printf(" %c %d", ps->shift > 0 ? '+' : '-', abs(ps->shift));
    printf("%s", ps->array[0] ? "]" : "");
    if (program_source_reads_time(ps)) printf("%sa value of %s", ps->array[0] ? ", " : "", pr->time_var);
    else if (!ps->array[0]) printf("a constant");
    if (ps->after_bc >= 0) printf(") after boundary %d, each step\n", ps->after_bc);
    else printf(") after stage %d, each step\n", ps->after);
  }
  for (int i = 0; i < pr->nboundaries; i++) {
    const Boundary *b = &pr->boundaries[i];
    printf("boundary %d   line %d, before stage %d%s: writes", i, b->line, b->before,
           b->before == pr->nstages ? " (after the last)" : "");
    for (int q = 0; q < b->nstmts; q++) {
      printf(q ? ", " : " ");
      print_bc_cell(pr, b, &b->stmts[q].lhs);
    }
    printf("\n");
  }
  for (int i = 0; i < pr->nstages; i++) {
    const Stage *s = &pr->stages[i];
    printf("stage %d      writes %s over", i, pr->fields[s->field].name);
    for (int a = 0; a < pr->dims; a++) { /* the end as the source fixes it: 64, n - 1, E0 - 1 */
      printf("%s[%d, ", a ? " x " : " ", s->st.lo[a]);
      if (pr->extent_const[a] > 0) printf("%ld)", pr->extent_const[a] - s->st.hi[a]);
      else if (pr->extent_param[a][0] && pr->extent_pad[a] - s->st.hi[a] > 0)
        printf("%s + %d)", pr->extent_param[a], pr->extent_pad[a] - s->st.hi[a]);
      else if (pr->extent_param[a][0])
        printf("%s - %d)", pr->extent_param[a], s->st.hi[a] - pr->extent_pad[a]);
      else printf("E%d - %d)", a, s->st.hi[a]);
    }
    printf("; radius");
    for (int a = 0; a < pr->dims; a++) printf(" %d", s->st.radius[a]);
    printf(", %s, %d reads, %d flops/cell\n", ir_shape_name(s->st.shape), s->st.npoints, s->st.flops);
  }
  printf("flops/cell   %d (all stages)\nsecond order in time  %s\n", pr->flops,
         program_second_order(pr) ? "yes" : "no");
}

/* ---- gen, run, model ---- */

/* --backend auto: naive, the GPU backend that runs every program (programs have no tune cache). */
static void choose_backend(Options *o) {
  if (!o->auto_backend) return;
  fprintf(stderr, "stencilc: --backend auto: naive (the GPU backend that runs every stencil program)\n");
  o->gen.backend = backends_find("naive");
}

static int write_program(const Program *pr, const Options *o, const Backend *b, const char *path) {
  GenOptions g = o->gen;
  g.backend = b;
  Buf out = {0};
  int rc = codegen_program_stages(&out, pr, &g) ? EXIT_INPUT : EXIT_OK;
  if (rc == EXIT_OK && output_write(&out, path)) {
    fprintf(stderr, "stencilc: cannot write '%s'\n", path);
    rc = EXIT_TOOL;
  }
  buf_free(&out);
  return rc;
}

/* gen --explain: the plan of naive, n5d or 25d (cpu has none to show). */
static void explain(const Program *pr, const GenOptions *g) {
  Buf text = {0};
  codegen_program_explain(&text, pr, g);
  if (text.s) fputs(text.s, stderr);
  buf_free(&text);
}

static int gen(const Program *pr, Options *o) {
  if (!o->output) {
    fprintf(stderr, "stencilc gen: -o OUT is required\n");
    return EXIT_INPUT;
  }
  choose_backend(o);
  if (o->explain) explain(pr, &o->gen);
  if (o->api) return gen_api_write_program(o, pr);
  return write_program(pr, o, o->gen.backend, o->output);
}

/* run in the work folder dir. */
static int run_in(const Program *pr, Options *o, const char *dir) {
  char src[4400], exe[4400];
  const Backend *b = o->gen.backend;
  const char *nvcc = o->cpu || !b->engine->cuda ? NULL : tool_find("NVCC", "nvcc", "/usr/local/cuda/bin/nvcc");
  int rc = 3; /* the exit code of a CUDA program that found no GPU: the CPU path runs */
  if (!nvcc && !o->cpu && b->engine->cuda)
    fprintf(stderr, "stencilc run: nvcc not found (install the CUDA toolkit or set $NVCC); "
                    "running the CPU path\n");
  if (nvcc) {
    char nvcc_path[4096];
    snprintf(nvcc_path, sizeof nvcc_path, "%s", nvcc);
    snprintf(src, sizeof src, "%s/%s-%s.cu", dir, pr->name, b->name);
    snprintf(exe, sizeof exe, "%s/%s-%s", dir, pr->name, b->name);
    if ((rc = write_program(pr, o, b, src))) return rc;
    if (o->ranks && mpi_host_compiler_for_nvcc()) return EXIT_TOOL;
    if (nvcc_build(nvcc_path, src, exe, &o->nvcc)) return EXIT_TOOL;
    rc = mpi_run_program(exe, o->ranks, o->size, o->steps, o->reps);
    if (rc == 3) fprintf(stderr, "stencilc run: no GPU on this machine; running the CPU path\n");
  }
  if (rc == 3) {
    snprintf(src, sizeof src, "%s/%s-cpu.c", dir, pr->name);
    snprintf(exe, sizeof exe, "%s/%s-cpu", dir, pr->name);
    if ((rc = write_program(pr, o, backends_find("cpu"), src))) return rc;
    const char *cc = tool_find("CC", "cc", NULL);
    char *argv[] = {(char *)(cc ? cc : "cc"), "-std=c11", "-O3", "-fopenmp", "-o", exe, src, "-lm", NULL};
    if (o->ranks ? mpi_build_c(src, exe) : process_run(argv)) return EXIT_TOOL;
    printf("stencilc run: CPU path (C + OpenMP)\n");
    rc = mpi_run_program(exe, o->ranks, o->size, o->steps, o->reps);
  }
  if (rc == 2) fprintf(stderr, "stencilc run: the program refused its arguments (above)\n");
  return rc == 0 ? EXIT_OK : rc == 1 ? EXIT_VERIFY : rc == 2 ? EXIT_INPUT : EXIT_TOOL;
}

static int run(const Program *pr, Options *o) {
  Workdir w;
  if (workdir_open(&w, o->workdir, "run")) return EXIT_TOOL;
  choose_backend(o);
  int rc = run_in(pr, o, w.path);
  return workdir_close(&w, o->keep || rc == EXIT_VERIFY || rc == EXIT_TOOL, rc);
}

/* The predictions of the GPU backends that take the program (naive always; n5d for the
 * programs it blocks, with its own parameters or those given), fastest first, then why the
 * others refuse it. */
static int model(const Program *pr, const Options *o) {
  GpuSpec g;
  Problem pb;
  if (tune_gpu(o, &g) || tune_problem(o, &pr->stages[0].st, &pb)) return EXIT_INPUT;
  GenOptions naive = o->gen, n5d = o->gen;
  naive.backend = backends_find("naive");
  n5d.backend = backends_find("n5d");
  if (o->gen.backend != n5d.backend) memset(&n5d.params, 0, sizeof n5d.params);
  Prediction pn, pb5;
  printf("%s, %s, %d stage%s, %ld steps on %s (%s)\n", pr->name, ir_dtype_name(naive.dtype),
         pr->nstages, pr->nstages == 1 ? "" : "s", pb.steps, g.name, g.key);
  char why[512];
  bool has_naive = !model_program_naive(pr, &naive, &pb, &g, &pn);
  bool has_n5d = !codegen_program_validate(pr, &n5d, why, sizeof why) &&
                 !model_program_n5d(pr, &n5d, &pb, &g, &pb5);
  if (!has_naive) printf("naive: no block fits\n");
  int rank = 1;
  for (int pass = 0; pass < 2; pass++) { /* the faster first */
    bool n5d_first = has_n5d && (!has_naive || pb5.gcells > pn.gcells);
    if (pass == n5d_first && has_naive)
      printf("%4d  naive    %9.1f GCells/s  %s  (%.3g bytes per step)\n", rank++, pn.gcells,
             model_bound_name(pn.bound), pn.gm_bytes);
    if (pass != n5d_first && has_n5d) {
      N5dProgramPlan plan;
      n5d_program_plan(pr, &n5d, &plan, why, sizeof why); /* accepted above */
      printf("%4d  n5d      %9.1f GCells/s  %s  (%.3g bytes per step; bT = %d)\n", rank++,
             pb5.gcells, model_bound_name(pb5.bound), pb5.gm_bytes / plan.bt, plan.bt);
    }
  }
  for (int i = 0; i < backends_count(); i++) {
    GenOptions opt = o->gen;
    opt.backend = backends_at(i)->gen;
    if (opt.backend != n5d.backend) memset(&opt.params, 0, sizeof opt.params);
    if (!backends_at(i)->model) continue;
    if (codegen_program_validate(pr, &opt, why, sizeof why))
      printf("   -  %s\n", why);
    else if (opt.backend != naive.backend && opt.backend != n5d.backend)
      printf("   -  %s: runs this program; no prediction (its program kernel is not measured yet)\n",
             opt.backend->name);
  }
  return EXIT_OK;
}

/* ---- dispatch ---- */

/* --param NAME=VALUE: the value of run-time scalar NAME in the generated program (gen, run, check
 * take it; the others refuse it as an option). 0, or -1 after a message. */
static int apply_params(const Options *o, Program *pr) {
  for (int i = 0; i < o->nparams; i++) {
    const char *a = o->params[i], *eq = strchr(a, '=');
    int k = 0;
    while (eq && k < pr->nscalars &&
           (strlen(pr->scalars[k]) != (size_t)(eq - a) || strncmp(pr->scalars[k], a, (size_t)(eq - a))))
      k++;
    if (!eq) {
      fprintf(stderr, "stencilc: --param takes NAME=VALUE, not '%s'\n", a);
      return -1;
    }
    if (k == pr->nscalars) {
      fprintf(stderr, "stencilc: --param '%s': '%.*s' is not a run-time scalar of the program (%s", a,
              (int)(eq - a), a, pr->nscalars ? "its scalars:" : "it has none");
      for (int j = 0; j < pr->nscalars; j++) fprintf(stderr, " %s", pr->scalars[j]);
      fprintf(stderr, "; 'stencilc info' lists them)\n");
      return -1;
    }
    if (num_parse_double(eq + 1, &pr->scalar_value[k])) {
      fprintf(stderr, "stencilc: --param takes a finite decimal number, not '%s'\n", a);
      return -1;
    }
    double v = pr->scalar_value[k];
    if (pr->scalar_index[k] && (v != (double)(long)v || v < 0 || v > 1 << 24)) {
      fprintf(stderr, "stencilc: --param '%s': '%s' locates a point source's cell: give a whole "
                      "number from 0 to %d\n", a, pr->scalars[k], 1 << 24);
      return -1;
    }
    pr->scalar_given[k] = true;
  }
  return 0;
}

bool program_command(const Command *c, int argc, char **argv, int *rc) {
  Options o;
  int parsed = options_parse(argc, argv, &c->options, c->help, &o);
  if (parsed) { /* help, or an error message: once, here */
    *rc = parsed > 0 ? EXIT_OK : EXIT_INPUT;
    return true;
  }
  Program pr;
  ProgramParse pp = frontend_parse_program(o.input, &o.frontend, &pr);
  if (pp == PROGRAM_NOT) return false;
  *rc = EXIT_INPUT;
  if (pp == PROGRAM_REFUSED) return true;
  if (!o.dtype_given) o.gen.dtype = pr.dtype;
  if (apply_params(&o, &pr)) {
  } else if (!strcmp(c->name, "info")) {
    if (o.json) info_json(&pr);
    else info_text(&pr, o.input);
    *rc = EXIT_OK;
  } else if (!strcmp(c->name, "gen")) {
    *rc = gen(&pr, &o);
  } else if (!strcmp(c->name, "run")) {
    *rc = run(&pr, &o);
  } else if (!strcmp(c->name, "model")) {
    *rc = model(&pr, &o);
  } else if (!strcmp(c->name, "check")) {
    *rc = check_program(&o, &pr);
  } else if (!strcmp(c->name, "tune")) {
    *rc = tune_program(&pr, &o);
  } else if (!strcmp(c->name, "rewrite")) {
    if (!o.target || strcmp(o.target, "cpu")) choose_backend(&o);
    *rc = rewrite_program(&o, &pr);
  } else {
    fprintf(stderr, "stencilc %s: %s is a stencil program; %s takes single stencils: use "
                    "stencilc run --backend naive (or n5d, for the one-stage programs it blocks)\n",
            c->name, o.input, c->name);
  }
  program_free(&pr);
  return true;
}
