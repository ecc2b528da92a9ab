/* The n5d model: AN5D's roofline (Matsumura et al. 2020, section 5): thread classes with stream
 * division, global/shared/compute times, SM efficiency, register-pressure pruning; and its
 * tuning space, AN5D's (section 6.3: bT, block sizes, hSN, register caps 32/64/96 or none). */
#include <math.h>

#include "codegen/n5d.h"
#include "roofline.h"
#include "rt_chunk.h"

/* Refitted (bench/model_accuracy.py --fit) to the 931 candidates tune timed on the H200, from
 * 0.49 and 0.74; first fitted to 292 verified n5d and SSAM candidates of them
 * (tune_candidates_h200.csv, tune_wide_2d_h200.csv, tune_candidates_double_h200.csv), with the
 * registers nvcc gives them (ptxas_regs.csv): each fraction sets the median of measured over
 * predicted to 1 on the rows bound by its resource. N5D_OVERHEAD and `hide` were chosen among a
 * few values each, by the model's first pick per stencil and then the error over all rows
 * (bench/model_accuracy.py prints both). */
static const Attained attained = {0.47, 0.70, 32};
/* 3D in double, where the model ranked n5d above 25d, predicted at up to 1.34x what it measured
 * (box3d1r, 200 against 149 GCells/s). Refitted the same way to the n5d rows in double at 512^3
 * and 1000 steps: DRAM on the seven global-bound ones (measured over predicted 1.02 to 1.27,
 * median 1.09: the defaults of star3d1r and j3d7pt, n5d_double_defaults_h200_b6f98ce.csv;
 * star3d1r --cols 2 --bt 3 --bs 32x16, n5d_cols3d_h200_dd4661a.csv; star3d1r and j3d7pt at bT 3,
 * star3d3r and star3d4r at bT 1, all 32x32, n5d_double_h200.csv), chip on the four shared-bound
 * ones (star3d2r, j3d13pt, box3d1r and j3d27pt at bT 2 and 32x32, n5d_double_h200.csv, 0.80 to
 * 0.94, median 0.87). Left out of the chip fit: the three compute-bound rows, box3d2r-4r at bT 1
 * (0.76, 0.92, 1.10), where 25d is predicted at 1.6x or more whatever the fraction; with them
 * the median is 0.92 and n5d stays first for box3d1r and j3d27pt, which 25d ran 6% faster. */
static const Attained attained_3d_double = {0.51, 0.61, 32};

/* Lane instructions per cell and level beyond the stencil's own operations: address and boundary
 * arithmetic, ring rotation and loop. */
enum { N5D_OVERHEAD = 8 };

int model_n5d_registers(const N5dPlan *plan, DType dt, int weights) {
  int rings = plan->mode == N5D_GENERAL ? 0 : plan->bt;
  /* --cols: every column keeps its own ring */
  return register_base(dt) + plan->bt + words(dt) * (rings * plan->w * plan->cols + weights);
}

/* hSN 0: the generated code's rule (n5d_chunk in n5d.c: rt_stream_chunk, at least 8 bT RS rows). */
static int default_hsn(const Stencil *st, const N5dPlan *pl, const Problem *pb, const GpuSpec *g) {
  int d = st->dims, x = d - 1;
  long tiles = ceil_div(pb->n[x], pl->bsx - 2L * pl->bt * st->radius[x]);
  if (d == 3) tiles *= ceil_div(pb->n[1], pl->bsy - 2L * pl->bt * st->radius[1]);
  long least = 8L * pl->bt * (st->radius[0] ? st->radius[0] : 1);
  return (int)rt_stream_chunk(pb->n[0], tiles, pl->bsx * pl->bsy, g->sms, g->max_threads_per_sm, least);
}

/* The overhead per cell. The --cols kernel shares its address, loop and boundary arithmetic among
 * the columns of a thread, and its inner blocks test no boundary: N5D_OVERHEAD / cols^2, chosen
 * on the --cols rows of bench/results/n5d_cols_h200_9df3c6a.csv and n5d_cols_double_h200_cc936db.csv
 * (all but the "default" rows, whose kernels have changed since). It ranks the measured best of
 * 16 of their 24 stencil and type pairs first or within 3% of it. 8 / cols ranked 17 but left
 * star2d1r's defaults (measured 2023 GCells/s) predicted below the model's own pick (1309
 * against 1400); 4 / cols (17) and 2 / cols lifted conv2d-11x11's one-column n5d default past
 * ssam at one step (measured 79 against 113, tune_candidates_h200_69e528a.csv). */
static double overhead(const N5dPlan *pl) {
  return pl->wide ? (double)N5D_OVERHEAD / (pl->cols * pl->cols) : N5D_OVERHEAD;
}

/* One launch of bt steps (the plan's block and shared memory, as the generated code keeps them
 * for a shorter last launch). */
