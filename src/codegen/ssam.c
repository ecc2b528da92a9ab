/* SSAM: the software systolic array (Chen, Wahib, Takizawa, Takano, Matsuoka, SC'19), with
 * temporal blocking on top. Linear (associative) stencils only: the update is a sum of
 * coefficient x point, so it can be split into partial sums.
 *
 * Axis 0 lives in registers: each thread caches C = P + 2 bT r0 values of its column (the register
 * cache) and computes P outputs with a sliding window, in place: output row i of a level reads
 * cache rows i .. i + 2 r0 and overwrites row i, which no later output of that level reads.
 * The last axis (x) runs across the 32 lanes of a warp. An update is split by the x offset of its
 * points into columns; each thread computes the partial sum of a column over its own cache, and
 * the partial sums travel to the lane that needs them by warp shuffles: the columns left of the
 * centre in one chain (__shfl_up_sync, farthest column first, each shuffle moving the running sum
 * one column nearer), those right of it in another (__shfl_down_sync). So every lane ends with
 * its own cell's update, a full box costs 2 rx shuffles per cell, and no value moves twice.
 * In 3D the warps of a block are stacked along y: before each level every warp writes the rows
 * of its cache that the warps beside it read to shared memory (two buffers, alternating by level,
 * so one barrier per level suffices), and each output loads the y neighbours' values it needs.
 *
 * Overlapped blocking, as in the paper: a launch fuses bT levels; every level loses r cells of
 * validity at each end of every axis (lanes at the warp's edges, warps at the block's edges, rows
 * at the cache's ends), so only the middle P rows, 32 - 2 bT rx lanes and warps - 2 bT ry warps
 * store. Nothing branches per thread: the redundant lanes compute like the others and are
 * masked at the store. Cells outside the interior keep their value at every level; blocks that
 * touch no such cell (all but the grid's edges) run a variant without that selection. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <assert.h>

#include "emit.h"
#include "model/gpu.h"
#include "ssam.h"

/* Limits of the method; the hardware's come from the GPU description (model_gpu_target). */
enum {
  WARP = SSAM_WARP,
  MAX_BT = 32,
  MAX_P = 64,
  /* Registers a thread needs besides its cache at the least: indices, addresses, partial sums. */
  REGS_BESIDE_CACHE = 16,
  /* Unrolled products per thread and launch beyond which a default P is halved (choose). */
  MAX_UNROLLED = 2048,
  /* Run-time weights from which a 2D stencil's products go weight by weight (by_weight). With
   * many, ptxas reloads each weight from the constant bank for every product it feeds: the form
   * ran 11x11 (121 weights) up to 20x20 up to 1.9x faster on the H200, but 2x2 and 3x3 (4 and 9)
   * 1-4% slower (bench/results/conv2d_h200_8f75918.csv). 100 keeps 11x11 and leaves 5x5 and
   * 4x7 (25 and 28) the product form they had before; between 28 and 121 none was measured. */
  BY_WEIGHT_LEAST = 100,
};

typedef SsamPlan Plan;
_Static_assert(sizeof(SsamParams) <= sizeof(BackendParams), "ssam parameters fit GenOptions");
_Static_assert(sizeof(Plan) <= PLAN_MAX_BYTES, "the ssam plan fits a PlanStore");

/* 4-byte words (registers, shared-memory banks) per element. */
static int words(DType dt) { return ir_dtype_bytes(dt) / 4; }

static int xoff(const Stencil *st, int p) { return st->points[p].off[st->dims - 1]; }

static bool column_used(const Stencil *st, int dx) {
  for (int p = 0; p < st->npoints; p++)
    if (emit_coef_used(st, p) && xoff(st, p) == dx) return true;
  return false;
}

static void find_columns(const Stencil *st, Plan *pl) {
  pl->nleft = pl->nright = 0;
  for (int dx = -pl->rx; dx < 0; dx++)
    if (column_used(st, dx)) pl->left[pl->nleft++] = dx;
  for (int dx = pl->rx; dx > 0; dx--)
    if (column_used(st, dx)) pl->right[pl->nright++] = dx;
}

/* Defaults by rule. 2D: 4 warps side by side; bT rx <= 4, so the halo of the fused steps takes
 * at most a quarter of a warp's lanes; P = 16 outputs per thread, so the cache rows of the halo
 * are a small share. 3D: bT = 2 at radius 1 and 1 beyond; 16 warps when half of them store
 * (2 bT ry <= 8), else 32 (whose 64 registers a thread leave little room for P); P = 8, as the
 * y neighbours' values add registers. P is halved while the estimated registers or the shared
 * memory do not fit, then the 3D block loses warps (choose). */
static void default_params(const Stencil *st, Plan *pl) {
  int r = pl->rx > pl->rw ? pl->rx : pl->rw;
  if (st->dims == 2) {
    if (!pl->warps) pl->warps = 4;
    if (!pl->bt) pl->bt = pl->rx > 4 ? 1 : 4 / (pl->rx ? pl->rx : 1);
    if (!pl->p) pl->p = 16;
  } else {
    if (!pl->bt) pl->bt = r > 1 ? 1 : 2;
    if (!pl->warps) pl->warps = 2 * pl->bt * pl->rw > 8 ? 32 : 16;
    if (!pl->p) pl->p = 8;
  }
}

