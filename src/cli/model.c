/* stencilc model: rank every candidate strategy and parameter set by predicted GCells/s. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "backends/backends.h"
#include "cli.h"
#include "frontend/frontend.h"
#include "model/comm.h"
#include "model/model.h"
#include "options.h"
#include "tune.h"

static void model_help(FILE *f) {
  fputs("usage: stencilc model FILE.c [--gpu h200|h100|a100] [--dtype float|double] [-s SIZE]\n"
        "                      [-t STEPS] [--top N] [--backend B [its options]] [C flags]\n"
        "Predicts, without running anything, the speed of every candidate the GPU backends accept:\n"
        "each backend's tuning space, ranked by its model (src/model/predict_*.c), each at the\n"
        "fraction of the peaks it attained on the H200. Best first.\n"
        "  --gpu G    GPU to model (default h200); a `stencilc probe` file measured on the same GPU\n"
        "             refines the built-in figures\n"
        "  -s SIZE    interior cells: N (every axis) or N0xN1[xN2] (default: the backends')\n"
        "  -t STEPS   time steps (default 1000)\n"
        "  --top N    rows to print (default 10)\n"
        "  --backend B [options]  predict that one candidate instead of ranking (auto: the one\n"
        "             'gen --backend auto' takes; a backend's defaults without its options)\n"
        "  --ranks P  also predict an MPI run over P ranks (gen --mpi): the halo exchange every B\n"
        "             steps that costs least, its bytes and time, strong and weak scaling\n"
        "  --link L   what joins the ranks: shm (one node), ib (InfiniBand NDR, default), nvlink\n"
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

/* The single-device speed the communication model builds on: the best candidate's at a part. */
typedef struct {
  const Stencil *st;
  DType dt;
  Problem pb;
  const GpuSpec *g;
  double plane_interior; /* interior cells of one plane of axis 0 */
  double gcells;         /* at the part's size, set by part_rate */
} StepModel;

static void part_rate(StepModel *m, long planes) {
  Problem local = m->pb;
  local.n[0] = planes;
  Candidate *c;
  int n = backends_rank(m->st, m->dt, &local, m->g, &c);
  m->gcells = n ? c[0].pred.gcells : 0;
  free(c);
}

static double step_seconds(void *ctx, long planes) {
  const StepModel *m = ctx;
  return m->gcells > 0 ? (double)planes * m->plane_interior / (m->gcells * 1e9) : 1e30;
}

/* One row of a scaling table: P ranks on n0 planes; GCells/s of the whole grid, or -1. */
static int scaling_row(StepModel *m, long n0, int ranks, const Link *link, CommPrediction *p) {
  part_rate(m, n0 / ranks > 0 ? (n0 + ranks - 1) / ranks : 1);
  const Stencil *st = m->st;
  CommGrid g = {st->dims, {0}, {0}, {st->lo[0], st->dims > 1 ? st->lo[1] : 0},
                {st->hi[0], st->dims > 1 ? st->hi[1] : 0}, m->dt == DTYPE_DOUBLE ? 8 : 4};
  for (int a = 0; a < st->dims; a++) {
    g.n[a] = a == 0 ? n0 : m->pb.n[a];
    g.ext[a] = g.n[a] + st->lo[a] + st->hi[a];
  }
  return comm_predict(&g, ranks, 0, step_seconds, m, link, true, p);
}

static void print_scaling(StepModel *m, int ranks, const Link *link, bool weak) {
  long part = m->pb.n[0] / ranks;
  printf("%s scaling (%s):\n  ranks  planes/part  B   GCells/s  efficiency  grid\n",
         weak ? "weak" : "strong", weak ? "each rank keeps its part" : "the same grid over more ranks");
  double one = 0;
  for (int p = 1; p <= ranks; p = p < ranks && p * 2 > ranks ? ranks : p * 2) {
    long n0 = weak ? part * p : m->pb.n[0];
    CommPrediction c;
    if (scaling_row(m, n0, p, link, &c)) {
      printf("  %5d  %11ld  refused: parts thinner than one step's halo\n", p, n0 / p);
      continue;
    }
    double g = (double)n0 * m->plane_interior / c.per_step / 1e9;
    if (p == 1) one = g;
    printf("  %5d  %11ld  %2ld  %9.1f  %9.0f%%  %dx%d\n", p, c.part[0], c.halo_steps, g,
           one > 0 ? 100.0 * g / (one * p) : 0, c.procs[0], c.procs[1]);
  }
}

