/* 2.5D blocking of 3D stencils under four data placements (Zhang and Zhao, "Modeling the
 * performance of 2.5D blocking of 3D stencil code on GPUs", sections II-IV; Rawat et al. 2016,
 * sections 3.2 and 4.2). One time step per launch.
 *
 * A 2D thread block covers a BY x BX tile of the (y, x) plane and streams axis 0: each thread owns
 * one column and walks the planes of its block's chunk of the stream (the stream is cut into
 * chunks so that there are enough blocks), so each plane comes from DRAM about once. Where the
 * neighbours of a cell are kept is the placement:
 *   global    every read from global memory through the read-only cache: the streaming loop
 *             alone (Zhang's baseline, Listing 1).
 *   shared    the 2RS+1 planes of the streaming window, each with its halo, in a ring of
 *             shared-memory tiles (Zhang III-A). The ring has one tile more than the window, so
 *             one barrier per plane separates the last reads of a tile from its overwrite.
 *   hybrid    the current plane in shared memory with its halo, the points along the stream in
 *             registers (Zhang III-B). Diagonal-access-free stencils keep a queue of the thread's
 *             own column values (Rawat Algorithm 2); other associative stencils keep 2RS+1
 *             partial sums of the pending output planes, to which each new plane adds its
 *             weighted neighbours (Rawat Algorithm 3). The tile alternates between two buffers,
 *             so one barrier per plane suffices.
 *   register  no shared memory and no barrier (Zhang III-C). Zhang's register version keeps the
 *             values along the stream in registers and reads the in-plane neighbours from global
 *             memory. Here each warp covers 32 consecutive x, so the neighbours along x come
 *             through warp shuffles: for every row offset dy the stencil reads, a thread keeps a
 *             queue of its own column's values along the stream and, for rows read at x offsets,
 *             a halo register (lanes 0..RX-1 hold the RX cells left of the warp, lanes RX..2RX-1
 *             those right of it). The other rows come from global memory: neighbouring warps
 *             read them too, so they are L1 hits.
 * Every streaming placement has the same skeleton: iteration m loads plane p = i0 - RS + m and,
 * from m = 2RS on, computes output plane p - RS. The loop is unrolled by the ring size, so every
 * ring slot and register of a queue is a compile-time name. The tiles of shared and hybrid are
 * fetched one plane ahead into registers, so that the loads overlap a plane of work (a barrier
 * keeps the compiler from moving them itself). Threads outside the interior load
 * clamped cells, take part in barriers and shuffles, and store nothing; plane indices are clamped
 * too, since the first and last planes of a chunk's window may lie past the grid (they are never
 * read by a point of the stencil then).
 *
 * Default block: long and flat, 4x128 (Zhang IV-A: a larger bx and a smaller by coalesce better
 * and load fewer halo cells); when the placement does not fit in it, the rows are halved, then
 * the width. Default placement: Zhang measured register > hybrid > global > shared, so the first
 * of register, hybrid and global that accepts the stencil. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <assert.h>

#include "emit.h"
#include "model/gpu.h"
#include "p25d.h"

#define COUNT(a) ((int)(sizeof(a) / sizeof *(a)))

enum { WARP = 32 };

static const int default_blocks[][2] = {{4, 128}, {2, 128}, {1, 128}, {1, 64}, {1, 32}}; /* y, x */
static const Placement auto_order[] = {P25D_REGISTER, P25D_HYBRID, P25D_GLOBAL};

typedef P25dPlan Plan;
_Static_assert(sizeof(P25dParams) <= sizeof(BackendParams), "25d parameters fit GenOptions");
_Static_assert(sizeof(Plan) <= PLAN_MAX_BYTES, "the 25d plan fits a PlanStore");

static const char *const placement_names[] = {"global", "shared", "hybrid", "register", NULL};
/* --ahead's values, stored as the index + 1 so that 0 leaves the choice to the plan: 0 planes is
 * the next plane through registers. The most is 8: each plane ahead is a tile of shared memory,
 * and beyond a few the tiles cost blocks per SM instead of hiding more latency. */
static const char *const ahead_names[] = {"0", "1", "2", "3", "4", "5", "6", "7", "8", NULL};

static const char *placement_name(Placement p) { return placement_names[p - 1]; }

/* 4-byte words (registers, shared-memory banks) per element. */
static int words(DType dt) { return ir_dtype_bytes(dt) / 4; }

/* Registers besides the queues (indices, pointers, the sum): what ptxas -v reported for the
 * global placement of the suite, rounded up. */
static int base_registers(DType dt) { return dt == DTYPE_DOUBLE ? 40 : 32; }

/* The planes the stencil reads row dy at, relative to the output plane, over the points with
 * that y offset (and a non-zero x offset when `shifted`): [*lo, *hi]; false when there are none. */
static bool row_span(const Stencil *st, int dy, bool shifted, int *lo, int *hi) {
  bool any = false;
  for (int p = 0; p < st->npoints; p++) {
    const int *o = st->points[p].off;
    if (o[1] != dy || (shifted && o[2] == 0)) continue;
    if (!any || o[0] < *lo) *lo = o[0];
    if (!any || o[0] > *hi) *hi = o[0];
    any = true;
  }
  return any;
}

/* Registers per thread: the base; the values kept across planes; for the placements with tiles,
 * the prefetched tile cells (a value and an offset each); for the register placement a 64-bit
 * address per row loaded (own values and halos), which nvcc keeps out of the loop. */
