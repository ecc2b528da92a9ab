/* The models: occupancy, operation counts, register estimate, Tabik's transactions, and the
 * predictions for the naive, n5d, 25d and ssam backends. */
#include <math.h>
#include <stdio.h>

#include "model.h"

enum { WARP = 32, REG_UNIT = 256 /* registers are allocated per warp in these units */ };

int model_blocks_per_sm(const GpuSpec *g, int threads, int regs, long smem, const char **limit) {
  int warps = (threads + WARP - 1) / WARP;
  int best = g->max_blocks_per_sm;
  *limit = "blocks";
  int by_threads = g->max_threads_per_sm / threads;
  if (by_threads < best) best = by_threads, *limit = "threads";
  int regs_per_warp = (regs * WARP + REG_UNIT - 1) / REG_UNIT * REG_UNIT;
  int by_regs = regs_per_warp ? g->regs_per_sm / regs_per_warp / warps : best;
  if (by_regs < best) best = by_regs, *limit = "registers";
  long by_smem = smem > g->smem_per_block ? 0 : g->smem_per_sm / (smem + g->smem_reserved);
  if (by_smem < best) best = (int)by_smem, *limit = "shared";
  return best;
}

/* ---- operations per cell ---- */

static void count_ops(const Expr *e, OpCounts *c) {
  switch (e->kind) {
  case EX_ADD:
  case EX_SUB: {
    /* One multiply operand fuses with the add (nvcc contracts a*b+c into an FMA). */
    int fused = e->arg[0]->kind == EX_MUL ? 0 : e->arg[1]->kind == EX_MUL ? 1 : -1;
    if (fused >= 0) c->fma++;
    else c->add++;
    for (int i = 0; i < 2; i++) {
      if (i != fused) count_ops(e->arg[i], c);
      else for (int j = 0; j < 2; j++) count_ops(e->arg[i]->arg[j], c);
    }
    return;
  }
  case EX_MUL: c->mul++; break;
  case EX_DIV:  /* a multiplication by the reciprocal under fast math, as AN5D counts it */
  case EX_CALL: c->other++; break;
  default: break;
  }
  for (int i = 0; i < e->nargs; i++) count_ops(e->arg[i], c);
}

OpCounts model_op_counts(const Stencil *st, bool linear) {
  OpCounts c = {0};
  if (!linear) {
    count_ops(st->expr, &c);
    return c;
  }
  int terms = 0; /* sum of coef * point: one multiply, then one FMA per further term */
  for (int p = 0; p < st->npoints; p++) terms += st->coef[p] != 0;
  c.mul = terms > 0;
  c.fma = terms > 1 ? terms - 1 : 0;
  c.add = st->constant != 0;
  return c;
}

static int op_total(OpCounts o) { return o.fma + o.mul + o.add + o.other; }

static double op_flops(OpCounts o) { return 2.0 * o.fma + o.mul + o.add + o.other; }

double model_alu_efficiency(OpCounts o) {
  return op_total(o) ? op_flops(o) / (2.0 * op_total(o)) : 1.0;
}

/* ---- registers ---- */

static int words(DType dt) { return dt == DTYPE_DOUBLE ? 2 : 1; }

static int register_base(DType dt) { return dt == DTYPE_DOUBLE ? 30 : 20; }

int model_n5d_registers(const N5dPlan *plan, DType dt, int weights) {
  int rings = plan->mode == N5D_GENERAL ? 0 : plan->bt;
  return register_base(dt) + plan->bt + words(dt) * (rings * plan->ring + weights);
}

int model_naive_registers(DType dt) { return register_base(dt); }

/* ---- Tabik's global memory transactions ---- */

static long ceil_div(long a, long b) { return (a + b - 1) / b; }

