/* stencilc model: rank every candidate strategy and parameter set by predicted GCells/s. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "backends/backends.h"
#include "cli.h"
#include "frontend/frontend.h"
#include "model/model.h"
#include "options.h"
#include "tune.h"

static void model_help(FILE *f) {
  fputs("usage: stencilc model FILE.c [--gpu h200|h100|a100] [--dtype float|double] [-s SIZE]\n"
        "                      [-t STEPS] [--top N] [C flags]\n"
        "Predicts, without running anything, the speed of every candidate the GPU backends accept:\n"
        "each backend's tuning space, ranked by its model (src/model/predict_*.c), each at the\n"
        "fraction of the peaks it attained on the H200. Best first.\n"
        "  --gpu G    GPU to model (default h200); a `stencilc probe` file measured on the same GPU\n"
        "             refines the built-in figures\n"
        "  -s SIZE    interior cells: N (every axis) or N0xN1[xN2] (default: the backends')\n"
        "  -t STEPS   time steps (default 1000)\n"
        "  --top N    rows to print (default 10)\n"
        "  C flags    -I DIR, -D NAME[=VALUE], -U NAME, -std=STD, -include FILE, --function NAME\n"
        "Each row's parameters are `stencilc gen --backend STRATEGY` options.\n", f);
}

static void print_row(int rank, const Candidate *c, const GpuSpec *g) {
  char params[96], occ[40];
  codegen_params_text(&c->opt, params, sizeof params);
  const Prediction *p = &c->pred;
  snprintf(occ, sizeof occ, "%d %s %3.0f%%", p->blocks_per_sm, p->occupancy_limit,
           100.0 * p->blocks_per_sm * p->threads / g->max_threads_per_sm);
  printf("%4d  %-8s %-40s %9.1f  %-8s %-18s %4d\n", rank, c->opt.backend->name, params, p->gcells,
         model_bound_name(p->bound), occ, p->regs);
}

static int model_run(Options *o, Stencil *st) {
  GpuSpec g;
  Problem pb;
  if (tune_gpu(o, &g) || tune_problem(o, st, &pb)) return EXIT_INPUT;
  DType dt = o->gen.dtype;
  Candidate *c;
  int n = backends_rank(st, dt, &pb, &g, &c), top = o->top ? o->top : 10;
  printf("%s, %s, %ld", st->name, ir_dtype_name(dt), pb.n[0]);
  for (int a = 1; a < st->dims; a++) printf("x%ld", pb.n[a]);
  printf(", %ld steps on %s (%s): %d candidates\n", pb.steps, g.name, g.key, n);
  printf("rank  strategy parameters                                 GCells/s  bound    blocks/SM occupancy regs\n");
  for (int i = 0; i < n && i < top; i++) print_row(i + 1, &c[i], &g);
  free(c);
  return EXIT_OK;
}

const Command command_model = {"model", {"--gpu --dtype -s -t --top", false, true}, model_help, model_run};