static int estimate_registers(const Stencil *st, const Plan *pl, DType dt) {
  int values = 0, addresses = 0, lo, hi, cells = (pl->tile + pl->bx * pl->by - 1) / (pl->bx * pl->by);
  int fetched = pl->ahead ? 0 : cells; /* cp.async copies without a register */
  if (pl->placement == P25D_HYBRID) values = pl->w + fetched, addresses = cells;
  if (pl->placement == P25D_SHARED) values = fetched, addresses = cells;
  for (int dy = -pl->ry; pl->placement == P25D_REGISTER && dy <= pl->ry; dy++)
    for (int shifted = 0; shifted < 2; shifted++)
      if (row_span(st, dy, shifted, &lo, &hi)) values += hi - lo + 1, addresses += 2;
  return base_registers(dt) + words(dt) * values + addresses;
}

/* The plan's block, window and tile for the radii of the streamed grid, radius[a] along axis a,
 * with `ahead` planes in flight (0: one, through registers). The shared placement's ring has a
 * slot for each plane in flight besides the window, so that the copy a thread starts after the
 * plane's barrier lands in a slot whose last reads came before it; the hybrid placement's tiles
 * rotate the same way. */
static void init_plan(const int *radius, bool df, Placement placement, int by, int bx, int ahead,
                      Plan *pl) {
  memset(pl, 0, sizeof *pl);
  pl->placement = placement;
  pl->by = by;
  pl->bx = bx;
  pl->rs = radius[0];
  pl->ry = radius[1];
  pl->rx = radius[2];
  pl->w = 2 * pl->rs + 1;
  pl->ahead = ahead;
  int in_flight = ahead ? ahead : 1;
  pl->ring = placement == P25D_GLOBAL ? 1 : placement == P25D_SHARED ? pl->w + in_flight : pl->w;
  pl->tiles = placement == P25D_SHARED ? pl->ring : placement == P25D_HYBRID ? in_flight + 1 : 0;
  pl->df = df;
  pl->tw = bx + 2 * pl->rx;
  pl->tile = (by + 2 * pl->ry) * pl->tw;
}

/* Refuses a placement and block the hardware cannot run, naming the limit and the value. */
static int fit(const Stencil *st, DType dt, Plan *pl, Refusal *why) {
  const char *name = placement_name(pl->placement);
  const GpuSpec *gpu = model_gpu_target();
  long threads = (long)pl->bx * pl->by;
  if (pl->bx < 1 || pl->by < 1 || threads % WARP || threads > gpu->max_threads_per_block)
    return codegen_refuse(why, "give --block YxX with a multiple of 32 threads, at most 1024",
                          "a block of %dx%d = %ld threads is not a multiple of %d up to %d", pl->by,
                          pl->bx, threads, WARP, gpu->max_threads_per_block);
  if (pl->placement == P25D_REGISTER && pl->bx % WARP)
    return codegen_refuse(why, "give --block YxX with X a multiple of 32",
                          "the register placement shuffles along x within warps: the block's x "
                          "extent %d is not a multiple of %d", pl->bx, WARP);
  if (pl->placement == P25D_REGISTER && 2 * pl->rx > WARP)
    return codegen_refuse(why, "use --placement hybrid or shared",
                          "the register placement holds the x halo in the lanes of a warp: the x "
                          "radius %d exceeds %d", pl->rx, WARP / 2);
  if (pl->placement == P25D_HYBRID && !pl->df && !st->associative)
    return codegen_refuse(why, "use --placement shared, register or global",
                          "the hybrid placement needs a diagonal-access-free or associative "
                          "stencil; this one is neither");
  if (pl->ahead && pl->placement != P25D_SHARED && pl->placement != P25D_HYBRID)
    return codegen_refuse(why, "leave --ahead out, or use --placement shared or hybrid",
                          "the %s placement has no shared-memory tiles to copy planes ahead into", name);
  pl->smem = (long)pl->tiles * pl->tile * words(dt) * 4;
  if (pl->smem > gpu->smem_per_block)
    return codegen_refuse(why, pl->ahead ? "give a smaller --block or fewer planes --ahead"
                                         : "give a smaller --block, or use --placement hybrid or register",
                          "the %s placement needs %ld bytes of shared memory for a %dx%d block%s, "
                          "the limit is %ld", name, pl->smem, pl->by, pl->bx,
                          pl->ahead ? " and its planes ahead" : "", gpu->smem_per_block);
  pl->regs = estimate_registers(st, pl, dt);
  int cap = (int)(gpu->regs_per_sm / threads) / 8 * 8; /* what __launch_bounds__ leaves per thread */
  if (cap > gpu->max_regs_per_thread) cap = gpu->max_regs_per_thread;
  if (pl->regs > cap) /* a smaller block helps only below the per-thread maximum */
    return codegen_refuse(why, pl->regs > gpu->max_regs_per_thread ? "use --placement hybrid, shared or global"
                                                   : "give a smaller --block, or another --placement",
                          "the %s placement needs about %d registers per thread, a block of %ld "
                          "threads allows %d", name, pl->regs, threads, cap);
  return 0;
}

/* Whether point p is read by the emitted update (the folded linear form skips zero terms). */
static bool point_read(const Stencil *st, int p) { return !st->associative || emit_coef_used(st, p); }

/* Shared-memory words one cell's update reads, as emitted: every point (shared), the in-plane
 * points off the thread's column (hybrid value queue), or each in-plane offset once (hybrid
 * partial sums: load_hybrid and emit_hybrid_step). */
static int shared_reads(const Stencil *st, const Plan *pl) {
  if (pl->placement == P25D_GLOBAL || pl->placement == P25D_REGISTER) return 0;
  int reads = 0;
  for (int p = 0; p < st->npoints; p++) {
    const int *o = st->points[p].off;
    if (!point_read(st, p)) continue;
    if (pl->placement == P25D_SHARED) reads++;
    else if (pl->df) reads += o[1] != 0 || o[2] != 0;
    else {
      bool first = true;
      for (int q = 0; q < p && first; q++)
        first = !(point_read(st, q) && st->points[q].off[1] == o[1] && st->points[q].off[2] == o[2]);
      reads += first;
    }
  }
  return reads;
}