double model_tabik_transactions(const long n[3], const int blk[3], const int halo[3], int warp) {
  double bx = blk[0], by = blk[1], hy = halo[1];
  double stores, loads; /* per plane of a block */
  if (blk[0] >= warp) {
    stores = ceil_div(blk[0], warp) * by;
    loads = ceil_div(blk[0], warp) * (by + hy) + ceil_div(halo[0], warp) * by;
  } else { /* rows of a warp are not contiguous: ceil(warp / bx) requests per warp */
    stores = bx * by / warp * ceil_div(blk[0], warp);
    loads = bx * by / warp * (ceil_div(warp, blk[0]) + ceil_div(halo[0], warp)) + bx / warp * hy;
  }
  double blocks = (double)ceil_div(n[0], blk[0]) * ceil_div(n[1], blk[1]) * ceil_div(n[2], blk[2]);
  return blocks * (stores * blk[2] + loads * (blk[2] + halo[2]));
}

/* ---- predictions ---- */

const char *model_bound_name(Bound b) {
  static const char *const names[] = {"global", "l1", "l2", "shared", "compute", "shuffle"};
  return names[b];
}

/* Positions covered along one axis by tiles that advance by `step` output cells over n interior
 * cells with halos lo and hi; each tile holds `extra` cells more than its output, `shift` of them
 * before it. `clip`: the last tile's output ends with the interior (stream chunks); otherwise it
 * keeps its full width (thread blocks). */
typedef struct {
  double total, ingrid, interior;
  long tiles;
} Cover;

static double overlap(long a0, long a1, long b0, long b1) {
  long lo = a0 > b0 ? a0 : b0, hi = a1 < b1 ? a1 : b1;
  return hi > lo ? (double)(hi - lo) : 0;
}

static Cover cover(long n, int lo, int hi, long step, long extra, long shift, bool clip) {
  Cover c = {0, 0, 0, ceil_div(n, step)};
  for (long t = 0; t < c.tiles; t++) {
    long start = lo + t * step - shift, out = clip && n - t * step < step ? n - t * step : step;
    long end = start + out + extra;
    c.total += end - start;
    c.ingrid += overlap(start, end, 0, lo + n + hi);
    c.interior += overlap(start, end, lo, lo + n);
  }
  return c;
}

/* Shared memory reads per thread and level, from the code n5d emits for each mode. */
static int n5d_shared_reads(const Stencil *st, N5dMode mode) {
  int reads = 0;
  for (int p = 0; p < st->npoints; p++) {
    const int *o = st->points[p].off;
    bool in_plane = o[1] != 0 || (st->dims == 3 && o[2] != 0);
    if (mode == N5D_GENERAL) reads++;                /* every point from the shared ring */
    else if (mode == N5D_DIAGONAL_FREE) reads += o[0] == 0 && in_plane; /* own column: registers */
    else if (st->coef[p] != 0) {
      /* associative: one read per in-plane offset, shared by the partial sums it feeds (AN5D's
       * "practical" count: nvcc keeps the value in a register) */
      bool first = true;
      for (int q = 0; q < p && first; q++)
        first = !(st->coef[q] != 0 && st->points[q].off[1] == o[1] && st->points[q].off[2] == o[2]);
      reads += first;
    }
  }
  return reads;
}

static double peak_gflops(const GpuSpec *g, DType dt) {
  return dt == DTYPE_DOUBLE ? g->fp64_gflops : g->fp32_gflops;
}

/* L1 wavefronts of warp-wide loads: a warp's load of 32 consecutive words of 4 bytes is one
 * 128-byte wavefront (a double one of two); a block narrower than a warp spreads each load over
 * 32 / bx rows. */
static double load_wavefronts(double loads, int bx, DType dt) {
  return loads / WARP * words(dt) * (bx < WARP ? (double)WARP / bx : 1);
}

/* The L1 serves one wavefront per clock per SM. */
static double l1_seconds(const GpuSpec *g, double wavefronts) {
  return wavefronts / (g->sms * g->clock_ghz * 1e9);
}