/* The products of a thread's own P outputs over the bT levels of a launch. (The halo rows of the
 * fused levels come on top, but halving P does not shrink them: conv2d-16x2 at bT = 4 fell to
 * P = 1 and ran 3.4x slower when they were counted.) */
static long unrolled_products(const Plan *pl) { return (long)pl->p * pl->bt * pl->terms; }

/* The code-size rule (choose): a 2D launch past MAX_UNROLLED products. */
static bool long_code(const Stencil *st, const Plan *pl) {
  return st->dims == 2 && unrolled_products(pl) > MAX_UNROLLED;
}

/* Axis-0 offsets of the points used that lie off the warp's plane (3D, y offset not 0). */
static void off_plane_rows(const Stencil *st, Plan *pl) {
  int lo = pl->rr, hi = -pl->rr;
  for (int p = 0; p < st->npoints; p++) {
    const int *o = st->points[p].off;
    if (st->dims != 3 || !emit_coef_used(st, p) || o[1] == 0) continue;
    lo = o[0] < lo ? o[0] : lo;
    hi = o[0] > hi ? o[0] : hi;
  }
  pl->ylo = lo <= hi ? lo : 0;
  pl->yspan = lo <= hi ? hi - lo : 0;
}

static bool point_at(const Stencil *st, int dz, int dy) {
  for (int p = 0; p < st->npoints; p++)
    if (emit_coef_used(st, p) && st->points[p].off[0] == dz && st->points[p].off[1] == dy) return true;
  return false;
}

/* Products whose coefficient reads a run-time weight (a __constant__ load, not an immediate). */
static int run_time_weights(const Stencil *st) {
  int n = 0;
  for (int p = 0; p < st->npoints; p++) n += emit_coef_used(st, p) && st->coef_weight[p] >= 0;
  return n;
}

static void count_points(const Stencil *st, Plan *pl) {
  for (int p = 0; p < st->npoints; p++) {
    pl->terms += emit_coef_used(st, p);
    pl->centre += emit_coef_used(st, p) && xoff(st, p) == 0;
  }
  for (int dy = -pl->rw; dy <= pl->rw; dy++)
    for (int dz = -pl->rr; dz <= pl->rr && dy; dz++) pl->yrows += point_at(st, dz, dy);
  pl->sums = pl->yrows > 0;
}

/* Registers per thread, fitted to ptxas -v (nvcc 13, sm_90, __launch_bounds__(T, 1)) on the
 * suite; rough (nvcc overlaps outputs as far as the registers allow), and high rather than low:
 *   - the cache, 8/3 registers a value in float and 4 in double (box2d1r, a cache of 24: 72
 *     registers in float, 120 in double);
 *   - 3D: the y neighbours' values, loaded ahead for the outputs nvcc overlaps with the first:
 *     a fifth of a register per value and output in float, 4/5 of a value in double (box3d4r,
 *     72 values an output, double: 1 output took 52 registers, 4 about 340; box3d2r, 20 values,
 *     4 outputs: about 176; box3d4r, float, 8 outputs: about 137);
 *   - double without such loads: the products of the shuffled columns, computed ahead, about
 *     1.5 registers each (box2d4r, 72 such products: 208 at a cache of 24; box2d5r, 110: 255 at
 *     26);
 *   - instead, products weight by weight (run-time weights): the two chains' running sums, one
 *     per output of the thread's own P (conv2d in double: 11x11 at P = 16 took 162 registers,
 *     20x20 at 8 and 16 122 and 167; in float 20x20 at 16 took 96, and 16x2 at bT = 4 241
 *     without spills, where counting the fused levels' halo outputs too had dropped P to 1 and
 *     made it 3.4x slower: 0.634 against 0.186 ms on the H200). */
static int estimate_registers(const Plan *pl, DType dt) {
  int w = words(dt), outputs = pl->p + 2 * (pl->bt - 1) * pl->rr;
  int loads = pl->yrows * (outputs - 1) * (dt == DTYPE_DOUBLE ? 4 : 1) / 5;
  int ahead = pl->by_weight ? 2 * w * pl->p
              : dt == DTYPE_DOUBLE && pl->yrows == 0 ? 3 * (pl->terms - pl->centre) / 2 : 0;
  return 8 + 4 * pl->cache * (w + 1) / 3 + w * loads + ahead;
}

/* Rows of a plane: those level 1 publishes, the most of any level. */
static int plane_rows(const Plan *pl) { return pl->p + 2 * (pl->bt - 1) * pl->rr + pl->yspan; }

static long shared_bytes(const Plan *pl, DType dt) {
  if (pl->rw == 0) return 0; /* no y offsets: the warps need nothing from each other */
  return 2L * (pl->warps + 2 * pl->rw) * plane_rows(pl) * WARP * 4 * words(dt);
}

/* The block: 2D takes a thread count in whole warps (--bs X), 3D one warp along x times the
 * warps along y (--bs Yx32). */