/* The counts --block gave (0 or 2), or -1 with the refusal. */
static int block_counts(const P25dParams *p, Refusal *why) {
  int counts = 0;
  for (int a = 0; a < IR_MAX_DIMS; a++) counts += p->block[a] != 0;
  if (counts && (counts != 2 || p->block[2]))
    return codegen_refuse(why, "give --block YxX: the threads along y, then along x",
                          "the 25d block takes 2 counts (the plane), not %d", counts);
  return counts;
}

/* Planes copied ahead by default: two for the partial sums of a radius-1 box in double, which
 * wait on memory (Nsight Compute: 56% of DRAM, 18.6 cycles between a warp's instructions) and
 * gained 8% with them on the H200 (box3d1r, j3d27pt; bench/README, "25d: planes copied ahead");
 * elsewhere none, where they measured level or slower (the larger boxes wait on their
 * multiply-adds, the shared placement's stars on their shared-memory reads). */
static int default_ahead(const int *radius, bool df, Placement placement, DType dt) {
  bool box1 = radius[0] == 1 && radius[1] == 1 && radius[2] == 1;
  return dt == DTYPE_DOUBLE && placement == P25D_HYBRID && !df && box1 ? 2 : 0;
}

/* The block for a placement: as given, or the first of default_blocks that fits. */
static int choose_block(const Stencil *st, const int *radius, bool df, Placement placement,
                        const P25dParams *p, int counts, DType dt, Plan *pl, Refusal *why) {
  int rc = -1, ahead = p->ahead ? p->ahead - 1 : default_ahead(radius, df, placement, dt);
  for (int b = 0; b < (counts ? 1 : COUNT(default_blocks)); b++) {
    init_plan(radius, df, placement, counts ? p->block[0] : default_blocks[b][0],
              counts ? p->block[1] : default_blocks[b][1], ahead, pl);
    if (!(rc = fit(st, dt, pl, why))) return 0;
  }
  return rc;
}

/* The placement and block: as given, or the first of auto_order and default_blocks that fits. */
static int choose(const Stencil *st, const GenOptions *opt, Plan *pl, Refusal *why) {
  P25dParams params;
  codegen_get_params(opt, &params, sizeof params);
  const P25dParams *p = &params;
  if (st->dims != 3)
    return codegen_refuse(why, st->dims == 2 ? "use --backend n5d or naive for 2D stencils"
                                             : "use --backend naive (CUDA) or cpu for 1D stencils",
                          "2.5D blocking streams a 3D grid; this stencil is %dD", st->dims);
  int counts = block_counts(p, why), rc = -1;
  if (counts < 0) return -1;
  for (int i = 0; i < (p->placement ? 1 : COUNT(auto_order)) && rc; i++)
    rc = choose_block(st, st->radius, st->diagonal_free,
                      p->placement ? (Placement)p->placement : auto_order[i], p, counts,
                      opt->dtype, pl, why);
  return rc;
}

/* A program's stage: the hybrid placement's value queue over the streamed grid, whose reads off
 * the output plane must lie on the thread's own column (a star along the stream, as the wave
 * equation's and the heat equation's Laplacians are). */
int p25d_plan_stage(const Stencil *st, const bool *streamed, const GenOptions *opt, Plan *pl,
                    Refusal *why) {
  P25dParams params;
  codegen_get_params(opt, &params, sizeof params);
  assert(st->dims == 3);
  if (params.placement && params.placement != P25D_HYBRID)
    return codegen_refuse(why, "leave --placement out or give hybrid",
                          "a stencil program's stage runs under the hybrid placement (the streamed "
                          "grid's plane in shared memory, its column in registers), not %s",
                          placement_name((Placement)params.placement));
  int radius[IR_MAX_DIMS] = {0, 0, 0};
  for (int p = 0; p < st->npoints; p++) {
    if (!streamed[p]) continue;
    const int *o = st->points[p].off;
    if (o[0] && (o[1] || o[2]))
      return codegen_refuse(why, "use --backend naive or n5d",
                            "the stage reads its streamed grid at offset (%d, %d, %d), off both "
                            "the output plane and the thread's column: the hybrid placement keeps "
                            "the plane in shared memory and the column in registers only",
                            o[0], o[1], o[2]);
    for (int a = 0; a < IR_MAX_DIMS; a++)
      if (abs(o[a]) > radius[a]) radius[a] = abs(o[a]);
  }
  int counts = block_counts(&params, why);
  if (counts < 0) return -1;
  return choose_block(st, radius, true, P25D_HYBRID, &params, counts, opt->dtype, pl, why);
}

static int p25d_plan(const Stencil *st, const GenOptions *opt, void *plan, Refusal *why) {
  Plan *pl = plan;
  if (choose(st, opt, pl, why)) return -1;
  bool tiled = pl->placement == P25D_SHARED || pl->placement == P25D_HYBRID;
  double share = tiled ? (double)pl->tile / (pl->bx * pl->by) : 0; /* tile cells per thread */
  int points = 0, shuffles = 0, rows = 0, lo, hi;
  for (int p = 0; p < st->npoints; p++)
    if (point_read(st, p)) points++, shuffles += 2 * (st->points[p].off[2] != 0);
  for (int dy = -pl->ry; dy <= pl->ry; dy++)
    rows += row_span(st, dy, false, &lo, &hi) + row_span(st, dy, true, &lo, &hi);
  pl->loads = pl->placement == P25D_GLOBAL ? points : pl->placement == P25D_REGISTER ? rows : share;
  pl->smem_reads = shared_reads(st, pl);
  pl->smem_writes = share;
  pl->shuffles = pl->placement == P25D_REGISTER ? shuffles : 0;
  return 0;
}

/* ---- kernel ---- */