static void launch(const Stencil *st, DType dt, const N5dPlan *pl, const Problem *pb,
                   const GpuSpec *g, int bt, Prediction *p) {
  int hsn = pl->hsn ? pl->hsn : default_hsn(st, pl, pb, g);
  int d = st->dims, x = d - 1;
  Cover c[IR_MAX_DIMS];
  c[0] = cover(pb->n[0], st->lo[0], st->hi[0], hsn, 2L * bt * st->radius[0], (long)bt * st->radius[0], true);
  if (d == 3) {
    int ry = st->radius[1];
    c[1] = cover(pb->n[1], st->lo[1], st->hi[1], pl->bsy - 2 * bt * ry, 2 * bt * ry, bt * ry, false);
  }
  int rx = st->radius[x], width = pl->bsx * pl->cols; /* --cols: COLS cells per thread */
  c[x] = cover(pb->n[x], st->lo[x], st->hi[x], width - 2 * bt * rx, 2 * bt * rx, bt * rx, false);
  double total = 1, ingrid = 1, interior = 1, valid = 1;
  p->blocks = 1;
  for (int a = 0; a < d; a++) {
    total *= c[a].total, ingrid *= c[a].ingrid, interior *= c[a].interior, valid *= pb->n[a];
    p->blocks *= c[a].tiles;
  }
  p->classes = (ThreadClasses){total - ingrid, ingrid - interior, interior - valid, valid};
  double word = 4.0 * words(dt), levels = total * bt; /* every thread computes every level */
  OpCounts ops = model_op_counts(st, pl->linear); /* as emitted */
  p->gm_bytes = (ingrid + valid) * word; /* out-of-bound threads read clamped, cached cells */
  double shared = pl->smem_reads + pl->smem_writes;
  p->sm_bytes = levels * shared * word;
  p->flops = levels * op_flops(ops);
  p->t_gm = p->gm_bytes / (g->mem_gbs * 1e9);
  p->t_l2 = 0;
  p->t_sm = p->sm_bytes / (g->smem_gbs * 1e9);
  p->t_comp = fmax(p->flops / (peak_gflops(g, dt) * 1e9 * model_alu_efficiency(ops)),
                   issue_seconds(g, levels * (op_total(ops) + shared + overhead(pl))));
  const Attained *a = d == 3 && dt == DTYPE_DOUBLE ? &attained_3d_double : &attained;
  finish(g, a, pl->bsx * pl->bsy, pl->smem, p);
}

/* A register estimate this many times the limit spills for certain: conv2d-20x20's default, 470
 * against 128 (its 400 run-time weights), ran 2.4 GCells/s against naive's 15.7 on the H200
 * (tune_candidates_h200_f1d213f.csv) after 90 s of cicc, the longest build of the suite. */
#define N5D_SURE_SPILL 2

static int predict(const Stencil *st, const GenOptions *opt, const void *plan, const Problem *pb,
                   const GpuSpec *g, bool prune, Prediction *p) {
  const N5dPlan *pl = plan;
  int need = model_n5d_registers(pl, opt->dtype, st->nweights), cap = pl->regs;
  /* without a cap, __launch_bounds__(threads) still leaves a thread one block's share of the SM */
  int threads = pl->bsx * pl->bsy, fit = g->regs_per_sm / threads / 8 * 8;
  int limit = cap ? cap : fit < g->max_regs_per_thread ? fit : g->max_regs_per_thread;
  /* would spill: pruned (AN5D); a backend's default is tried past the limit (the estimate errs:
   * j2d5pt's default, estimated at 104 registers under a limit of 64, was the fastest of its
   * candidates on the H200 at 1730 GCells/s), but not past N5D_SURE_SPILL times it */
  if (prune ? need > limit : need > N5D_SURE_SPILL * limit) return -1;
  long full = pb->steps / pl->bt, rest = pb->steps % pl->bt;
  Prediction last = {0};
  /* nvcc uses what the launch bounds allow: the cap, or one block's share of the SM (ptxas -v on
   * the suite's candidates: 85 to 128 registers at 512 threads, estimates of 62 to 75) */
  p->regs = last.regs = limit;
  if (rest) launch(st, opt->dtype, pl, pb, g, (int)rest, &last);
  launch(st, opt->dtype, pl, pb, g, pl->bt, p);
  if (!p->blocks_per_sm) return -1;
  p->seconds = full * p->seconds + (rest ? last.seconds : 0);
  return 0;
}

#define COUNT(a) ((int)(sizeof(a) / sizeof *(a)))

static void space(const Stencil *st, DType dt, ConsiderFn consider, void *ctx) {
  static const int bs2[][2] = {{128, 1}, {256, 1}, {512, 1}, {1024, 1}};
  static const int bs3[][2] = {{16, 16}, {32, 16}, {32, 32}, {64, 16}, {64, 8}, {128, 8}};
  static const int hsn2[] = {256, 512, 1024}, hsn3[] = {64, 128, 256};
  static const int caps[] = {0, 32, 64, 96, 128};
  bool d3 = st->dims == 3;
  int max_bt = d3 ? 8 : 16, nbs = d3 ? COUNT(bs3) : COUNT(bs2);
  for (int bt = 1; bt <= max_bt; bt++)
    for (int b = 0; b < nbs; b++)
      for (int h = 0; h < COUNT(hsn2); h++)
        for (int c = 0; c < COUNT(caps); c++) { /* no cap, then the smallest cap the estimate
                                                   fits under: larger caps build the same code
                                                   with fewer blocks */
          N5dParams p = {.bt = bt, .bs = {d3 ? bs3[b][0] : bs2[b][0], d3 ? bs3[b][1] : 0},
                         .hsn = d3 ? hsn3[h] : hsn2[h], .regs = caps[c]};
          GenOptions o = {.backend = &backend_n5d, .dtype = dt};
          codegen_set_params(&o, &p, sizeof p);
          if (consider(ctx, &o) && c > 0) break;
        }
}

const BackendModel model_n5d = {space, predict};