static int block_shape(const Stencil *st, const SsamParams *sp, Plan *pl, Refusal *why) {
  const GpuSpec *gpu = model_gpu_target();
  const char *hint = st->dims == 2 ? "give --bs a multiple of 32 up to 1024"
                                   : "give --bs Yx32: Y warps of 32 lanes, Y * 32 <= 1024";
  if (st->dims == 2) {
    if (sp->bs[1])
      return codegen_refuse(why, hint, "a 2D stencil takes one block size, not %dx%d", sp->bs[1],
                            sp->bs[0]);
    if (sp->bs[0] % WARP || sp->bs[0] > gpu->max_threads_per_block)
      return codegen_refuse(why, hint, "a block of %d threads is not a multiple of %d up to %d",
                            sp->bs[0], WARP, gpu->max_threads_per_block);
    pl->warps = sp->bs[0] / WARP;
    return 0;
  }
  if (!sp->bs[0] && !sp->bs[1]) return 0; /* the default */
  if (sp->bs[0] != WARP || !sp->bs[1]) {
    char given[32];
    if (sp->bs[1]) snprintf(given, sizeof given, "%dx%d", sp->bs[1], sp->bs[0]);
    else snprintf(given, sizeof given, "%d", sp->bs[0]);
    return codegen_refuse(why, hint, "a 3D block is Y warps of %d lanes (--bs Yx%d), not %s", WARP,
                          WARP, given);
  }
  if ((long)sp->bs[1] * WARP > gpu->max_threads_per_block)
    return codegen_refuse(why, hint, "a block of %dx%d = %ld threads is over %d", sp->bs[1], WARP,
                          (long)sp->bs[1] * WARP, gpu->max_threads_per_block);
  pl->warps = sp->bs[1];
  return 0;
}

/* Fills the plan and refuses impossible combinations with the limit and the value. */
static int choose(const Stencil *st, const GenOptions *opt, Plan *pl, Refusal *why) {
  const GpuSpec *gpu = model_gpu_target();
  SsamParams params;
  codegen_get_params(opt, &params, sizeof params);
  const SsamParams *sp = &params;
  memset(pl, 0, sizeof *pl);
  if (codegen_require_linear(st, why, "it cannot be split into the partial sums that SSAM passes "
                                      "between lanes"))
    return -1;
  pl->rr = st->radius[0];
  pl->rw = st->dims == 3 ? st->radius[1] : 0;
  pl->rx = st->radius[st->dims - 1];
  pl->bt = sp->bt;
  pl->p = sp->p;
  if (block_shape(st, sp, pl, why)) return -1;
  default_params(st, pl);
  find_columns(st, pl);
  off_plane_rows(st, pl);
  count_points(st, pl);
  pl->by_weight = st->dims == 2 && run_time_weights(st) >= BY_WEIGHT_LEAST;
  if (pl->bt < 1 || pl->bt > MAX_BT)
    return codegen_refuse(why, "choose --bt between 1 and 32", "bT = %d is outside 1..%d", pl->bt,
                          MAX_BT);
  if (pl->p < 1 || pl->p > MAX_P)
    return codegen_refuse(why, "choose --p between 1 and 64", "P = %d is outside 1..%d", pl->p, MAX_P);
  if (2 * pl->bt * pl->rx >= WARP)
    return codegen_refuse(why, "lower --bt: each fused step costs rx lanes at both ends of a warp",
                          "the halo 2*bT*rx = 2*%d*%d = %d leaves no output in a warp of %d lanes",
                          pl->bt, pl->rx, 2 * pl->bt * pl->rx, WARP);
  if (st->dims == 3 && 2 * pl->bt * pl->rw >= pl->warps)
    return codegen_refuse(why, "lower --bt or stack more warps (--bs Yx32)",
                          "the halo 2*bT*ry = 2*%d*%d = %d leaves no output in a block of %d warps "
                          "along y", pl->bt, pl->rw, 2 * pl->bt * pl->rw, pl->warps);
  /* Code size (2D): every product is one unrolled FMA. Past about 2048 products of a thread's
   * outputs (32 KB of instructions) a default P is halved:
   * on the H200 the conv2d filters of 256 to 400 points ran 1.3x to 1.5x faster at P = 4 or 8
   * than at P = 16 (results/ssam_conv2d_sweep_h200.csv), while 121 points at P = 16 (box2d5r,
   * conv2d-11x11) keep their speed. */
  while (!sp->p && pl->p > 1 && long_code(st, pl)) pl->p /= 2;
  /* The cache must stay in registers: a warp runs on one of the SM's 4 schedulers, each with a
   * quarter of the register file, so with __launch_bounds__(threads, 1) nvcc gets at most the
   * quarter over the warps a scheduler holds (in units of 8, at most 255), and spills to local
   * memory beyond. A default P that would spill or not fit is halved, down to 1; then a default
   * 3D block loses 2 warps. */
  int threads, cap, regs;
  for (;;) {
    threads = pl->warps * WARP;
    cap = gpu->regs_per_sm / 4 / (WARP * ((pl->warps + 3) / 4)) / 8 * 8;
    cap = cap < gpu->max_regs_per_thread ? cap : gpu->max_regs_per_thread;
    pl->cache = pl->p + 2 * pl->bt * pl->rr;
    regs = pl->cache * words(opt->dtype) + REGS_BESIDE_CACHE;
    pl->smem = shared_bytes(pl, opt->dtype);
    if (estimate_registers(pl, opt->dtype) <= cap && pl->smem <= gpu->smem_per_block) break;
    if (!sp->p && pl->p > 1) pl->p /= 2;
    else if (st->dims == 3 && !sp->bs[1] && pl->warps - 2 > 2 * pl->bt * pl->rw) pl->warps -= 2;
    else break;
  }
  if (regs > cap)
    return codegen_refuse(why, "lower --p or --bt, or use fewer threads per block",
                          "a register cache of P + 2*bT*r = %d + 2*%d*%d = %d %s values needs at "
                          "least %d registers per thread; a block of %d threads gets at most %d",
                          pl->p, pl->bt, pl->rr, pl->cache, ir_dtype_name(opt->dtype), regs, threads, cap);
  if (pl->smem > gpu->smem_per_block)
    return codegen_refuse(why, "lower --p, --bt or the warps of --bs",
                          "needs %ld bytes of shared memory per block (2 buffers of %d planes of %d "
                          "x %d values), the limit is %ld",
                          pl->smem, pl->warps + 2 * pl->rw, plane_rows(pl), WARP, gpu->smem_per_block);
  return 0;
}