static int slot(const Plan *pl, int x) { return ((x % pl->ring) + pl->ring) % pl->ring; }

/* Appends "NAME + k" or "NAME - k" (nothing for k = 0). */
static void emit_plus(Buf *out, const char *name, long k) {
  buf_puts(out, name);
  if (k) buf_printf(out, " %c %ld", k < 0 ? '-' : '+', k < 0 ? -k : k);
}

/* The update of one cell: the folded linear form when the stencil is associative. */
static void emit_value(Buf *out, const Stencil *st, DType dt, EmitLoadFn load, const void *ctx) {
  if (st->associative) emit_linear_form(out, st, dt, load, ctx);
  else emit_expr(out, st, st->expr, dt, load, ctx);
}

typedef struct {
  const Plan *pl;
  int u; /* unrolled copy */
  const P25dStage *sg; /* a program's stage, or NULL */
} LoadCtx;

/* Index of point p in a shared tile relative to the thread's cell t0. */
static long tile_offset(const Stencil *st, const Plan *pl, int p) {
  const int *o = st->points[p].off;
  return (long)o[1] * pl->tw + o[2];
}

static void load_global(Buf *out, const Stencil *st, int p, const void *ctx) {
  (void)ctx;
  buf_puts(out, "__ldg(&in[");
  emit_point_index(out, st, p);
  buf_puts(out, "])");
}

static void load_shared(Buf *out, const Stencil *st, int p, const void *ctx) {
  const LoadCtx *c = ctx;
  long k = (long)slot(c->pl, c->u - c->pl->rs + st->points[p].off[0]) * c->pl->tile;
  buf_puts(out, "sm[");
  emit_plus(out, "t0", k + tile_offset(st, c->pl, p));
  buf_puts(out, "]");
}

/* Hybrid, diagonal-access-free: the thread's own column from the queue, the plane's other
 * points from the tile. */
static void load_hybrid(Buf *out, const Stencil *st, int p, const void *ctx) {
  const LoadCtx *c = ctx;
  if (c->sg && c->sg->fetch[p] >= 0) {
    buf_printf(out, "g%d", c->sg->fetch[p]);
    return;
  }
  if (c->sg && !c->sg->streamed[p]) {
    c->sg->other(out, st, p, c->sg->other_ctx);
    return;
  }
  if (tile_offset(st, c->pl, p) == 0) {
    buf_printf(out, "q%d", slot(c->pl, c->u - c->pl->rs + st->points[p].off[0]));
    return;
  }
  buf_puts(out, "sm[");
  emit_plus(out, "b + t0", tile_offset(st, c->pl, p));
  buf_puts(out, "]");
}

static void load_register(Buf *out, const Stencil *st, int p, const void *ctx) {
  const LoadCtx *c = ctx;
  const int *o = st->points[p].off;
  int j = o[1] + c->pl->ry, s = slot(c->pl, c->u - c->pl->rs + o[0]);
  if (o[2]) buf_printf(out, "p25d_shx<%d>(q%d_%d, h%d_%d, lane)", o[2], j, s, j, s);
  else buf_printf(out, "q%d_%d", j, s);
}

/* The store of output plane p - RS, its value begun with "= " on the line the caller ends. */
static const char *const STORE = "out[(long)(p - RS) * s0 + c0] = ";

/* A plane's tile, in two parts around what the caller emits before the barrier. The first makes
 * the tile at offset `ready` hold plane `plane` at the barrier: through registers, the values
 * fetched a plane earlier stored and the next plane's fetched; by cp.async, the wait for the
 * plane's copy. The second is the barrier and, by cp.async, the start of the copy of the plane
 * `ahead` planes later into the tile at offset `next`, whose last reads came before it. */
static void emit_plane_ready(Emitter *e, const Plan *pl, const char *ready, const char *plane) {
  if (pl->ahead) {
    em_line(e, "__pipeline_wait_prior(%d);", pl->ahead - 1);
    return;
  }
  em_line(e, "p25d_put(sm + %s, pf, src, t);", ready);
  em_line(e, "p25d_fetch(pf, src, in + p25d_plane(%s + 1, e0, s0));", plane);
}

static void emit_plane_barrier(Emitter *e, const Plan *pl, const char *next, const char *plane) {
  em_line(e, "__syncthreads();");
  if (!pl->ahead) return;
  em_line(e, "p25d_copy(sm + %s, src, t, in + p25d_plane(%s + %d, e0, s0));", next, plane, pl->ahead);
  em_line(e, "__pipeline_commit();");
}

/* The offset of the hybrid placement's tile that receives the plane `ahead` after the current
 * one (b): the tile before b in the rotation. */
static const char *hybrid_next(const Plan *pl) { return pl->ahead ? "(b ? b - TILE : TILES * TILE - TILE)" : ""; }

static void emit_shared_step(Emitter *e, const Stencil *st, const Plan *pl, DType dt, int u) {
  LoadCtx c = {pl, u, NULL};
  char ready[32], next[32];
  snprintf(ready, sizeof ready, "%ld", (long)slot(pl, u) * pl->tile);
  snprintf(next, sizeof next, "%ld", (long)slot(pl, u + (pl->ahead ? pl->ahead : 1)) * pl->tile);
  emit_plane_ready(e, pl, ready, "p");
  emit_plane_barrier(e, pl, next, "p");
  em_begin(e);
  buf_printf(e->out, "if (m + %d >= 2 * RS && own) %s", u, STORE);
  emit_value(e->out, st, dt, load_shared, &c);
  buf_puts(e->out, ";");
  em_end(e);
}

/* The hybrid placement's next tile in the rotation. */
static void emit_tile_advance(Emitter *e, const Plan *pl) {
  em_line(e, "%s", pl->tiles == 2 ? "b = TILE - b;" : "b = b == TILES * TILE - TILE ? 0 : b + TILE;");
}