/* Issue slots: the SM issues 4 warp instructions per clock (128 lanes, fp32_gflops / 2). */
static double issue_seconds(const GpuSpec *g, double lane_instructions) {
  return lane_instructions / (g->fp32_gflops / 2 * 1e9);
}

/* Warp shuffles: a pipe of 32 lanes per clock per SM (CUDA C++ Programming Guide, arithmetic
 * instruction throughput). */
static double shuffle_seconds(const GpuSpec *g, double shuffles) {
  return shuffles / (WARP * g->sms * g->clock_ghz * 1e9);
}

/* The fraction of the peaks each strategy attains on the H200: DRAM, how much of the copy
 * bandwidth its loads keep busy; chip, of L1, L2, shared memory, compute and issue; the shuffle
 * pipe, SHUFFLE_SHARE of the chip fraction. n5d's barriers also need warps to hide behind: below
 * `hide` resident warps per SM its on-chip fraction falls as the square root of warps / hide.
 * naive and 25d: measured GCells/s over the roofline's, on their DRAM- and chip-bound rows
 *   naive    DRAM 0.50  naive_h200.csv, j2d5pt 267 and star2d1r 281 of 532
 *            chip 0.75  naive_h200.csv, box3d3r 18.4 of 24.4, box3d4r 8.6 of 11.5, box2d4r 76 of 103
 *   25d      DRAM 0.67  p25d_suite_h200.csv, star3d1r global 301 of 451
 *            chip 0.75  p25d_suite_h200.csv, hybrid box3d3r 65 of 82 and box3d4r 34 of 40
 * n5d and ssam: fitted to the 292 verified n5d and ssam candidates that tune timed on the H200
 * (tune_candidates_h200.csv, tune_wide_2d_h200.csv, tune_candidates_double_h200.csv), with the
 * registers nvcc gives them (ptxas_regs.csv): each fraction sets the median of measured over
 * predicted to 1 on the rows bound by its resource. The issue overheads (N5D_OVERHEAD,
 * SSAM_OVERHEAD), SHUFFLE_SHARE and `hide` were chosen among a few values each, by the
 * model's first pick per stencil and then the error over all rows (bench/model_accuracy.py
 * prints both): before, n5d was ranked first for conv2d-11x11 and for box2d1r and j2d9pt-gol
 * in double, where ssam runs 1.20x and 1.23x faster. */
typedef struct {
  double dram, chip;
  int hide;
} Attained;
static const Attained naive_attained = {0.50, 0.75, 0}, n5d_attained = {0.49, 0.74, 32},
                      p25d_attained = {0.67, 0.75, 0}, ssam2d_attained = {0.69, 0.56, 0},
                      ssam3d_attained = {0.38, 0.34, 0};
static const double SHUFFLE_SHARE = 0.75;

/* Lane instructions per cell and level beyond the stencil's own operations: n5d's address and
 * boundary arithmetic, ring rotation and loop; per computed row of ssam, the same for its cache. */
enum { N5D_OVERHEAD = 8, SSAM_OVERHEAD = 4 };

/* The slowest resource at the strategy's attained peaks, the wave efficiency and the time of one
 * launch or step. */
static void finish(const GpuSpec *g, const Attained *a, int threads, long smem, Prediction *p) {
  p->blocks_per_sm = model_blocks_per_sm(g, threads, p->regs, smem, &p->occupancy_limit);
  double waves = (double)p->blocks / ((double)p->blocks_per_sm * g->sms);
  p->eff_sm = waves / ceil(waves);
  double chip = a->chip, warps = (double)p->blocks_per_sm * ceil_div(threads, WARP);
  if (warps < a->hide) chip *= sqrt(warps / a->hide);
  /* the t_* fields stay the times at the peaks */
  double t[] = {p->t_gm / a->dram, p->t_l1 / chip,   p->t_l2 / chip,
                p->t_sm / chip,   p->t_comp / chip, p->t_shfl / (a->chip * SHUFFLE_SHARE)};
  double worst = 0;
  for (int k = BOUND_GLOBAL; k <= BOUND_SHUFFLE; k++)
    if (t[k] > worst) worst = t[k], p->bound = (Bound)k;
  p->seconds = worst / p->eff_sm;
}