static int ssam_plan(const Stencil *st, const GenOptions *opt, void *plan, Refusal *why) {
  Plan *pl = plan;
  if (st->dims == 1)
    return codegen_refuse(why, "use --backend naive (CUDA) or cpu for 1D stencils",
                          "SSAM's systolic array runs along the rows of a 2D or 3D tile; a 1D "
                          "stencil has one row");
  if (choose(st, opt, pl, why)) return -1;
  /* As emitted (emit_output). Fused: each chain and a centre column not preceded by the left
   * chain start with a multiply, every other product is an FMA onto the running sum, and the
   * right chain and the constant are added. Column sums: each column starts with a multiply,
   * the columns are added, and the constant. */
  int columns = pl->nleft + pl->nright + (pl->centre > 0);
  pl->mul = pl->sums ? columns : (pl->nleft > 0) + (pl->nright > 0) + (pl->nleft == 0 && pl->centre > 0);
  pl->add = (pl->sums ? columns - 1 : pl->nright > 0 && (pl->nleft > 0 || pl->centre > 0)) +
            (st->constant != 0 && pl->terms > 0);
  pl->fma = pl->terms - pl->mul;
  pl->shuffles = pl->nleft + pl->nright;
  pl->regs = estimate_registers(pl, opt->dtype);
  pl->smem_reads = pl->smem ? pl->yrows : 0;
  pl->smem_extra = pl->smem ? pl->yspan : 0;
  pl->long_code = long_code(st, pl);
  return 0;
}

/* ---- kernel body ---- */

/* Appends the products of column dx for output row i that read plane dy (ALL_PLANES: every
 * plane): own cache rows for the warp's plane, the loaded y<dy + RW>_<dz + RR> otherwise. Each
 * product is preceded by " + " unless it is the first of an empty sum (`*first`). */
enum { ALL_PLANES = 1 << 20 };
static void emit_products(Buf *out, const Stencil *st, const Plan *pl, DType dt, int dx, int plane,
                          bool *first) {
  for (int p = 0; p < st->npoints; p++) {
    const int *o = st->points[p].off;
    int dy = st->dims == 3 ? o[1] : 0;
    if (!emit_coef_used(st, p) || xoff(st, p) != dx || (plane != ALL_PLANES && dy != plane)) continue;
    if (!*first) buf_puts(out, " + ");
    *first = false;
    emit_coef(out, st, p, dt);
    if (dy == 0) buf_printf(out, " * d[i + %d]", pl->rr + o[0]);
    else buf_printf(out, " * y%d_%d", dy + pl->rw, o[0] + pl->rr);
  }
}

static bool column_reads_plane(const Stencil *st, int dx, int dy) {
  for (int p = 0; p < st->npoints; p++)
    if (emit_coef_used(st, p) && xoff(st, p) == dx && (st->dims == 3 ? st->points[p].off[1] : 0) == dy)
      return true;
  return false;
}

/* Column sums (3D with y offsets): each column's sum c<dx + RX> gathers its products plane by
 * plane, each plane's values loaded just before, so that only one plane's values and the column
 * sums are live at a time (summed column after column instead, every value a column reads would
 * stay live through all the columns). */
static void emit_column_sums(Emitter *e, const Stencil *st, const Plan *pl, DType dt) {
  bool started[2 * WARP + 1] = {false};
  for (int k = 0; k <= 2 * pl->rw; k++) {
    int dy = k == 0 ? 0 : k <= pl->rw ? k - 1 - pl->rw : k - pl->rw; /* own plane first */
    for (int dz = -pl->rr; dz <= pl->rr && dy; dz++)
      if (point_at(st, dz, dy))
        em_line(e, "const rt_real y%d_%d = sv[(i + %d) * 32 %c %d * PLANE];", dy + pl->rw,
                dz + pl->rr, dz - pl->ylo, dy < 0 ? '-' : '+', dy < 0 ? -dy : dy);
    for (int dx = -pl->rx; dx <= pl->rx; dx++) {
      if (!column_reads_plane(st, dx, dy)) continue;
      bool first = !started[dx + pl->rx];
      em_begin(e);
      if (first) buf_printf(e->out, "rt_real c%d = ", dx + pl->rx);
      else buf_printf(e->out, "c%d = c%d", dx + pl->rx, dx + pl->rx);
      emit_products(e->out, st, pl, dt, dx, dy, &first);
      buf_puts(e->out, ";");
      em_end(e);
      started[dx + pl->rx] = true;
    }
  }
}