static void emit_hybrid_step(Emitter *e, const Stencil *st, const Plan *pl, DType dt, int u,
                             const P25dStage *sg) {
  Buf *out = e->out;
  if (pl->df) {
    LoadCtx c = {pl, u, sg};
    em_line(e, "q%d = in[p25d_plane(p, e0, s0) + cc];", slot(pl, u));
    em_open(e, "if (m + %d >= 2 * RS)", u);
    em_line(e, "sm[b + t0] = q%d;", slot(pl, u - pl->rs));
    emit_plane_ready(e, pl, "b", "p - RS");
    for (int k = 0; sg && k < sg->nfetch; k++) {
      em_line(e, "const rt_real g%d = f%d;", k, k);
      em_line(e, "f%d = %s[p25d_plane(p - RS + 1, e0, s0) + cc];", k, sg->fetch_names[k]);
    }
    emit_plane_barrier(e, pl, hybrid_next(pl), "p - RS");
    if (sg) { /* the program's expression as naive evaluates it; c for the other grids' reads */
      em_open(e, "if (own)");
      em_line(e, "const long c = (long)(p - RS) * s0 + c0;");
      emit_expr_line(e, "out[c] = ", st, st->expr, dt, load_hybrid, &c, ";");
      em_close(e);
    } else {
      em_begin(e);
      buf_printf(out, "if (own) %s", STORE);
      emit_value(out, st, dt, load_hybrid, &c);
      buf_puts(out, ";");
      em_end(e);
    }
    emit_tile_advance(e, pl);
    em_close(e);
    return;
  }
  /* partial sums: plane p adds to output p - dz, held in slot u + RS - dz; output p - RS is then
   * complete, and its slot starts the output p + RS + 1 of the next copy */
  emit_plane_ready(e, pl, "b", "p");
  emit_plane_barrier(e, pl, hybrid_next(pl), "p");
  /* cell by cell, so that each tile value is read once and is dead after its updates (grouped
   * by plane instead, nvcc keeps a whole plane's worth of values live and spills) */
  for (int dy = -pl->ry; dy <= pl->ry; dy++)
    for (int dx = -pl->rx; dx <= pl->rx; dx++) {
      bool read = false;
      for (int p = 0; p < st->npoints; p++) {
        const int *o = st->points[p].off;
        if (o[1] != dy || o[2] != dx || !emit_coef_used(st, p)) continue;
        if (!read) {
          em_open(e, "%s", "");
          em_begin(e);
          buf_puts(out, "const rt_real v = sm[");
          emit_plus(out, "b + t0", tile_offset(st, pl, p));
          buf_puts(out, "];");
          em_end(e);
          read = true;
        }
        em_begin(e);
        buf_printf(out, "a%d += ", slot(pl, u + pl->rs - o[0]));
        emit_coef(out, st, p, dt);
        buf_puts(out, " * v;");
        em_end(e);
      }
      if (read) em_close(e);
    }
  em_begin(e);
  buf_printf(out, "if (m + %d >= 2 * RS && own) %sa%d", u, STORE, slot(pl, u));
  if (st->constant != 0) {
    buf_puts(out, " + ");
    emit_number(out, st->constant, dt);
  }
  buf_puts(out, ";");
  em_end(e);
  em_line(e, "a%d = 0;", slot(pl, u));
  emit_tile_advance(e, pl);
}

static void emit_register_step(Emitter *e, const Stencil *st, const Plan *pl, DType dt, int u) {
  int lo, hi;
  for (int dy = -pl->ry; dy <= pl->ry; dy++) { /* the newest plane each row needs */
    int j = dy + pl->ry;
    if (row_span(st, dy, false, &lo, &hi))
      em_line(e, "q%d_%d = in[p25d_plane(p - RS + %d, e0, s0) + row%d + xc];", j,
              slot(pl, u - pl->rs + hi), hi, j);
    if (row_span(st, dy, true, &lo, &hi))
      em_line(e, "if (lane < 2 * RX) h%d_%d = in[p25d_plane(p - RS + %d, e0, s0) + row%d + hxc];",
              j, slot(pl, u - pl->rs + hi), hi, j);
  }
  LoadCtx c = {pl, u, NULL};
  em_open(e, "if (m + %d >= 2 * RS)", u);
  em_begin(e);
  buf_puts(e->out, "const rt_real v = ");
  emit_value(e->out, st, dt, load_register, &c);
  buf_puts(e->out, ";");
  em_end(e);
  em_line(e, "if (own) %sv;", STORE);
  em_close(e);
}

/* Register queues, zeroed so that no shuffle reads an undefined value. */
static void emit_queues(Emitter *e, const Stencil *st, const Plan *pl) {
  Buf *out = e->out;
  if (pl->placement == P25D_HYBRID) {
    em_begin(e);
    buf_puts(out, "rt_real");
    for (int s = 0; s < pl->ring; s++) buf_printf(out, "%s %c%d = 0", s ? "," : "", pl->df ? 'q' : 'a', s);
    buf_puts(out, ";");
    em_end(e);
    em_line(e, "int b = 0; /* offset of the current tile of the pair */");
    return;
  }
  int lo, hi;
  for (int dy = -pl->ry; dy <= pl->ry; dy++) {
    int j = dy + pl->ry;
    bool rows = row_span(st, dy, false, &lo, &hi), shifted = row_span(st, dy, true, &lo, &hi);
    if (!rows) continue;
    em_line(e, "const int row%d = min(max(y %c %d, 0), ey - 1) * s1;", j, dy < 0 ? '-' : '+',
            dy < 0 ? -dy : dy);
    em_begin(e);
    buf_puts(out, "rt_real");
    for (int s = 0; s < pl->ring; s++) buf_printf(out, "%s q%d_%d = 0", s ? "," : "", j, s);
    for (int s = 0; shifted && s < pl->ring; s++) buf_printf(out, ", h%d_%d = 0", j, s);
    buf_puts(out, ";");
    em_end(e);
  }
}