/* hSN 0: the generated code's own rule (n5d_chunk in n5d.c), rows for about two waves. */
static int n5d_default_hsn(const Stencil *st, const N5dPlan *pl, const Problem *pb, const GpuSpec *g) {
  int d = st->dims, x = d - 1, threads = pl->bs[0] * pl->bs[1];
  long tiles = ceil_div(pb->n[x], pl->bs[0] - 2L * pl->bt * st->radius[x]);
  if (d == 3) tiles *= ceil_div(pb->n[1], pl->bs[1] - 2L * pl->bt * st->radius[1]);
  long want = 2L * g->sms * (2048 / threads), chunks = ceil_div(want, tiles);
  long chunk = ceil_div(pb->n[0], chunks), least = 8L * pl->bt * (st->radius[0] ? st->radius[0] : 1);
  return (int)(chunk < least ? least : chunk);
}

/* One n5d launch of bt steps (the plan's block and shared memory, as the generated code keeps
 * them for a shorter last launch). */
static void n5d_launch(const Stencil *st, const GenOptions *opt, const N5dPlan *pl,
                       const Problem *pb, const GpuSpec *g, int bt, Prediction *p) {
  int hsn = opt->n5d.hsn ? opt->n5d.hsn : n5d_default_hsn(st, pl, pb, g);
  DType dt = opt->dtype;
  int d = st->dims, x = d - 1;
  Cover c[IR_MAX_DIMS];
  c[0] = cover(pb->n[0], st->lo[0], st->hi[0], hsn, 2L * bt * st->radius[0], (long)bt * st->radius[0], true);
  if (d == 3) {
    int ry = st->radius[1];
    c[1] = cover(pb->n[1], st->lo[1], st->hi[1], pl->bs[1] - 2 * bt * ry, 2 * bt * ry, bt * ry, false);
  }
  int rx = st->radius[x];
  c[x] = cover(pb->n[x], st->lo[x], st->hi[x], pl->bs[0] - 2 * bt * rx, 2 * bt * rx, bt * rx, false);
  double total = 1, ingrid = 1, interior = 1, valid = 1;
  p->blocks = 1;
  for (int a = 0; a < d; a++) {
    total *= c[a].total, ingrid *= c[a].ingrid, interior *= c[a].interior, valid *= pb->n[a];
    p->blocks *= c[a].tiles;
  }
  p->classes = (ThreadClasses){total - ingrid, ingrid - interior, interior - valid, valid};
  double word = 4.0 * words(dt), levels = total * bt; /* every thread computes every level */
  OpCounts ops = model_op_counts(st, st->associative && !opt->n5d.no_assoc_opt); /* as emitted */
  p->gm_bytes = (ingrid + valid) * word; /* out-of-bound threads read clamped, cached cells */
  double shared = n5d_shared_reads(st, pl->mode) + 1; /* the level's own row is stored */
  p->sm_bytes = levels * shared * word;
  p->flops = levels * op_flops(ops);
  p->t_gm = p->gm_bytes / (g->mem_gbs * 1e9);
  p->t_l2 = 0;
  p->t_sm = p->sm_bytes / (g->smem_gbs * 1e9);
  p->t_comp = fmax(p->flops / (peak_gflops(g, dt) * 1e9 * model_alu_efficiency(ops)),
                   issue_seconds(g, levels * (op_total(ops) + shared + N5D_OVERHEAD)));
  finish(g, &n5d_attained, pl->bs[0] * pl->bs[1], pl->smem, p);
}