/* Column dx's contribution: its column sum, or its products inline (fused onto the chain). */
static void emit_column(Buf *out, const Stencil *st, const Plan *pl, DType dt, int dx, bool *first) {
  if (!pl->sums) {
    emit_products(out, st, pl, dt, dx, ALL_PLANES, first);
  } else if (column_used(st, dx)) {
    buf_printf(out, "%sc%d", *first ? "" : " + ", dx + pl->rx);
    *first = false;
  }
}

/* One chain of columns, the farthest first: var = column 0; var = shuffle(var, gap) + column j.
 * The running sum ends `cols[n-1]` lanes away from the cells it belongs to. The products go
 * onto the shuffled sum as FMAs. (Adding the shuffled sum after each column's own chain instead
 * was measured at a2f4650: slower for every conv2d filter on the H200, 20x20 by 1.5x.) */
static void emit_chain(Emitter *e, const Stencil *st, const Plan *pl, DType dt, const char *var,
                       const char *shfl, const int *cols, int n) {
  for (int j = 0; j < n; j++) {
    bool first = true;
    em_begin(e);
    if (j == 0) {
      buf_printf(e->out, "rt_real %s = ", var);
    } else {
      int gap = cols[j] > cols[j - 1] ? cols[j] - cols[j - 1] : cols[j - 1] - cols[j];
      buf_printf(e->out, "%s = %s(SSAM_FULL, %s, %d)", var, shfl, var, gap);
      first = false;
    }
    emit_column(e->out, st, pl, dt, cols[j], &first);
    buf_puts(e->out, ";");
    em_end(e);
  }
}

/* The update of output row i into `v`: the left chain shifted up onto the centre column, the
 * right chain shifted down, the constant. */
static void emit_output(Emitter *e, const Stencil *st, const Plan *pl, DType dt) {
  Buf *out = e->out;
  if (pl->sums) emit_column_sums(e, st, pl, dt);
  emit_chain(e, st, pl, dt, "l", "__shfl_up_sync", pl->left, pl->nleft);
  emit_chain(e, st, pl, dt, "r", "__shfl_down_sync", pl->right, pl->nright);
  bool first = true;
  em_begin(e);
  buf_puts(out, "rt_real v = ");
  if (pl->nleft) {
    buf_printf(out, "__shfl_up_sync(SSAM_FULL, l, %d)", -pl->left[pl->nleft - 1]);
    first = false;
  }
  emit_column(out, st, pl, dt, 0, &first);
  if (pl->nright) {
    buf_printf(out, "%s__shfl_down_sync(SSAM_FULL, r, %d)", first ? "" : " + ", pl->right[pl->nright - 1]);
    first = false;
  }
  if (st->constant != 0 || first) {
    if (!first) buf_puts(out, " + ");
    emit_number(out, st->constant, dt);
  }
  buf_puts(out, ";");
  em_end(e);
}

/* ---- weight-major order (2D, run-time weights) ----
 * The same sums, each output's operations in the same order, but product by product across
 * the level's N outputs: every chain is an array of N running sums, and a weight's products
 * follow each other, so that it is loaded once and dies after N FMAs. Output by output
 * instead, ptxas holds the level's weights across the outputs; past about 225 of them it
 * reloaded each one into a uniform register before every FMA (conv2d-16x16 on sm_90: 4096
 * ULDC for 4064 FFMA, 64 registers, twice the time per product of 15x15). */

/* `var[i] = ` the first product of column dx, `var[i] = var[i] + ` the others, one loop each. */
static void emit_column_by_weight(Emitter *e, const Stencil *st, DType dt, const char *var,
                                  int rr, int dx, bool *first) {
  for (int p = 0; p < st->npoints; p++) {
    if (!emit_coef_used(st, p) || xoff(st, p) != dx) continue;
    em_directive(e, "#pragma unroll");
    em_begin(e);
    buf_printf(e->out, "for (int i = 0; i < N; i++) %s[i] = ", var);
    if (!*first) buf_printf(e->out, "%s[i] + ", var);
    *first = false;
    emit_coef(e->out, st, p, dt);
    buf_printf(e->out, " * d[i + %d];", rr + st->points[p].off[0]);
    em_end(e);
  }
}

static void emit_shuffle_all(Emitter *e, const char *dst, const char *src, const char *shfl, int gap) {
  em_directive(e, "#pragma unroll");
  em_line(e, "for (int i = 0; i < N; i++) %s[i] = %s(SSAM_FULL, %s[i], %d);", dst, shfl, src, gap);
}

static void emit_chain_by_weight(Emitter *e, const Stencil *st, const Plan *pl, DType dt,
                                 const char *var, const char *shfl, const int *cols, int n) {
  if (n) em_line(e, "rt_real %s[NA];", var);
  for (int j = 0; j < n; j++) {
    bool first = j == 0;
    if (j) emit_shuffle_all(e, var, var, shfl, abs(cols[j] - cols[j - 1]));
    emit_column_by_weight(e, st, dt, var, pl->rr, cols[j], &first);
  }
}