static void emit_stream(Emitter *e, const Stencil *st, const Plan *pl, DType dt,
                        const P25dStage *sg) {
  em_line(e, "const int M = i1 - i0 + 2 * RS;");
  em_open(e, "for (int m = 0; m < M; m += %d)", pl->ring);
  for (int u = 0; u < pl->ring; u++) {
    em_open(e, "%s", "");
    if (u) em_line(e, "if (m + %d >= M) break;", u);
    em_line(e, "const int p = i0 - RS + m + %d;", u);
    if (pl->placement == P25D_SHARED) emit_shared_step(e, st, pl, dt, u);
    else if (pl->placement == P25D_HYBRID) emit_hybrid_step(e, st, pl, dt, u, sg);
    else emit_register_step(e, st, pl, dt, u);
    em_close(e);
  }
  em_close(e);
}

static void emit_defines(Buf *out, const Stencil *st, const Plan *pl) {
  const char *mode = pl->placement != P25D_HYBRID ? "" : pl->df ? " (value queue)" : " (partial sums)";
  buf_printf(out, "/* 25d: %s placement%s, block %dx%d, ring %d, %ld bytes of shared memory, about "
                  "%d registers */\n",
             placement_name(pl->placement), mode, pl->by, pl->bx, pl->ring, pl->smem, pl->regs);
  buf_printf(out, "#define BX %d\n#define BY %d\n#define RS %d\n#define RY %d\n#define RX %d\n",
             pl->bx, pl->by, pl->rs, pl->ry, pl->rx);
  buf_puts(out, "#define TW (BX + 2 * RX)\n#define TILE ((BY + 2 * RY) * TW)\n");
  buf_printf(out, "#define P25D_SMEM %ld\n", pl->smem);
  if (pl->ahead) buf_printf(out, "#define TILES %d\n#include <cuda_pipeline.h>\n", pl->tiles);
  for (int a = 0; a < 3; a++) buf_printf(out, "#define LO%d %d\n#define HI%d %d\n", a, st->lo[a], a, st->hi[a]);
  Emitter e = {out, 0};
  em_blank(&e);
  em_open(&e, "__device__ __forceinline__ long p25d_plane(int p, int e0, long s0)");
  em_line(&e, "return (long)min(max(p, 0), e0 - 1) * s0;");
  em_close(&e);
  em_blank(&e);
}

/* The body of p25d_fetch and p25d_put, opened by the caller: `copy` for each cell k it holds. */
static void emit_tile_loop(Emitter *e, const char *copy) {
  em_directive(e, "#pragma unroll");
  em_line(e, "for (int k = 0; k < TILE_K; k++)");
  e->depth++;
  em_line(e, "if (src[k] >= 0) %s;", copy);
  e->depth--;
  em_close(e);
  em_blank(e);
}

/* The tile loader (shared, hybrid) and the shuffle (register). */
static void emit_helpers(Emitter *e, const Plan *pl) {
  if (pl->placement == P25D_SHARED || pl->placement == P25D_HYBRID) {
    if (pl->ahead)
      em_line(e, "/* Thread t copies tile cells t + k * BX * BY, k < TILE_K, from the plane into the tile,\n"
                 " * %d planes ahead: p25d_copy starts asynchronous copies (cp.async), which land while\n"
                 " * the planes before are computed and hold no register.", pl->ahead);
    else
      em_line(e, "/* Thread t copies tile cells t + k * BX * BY, k < TILE_K, from the plane into the tile,\n"
                 " * one plane ahead: p25d_fetch loads the next plane's cells into registers, so that the\n"
                 " * loads overlap this plane's work, and p25d_put stores them at the next one.");
    em_line(e, " * src[k] is the cell's in-plane offset in the grid (clamped: clamped cells feed only\n"
               " * threads that store nothing), or -1 when there is no such cell or, with SKIP_INNER,\n"
               " * the block's own thread holds it. */");
    em_directive(e, "#define TILE_K ((TILE + BX * BY - 1) / (BX * BY))");
    em_line(e, "template <bool SKIP_INNER>");
    em_open(e, "__device__ __forceinline__ void p25d_cells(int (&src)[TILE_K], int t, int gy0, int gx0,\n"
               "                                           int ey, int ex, int s1)");
    em_directive(e, "#pragma unroll");
    em_open(e, "for (int k = 0; k < TILE_K; k++)");
    em_line(e, "const int i = t + k * BX * BY, ly = i / TW, lx = i - ly * TW;");
    em_line(e, "const bool inner = ly >= RY && ly < RY + BY && lx >= RX && lx < RX + BX;");
    em_line(e, "src[k] = i >= TILE || (SKIP_INNER && inner) ? -1\n"
               "         : min(max(gy0 + ly, 0), ey - 1) * s1 + min(max(gx0 + lx, 0), ex - 1);");
    em_close(e);
    em_close(e);
    em_blank(e);
    if (pl->ahead) {
      em_open(e, "__device__ __forceinline__ void p25d_copy(rt_real *tile, const int (&src)[TILE_K], int t,\n"
                 "                                          const rt_real *__restrict__ plane)");
      emit_tile_loop(e, "__pipeline_memcpy_async(tile + t + k * BX * BY, plane + src[k], sizeof(rt_real))");
      return;
    }
    em_open(e, "__device__ __forceinline__ void p25d_fetch(rt_real (&pf)[TILE_K], const int (&src)[TILE_K],\n"
               "                                           const rt_real *__restrict__ plane)");
    emit_tile_loop(e, "pf[k] = plane[src[k]]");
    em_open(e, "__device__ __forceinline__ void p25d_put(rt_real *tile, const rt_real (&pf)[TILE_K],\n"
               "                                         const int (&src)[TILE_K], int t)");
    emit_tile_loop(e, "tile[t + k * BX * BY] = pf[k]");
  }
  if (pl->placement == P25D_REGISTER) {
    em_line(e, "/* The cell DX along x from the lane's own, in the row whose own value is `a` and halo\n"
               " * `h`: from lane + DX inside the warp, else from the halo lanes. Every lane runs both\n"
               " * shuffles, so neither is divergent. */");
    em_line(e, "template <int DX>");
    em_open(e, "__device__ __forceinline__ rt_real p25d_shx(rt_real a, rt_real h, int lane)");
    em_line(e, "const rt_real inside = __shfl_sync(0xffffffffu, a, (lane + DX) & 31);");
    em_line(e, "const rt_real past = __shfl_sync(0xffffffffu, h, (lane + DX + (DX > 0 ? RX - 32 : RX)) & 31);");
    em_line(e, "return (unsigned)(lane + DX) < 32u ? inside : past;");
    em_close(e);
    em_blank(e);
  }
}

