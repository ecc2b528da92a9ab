/* What the models share: occupancy, operation counts, register estimates, Tabik's transactions,
 * the tiling of an axis and the roofline. Each backend's prediction is model/predict_*.c. */
#include <math.h>
#include <stdio.h>

#include "comm.h"
#include "roofline.h"

enum { REG_UNIT = 256 /* registers are allocated per warp in these units */ };

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

int op_total(OpCounts o) { return o.fma + o.mul + o.add + o.other; }

double op_flops(OpCounts o) { return 2.0 * o.fma + o.mul + o.add + o.other; }

double model_alu_efficiency(OpCounts o) {
  return op_total(o) ? op_flops(o) / (2.0 * op_total(o)) : 1.0;
}

/* ---- registers ---- */

/* 32-bit registers a value takes: an 8- or 16-bit pixel takes one. */
int words(DType dt) { return ir_dtype_bytes(dt) < 4 ? 1 : ir_dtype_bytes(dt) / 4; }

int register_base(DType dt) { return dt == DTYPE_DOUBLE ? 30 : 20; }

int model_naive_registers(DType dt) { return register_base(dt); }

/* ---- Convergence loops ---- */

double model_converge_checks(const Stencil *st, const Problem *pb) {
  if (!st->conv.kind) return 0;
  return (double)ceil_div(pb->steps, st->conv.check_every);
}

/* A check: the cudaMemset of the scalar and the copy back are two more launches, and the host's
 * wait drains the queue, so the next sweep's launch latency is no longer hidden behind this one:
 * three launch latencies (4 us each, as predict_fft.c counts a launch) and the copy's PCIe
 * latency (comm_pcie, 10 us). The block reduction inside the sweep (shuffles, one atomic per
 * block) is left out; so is the sum of squares summed again in the user's order on the steps
 * too close to the tolerance, which are rare. */
double model_converge_check_seconds(void) {
  const double launch = 4e-6;
  return 3 * launch + comm_pcie()->latency_s;
}

/* ---- Tabik's global memory transactions ---- */

long ceil_div(long a, long b) { return (a + b - 1) / b; }

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

/* ---- roofline ---- */

const char *model_bound_name(Bound b) {
  static const char *const names[] = {"global", "l1", "l2", "shared", "compute", "shuffle"};
  return names[b];
}

static double overlap(long a0, long a1, long b0, long b1) {
  long lo = a0 > b0 ? a0 : b0, hi = a1 < b1 ? a1 : b1;
  return hi > lo ? (double)(hi - lo) : 0;
}

/* Tile t's contribution, and whether it lies wholly inside the interior. */
static bool add_tile(Cover *c, long t, long n, int lo, int hi, long step, long extra, long shift,
                     bool clip) {
  long start = lo + t * step - shift, out = clip && n - t * step < step ? n - t * step : step;
  long end = start + out + extra;
  c->total += end - start;
  c->ingrid += overlap(start, end, 0, lo + n + hi);
  c->interior += overlap(start, end, lo, lo + n);
  return start >= lo && end <= lo + n;
}

/* The tiles wholly inside the interior all count step + extra cells everywhere: only those near
 * the two edges are summed one by one, so a grid of 10^11 cells takes no longer than a small one. */
Cover cover(long n, int lo, int hi, long step, long extra, long shift, bool clip) {
  Cover c = {0, 0, 0, ceil_div(n, step)};
  Cover scratch = c;
  long t0 = 0, t1 = c.tiles - 1;
  if (t1 >= 0) add_tile(&c, t1, n, lo, hi, step, extra, shift, clip); /* maybe clipped */
  while (t0 < t1 && !add_tile(&scratch, t0, n, lo, hi, step, extra, shift, clip))
    add_tile(&c, t0++, n, lo, hi, step, extra, shift, clip);
  while (t1 > t0 && !add_tile(&scratch, t1 - 1, n, lo, hi, step, extra, shift, clip))
    add_tile(&c, --t1, n, lo, hi, step, extra, shift, clip);
  double inner = (double)(t1 - t0) * (step + extra); /* tiles t0 .. t1-1 */
  c.total += inner, c.ingrid += inner, c.interior += inner;
  return c;
}

double peak_gflops(const GpuSpec *g, DType dt) {
  return dt == DTYPE_DOUBLE ? g->fp64_gflops : g->fp32_gflops;
}

double load_wavefronts(double loads, int bx, DType dt) {
  return loads / WARP * words(dt) * (bx < WARP ? (double)WARP / bx : 1);
}

double l1_seconds(const GpuSpec *g, double wavefronts) {
  return wavefronts / (g->sms * g->clock_ghz * 1e9);
}

double issue_seconds(const GpuSpec *g, double lane_instructions) {
  return lane_instructions / (g->fp32_gflops / 2 * 1e9);
}

double shuffle_seconds(const GpuSpec *g, double shuffles) {
  return shuffles / (WARP * g->sms * g->clock_ghz * 1e9);
}

/* The shuffle pipe's fraction: 0.75 of each strategy's chip fraction, as it was fitted. */
static const double SHUFFLE_SHARE = 0.75;

void finish(const GpuSpec *g, const Attained *a, int threads, long smem, Prediction *p) {
  p->threads = threads;
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