/* The level's outputs into o[0 .. N-1], as emit_output computes each. */
static void emit_outputs_by_weight(Emitter *e, const Stencil *st, const Plan *pl, DType dt) {
  emit_chain_by_weight(e, st, pl, dt, "l", "__shfl_up_sync", pl->left, pl->nleft);
  emit_chain_by_weight(e, st, pl, dt, "r", "__shfl_down_sync", pl->right, pl->nright);
  em_line(e, "rt_real o[NA];");
  bool first = true;
  if (pl->nleft) {
    emit_shuffle_all(e, "o", "l", "__shfl_up_sync", -pl->left[pl->nleft - 1]);
    first = false;
  }
  emit_column_by_weight(e, st, dt, "o", pl->rr, 0, &first);
  if (pl->nright) {
    em_directive(e, "#pragma unroll");
    em_line(e, "for (int i = 0; i < N; i++) o[i] = %s__shfl_down_sync(SSAM_FULL, r[i], %d);",
            first ? "" : "o[i] + ", pl->right[pl->nright - 1]);
    first = false;
  }
  if (st->constant != 0 || first) {
    em_directive(e, "#pragma unroll");
    em_begin(e);
    buf_printf(e->out, "for (int i = 0; i < N; i++) o[i] = %s", first ? "" : "o[i] + ");
    emit_number(e->out, st->constant, dt);
    buf_puts(e->out, ";");
    em_end(e);
  }
}

static void emit_step(Emitter *e, const Stencil *st, const Plan *pl, DType dt) {
  em_line(e, "/* Level K of a launch of BT levels: rows 0 .. N-1 of the cache become level K (row i\n"
             " * of level K is grid row row0 + K * RR + i); rows outside the interior keep their value. */");
  em_line(e, "template <int BT, int K, bool EDGE>");
  em_open(e, "__device__ __forceinline__ void ssam_level(rt_real (&d)[CMAX], rt_real *sm, int row0,\n"
             "                                           int n0, bool pin, int w, int lane)");
  em_line(e, "constexpr int N = SSAM_P + 2 * (BT - K) * RR;");
  if (st->dims == 3 && pl->rw) {
    em_line(e, "/* the rows of level K-1 that the warps beside this one read (plane row j is cache\n"
               " * row RR + YLO + j) go to this level's buffer */");
    em_line(e, "rt_real *sv = sm + (K & 1) * SMBUF + (w + RW) * PLANE + lane;");
    em_directive(e, "#pragma unroll");
    em_line(e, "for (int j = 0; j < N + YSPAN; j++) sv[j * 32] = d[RR + YLO + j];");
    em_line(e, "__syncthreads();");
  } else {
    em_line(e, "(void)sm, (void)w, (void)lane;");
  }
  if (pl->by_weight) {
    em_line(e, "constexpr int NA = N > 0 ? N : 1; /* the levels past BT are instantiated, never run */");
    emit_outputs_by_weight(e, st, pl, dt);
  }
  em_directive(e, "#pragma unroll");
  em_open(e, "for (int i = 0; i < N; i++)");
  if (pl->by_weight) em_line(e, "rt_real v = o[i];");
  else emit_output(e, st, pl, dt);
  em_open(e, "if (EDGE)");
  em_line(e, "const int q = row0 + K * RR + i;");
  em_line(e, "v = pin && q >= LO0 && q < LO0 + n0 ? v : d[i + RR];");
  em_close(e);
  em_line(e, "d[i] = v;");
  em_close(e);
  em_close(e);
  em_blank(e);
}

/* dst = the grid rows `row` (j from 0 to count - 1) of the thread's column, clamped at the grid's
 * edges in the EDGE variant. */
static void emit_tile_loads(Emitter *e, const char *dst, const char *count, const char *row) {
  em_directive(e, "#pragma unroll");
  em_open(e, "for (int j = 0; j < %s; j++)", count);
  em_line(e, "const int q = %s;", row);
  em_line(e, "%s = in[(long)(EDGE ? (q < 0 ? 0 : q >= e0 ? e0 - 1 : q) : q) * s0 + pc];", dst);
  em_close(e);
}

/* One block's work: load the cache (clamped to the grid at the edges), BT levels, store P rows. */
static void emit_tile(Emitter *e, const Plan *pl) {
  em_line(e, "/* Not inlined: nvcc then allocates the registers of the two variants apart (inlined together\n"
             " * they made it spill). */");
  em_line(e, "template <int BT, bool EDGE>");
  em_open(e, "__device__ __noinline__ void ssam_tile(const rt_real *__restrict__ in,\n"
             "    rt_real *__restrict__ out, rt_real *sm, int n0, long s0, int row0, long pc, long p,\n"
             "    bool pin, bool own, int w, int lane)");
  em_line(e, "constexpr int C = SSAM_P + 2 * BT * RR;");
  em_line(e, "const int e0 = n0 + LO0 + HI0;");
  em_line(e, "rt_real d[CMAX];");
  emit_tile_loads(e, "d[j]", "C", "row0 + j");
  for (int k = 1; k <= pl->bt; k++)
    em_line(e, "if (BT >= %d) ssam_level<BT, %d, EDGE>(d, sm, row0, n0, pin, w, lane);", k, k);
  em_directive(e, "#pragma unroll");
  em_open(e, "for (int i = 0; i < SSAM_P; i++)");
  em_line(e, "const int q = row0 + BT * RR + i;");
  em_line(e, "if (own && q < LO0 + n0) out[(long)q * s0 + p] = d[i];");
  em_close(e);
  em_close(e);
  em_blank(e);
}