static void emit_kernel(Emitter *e, const Stencil *st, const Plan *pl, DType dt,
                        const P25dStage *sg) {
  emit_helpers(e, pl);
  em_line(e, "__global__ void __launch_bounds__(BX * BY)");
  if (sg) { /* out may be a buffer the stage reads at its own cell (the leapfrog): no restrict */
    em_open(e, "%s(rt_real *out%s,\n    int n0, int n1, int n2, long s0, int s1, int chunk)",
            sg->kernel, sg->params);
    em_line(e, "const rt_real *__restrict__ in = %s;", sg->stream);
  } else {
    em_open(e, "p25d_kernel(const rt_real *__restrict__ in, rt_real *__restrict__ out, int n0, int n1,\n"
               "            int n2, long s0, int s1, int chunk)");
  }
  em_line(e, "const int tx = threadIdx.x, ty = threadIdx.y;");
  em_line(e, "const int x = LO2 + blockIdx.x * BX + tx, y = LO1 + blockIdx.y * BY + ty;");
  em_line(e, "const bool own = x < LO2 + n2 && y < LO1 + n1;");
  em_line(e, "const int c0 = y * s1 + x; /* in-plane indices are ints: the host checks the plane size */");
  em_line(e, "const int i0 = LO0 + blockIdx.z * chunk, i1 = min(i0 + chunk, LO0 + n0);");
  if (pl->placement == P25D_GLOBAL) {
    em_line(e, "if (!own) return;");
    em_open(e, "for (int z = i0; z < i1; z++)");
    em_line(e, "const long c = (long)z * s0 + c0;");
    em_begin(e);
    buf_puts(e->out, "out[c] = ");
    emit_value(e->out, st, dt, load_global, NULL);
    buf_puts(e->out, ";");
    em_end(e);
    em_close(e);
    em_close(e);
    em_blank(e);
    return;
  }
  em_line(e, "const int e0 = n0 + LO0 + HI0, ey = n1 + LO1 + HI1, ex = n2 + LO2 + HI2;");
  if (pl->placement == P25D_REGISTER) {
    em_line(e, "const int lane = tx & 31, xc = min(x, ex - 1);");
    if (pl->rx) em_line(e, "const int hxc = min(max(lane < RX ? x - RX : x + 32 - RX, 0), ex - 1);");
  } else {
    em_line(e, "extern __shared__ __align__(16) unsigned char p25d_smem[];");
    em_line(e, "rt_real *sm = reinterpret_cast<rt_real *>(p25d_smem);");
    em_line(e, "const int t = ty * BX + tx, t0 = (ty + RY) * TW + tx + RX;");
    em_line(e, "const int gy0 = LO1 + blockIdx.y * BY - RY, gx0 = LO2 + blockIdx.x * BX - RX;");
    bool halo_only = pl->placement == P25D_HYBRID && pl->df;
    if (halo_only) em_line(e, "const int cc = min(y, ey - 1) * s1 + min(x, ex - 1);");
    /* the first plane the loop puts: the first output's (hybrid value queue), else the window's */
    em_line(e, "int src[TILE_K];");
    em_line(e, "p25d_cells<%s>(src, t, gy0, gx0, ey, ex, s1);", halo_only ? "true" : "false");
    if (pl->ahead) {
      em_open(e, "for (int d = 0; d < %d; d++)", pl->ahead);
      em_line(e, "p25d_copy(sm + d * TILE, src, t, in + p25d_plane(i0%s + d, e0, s0));", halo_only ? "" : " - RS");
      em_line(e, "__pipeline_commit();");
      em_close(e);
    } else {
      em_line(e, "rt_real pf[TILE_K];");
      em_line(e, "p25d_fetch(pf, src, in + p25d_plane(i0%s, e0, s0));", halo_only ? "" : " - RS");
    }
    for (int k = 0; sg && k < sg->nfetch; k++)
      em_line(e, "rt_real f%d = %s[p25d_plane(i0, e0, s0) + cc];", k, sg->fetch_names[k]);
  }
  if (pl->placement != P25D_SHARED) emit_queues(e, st, pl);
  emit_stream(e, st, pl, dt, sg);
  if (pl->ahead) em_line(e, "__pipeline_wait_prior(0); /* the copies past the chunk land before the block ends */");
  em_close(e);
  em_blank(e);
}

/* A program's stage has its own bounds: n, its interior, from the grid's extents. The program's
 * runtime has no rt_cuda_stream_chunk (rt_cuda.h), so the host asks for the SM count itself. */