/* model --ranks P: the distributed run's prediction (issue 21 item 5). */
static int model_ranks(const Stencil *st, const Options *o, const Problem *pb, const GpuSpec *g) {
  const Link *link = comm_link_find(o->link ? o->link : "ib");
  if (!link) {
    fprintf(stderr, "stencilc: unknown --link '%s' (known: %s)\n", o->link, comm_link_keys());
    return EXIT_INPUT;
  }
  StepModel m = {st, o->gen.dtype, *pb, g, 1, 0};
  for (int a = 1; a < st->dims; a++) m.plane_interior *= (double)pb->n[a];
  CommPrediction c;
  if (scaling_row(&m, pb->n[0], o->ranks, link, &c)) {
    fprintf(stderr, "stencilc: %d ranks split the %ld interior planes of axis 0 into parts thinner "
                    "than one step's halo (reach %d); use fewer ranks or a larger grid\n",
            o->ranks, pb->n[0], st->lo[0] > st->hi[0] ? st->lo[0] : st->hi[0]);
    return EXIT_INPUT;
  }
  printf("\nMPI: %d ranks as a process grid of %d x %d (axis 0 x axis 1: %s), parts of up to "
         "%ld x %ld cells; %s between ranks (%.1f us, %.0f GB/s), %s staged through pinned host "
         "memory over %s\n",
         o->ranks, c.procs[0], c.procs[1],
         c.procs[1] > 1 ? "axis 1 split too, as that moves less halo per rank" : "axis 0 split alone",
         c.part[0], c.part[1], link->what, link->latency_s * 1e6, link->gbs,
         link->direct ? "device to device along axis 0, axis 1's halos" : "halos", comm_pcie()->what);
  printf("  halo exchange every B = %ld steps (the program's --halo-steps): %.3g MB each way per "
         "exchange, %.3g ms\n", c.halo_steps, c.halo_bytes / 1e6, c.t_exchange * 1e3);
  printf("  per step: %.3g ms of compute (%.1f%% redundant cells) + %.3g ms of exchange = %.3g ms: "
         "%.1f GCells/s\n", c.t_step * 1e3, 100 * c.redundant, c.t_exchange / (double)c.halo_steps * 1e3,
         c.per_step * 1e3, (double)pb->n[0] * m.plane_interior / c.per_step / 1e9);
  print_scaling(&m, o->ranks, link, false);
  print_scaling(&m, o->ranks, link, true);
  return EXIT_OK;
}

/* model --backend: the one candidate the options name (as gen would build it), predicted. */
static int model_one(const Stencil *st, const Options *o, const Problem *pb, const GpuSpec *g) {
  Candidate c = {.opt = o->gen};
  PlanStore plan;
  char why[256];
  if (codegen_plan(st, &c.opt, &plan, why, sizeof why)) { /* a convergence loop, an integer grid */
    fprintf(stderr, "stencilc: the model does not predict --backend %s here: it refuses the "
                    "stencil (%s)\n", o->gen.backend->name, why);
    return EXIT_INPUT;
  }
  if (backends_predict(st, &c.opt, pb, g, false, &c.pred)) {
    fprintf(stderr, "stencilc: the model does not predict --backend %s here (no model, refused, "
                    "or sure to spill)\n", o->gen.backend->name);
    return EXIT_INPUT;
  }
  printf("rank  strategy parameters                                 GCells/s  bound    blocks/SM occupancy regs\n");
  print_row(1, &c, g);
  return EXIT_OK;
}

/* A convergence loop: why the ranking holds only the backends that generate one, what the
 * predictions count beside the sweep (the residual's read-back), and what auto takes. */
static void print_converge_note(const Stencil *st) {
  if (!st->conv.kind) return;
  Buf gen = {0}, left = {0};
  for (int i = 0; i < backends_count(); i++) {
    const BackendEntry *b = backends_at(i);
    if (b->gen->converge) buf_printf(&gen, "%s%s%s", gen.s ? ", " : "", b->gen->name, b->model ? "" : " (not modelled)");
    else if (b->model) buf_printf(&left, "%s%s", left.s ? ", " : "", b->gen->name);
  }
  char every[64] = "every step";
  if (st->conv.check_every > 1) snprintf(every, sizeof every, "one step in %ld, as the source", st->conv.check_every);
  printf("note: the time loop runs until the residual '%s' drops to the tolerance: convergence "
         "loops are generated by %s only, so the ranking leaves out %s; the predictions count, "
         "beside the sweep, the residual's read-back after each step that computes it (%s): "
         "%.0f us each, the scalar zeroed and copied back and the host waiting for the sweep "
         "(the reduction in the sweep's blocks left out); --backend auto (gen, run) takes the "
         "best of them, rewrite and gen --api the cpu backend (the library of a convergence loop "
         "is the cpu backend's), and run without a GPU the CPU path\n",
         st->conv.var, gen.s, left.s ? left.s : "no backend", every,
         model_converge_check_seconds() * 1e6);
  buf_free(&gen);
  buf_free(&left);
}

static int model_run(Options *o, Stencil *st) {
  GpuSpec g;
  Problem pb;
  if (tune_gpu(o, &g) || tune_problem(o, st, &pb)) return EXIT_INPUT;
  DType dt = o->gen.dtype;
  if (o->backend_given) return model_one(st, o, &pb, &g);
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
  print_converge_note(st);
  printf("rank  strategy parameters                                 GCells/s  bound    blocks/SM occupancy regs\n");
  for (int i = 0; i < n && i < top; i++) print_row(i + 1, &c[i], &g);
  free(c);
  return o->ranks ? model_ranks(st, o, &pb, &g) : EXIT_OK;
}

const Command command_model = {"model", {"--gpu --dtype -s -t --top --roundtrip --ranks --link --backend", true, true, "naive", false}, model_help, model_run};