static void emit_kernel(Emitter *e, const Stencil *st, const Plan *pl) {
  bool d3 = st->dims == 3;
  em_line(e, "template <int BT>");
  em_line(e, "__global__ void __launch_bounds__(WARPS * 32, 1)");
  em_open(e, "ssam_kernel(const rt_real *__restrict__ in, rt_real *__restrict__ out, int n0, int n1%s",
          d3 ? ", int n2, long s0, long s1)" : ", long s0)");
  em_line(e, "constexpr int C = SSAM_P + 2 * BT * RR;");
  em_line(e, "const int row0 = LO0 + blockIdx.y * SSAM_P - BT * RR; /* first cached row */");
  if (d3) {
    em_line(e, "extern __shared__ __align__(16) unsigned char ssam_smem[];");
    em_line(e, "rt_real *sm = reinterpret_cast<rt_real *>(ssam_smem);");
    em_line(e, "const int lane = threadIdx.x, w = threadIdx.y;");
    em_line(e, "const int xb = LO2 + blockIdx.x * (32 - 2 * BT * RX) - BT * RX, x = xb + lane;");
    em_line(e, "const int yb = LO1 + blockIdx.z * (WARPS - 2 * BT * RW) - BT * RW, y = yb + w;");
    em_line(e, "const int ex = n2 + LO2 + HI2, xc = x < 0 ? 0 : x >= ex ? ex - 1 : x;");
    em_line(e, "const int ey = n1 + LO1 + HI1, yc = y < 0 ? 0 : y >= ey ? ey - 1 : y;");
    em_line(e, "const bool pin = x >= LO2 && x < LO2 + n2 && y >= LO1 && y < LO1 + n1;");
    em_line(e, "const bool own = pin && lane >= BT * RX && lane < 32 - BT * RX && w >= BT * RW &&\n"
               "                 w < WARPS - BT * RW;");
    em_line(e, "const long pc = (long)yc * s1 + xc, p = (long)y * s1 + x;");
    em_line(e, "const bool edge = row0 < LO0 || row0 + C > LO0 + n0 || xb < LO2 || xb + 32 > LO2 + n2 ||\n"
               "                  yb < LO1 || yb + WARPS > LO1 + n1;");
    if (pl->rw) {
      em_line(e, "/* the planes beyond the block's edge warps are read (by warps that never store) */");
      em_line(e, "for (int t = w * 32 + lane; t < RW * PLANE; t += WARPS * 32)");
      e->depth++;
      em_line(e, "for (int b = 0; b < 2; b++) sm[b * SMBUF + t] = sm[b * SMBUF + (WARPS + RW) * PLANE + t] = 0;");
      e->depth--;
    }
  } else {
    em_line(e, "rt_real *sm = nullptr;");
    em_line(e, "const int lane = threadIdx.x & 31, w = threadIdx.x >> 5;");
    em_line(e, "/* the block's warps side by side, each storing 32 - 2 BT RX columns */");
    em_line(e, "const int xb = LO1 + blockIdx.x * WARPS * (32 - 2 * BT * RX) - BT * RX;");
    em_line(e, "const int x = xb + w * (32 - 2 * BT * RX) + lane;");
    em_line(e, "const int ex = n1 + LO1 + HI1, xc = x < 0 ? 0 : x >= ex ? ex - 1 : x;");
    em_line(e, "const bool pin = x >= LO1 && x < LO1 + n1;");
    em_line(e, "const bool own = pin && lane >= BT * RX && lane < 32 - BT * RX;");
    em_line(e, "const long pc = xc, p = x;");
    em_line(e, "const bool edge = row0 < LO0 || row0 + C > LO0 + n0 || xb < LO1 ||\n"
               "                  xb + (WARPS - 1) * (32 - 2 * BT * RX) + 32 > LO1 + n1;");
  }
  em_line(e, "if (edge) ssam_tile<BT, true>(in, out, sm, n0, s0, row0, pc, p, pin, own, w, lane);");
  em_line(e, "else ssam_tile<BT, false>(in, out, sm, n0, s0, row0, pc, p, pin, own, w, lane);");
  em_close(e);
  em_blank(e);
}

static void emit_defines(Buf *out, const Stencil *st, const Plan *pl) {
  char block[32];
  if (st->dims == 3) snprintf(block, sizeof block, "%dx%d", pl->warps, WARP);
  else snprintf(block, sizeof block, "%d", pl->warps * WARP);
  buf_printf(out, "/* ssam: bT=%d P=%d block=%s cache=%d smem=%ld */\n", pl->bt, pl->p, block,
             pl->cache, pl->smem);
  buf_printf(out, "#define SSAM_BT %d\n#define SSAM_P %d\n#define WARPS %d\n", pl->bt, pl->p, pl->warps);
  buf_printf(out, "#define RR %d\n#define RW %d\n#define RX %d\n#define YLO %d\n#define YSPAN %d\n",
             pl->rr, pl->rw, pl->rx, pl->ylo, pl->yspan);
  buf_puts(out, "#define CMAX (SSAM_P + 2 * SSAM_BT * RR)\n"
                "/* shared memory: a plane of the rows the y neighbours read, x 32 lanes, per warp */\n"
                "#define PLANE ((SSAM_P + 2 * (SSAM_BT - 1) * RR + YSPAN) * 32)\n"
                "#define SMBUF ((WARPS + 2 * RW) * PLANE)\n"
                "#define SSAM_FULL 0xffffffffu\n");
  buf_printf(out, "#define SSAM_SMEM %ld\n", pl->smem);
  for (int a = 0; a < st->dims; a++)
    buf_printf(out, "#define LO%d %d\n#define HI%d %d\n", a, st->lo[a], a, st->hi[a]);
  buf_puts(out, "\n");
}