static int predict_n5d(const Stencil *st, const GenOptions *opt, const Problem *pb,
                       const GpuSpec *g, bool prune, Prediction *p) {
  N5dPlan pl;
  char why[256];
  if (opt->n5d.hsn < 0 || codegen_n5d_plan(st, opt, &pl, why, sizeof why)) return -1;
  int need = model_n5d_registers(&pl, opt->dtype, st->nweights), cap = pl.regs;
  /* without a cap, __launch_bounds__(threads) still leaves a thread one block's share of the SM */
  int threads = pl.bs[0] * pl.bs[1], fit = g->regs_per_sm / threads / 8 * 8;
  int limit = cap ? cap : fit < g->max_regs_per_thread ? fit : g->max_regs_per_thread;
  if (need > limit && prune) return -1; /* would spill: pruned (AN5D) */
  long full = pb->steps / pl.bt, rest = pb->steps % pl.bt;
  Prediction last = {0};
  /* nvcc uses what the launch bounds allow: the cap, or one block's share of the SM (ptxas -v on
   * the suite's candidates: 85 to 128 registers at 512 threads, estimates of 62 to 75) */
  p->regs = last.regs = limit;
  if (rest) n5d_launch(st, opt, &pl, pb, g, (int)rest, &last);
  n5d_launch(st, opt, &pl, pb, g, pl.bt, p);
  if (!p->blocks_per_sm) return -1;
  p->seconds = full * p->seconds + (rest ? last.seconds : 0);
  return 0;
}

/* One step per launch: DRAM moves each cell in and out once (the rows a block re-reads stay in
 * L2); every point is one load instruction per cell, served by L1 as a wavefront per warp; L1
 * misses go to L2 as Tabik's transactions, each a warp-wide row of words. */
static int predict_naive(const Stencil *st, const GenOptions *opt, const Problem *pb,
                         const GpuSpec *g, Prediction *p) {
  int d = st->dims, block[IR_MAX_DIMS];
  codegen_naive_block(st, opt, block);
  long n[3] = {1, 1, 1};
  int blk[3] = {1, 1, 1}, halo[3] = {0, 0, 0}, threads = 1;
  double cells = 1, word = 4.0 * words(opt->dtype);
  p->blocks = 1;
  for (int a = 0; a < d; a++) { /* Tabik's axes: x (contiguous) first */
    n[d - 1 - a] = pb->n[a], blk[d - 1 - a] = block[a], halo[d - 1 - a] = 2 * st->radius[a];
    cells *= pb->n[a], threads *= block[a], p->blocks *= ceil_div(pb->n[a], block[a]);
  }
  OpCounts ops = model_op_counts(st, false);
  p->regs = model_naive_registers(opt->dtype);
  p->gm_bytes = 2 * cells * word;
  p->l2_bytes = model_tabik_transactions(n, blk, halo, WARP) * WARP * word;
  p->l1_wavefronts = load_wavefronts(cells * st->npoints, blk[0], opt->dtype);
  p->flops = cells * op_flops(ops);
  p->t_gm = p->gm_bytes / (g->mem_gbs * 1e9);
  p->t_l1 = l1_seconds(g, p->l1_wavefronts);
  p->t_l2 = p->l2_bytes / (g->l2_gbs * 1e9);
  p->t_sm = 0;
  p->t_comp = p->flops / (peak_gflops(g, opt->dtype) * 1e9 * model_alu_efficiency(ops));
  finish(g, &naive_attained, threads, 0, p);
  if (!p->blocks_per_sm) return -1;
  p->seconds *= pb->steps;
  return 0;
}

/* One SSAM launch of bt levels (the plan's P and block; a shorter last launch keeps them and
 * caches fewer halo rows). Every thread loads its cache, computes level k on P + 2 (bt - k) r0
 * rows, and its lanes that own cells store P rows. Issue slots: arithmetic, shuffles, shared and
 * global loads and stores; shuffles also have their own pipe, and a double moves in two. */