static void emit_host(Emitter *e, const Stencil *st, const Plan *pl, const P25dStage *sg) {
  int least = 16 * (pl->rs ? pl->rs : 1);
  em_line(e, "/* One time step: the plane cut into BYxBX tiles, the stream into chunks of at least\n"
             " * %d planes (the window's start-up of 2RS planes then costs little). */", least);
  const char *n = sg ? "n" : "g->n";
  if (sg) {
    em_open(e, "static void program_step(rt_real *const *rt_buf, const RtGrid *g, long t)");
    em_line(e, "const long n[3] = {g->ext[0] - %d, g->ext[1] - %d, g->ext[2] - %d};",
            st->lo[0] + st->hi[0], st->lo[1] + st->hi[1], st->lo[2] + st->hi[2]);
    em_line(e, "static int sms = 0;");
    em_line(e, "if (!sms) RT_CUDA_CHECK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0));");
  } else {
    em_open(e, "static void stencil_step(const rt_real *in, rt_real *out, const RtGrid *g)");
  }
  em_open(e, "if (g->stride[0] > 2147483647L)");
  em_line(e, "fprintf(stderr, \"stencilc: a plane of %%ld cells is more than the 25d kernel's int indices hold\\n\",\n"
             "        g->stride[0]);");
  em_line(e, "exit(4);");
  em_close(e);
  emit_smem_setup(e, sg ? sg->kernel : "p25d_kernel", "P25D_SMEM");
  em_line(e, "dim3 grid(rt_cuda_blocks(%s[2], BX, 2147483647L), rt_cuda_blocks(%s[1], BY, 65535L));", n, n);
  if (sg)
    em_line(e, "const int chunk = (int)rt_stream_chunk(n[0], (long)grid.x * grid.y, BX * BY, sms, 2048, %d);",
            least);
  else
    em_line(e, "const int chunk = rt_cuda_stream_chunk(g->n[0], (long)grid.x * grid.y, BX * BY, %d);", least);
  em_line(e, "grid.z = rt_cuda_blocks(%s[0], chunk, 65535L);", n);
  em_line(e, "%s<<<grid, dim3(BX, BY), P25D_SMEM>>>(%s, (int)%s[0], (int)%s[1],\n"
             "    (int)%s[2], g->stride[0], (int)g->stride[1], chunk);",
          sg ? sg->kernel : "p25d_kernel", sg ? sg->args : "in, out", n, n, n);
  em_line(e, "RT_CUDA_LAUNCH_CHECK();");
  em_close(e);
}

static void p25d_emit(Buf *out, const Stencil *st, const GenOptions *opt, const void *plan) {
  const Plan *pl = plan;
  assert(st->dims == 3 && pl->placement >= P25D_GLOBAL && pl->placement <= P25D_REGISTER);
  assert(pl->bx * pl->by % WARP == 0 && pl->ring >= 1 && pl->w == 2 * pl->rs + 1);
  assert(pl->placement != P25D_REGISTER || (pl->bx % WARP == 0 && 2 * pl->rx <= WARP));
  assert(pl->smem <= model_gpu_target()->smem_per_block);
  Emitter e = {out, 0};
  emit_defines(out, st, plan);
  emit_kernel(&e, st, plan, opt->dtype, NULL);
  emit_host(&e, st, plan, NULL);
}

void p25d_emit_stage(Buf *out, const Stencil *st, DType dt, const Plan *pl, const P25dStage *sg) {
  assert(st->dims == 3 && pl->placement == P25D_HYBRID && pl->df && pl->w == 2 * pl->rs + 1);
  assert(pl->bx * pl->by % WARP == 0 && pl->smem <= model_gpu_target()->smem_per_block);
  Emitter e = {out, 0};
  emit_defines(out, st, pl);
  emit_kernel(&e, st, pl, dt, sg);
  emit_host(&e, st, pl, sg);
}

static void p25d_explain(Buf *out, const Stencil *st, const void *plan) {
  const Plan *pl = plan;
  (void)st;
  const char *mode = pl->placement != P25D_HYBRID ? "" : pl->df ? " (value queue)" : " (partial sums)";
  buf_printf(out, "plan: %s placement%s, block %dx%d threads, one step per launch\n",
             placement_name(pl->placement), mode, pl->by, pl->bx);
  buf_printf(out, "plan: window of %d planes, ring of %d slots; %ld bytes of shared memory, about %d "
                  "registers per thread\n", pl->w, pl->ring, pl->smem, pl->regs);
  if (pl->ahead)
    buf_printf(out, "plan: %d planes copied ahead by cp.async into %d tiles\n", pl->ahead, pl->tiles);
  buf_printf(out, "plan: per cell: %.2f global loads, %.2f shared reads, %.2f shared writes, %d "
                  "shuffles\n", pl->loads, pl->smem_reads, pl->smem_writes, pl->shuffles);
}

static const BackendOption p25d_options[] = {
    {"--placement", OPT_CHOICE, PARAM_AT(P25dParams, placement), 0, false, placement_names,
     "global|shared|hybrid|register",
     "where the neighbours are kept (default: the first of register,\n"
     "                    hybrid, global that fits)"},
    {"--block", OPT_SHAPE, PARAM_AT(P25dParams, block), 3, false, NULL, "YxX",
     "threads per block along y and x (default 4x128, smaller if needed)"},
    {"--ahead", OPT_CHOICE, PARAM_AT(P25dParams, ahead), 0, false, ahead_names, "0|1|...|8",
     "shared and hybrid placements: planes copied ahead into shared memory\n"
     "                    by cp.async; 0: the next plane through registers (default: 2 for a\n"
     "                    radius-1 box in double under hybrid, else 0)"},
    {NULL}
};

const Backend backend_p25d = {
    .name = "25d", .engine = &engine_cuda, .options = p25d_options,
    .plan = p25d_plan, .explain = p25d_explain, .emit = p25d_emit,
    .summary = "CUDA, 2.5D blocking of 3D stencils: one step per launch, the slowest axis\n"
               "           streamed by 2D blocks, the neighbours kept as --placement says"};