static void emit_launch(Emitter *e, const Stencil *st) {
  em_line(e, "template <int BT>");
  em_open(e, "static void ssam_launch(const rt_real *in, rt_real *out, const RtGrid *g)");
  if (st->dims == 3) {
    emit_smem_setup(e, "ssam_kernel<BT>", "SSAM_SMEM");
    em_line(e, "const dim3 grid(rt_cuda_blocks(g->n[2], 32 - 2 * BT * RX, 2147483647L),\n"
               "                rt_cuda_blocks(g->n[0], SSAM_P, 65535L),\n"
               "                rt_cuda_blocks(g->n[1], WARPS - 2 * BT * RW, 65535L));");
    em_line(e, "ssam_kernel<BT><<<grid, dim3(32, WARPS), SSAM_SMEM>>>(in, out, (int)g->n[0], (int)g->n[1],\n"
               "    (int)g->n[2], g->stride[0], g->stride[1]);");
  } else {
    em_line(e, "const dim3 grid(rt_cuda_blocks(g->n[1], WARPS * (32 - 2 * BT * RX), 2147483647L),\n"
               "                rt_cuda_blocks(g->n[0], SSAM_P, 65535L));");
    em_line(e, "ssam_kernel<BT><<<grid, WARPS * 32>>>(in, out, (int)g->n[0], (int)g->n[1], g->stride[0]);");
  }
  em_line(e, "RT_CUDA_LAUNCH_CHECK();");
  em_close(e);
  em_blank(e);
}

/* stencil_advance: each launch of k <= bT steps runs the kernel instantiated for k. */
static void emit_advance_launches(Emitter *e, const Plan *pl) {
  emit_advance_open(e, "SSAM_BT");
  em_line(e, "switch (bt) {");
  for (int k = 1; k <= pl->bt; k++)
    em_line(e, "case %d: ssam_launch<%d>(buf[src], buf[1 - src], g); break;", k, k);
  em_line(e, "}");
  emit_advance_close(e);
}

static void ssam_emit(Buf *out, const Stencil *st, const GenOptions *opt, const void *plan) {
  const Plan *pl = plan;
  assert(st->associative && pl->bt >= 1 && pl->p >= 1 && pl->cache == pl->p + 2 * pl->bt * pl->rr);
  assert(2 * pl->bt * pl->rx < WARP && (st->dims == 2 || 2 * pl->bt * pl->rw < pl->warps));
  assert(pl->smem <= model_gpu_target()->smem_per_block);
  Emitter e = {out, 0};
  emit_defines(out, st, plan);
  emit_step(&e, st, plan, opt->dtype);
  emit_tile(&e, plan);
  emit_kernel(&e, st, plan);
  emit_launch(&e, st);
  emit_advance_launches(&e, plan);
}

static void ssam_explain(Buf *out, const Stencil *st, const void *plan) {
  const Plan *pl = plan;
  buf_printf(out, "plan: bT = %d steps per launch, P = %d outputs per thread, %d warps per block %s\n",
             pl->bt, pl->p, pl->warps, st->dims == 3 ? "stacked along y" : "side by side along x");
  buf_printf(out, "plan: register cache of %d values, about %d registers per thread; %ld bytes of "
                  "shared memory per block\n", pl->cache, pl->regs, pl->smem);
  buf_printf(out, "plan: per cell and level: %d FMA, %d MUL, %d ADD, %d shuffles, %d shared reads; "
                  "%d of 32 lanes store\n", pl->fma, pl->mul, pl->add, pl->shuffles, pl->smem_reads,
             WARP - 2 * pl->bt * pl->rx);
}

static const BackendOption ssam_options[] = {
    {"--bt", OPT_COUNT, PARAM_AT(SsamParams, bt), 0, false, NULL, "N", "time steps fused per launch"},
    {"--p", OPT_COUNT, PARAM_AT(SsamParams, p), 0, false, NULL, "N",
     "outputs per thread along the slowest axis (register cache P + 2 bT r)"},
    {"--bs", OPT_SHAPE, PARAM_AT(SsamParams, bs), 2, true, NULL, "X|Yx32",
     "threads per block: X in whole warps (2D), Y warps along y (3D)"},
    {NULL}
};

const Backend backend_ssam = {
    .name = "ssam", .engine = &engine_cuda, .multistep = 1, .options = ssam_options,
    .plan = ssam_plan, .explain = ssam_explain, .emit = ssam_emit,
    .summary = "CUDA, software systolic array: register cache, partial sums passed by warp\n"
               "           shuffles, bT steps per launch; linear stencils only"};