static void ssam_launch(const Stencil *st, const SsamPlan *pl, const Problem *pb, const GpuSpec *g,
                        DType dt, int bt, Prediction *p) {
  int d = st->dims, x = d - 1, rr = st->radius[0], rx = st->radius[x];
  p->blocks = ceil_div(pb->n[0], pl->p);
  if (d == 3) {
    p->blocks *= ceil_div(pb->n[1], pl->warps - 2L * bt * st->radius[1]) * ceil_div(pb->n[x], WARP - 2L * bt * rx);
  } else {
    p->blocks *= ceil_div(pb->n[x], (long)pl->warps * (WARP - 2 * bt * rx));
  }
  double threads = (double)p->blocks * pl->warps * WARP;
  double rows = (double)bt * pl->p + (double)bt * (bt - 1) * rr; /* computed per thread */
  double computed = threads * rows, cache = pl->p + 2.0 * bt * rr;
  double valid = 1, extent = 1, word = 4.0 * words(dt);
  for (int a = 0; a < d; a++) valid *= pb->n[a], extent *= pb->n[a] + st->lo[a] + st->hi[a];
  OpCounts ops = {pl->fma, pl->mul, pl->add, 0};
  /* 3D: every level writes the rows the warps beside it read */
  double published = pl->smem ? threads * (rows + (double)bt * pl->smem_extra) : 0;
  double smem_ops = published + computed * pl->smem_reads;
  p->classes.valid = valid;
  p->gm_bytes = (extent + valid) * word; /* the grid read once, the interior written once */
  p->l2_bytes = (threads * cache + valid) * word;
  p->sm_bytes = smem_ops * word;
  p->flops = computed * op_flops(ops);
  p->shuffles = computed * pl->shuffles * words(dt);
  double issue = computed * (op_total(ops) + SSAM_OVERHEAD) + p->shuffles + smem_ops +
                 threads * (cache + pl->p);
  p->t_gm = p->gm_bytes / (g->mem_gbs * 1e9);
  p->t_l2 = p->l2_bytes / (g->l2_gbs * 1e9);
  p->t_sm = p->sm_bytes / (g->smem_gbs * 1e9);
  p->t_comp = fmax(p->flops / (peak_gflops(g, dt) * 1e9 * model_alu_efficiency(ops)),
                   issue_seconds(g, issue));
  p->t_shfl = shuffle_seconds(g, p->shuffles);
  finish(g, d == 3 ? &ssam3d_attained : &ssam2d_attained, pl->warps * WARP, pl->smem, p);
}

static int predict_ssam(const Stencil *st, const GenOptions *opt, const Problem *pb,
                        const GpuSpec *g, Prediction *p) {
  SsamPlan pl;
  char why[256];
  if (codegen_ssam_plan(st, opt, &pl, why, sizeof why)) return -1;
  if (pl.long_code) return -1; /* past the code-size rule: pruned, as a spilling candidate is */
  p->regs = pl.regs;
  /* would spill: a warp gets registers from its scheduler's quarter of the register file */
  int warps_per_scheduler = (pl.warps + 3) / 4;
  if (p->regs > g->max_regs_per_thread || p->regs * warps_per_scheduler * WARP > g->regs_per_sm / 4)
    return -1;
  long full = pb->steps / pl.bt, rest = pb->steps % pl.bt;
  Prediction last = {0};
  last.regs = p->regs;
  if (rest) ssam_launch(st, &pl, pb, g, opt->dtype, (int)rest, &last);
  ssam_launch(st, &pl, pb, g, opt->dtype, pl.bt, p);
  if (!p->blocks_per_sm) return -1;
  p->seconds = full * p->seconds + (rest ? last.seconds : 0);
  return 0;
}

/* The stream chunk of the 25d host code (rt_cuda_stream_chunk): enough chunks for two blocks'
 * worth of threads per SM, each at least 16 planes per radius. */
static long p25d_chunk(long n0, long tiles, int threads, int rs, const GpuSpec *g) {
  long want = 2L * g->sms * (g->max_threads_per_sm / threads), chunks = ceil_div(want, tiles);
  long chunk = ceil_div(n0, chunks), least = 16L * (rs ? rs : 1);
  return chunk < least ? least : chunk;
}

