/* The naive model: a roofline for one step per launch: compulsory DRAM traffic, L1 wavefronts of
 * the loads (one per point), L2 traffic from Tabik's transaction model for the block shape (eq.
 * 2), compute; and its tuning space, Tabik's warp-wide block shapes (Zhang: wide and flat blocks
 * coalesce best). */
#include "codegen/naive.h"
#include "roofline.h"

/* Measured GCells/s over the roofline's, on the DRAM- and chip-bound rows: the median ratio of
 * bench/model_accuracy.py --fit over the candidates tune timed on the H200 (bench/results: 71
 * DRAM-bound rows, 120 on chip; tune's blocks attain less than the default blocks of
 * naive_h200.csv, where the fractions were first set at 0.50 and 0.75). */
static const Attained attained = {0.39, 0.52, 0};

/* One step per launch: DRAM moves each cell in and out once (the rows a block re-reads stay in
 * L2); every point is one load instruction per cell, served by L1 as a wavefront per warp; L1
 * misses go to L2 as Tabik's transactions, each a warp-wide row of words. With --outputs a
 * thread loads its tile's window once instead (NaivePlan.window values per tile), the window
 * values live in registers, and a warp's load spans outputs-along-x times as many words (its
 * lanes are that far apart), so as many more wavefronts; a block covers block x outputs cells. */
static int predict(const Stencil *st, const GenOptions *opt, const void *plan, const Problem *pb,
                   const GpuSpec *g, bool prune, Prediction *p) {
  const NaivePlan *pl = plan;
  const int *block = pl->block;
  int d = st->dims;
  (void)prune;
  long n[3] = {1, 1, 1};
  int blk[3] = {1, 1, 1}, halo[3] = {0, 0, 0}, threads = 1;
  double cells = 1, word = ir_dtype_bytes(opt->dtype);
  p->blocks = 1;
  for (int a = 0; a < d; a++) { /* Tabik's axes: x (contiguous) first */
    int span = block[a] * pl->outputs[a]; /* cells a block covers */
    n[d - 1 - a] = pb->n[a], blk[d - 1 - a] = span, halo[d - 1 - a] = 2 * st->radius[a];
    cells *= pb->n[a], threads *= block[a], p->blocks *= ceil_div(pb->n[a], span);
  }
  OpCounts ops = model_op_counts(st, false);
  p->regs = model_naive_registers(opt->dtype);
  if (pl->tile > 1) { /* past the limit, nvcc spills: the occupancy of the limit */
    p->regs += pl->window * words(opt->dtype);
    if (p->regs > g->max_regs_per_thread) p->regs = g->max_regs_per_thread;
  }
  p->gm_bytes = 2 * cells * word;
  p->l2_bytes = model_tabik_transactions(n, blk, halo, WARP) * WARP * word;
  double loads = pl->tile > 1 ? cells / pl->tile * pl->window * pl->outputs[d - 1] : cells * st->npoints;
  p->l1_wavefronts = load_wavefronts(loads, block[d - 1], opt->dtype);
  p->flops = cells * op_flops(ops);
  p->t_gm = p->gm_bytes / (g->mem_gbs * 1e9);
  p->t_l1 = l1_seconds(g, p->l1_wavefronts);
  p->t_l2 = p->l2_bytes / (g->l2_gbs * 1e9);
  p->t_sm = 0;
  p->t_comp = p->flops / (peak_gflops(g, opt->dtype) * 1e9 * model_alu_efficiency(ops));
  finish(g, &attained, threads, 0, p);
  if (!p->blocks_per_sm) return -1;
  p->seconds = p->seconds * pb->steps + model_converge_checks(st, pb) * model_converge_check_seconds();
  return 0;
}

#define COUNT(a) ((int)(sizeof(a) / sizeof *(a)))

static void space(const Stencil *st, DType dt, ConsiderFn consider, void *ctx) {
  static const int xs[] = {32, 64, 128, 256, 512, 1024}, ys[] = {1, 2, 4, 8, 16, 32}, zs[] = {1, 2, 4, 8};
  int nz = st->dims == 3 ? COUNT(zs) : 1, ny = st->dims > 1 ? COUNT(ys) : 1;
  for (int i = 0; i < COUNT(xs); i++)
    for (int j = 0; j < ny; j++)
      for (int k = 0; k < nz; k++) {
        NaiveParams p = {{0}, {0}};
        if (st->dims == 3) p.block[0] = zs[k], p.block[1] = ys[j], p.block[2] = xs[i];
        else if (st->dims == 2) p.block[0] = ys[j], p.block[1] = xs[i];
        else p.block[0] = xs[i];
        GenOptions o = {.backend = &backend_naive, .dtype = dt};
        codegen_set_params(&o, &p, sizeof p);
        consider(ctx, &o);
      }
}

const BackendModel model_naive = {space, predict};
