/* The direct model: one step per launch, the time of issuing its instructions (the filter box's
 * multiply-adds, zeros included, and what a thread does besides them: its rows' loads and tests,
 * the filter's broadcast loads, its share of the tile's copy, its stores) plus the part of the
 * DRAM time (each cell in and out once; the tiles' overlap comes from L2) that other blocks'
 * products do not hide: a block copies its tile, then computes, and the measured times add up
 * that way. Its tuning space: the cells per thread and the warps per block. */
#include "codegen/direct.h"
#include "roofline.h"

/* Fitted on the H200 (bench/results/conv2d_direct_cpasync_h200_2939279.csv, the defaults,
 * 8192^2 float, one step): 3x3 and 20x20 give 0.81 of the issue rate and 0.77 of the DRAM time
 * (at 0.9 of the copy bandwidth) not hidden behind other blocks' products; that predicts 7x7,
 * 9x9, 11x11 and 16x16 within 4% (0.292 ms against 0.303, 0.384 against 0.398, 0.494 against
 * 0.515, 0.863 against 0.865). Below 24 resident warps an SM hides less (8x8 cells a thread, 16
 * warps, measured up to 11% slower than 8x4 at 24, conv2d_direct_h200_cfd4aaa.csv). */
static const Attained attained = {0.9, 0.81, 24};
static const double exposed_copy = 0.77;

/* Lane instructions a thread issues besides its multiply-adds (codegen/direct.c): per input row,
 * its vector loads, the address and loop (4) and the test of each output row (2); per output row
 * and filter row, the filter's vector loads; per tile cell copied, its index, bounds, load and
 * store (8); per cell, its test and store (2). */
static double thread_overhead(const DirectPlan *pl) {
  int threads = pl->warps * WARP;
  double rows = pl->rows + pl->fh - 1;
  double copy = (double)pl->tile_rows * pl->tile_cols / threads;
  return rows * (pl->loads + 4 + 2 * pl->rows) + (double)pl->rows * pl->fh * (pl->wpitch / pl->vec) +
         8 * copy + 2.0 * pl->rows * pl->cols;
}

static int predict(const Stencil *st, const GenOptions *opt, const void *plan, const Problem *pb,
                   const GpuSpec *g, bool prune, Prediction *p) {
  const DirectPlan *pl = plan;
  int threads = pl->warps * WARP, cells_thread = pl->rows * pl->cols;
  double cells = (double)pb->n[0] * pb->n[1], word = ir_dtype_bytes(opt->dtype);
  double fmas = cells * pl->fh * pl->fw;
  (void)st;
  p->blocks = ceil_div(pb->n[0], pl->warps * pl->rows) * ceil_div(pb->n[1], WARP * pl->cols);
  p->regs = register_base(opt->dtype) + (cells_thread + pl->loads * pl->vec) * words(opt->dtype);
  if (p->regs > g->max_regs_per_thread) {
    if (prune) return -1;
    p->regs = g->max_regs_per_thread;
  }
  double tile = (double)p->blocks * pl->tile_rows * pl->tile_cols;
  p->gm_bytes = (cells + cells) * word;
  p->l2_bytes = tile * word;
  p->flops = 2 * fmas;
  p->t_gm = p->gm_bytes / (g->mem_gbs * 1e9);
  p->t_l2 = p->l2_bytes / (g->l2_gbs * 1e9);
  double issue = issue_seconds(g, fmas + cells / cells_thread * thread_overhead(pl));
  double arith = p->flops / (peak_gflops(g, opt->dtype) * 1e9);
  /* a filter whose products issue faster than DRAM streams the grid is left to the strategies
   * that stream it without a copy into shared memory: from 2x2 to 5x5, ssam measured 12-30%
   * faster (and the model of ssam predicts it 3-20% under what it measures); so for the defaults
   * too, which the model otherwise tries past its pruning */
  if (issue < p->t_gm) return -1;
  /* finish takes the slowest resource: the exposed copy goes into the compute time, scaled so
   * that what finish divides by the chip fraction is their sum */
  p->t_comp = (issue > arith ? issue : arith) + exposed_copy * p->t_gm / attained.dram * attained.chip;
  finish(g, &attained, threads, pl->smem, p);
  if (!p->blocks_per_sm) return -1;
  p->seconds *= pb->steps;
  return 0;
}

static void space(const Stencil *st, DType dt, ConsiderFn consider, void *ctx) {
  static const int shapes[][2] = {{4, 4}, {8, 4}, {8, 8}, {16, 4}};
  static const int warps[] = {2, 4, 8};
  (void)st;
  for (int s = 0; s < (int)(sizeof shapes / sizeof *shapes); s++)
    for (int w = 0; w < (int)(sizeof warps / sizeof *warps); w++) {
      DirectParams p = {{shapes[s][0], shapes[s][1]}, warps[w]};
      GenOptions o = {.backend = &backend_direct, .dtype = dt};
      codegen_set_params(&o, &p, sizeof p);
      consider(ctx, &o);
    }
}

const BackendModel model_direct = {space, predict};