/* One 25d step: every block walks its chunk's planes plus the window's 2 rs; the streaming
 * placements load each plane's tile with its halo once (the global placement reads its points
 * through L1, the same tile from DRAM), and every thread of a block computes each plane. */
static int predict_25d(const Stencil *st, const GenOptions *opt, const Problem *pb,
                       const GpuSpec *g, Prediction *p) {
  P25dPlan pl;
  char why[256];
  if (codegen_p25d_plan(st, opt, &pl, why, sizeof why)) return -1;
  DType dt = opt->dtype;
  int rs = st->radius[0], ry = st->radius[1], rx = st->radius[2], threads = pl.by * pl.bx;
  long tiles = ceil_div(pb->n[2], pl.bx) * ceil_div(pb->n[1], pl.by);
  long chunk = p25d_chunk(pb->n[0], tiles, threads, rs, g), chunks = ceil_div(pb->n[0], chunk);
  bool window = pl.placement != P25D_GLOBAL; /* the others load 2 rs planes more per chunk */
  double planes = (double)pb->n[0] + (window ? 2.0 * rs * chunks : 0); /* loaded per column */
  double cells = (double)pb->n[0] * pb->n[1] * pb->n[2], word = 4.0 * words(dt);
  double columns = (double)tiles * threads, computed = columns * pb->n[0], loaded = columns * planes;
  double halo_tile = (double)(pl.by + 2 * ry) * (pl.bx + 2 * rx) / threads;
  OpCounts ops = model_op_counts(st, st->associative);
  double smem_ops = loaded * pl.smem_writes + computed * pl.smem_reads;
  double load_ops = (window ? loaded : computed) * pl.loads;
  p->blocks = tiles * chunks;
  p->regs = pl.regs;
  p->gm_bytes = (loaded * halo_tile + cells) * word;
  p->l1_wavefronts = load_wavefronts(load_ops, pl.bx, dt);
  p->sm_bytes = smem_ops * word;
  p->flops = computed * op_flops(ops);
  p->shuffles = computed * pl.shuffles * words(dt);
  double issue = computed * (op_total(ops) + 1) + load_ops + smem_ops + p->shuffles;
  p->t_gm = p->gm_bytes / (g->mem_gbs * 1e9);
  p->t_l1 = l1_seconds(g, p->l1_wavefronts);
  p->t_sm = p->sm_bytes / (g->smem_gbs * 1e9);
  p->t_comp = fmax(p->flops / (peak_gflops(g, dt) * 1e9 * model_alu_efficiency(ops)),
                   issue_seconds(g, issue));
  p->t_shfl = shuffle_seconds(g, p->shuffles);
  finish(g, &p25d_attained, threads, pl.smem, p);
  if (!p->blocks_per_sm) return -1;
  p->seconds *= pb->steps;
  return 0;
}

int model_predict(const Stencil *st, const GenOptions *opt, const Problem *pb, const GpuSpec *g,
                  Prediction *p) {
  return model_predict_as(st, opt, pb, g, true, p);
}

int model_predict_as(const Stencil *st, const GenOptions *opt, const Problem *pb, const GpuSpec *g,
                     bool prune, Prediction *p) {
  *p = (Prediction){0};
  int rc = opt->backend == BACKEND_N5D     ? predict_n5d(st, opt, pb, g, prune, p)
           : opt->backend == BACKEND_NAIVE ? predict_naive(st, opt, pb, g, p)
           : opt->backend == BACKEND_SSAM  ? predict_ssam(st, opt, pb, g, p)
           : opt->backend == BACKEND_25D   ? predict_25d(st, opt, pb, g, p)
                                           : -1;
  if (rc) return -1;
  double cells = (double)pb->steps;
  for (int a = 0; a < st->dims; a++) cells *= pb->n[a];
  p->gcells = cells / p->seconds / 1e9;
  return 0;
}
