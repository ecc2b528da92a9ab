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
        "  --roundtrip N  (a check, for the tests) instead of ranking: each strategy's N best,\n"
        "             printed as options, parsed back as the command line reads them: the same\n"
        "             candidate, and a program is generated from it; exit 1 on any difference\n"
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

/* --roundtrip: what --backend auto and tune's cache rely on, for the first n of each backend. */
static int roundtrip(const Stencil *st, const Options *o, const Candidate *c, int count, int n) {
  int per[64] = {0}, checked = 0, failed = 0;
  for (int i = 0; i < count; i++) {
    int b = (int)(backends_entry(c[i].opt.backend) - backends_at(0));
    if (per[b]++ >= n) continue;
    char text[256];
    tune_choice_text(&c[i].opt, text, sizeof text);
    Options parsed = *o;
    PlanStore a, b2;
    char why[256];
    Buf prog = {0};
    checked++;
    if (tune_apply_choice(text, &parsed) || parsed.gen.backend != c[i].opt.backend ||
        memcmp(&parsed.gen.params, &c[i].opt.params, sizeof parsed.gen.params)) {
      printf("roundtrip: %s: '%s' does not parse back to the candidate\n", st->name, text);
      failed++;
    } else if (codegen_plan(st, &c[i].opt, &a, why, sizeof why) ||
               codegen_plan(st, &parsed.gen, &b2, why, sizeof why) || memcmp(&a, &b2, sizeof a) ||
               codegen_program(&prog, st, &parsed.gen) || !prog.len) {
      printf("roundtrip: %s: '%s' plans or generates differently\n", st->name, text);
      failed++;
    } else {
      printf("roundtrip: ok %s\n", text);
    }
    buf_free(&prog);
  }
  printf("roundtrip: %s, %s: %d candidates checked, %d failed\n", st->name,
         ir_dtype_name(o->gen.dtype), checked, failed);
  return failed ? EXIT_VERIFY : EXIT_OK;
}

static int model_run(Options *o, Stencil *st) {
  GpuSpec g;
  Problem pb;
  if (tune_gpu(o, &g) || tune_problem(o, st, &pb)) return EXIT_INPUT;
  DType dt = o->gen.dtype;
  Candidate *c;
  int n = backends_rank(st, dt, &pb, &g, &c), top = o->top ? o->top : 10;
  if (o->roundtrip) {
    int rc = roundtrip(st, o, c, n, o->roundtrip);
    free(c);
    return rc;
  }
  printf("%s, %s, %ld", st->name, ir_dtype_name(dt), pb.n[0]);
  for (int a = 1; a < st->dims; a++) printf("x%ld", pb.n[a]);
  printf(", %ld steps on %s (%s): %d candidates\n", pb.steps, g.name, g.key, n);
  printf("rank  strategy parameters                                 GCells/s  bound    blocks/SM occupancy regs\n");
  for (int i = 0; i < n && i < top; i++) print_row(i + 1, &c[i], &g);
  free(c);
  return EXIT_OK;
}

const Command command_model = {"model", {"--gpu --dtype -s -t --top --roundtrip", false, true, NULL}, model_help, model_run};
