/* N.5D temporal blocking (AN5D, Matsumura et al. 2020; Rawat et al. 2016).
 *
 * Axis 0 is streamed, the others are blocked: a thread block covers a tile of the plane (bs[0]
 * threads along x, bs[1] along y in 3D), walks the rows of its stream chunk V at a time and
 * advances each row through bT time levels on chip before writing level bT back. Level k lags
 * level k-1 by the streaming radius RS, so each iteration loads V rows of level 0, computes V
 * rows of every level (one barrier per level for all V) and stores V rows of level bT. The
 * tile shrinks by the plane radius per level (overlapped tiling): threads within bT*R of the
 * tile's edge compute redundant values and never store. Three ways to keep the sub-planes,
 * chosen from the IR (W = 2RS+V below):
 *   DF      diagonal-access-free stencils: a register ring of W values per level for the
 *           thread's own column; only the centre sub-planes go through shared memory.
 *   ASSOC   associative stencils: each new sub-plane of level k-1 goes to shared memory once
 *           and every thread adds its weighted neighbours into W register partial sums of
 *           level k (AN5D's associative optimisation); box stencils need nothing else.
 *   GENERAL neither: a shared-memory ring of W sub-planes per level.
 * DF and ASSOC use one pair of shared buffers (V planes each) for all levels, alternating
 * strictly (so one barrier per level suffices). The register rings are indexed by compile-time
 * slots: the row loop is unrolled until the slots repeat, AN5D's fixed register allocation.
 * Cells outside the interior keep their value at every level (selected, not branched). */
#include <stdio.h>
#include <string.h>

#include <assert.h>

#include "emit.h"
#include "model/gpu.h"
#include "n5d.h"
#include "n5d_program.h"

static const char *const mode_names[] = {"diagonal-free", "associative", "general"};

/* Limits of the method; the hardware's come from the GPU description (model_gpu_target). */
enum { MAX_BT = 32, MAX_ROWS = 8, MAX_COLS = 8 };

typedef N5dPlan Plan;
_Static_assert(sizeof(N5dParams) <= sizeof(BackendParams), "n5d parameters fit GenOptions");
_Static_assert(sizeof(Plan) <= PLAN_MAX_BYTES, "the n5d plan fits a PlanStore");

static N5dMode choose_mode(const Stencil *st, const N5dParams *p) {
  if (st->diagonal_free && !p->no_diag_opt) return N5D_DIAGONAL_FREE;
  if (st->associative && !p->no_assoc_opt) return N5D_ASSOCIATIVE;
  return N5D_GENERAL;
}

static int gcd(int a, int b) { return b ? gcd(b, a % b) : a; }

/* Defaults: the best configurations of the H200 sweeps (bench/results/n5d_sweep_rows_h200.csv),
 * by dimensions, shape and radius; the performance model and the tuner rank the alternatives.
 * More fused steps for smaller radii, long flat tiles in 2D, 32x32 tiles in 3D. Several rows per
 * barrier pay off everywhere. In 2D a register cap that lets two to four blocks share an SM
 * beats the few spills it costs; 3D blocks of 1024 threads are capped at 64 by the launch.
 * Columns per thread in 2D float (bench/results/n5d_cols_h200_9df3c6a.csv): two columns under a
 * 128-register cap for the stars and the 3x3 box (+12 to +21%: half the shared-memory traffic),
 * the one-column kernel with its boundary-free inner blocks for the larger boxes (+4 to +10%);
 * star radius 3 measured best without either at 512 threads (at 256 two columns win, 736 ->
 * 810, n5d_low_h200_5efe6bf.csv). Half the block of those sweeps pays for the column
 * kernels and star radius 3 (results/n5d_cols2d_shapes_h200_a0f8efb.csv, n5d_2d_blocks_h200_c5ae422.csv):
 * 128 threads for the stars of radius 1 and 2 (+2%, +4%) and the 3x3 box (+10%, and bT 7 +3% more),
 * 256 for the stars of radius 3 and 4 (+4%, +11%) and the box of radius 3 (+4%,
 * n5d_2d_defaults_h200_7d4fa9f.csv; radius 4 and up keep 512: +2% at radius 4, within the
 * runs' spread, and the model would then rank the n5d defaults of the 11x11 filter over ssam,
 * measured faster); 64 and 96 threads are slower again. */
typedef struct {
  int bt, bsx, bsy, rows, regs, cols;
} Defaults;

/* Double, measured apart (a double takes two registers): half the rows and no cap in 2D but for
 * the two-column boxes; in the 64 registers of a 3D block two rows at most, one for the larger
 * boxes (a 5x5x5 box spilled 3 KB per thread with two). Columns
 * (results/n5d_cols_double_h200_cc936db.csv): two under a 128-register cap for the boxes of radius
 * 1 and 2 (+57% and +5%), two uncapped for the stars of radius 2 (+26%; capped they spill and
 * run at 0.56x), one for the other stars (+2 to +4%). Steps per launch
 * (results/n5d_double_bt_h200_ca5ab08.csv and _037fe38.csv): box radius 1 8 (748 -> 810), box
 * radius 2 3 (286 -> 316), star radius 3 6 with one column (379 -> 399). 128-thread blocks for the
 * two-column kernels of the star of radius 2 and the boxes of radius 1 and 2 (606 -> 677, 820 ->
 * 868, n5d_2d_blocks_h200_c5ae422.csv; 320 -> 334, n5d_2d_defaults_h200_7d4fa9f.csv); the
 * one-column stars are slower so (radius 1 932 -> 861, 3 398 -> 352, 4 310 -> 267). The 3D star of radius 1
 * takes two columns per thread of a 32x16 block, a 32x32 tile (results/n5d_cols3d_h200_dd4661a.csv:
 * 264 -> 283). */
static const Defaults star2d_double[] = {{12, 256, 1, 2, 0, 1}, {8, 128, 1, 2, 0, 2}, {6, 512, 1, 2, 0, 1}, {4, 512, 1, 2, 0, 1}};
static const Defaults box2d_double[] = {{8, 128, 1, 2, 128, 2}, {3, 128, 1, 3, 128, 2}, {2, 512, 1, 2, 0, 0}, {2, 512, 1, 2, 0, 0}};
static const Defaults star3d_double[] = {{3, 16, 32, 2, 0, 2}, {2, 32, 32, 2, 0, 0}, {1, 32, 32, 2, 0, 0}, {1, 32, 32, 2, 0, 0}};
static const Defaults box3d_double[] = {{2, 32, 32, 2, 0, 0}, {1, 32, 32, 1, 0, 0}, {1, 32, 32, 1, 0, 0}, {1, 32, 32, 1, 0, 0}};

static Defaults defaults_for(const Stencil *st, int r, DType dt) {
  bool box = !st->diagonal_free, d3 = st->dims == 3, dbl = dt == DTYPE_DOUBLE;
  int i = (r < 1 ? 1 : r > 4 ? 4 : r) - 1;
  static const Defaults star2d[] = {{12, 128, 1, 4, 128, 2}, {8, 128, 1, 4, 128, 2}, {4, 256, 1, 4, 128, 2}, {4, 256, 1, 4, 128, 2}};
  static const Defaults box2d[] = {{7, 128, 1, 4, 128, 2}, {2, 256, 1, 6, 80, 1}, {2, 256, 1, 4, 128, 1}, {2, 512, 1, 4, 128, 1}};
  static const Defaults star3d[] = {{3, 32, 32, 8, 0, 0}, {2, 32, 32, 8, 0, 0}, {1, 32, 32, 6, 0, 0}, {1, 32, 32, 8, 0, 0}};
  static const Defaults box3d[] = {{2, 32, 32, 8, 0, 0}, {1, 32, 32, 4, 0, 0}, {1, 32, 32, 4, 0, 0}, {1, 32, 32, 4, 0, 0}};
  static const Defaults *const table[2][2][2] = {{{star2d, box2d}, {star3d, box3d}},
                                                 {{star2d_double, box2d_double}, {star3d_double, box3d_double}}};
  Defaults d = table[dbl][d3][box][i];
  if (!st->associative) { /* a non-linear update holds more temporaries: two rows in float, one
                           * in 2D double (3D double keeps its table's), and gradient2d measured
                           * best at one column, in float under the one-column kernel's cap */
    if (!dbl || !d3) d.rows = dbl ? 1 : 2;
    if (d.cols > 1) {
      d.cols = 1;
      if (!dbl) d.regs = 64, d.bsx = 256; /* gradient2d: 1155 against 1074 at 128 threads */
    }
    /* in 2D double (gradient2d: a double square root and division per cell) at most 4 steps:
     * 284 at bT 12 -> 357 at bT 4 (results/n5d_double_bt_h200_ca5ab08.csv) */
    if (dbl && !d3 && d.bt > 4) d.bt = 4;
  }
  return d;
}

static void default_params(const Stencil *st, const N5dParams *p, DType dt, Plan *pl) {
  int r = st->radius[st->dims - 1] > pl->rs ? st->radius[st->dims - 1] : pl->rs;
  Defaults d = defaults_for(st, r, dt);
  pl->bt = p->bt ? p->bt : d.bt;
  pl->bsx = p->bs[0] ? p->bs[0] : d.bsx;
  pl->bsy = st->dims == 3 ? (p->bs[1] ? p->bs[1] : d.bsy) : 1;
  pl->v = p->rows ? p->rows : d.rows;
  /* a cap tuned for the default shape would not fit another block */
  pl->regs = p->regs ? p->regs : p->bt || p->bs[0] || p->rows || p->cols ? 0 : d.regs;
  int dcols = p->bt || p->bs[0] || p->rows || p->regs ? 0 : d.cols; /* as the cap: default shape only */
  pl->cols = p->cols ? p->cols : dcols ? dcols : 1;
  pl->wide = p->cols > 0 || dcols > 0;
}

/* Shared-memory reads per thread and level, as emit_level writes them: the general mode reads
 * every point from its ring; the diagonal-free one the in-plane points of its own row (the others
 * are in its register ring); the associative one each in-plane offset once (AN5D's "practical"
 * count: the value stays in a register for the partial sums it feeds). */
static int shared_reads(const Stencil *st, N5dMode mode) {
  int reads = 0;
  for (int p = 0; p < st->npoints; p++) {
    const int *o = st->points[p].off;
    bool in_plane = o[1] != 0 || (st->dims == 3 && o[2] != 0);
    if (mode == N5D_GENERAL) reads++;
    else if (mode == N5D_DIAGONAL_FREE) reads += o[0] == 0 && in_plane;
    else if (emit_coef_used(st, p)) {
      bool first = true;
      for (int q = 0; q < p && first; q++)
        first = !(emit_coef_used(st, q) && st->points[q].off[1] == o[1] && st->points[q].off[2] == o[2]);
      reads += first;
    }
  }
  return reads;
}

typedef struct {
  int dy, cc; /* rows of threads away along y (3D), column of the row (see spot) */
} Spot;
static bool published(const Plan *pl, int c);
static bool own_column(const Plan *pl, Spot s);
static Spot spot(const Stencil *st, const Plan *pl, int point, int c);

/* The same counts for --cols, per cell: the distinct columns outside the thread (or, in the
 * general mode, every point) that its N columns read, and the columns it publishes, over N. */

static void wide_shared_words(const Stencil *st, Plan *pl) {
  int reads = 0, writes = 0, n = pl->cols;
  for (int c = 0; c < n; c++) {
    writes += published(pl, c);
    for (int p = 0; p < st->npoints; p++) {
      const int *o = st->points[p].off;
      Spot s = spot(st, pl, p, c);
      int row = pl->mode == N5D_GENERAL ? o[0] : 0;
      bool read = pl->mode == N5D_GENERAL ||
                  (!own_column(pl, s) && (pl->mode == N5D_DIAGONAL_FREE ? o[0] == 0 : emit_coef_used(st, p)));
      for (int c2 = 0; c2 <= c && read; c2++) /* an address read before is read once */
        for (int q = 0; q < (c2 < c ? st->npoints : p) && read; q++) {
          const int *o2 = st->points[q].off;
          Spot s2 = spot(st, pl, q, c2);
          bool q_read = pl->mode == N5D_GENERAL || (pl->mode == N5D_DIAGONAL_FREE ? o2[0] == 0 : emit_coef_used(st, q));
          read = !(q_read && s2.dy == s.dy && s2.cc == s.cc && (pl->mode == N5D_GENERAL ? o2[0] : 0) == row);
        }
      reads += read;
    }
  }
  pl->smem_reads = (double)reads / n;
  pl->smem_writes = (double)writes / n;
}

/* A row of the --cols kernel holds one sub-row per column class c: column c of every thread,
 * padded by the threads a radius reaches (so a warp's accesses fall in distinct banks); in 3D a
 * sub-plane of BSY such rows, padded by RY rows of threads too. */
static long shared_bytes(const Plan *pl, DType dt) {
  long row = (long)(pl->ry * pl->bsx + pl->rx) * 2 + (long)pl->bsx * pl->bsy;
  if (pl->wide)
    row = (long)pl->cols * ((long)pl->bsx * pl->bsy + 2 * (pl->ry * pl->bsx + (pl->rx + pl->cols - 1) / pl->cols));
  long rows = pl->mode == N5D_GENERAL ? (long)pl->bt * pl->w : 2L * pl->v;
  return rows * row * ir_dtype_bytes(dt);
}

static int lookahead(const Plan *pl);

/* V rows per barrier, and the ring and unroll they imply. */
static void set_rows(Plan *pl, int v) {
  pl->v = v;
  pl->w = 2 * pl->rs + pl->v;
  pl->copies = pl->w / gcd(pl->w, pl->v);
}

/* Registers a thread of the 3D --cols kernel needs, estimated from the values it keeps live: per
 * column, the rings of W rows of its levels (DF: levels 0..bT-1, ASSOC: 1..bT; GENERAL keeps
 * them in shared memory), the prefetched rows of level 0, V outputs and (ASSOC, GENERAL) V new
 * rows of the level below; a double takes two registers. The 16 + 10 per column are the indices,
 * the column's offsets, addresses and tests, as ptxas (sm_90) allocates them for star3d1r and
 * box3d1r at 2 and 4 columns (128 registers and 24 to 88 bytes of spills where 4 per column
 * admitted 4 columns of 3 rows). Over the budget the kernel spills its rings to local
 * memory, which in 3D (the whole plane's threads spilling each row) costs more than the columns
 * gain; in 2D the caps that spill a little were measured faster, and no estimate applies. */
static int wide_registers(const Plan *pl, DType dt) {
  int rings = pl->mode == N5D_GENERAL ? 0 : pl->bt * pl->w;
  int per_col = rings + lookahead(pl) + pl->v + (pl->mode == N5D_DIAGONAL_FREE ? 0 : pl->v);
  return pl->cols * per_col * ir_dtype_bytes(dt) / 4 + 16 + 10 * pl->cols;
}

/* The registers a thread may take: the cap, or the SM's file shared by one block's threads. */
static int register_budget(const Plan *pl, const GpuSpec *gpu) {
  long share = gpu->regs_per_sm / ((long)pl->bsx * pl->bsy);
  int most = share < gpu->max_regs_per_thread ? (int)share : gpu->max_regs_per_thread;
  return pl->regs && pl->regs < most ? pl->regs : most;
}

/* The 3D --cols kernel's rows per barrier: without --rows as many as registers and shared memory
 * hold; a refusal (-1) when the thread's columns do not fit its registers, with the rows that
 * would. */
static int fit_wide_rows(const N5dParams *p, DType dt, const GpuSpec *gpu, Plan *pl, Refusal *why) {
  int budget = register_budget(pl, gpu);
  while (!p->rows && pl->v > 1 && (wide_registers(pl, dt) > budget || shared_bytes(pl, dt) > gpu->smem_per_block))
    set_rows(pl, pl->v - 1);
  if (wide_registers(pl, dt) <= budget) return 0;
  int need = wide_registers(pl, dt), rows = pl->v, fit = 0;
  for (int v = rows - 1; v >= 1 && !fit; v--) {
    set_rows(pl, v);
    fit = wide_registers(pl, dt) <= budget ? v : 0;
  }
  char fits[32] = "";
  if (fit) snprintf(fits, sizeof fits, "; --rows %d fits", fit);
  return codegen_refuse(why, "lower --rows, --bt or --cols, or take fewer threads per block (512 leave 128 "
                             "registers to each, 256 leave 255)",
                        "--cols %d in 3D: a thread keeps about %d registers (%d columns of %d levels of "
                        "%d-row rings, %d rows per barrier, %s); %d fit %s%s", pl->cols, need, pl->cols,
                        pl->bt, 2 * pl->rs + rows, rows, ir_dtype_name(dt), budget,
                        pl->regs ? "under --regs" : "when the block's threads share an SM", fits);
}

/* Fills the plan and refuses impossible combinations with the limit and the value. */
static int n5d_plan(const Stencil *st, const GenOptions *opt, void *plan, Refusal *why) {
  N5dParams params;
  codegen_get_params(opt, &params, sizeof params);
  const N5dParams *p = &params;
  Plan *pl = plan;
  const GpuSpec *gpu = model_gpu_target();
  memset(pl, 0, sizeof *pl);
  if (st->dims == 1)
    return codegen_refuse(why, "use --backend naive (CUDA) or cpu for 1D stencils",
                          "N.5D blocking streams axis 0 through tiles of the other axes; a 1D "
                          "stencil has no other axis to tile");
  pl->mode = choose_mode(st, p);
  pl->hsn = p->hsn;
  pl->rs = st->radius[0];
  pl->ry = st->dims == 3 ? st->radius[1] : 0;
  pl->rx = st->radius[st->dims - 1];
  pl->linear = st->associative && !p->no_assoc_opt;
  default_params(st, p, opt->dtype, pl);
  set_rows(pl, pl->v);
  if (st->dims == 2 && p->bs[1])
    return codegen_refuse(why, "give --bs one value in 2D", "a 2D stencil takes one block size");
  if (pl->bt < 1 || pl->bt > MAX_BT)
    return codegen_refuse(why, "choose --bt between 1 and 32", "bT = %d is outside 1..%d", pl->bt,
                          MAX_BT);
  if (pl->v < 1 || pl->v > MAX_ROWS)
    return codegen_refuse(why, "choose --rows between 1 and 8",
                          "%d rows per barrier is outside 1..%d", pl->v, MAX_ROWS);
  if (pl->cols < 1 || pl->cols > MAX_COLS)
    return codegen_refuse(why, "choose --cols between 1 and 8",
                          "%d columns per thread is outside 1..%d", pl->cols, MAX_COLS);
  long threads = (long)pl->bsx * pl->bsy;
  if (pl->bsx < 1 || pl->bsy < 1 || threads > gpu->max_threads_per_block || threads % 32)
    return codegen_refuse(why,
                          "choose --bs so that the threads per block are a multiple of 32, at most 1024",
                          "a block of %dx%d = %ld threads is not a multiple of 32 up to %d",
                          pl->bsy, pl->bsx, threads, gpu->max_threads_per_block);
  if (pl->wide && st->dims == 3 && fit_wide_rows(p, opt->dtype, gpu, pl, why)) return -1;
  if (2 * pl->bt * pl->rx >= pl->bsx * pl->cols || (st->dims == 3 && 2 * pl->bt * pl->ry >= pl->bsy))
    return codegen_refuse(why, "lower --bt or widen --bs",
                          "the halo 2*bT*radius = %d (x) / %d (y) leaves no output in a %dx%d block",
                          2 * pl->bt * pl->rx, 2 * pl->bt * pl->ry, pl->bsy, pl->bsx * pl->cols);
  pl->smem = shared_bytes(pl, opt->dtype);
  if (pl->smem > gpu->smem_per_block)
    return codegen_refuse(why, pl->wide ? "lower --bt, --rows, --bs or --cols" : "lower --bt or --bs",
                          "needs %ld bytes of shared memory per block, the limit is %ld", pl->smem,
                          gpu->smem_per_block);
  if (pl->regs && (pl->regs < 24 || pl->regs > gpu->max_regs_per_thread || pl->regs * threads > gpu->regs_per_sm))
    return codegen_refuse(why, "choose --regs so that regs * threads fit the registers of an SM",
                          "a cap of %d registers for %ld threads is outside 24..%d or over the %d "
                          "registers of an SM", pl->regs, threads, gpu->max_regs_per_thread,
                          gpu->regs_per_sm);
  if (pl->hsn < 0)
    return codegen_refuse(why, "--hsn counts rows; give a positive number", "negative hSN");
  if (pl->wide) wide_shared_words(st, pl);
  else {
    pl->smem_reads = shared_reads(st, pl->mode);
    pl->smem_writes = 1; /* the level's own row */
  }
  return 0;
}

/* ---- kernel body ---- */

/* Ring slot of a row, given as its distance from the first row of the loop iteration: slots
 * are compile-time constants because the loop body spans a multiple of the ring size. */
static int slot(const Plan *pl, int x) { return ((x % pl->w) + pl->w) % pl->w; }

/* The --cols kernel names every per-column value with the column: "r3_2" becomes "r3_2_c". */
typedef struct {
  char s[16];
} Suffix;

static Suffix col(const Plan *pl, int c) {
  Suffix x = {""};
  if (pl->wide) snprintf(x.s, sizeof x.s, "_%d", c);
  return x;
}

/* Per-column names of the --cols kernel ("pc2"), the one-column kernel's names as they were. */
static Suffix colvar(const Plan *pl, int c) {
  Suffix x = {""};
  if (pl->wide) snprintf(x.s, sizeof x.s, "%d", c);
  return x;
}

static int floor_div(int a, int b) { return a >= 0 ? a / b : -((-a + b - 1) / b); }

/* Whether column c of a thread goes to shared memory: the one-column kernel, the general mode
 * (which reads every point there) and 3D (the rows of threads above and below read every column)
 * publish all; otherwise only the columns within a radius of the thread's edges, the only ones
 * another thread reads. */
static bool published(const Plan *pl, int c) {
  return !pl->wide || pl->mode == N5D_GENERAL || pl->ry > 0 || c < pl->rx || c >= pl->cols - pl->rx;
}

typedef struct {
  const Plan *pl;
  int k;   /* level being computed */
  int row; /* the output row, as a distance from the iteration's first row at level 0 */
  int j;   /* its index among the V rows of this barrier */
  int c;   /* its column among the thread's N5D_COLS */
} LoadCtx;

/* In-plane displacement of a point in shared memory: dy * BSX + dx. */
static int plane_offset(const Stencil *st, const Plan *pl, int point) {
  const int *o = st->points[point].off;
  return st->dims == 3 ? o[1] * pl->bsx + o[2] : o[1];
}

static void emit_displacement(Buf *out, int d) {
  if (d) buf_printf(out, " %c %d", d < 0 ? '-' : '+', d < 0 ? -d : d);
}

/* Where point `point` of the thread's column c lies in the plane: for the one-column kernel the
 * whole in-plane displacement dy * BSX + dx as cc; for --cols dy rows of threads away (3D) and
 * column cc = c + dx of that row, which may lie in another thread. */
static Spot spot(const Stencil *st, const Plan *pl, int point, int c) {
  const int *o = st->points[point].off;
  if (!pl->wide) return (Spot){0, c + plane_offset(st, pl, point)};
  return (Spot){st->dims == 3 ? o[1] : 0, c + o[st->dims - 1]};
}

/* The in-plane part of a shared-memory address: column s.cc of the thread (any integer for
 * --cols) lies in sub-row cc mod COLS, threads away, s.dy rows of threads away. */
static void emit_column(Buf *out, const Plan *pl, Spot s) {
  int ct = floor_div(s.cc, pl->cols), cm = s.cc - ct * pl->cols;
  if (cm) buf_printf(out, " + %d * SMCOL", cm);
  emit_displacement(out, s.dy * pl->bsx + ct);
}

/* "sm[b + t + j * SMROW +- d]": plane j of the current buffer of the pair, column cc. */
static void emit_pair_read(Buf *out, const Plan *pl, int j, Spot cc) {
  buf_puts(out, "sm[b + t");
  if (j) buf_printf(out, " + %d * SMROW", j);
  emit_column(out, pl, cc);
  buf_puts(out, "]");
}

/* Slot s of level k's shared ring (GENERAL), column cc. */
static void emit_ring_read(Buf *out, const Plan *pl, int k, int s, Spot cc) {
  buf_printf(out, "sm[%d * SMROW + PAD + t", k * pl->w + s);
  emit_column(out, pl, cc);
  buf_puts(out, "]");
}

/* Whether a cell is one of the thread's own columns (in its registers): only the --cols kernel
 * reads its own neighbours there. */
static bool own_column(const Plan *pl, Spot s) { return pl->wide && s.dy == 0 && s.cc >= 0 && s.cc < pl->cols; }

static void load_df(Buf *out, const Stencil *st, int point, const void *ctx) {
  const LoadCtx *c = ctx;
  Spot s = spot(st, c->pl, point, c->c);
  if ((s.dy == 0 && s.cc == c->c) || own_column(c->pl, s))
    buf_printf(out, "r%d_%d%s", c->k - 1, slot(c->pl, c->row + st->points[point].off[0]),
               col(c->pl, s.cc).s);
  else emit_pair_read(out, c->pl, c->j, s);
}

static void load_general(Buf *out, const Stencil *st, int point, const void *ctx) {
  const LoadCtx *c = ctx;
  emit_ring_read(out, c->pl, c->k - 1, slot(c->pl, c->row + st->points[point].off[0]),
                 spot(st, c->pl, point, c->c));
}

static void emit_formula(Buf *out, const Stencil *st, const Plan *pl, DType dt, EmitLoadFn load,
                         const LoadCtx *c) {
  if (pl->linear) emit_linear_form(out, st, dt, load, c);
  else emit_expr(out, st, st->expr, dt, load, c);
}

/* "INTERIOR(q + j)": whether the cell of row q + j (column c) is updated. */
static void emit_interior(Buf *out, const Plan *pl, int j, int c) {
  buf_printf(out, "INTERIOR(q + %d", j);
  if (pl->wide) buf_printf(out, ", pin%d", c);
  buf_puts(out, ")");
}

/* The V rows of level k-1 that the neighbours read go to shared memory (the pair, or level k-1's
 * ring), then one barrier for all V; the outputs o0.. start at 0. */
static void emit_publish(Emitter *e, const Plan *pl, int k, int base) {
  for (int j = 0; j < pl->v; j++)
    for (int c = 0; c < pl->cols; c++) {
      if (!published(pl, c)) continue;
      em_begin(e);
      if (pl->mode == N5D_GENERAL) emit_ring_read(e->out, pl, k - 1, slot(pl, base + pl->rs + j), (Spot){0, c});
      else emit_pair_read(e->out, pl, j, (Spot){0, c});
      if (pl->mode == N5D_DIAGONAL_FREE) buf_printf(e->out, " = r%d_%d%s;", k - 1, slot(pl, base + j), col(pl, c).s);
      else buf_printf(e->out, " = nv%d%s;", j, col(pl, c).s);
      em_end(e);
    }
  em_line(e, "__syncthreads();");
  em_begin(e);
  buf_puts(e->out, "rt_real");
  for (int j = 0; j < pl->v; j++)
    for (int c = 0; c < pl->cols; c++) buf_printf(e->out, "%s o%d%s = 0", j || c ? "," : "", j, col(pl, c).s);
  buf_puts(e->out, ";");
  em_end(e);
}

/* "oJ = <the update of row base + j of level k>;", reading the points through `load`. */
static void emit_output(Emitter *e, const Stencil *st, const Plan *pl, DType dt, EmitLoadFn load,
                        int k, int base, int j, int c) {
  LoadCtx ctx = {pl, k, base + j, j, c};
  em_begin(e);
  buf_printf(e->out, "o%d%s = ", j, col(pl, c).s);
  emit_formula(e->out, st, pl, dt, load, &ctx);
  buf_puts(e->out, ";");
  em_end(e);
}

/* DF: each row from the register ring (its own column) and the pair (in-plane neighbours); a
 * cell outside the interior keeps its value. */
static void emit_rows_df(Emitter *e, const Stencil *st, const Plan *pl, DType dt, int k, int base) {
  for (int j = 0; j < pl->v; j++)
    for (int c = 0; c < pl->cols; c++) {
      const char *cs = col(pl, c).s;
      emit_output(e, st, pl, dt, load_df, k, base, j, c);
      em_begin(e);
      buf_printf(e->out, "o%d%s = ", j, cs);
      emit_interior(e->out, pl, j, c);
      buf_printf(e->out, " ? o%d%s : r%d_%d%s;", j, cs, k - 1, slot(pl, base + j), cs);
      em_end(e);
    }
}

/* ASSOC: new row j of level k-1 (plane j of the pair) adds its weighted neighbours into the
 * partial sums of the level-k rows that read it; row q+j is then complete, its last rows of
 * level k-1 just arrived. */
static void emit_rows_assoc(Emitter *e, const Stencil *st, const Plan *pl, DType dt, int k, int base) {
  for (int j = 0; j < pl->v; j++)
    for (int c = 0; c < pl->cols; c++)
      for (int p = 0; p < st->npoints; p++) {
        if (!emit_coef_used(st, p)) continue;
        int reader = base + pl->rs + j - st->points[p].off[0]; /* the row whose point p this is */
        Spot cc = spot(st, pl, p, c);
        em_begin(e);
        buf_printf(e->out, "a%d_%d%s += ", k, slot(pl, reader), col(pl, c).s);
        emit_coef(e->out, st, p, dt);
        buf_puts(e->out, " * ");
        if (own_column(pl, cc)) buf_printf(e->out, "nv%d%s", j, col(pl, cc.cc).s);
        else emit_pair_read(e->out, pl, j, cc);
        buf_puts(e->out, ";");
        em_end(e);
      }
  for (int j = 0; j < pl->v; j++)
    for (int c = 0; c < pl->cols; c++) {
      int at = slot(pl, base + j);
      const char *cs = col(pl, c).s;
      em_begin(e);
      buf_printf(e->out, "o%d%s = a%d_%d%s", j, cs, k, at, cs);
      if (st->constant != 0) {
        buf_puts(e->out, " + ");
        emit_number(e->out, st->constant, dt);
      }
      buf_puts(e->out, ";");
      em_end(e);
      em_line(e, "a%d_%d%s = 0;", k, at, cs);
      em_begin(e);
      buf_puts(e->out, "if (!");
      emit_interior(e->out, pl, j, c);
      buf_printf(e->out, ") o%d%s = in[(long)clamp0(q + %d) * s0 + pc%s];", j, cs, j, colvar(pl, c).s);
      em_end(e);
    }
}

/* GENERAL: every point from level k-1's shared ring. */
static void emit_rows_general(Emitter *e, const Stencil *st, const Plan *pl, DType dt, int k,
                              int base) {
  for (int j = 0; j < pl->v; j++)
    for (int c = 0; c < pl->cols; c++) {
      emit_output(e, st, pl, dt, load_general, k, base, j, c);
      em_begin(e);
      buf_puts(e->out, "if (!");
      emit_interior(e->out, pl, j, c);
      buf_printf(e->out, ") o%d%s = ", j, col(pl, c).s);
      emit_ring_read(e->out, pl, k - 1, slot(pl, base + j), (Spot){0, c});
      buf_puts(e->out, ";");
      em_end(e);
    }
}

/* The last level stores its rows; the others hand them to level k + 1. */
static void emit_hand_on(Emitter *e, const Plan *pl, int k, int base) {
  em_open(e, "if (L == %d)", k);
  for (int j = 0; j < pl->v; j++)
    for (int c = 0; c < pl->cols; c++) {
      const char *v = colvar(pl, c).s;
      em_line(e, "if (own%s && q + %d >= i0 && q + %d < i1) out[(long)(q + %d) * s0 + p%s] = o%d%s;", v, j,
              j, j, v, j, col(pl, c).s);
    }
  if (k < pl->bt) { /* the last level of the widest instantiation has no successor */
    em_else(e);
    for (int j = 0; j < pl->v; j++)
      for (int c = 0; c < pl->cols; c++) {
        const char *cs = col(pl, c).s;
        if (pl->mode == N5D_DIAGONAL_FREE) em_line(e, "r%d_%d%s = o%d%s;", k, slot(pl, base + j), cs, j, cs);
        else em_line(e, "nv%d%s = o%d%s;", j, cs, j, cs);
      }
  }
  em_close(e);
}

/* Level k of copy u computes rows q .. q+V-1 (q = s - k*RS) from the newest V rows of level
 * k-1, in the register ring `r` (DF) or in nv0.. (ASSOC, GENERAL): one barrier for all V. */
static void emit_level(Emitter *e, const Stencil *st, const Plan *pl, DType dt, int k, int u) {
  int base = u * pl->v - k * pl->rs;
  em_open(e, "if (L >= %d)", k);
  em_line(e, "const int q = s - %d;", k * pl->rs);
  emit_publish(e, pl, k, base);
  em_open(e, "if (LIVE(%d))", k);
  switch (pl->mode) {
  case N5D_DIAGONAL_FREE: emit_rows_df(e, st, pl, dt, k, base); break;
  case N5D_ASSOCIATIVE: emit_rows_assoc(e, st, pl, dt, k, base); break;
  case N5D_GENERAL: emit_rows_general(e, st, pl, dt, k, base); break;
  }
  em_close(e);
  if (pl->mode != N5D_GENERAL) em_line(e, "b = 2 * PAD + N5D_ROWS * SMROW - b;");
  emit_hand_on(e, pl, k, base);
  em_close(e);
}

/* Prefetch depth of the level-0 loads: rows s .. s+LOOKAHEAD-1 are in flight or arrived in
 * ld0.. when the copy of row s starts, so at least a whole copy of on-chip work hides a load. */
static int lookahead(const Plan *pl) { return pl->v < 2 ? 2 : pl->v; }

static void emit_copy(Emitter *e, const Stencil *st, const Plan *pl, DType dt, int u) {
  int V = pl->v, A = lookahead(pl);
  em_open(e, "%s", "");
  em_line(e, "if (m + %d >= M) break;", u * V);
  em_line(e, "const int s = S0 + m + %d;", u * V);
  for (int j = 0; j < V; j++)
    for (int c = 0; c < pl->cols; c++) {
      const char *cs = col(pl, c).s;
      if (pl->mode == N5D_DIAGONAL_FREE) em_line(e, "r0_%d%s = ld%d%s;", slot(pl, u * V + j), cs, j, cs);
      else em_line(e, "rt_real nv%d%s = ld%d%s;", j, cs, j, cs);
    }
  for (int i = 0; i + V < A; i++)
    for (int c = 0; c < pl->cols; c++) em_line(e, "ld%d%s = ld%d%s;", i, col(pl, c).s, i + V, col(pl, c).s);
  for (int i = A - V; i < A; i++)
    for (int c = 0; c < pl->cols; c++)
      em_line(e, "ld%d%s = in[(long)clamp0(s + %d) * s0 + pc%s];", i, col(pl, c).s, i + V, colvar(pl, c).s);
  for (int k = 1; k <= pl->bt; k++) emit_level(e, st, pl, dt, k, u);
  if (pl->mode == N5D_GENERAL)
    em_line(e, "if (L == 1) __syncthreads(); /* the ring slots are rewritten next copy */");
  em_close(e);
}

static void emit_registers(Emitter *e, const Plan *pl) {
  if (pl->mode == N5D_GENERAL) return;
  const char *name = pl->mode == N5D_DIAGONAL_FREE ? "r" : "a";
  int first = pl->mode == N5D_DIAGONAL_FREE ? 0 : 1, last = pl->mode == N5D_DIAGONAL_FREE ? pl->bt - 1 : pl->bt;
  for (int k = first; k <= last; k++) {
    em_begin(e);
    buf_puts(e->out, "rt_real");
    for (int s = 0; s < pl->w; s++)
      for (int c = 0; c < pl->cols; c++)
        buf_printf(e->out, "%s %s%d_%d%s = 0", s || c ? "," : "", name, k, s, col(pl, c).s);
    buf_puts(e->out, ";");
    em_end(e);
  }
}

static void emit_defines(Buf *out, const Stencil *st, const Plan *pl) {
  int d = st->dims;
  const GpuSpec *gpu = model_gpu_target();
  buf_printf(out, "/* n5d: %s mode, bT=%d, block %dx%d, hSN=%d rows (0: from the size), %d rows "
                  "per barrier, register cap %d (0: none), %ld bytes of shared memory */\n",
             mode_names[pl->mode], pl->bt, pl->bsy, pl->bsx, pl->hsn, pl->v, pl->regs, pl->smem);
  buf_printf(out, "#define N5D_BT %d\n#define N5D_HSN %d\n#define N5D_ROWS %d\n#define BSX %d\n#define BSY %d\n",
             pl->bt, pl->hsn, pl->v, pl->bsx, pl->bsy);
  buf_printf(out, "#define RS %d\n#define RY %d\n#define RX %d\n", pl->rs, pl->ry, pl->rx);
  if (pl->wide) /* sub-row (3D: sub-plane) c of a shared row holds column c of every thread */
    buf_printf(out, "#define N5D_COLS %d\n#define PAD (%s(RX + N5D_COLS - 1) / N5D_COLS)\n"
                    "#define SMCOL (PAD + BSX%s + PAD)\n#define SMROW (N5D_COLS * SMCOL)\n", pl->cols,
               d == 3 ? "RY * BSX + " : "", d == 3 ? " * BSY" : "");
  else buf_puts(out, "#define PAD (RY * BSX + RX)\n#define SMROW (PAD + BSX * BSY + PAD)\n");
  buf_printf(out, "#define N5D_SMEM %ld\n", pl->smem);
  for (int a = 0; a < d; a++) buf_printf(out, "#define LO%d %d\n#define HI%d %d\n", a, st->lo[a], a, st->hi[a]);
  long threads = (long)pl->bsx * pl->bsy;
  long minb = pl->regs ? gpu->regs_per_sm / (pl->regs * threads) : 1;
  buf_printf(out, "#define N5D_MINB %ld\n\n", minb < 1 ? 1 : minb);
}

/* The --cols kernel's per-column facts, from the thread's first column x (and in 3D its row y):
 * whether the column is in the interior (pinC), stored by this thread (ownC), its clamped and
 * actual offsets in the plane. */
static void emit_column_facts(Emitter *e, const Plan *pl, int dims) {
  bool d3 = dims == 3;
  int a = dims - 1; /* x */
  em_line(e, "const int e%d = n%d + LO%d + HI%d%s;", a, a, a, a, d3 ? ", tx = t % BSX, ty = t / BSX" : "");
  if (d3) {
    em_line(e, "const int e1 = n1 + LO1 + HI1, yc = y < 0 ? 0 : y >= e1 ? e1 - 1 : y;");
    em_line(e, "const bool piny = y >= LO1 && y < LO1 + n1, owny = ty >= N5D_BT * RY && ty < BSY - N5D_BT * RY;");
    em_line(e, "const long py = (long)y * s1, pyc = (long)yc * s1;");
  }
  for (int c = 0; c < pl->cols; c++) {
    em_line(e, "const int x%d = x + %d, tc%d = %s * N5D_COLS + %d;", c, c, c, d3 ? "tx" : "t", c);
    em_line(e, "const bool pin%d = %sx%d >= LO%d && x%d < LO%d + n%d;", c, d3 ? "piny && " : "", c, a, c, a, a);
    em_line(e, "const bool own%d = pin%d && %stc%d >= N5D_BT * RX && tc%d < BSX * N5D_COLS - N5D_BT * RX;", c,
            c, d3 ? "owny && " : "", c, c);
    em_line(e, "const long pc%d = %sx%d < 0 ? 0 : x%d >= e%d ? e%d - 1 : x%d%s, p%d = %sx%d;", c,
            d3 ? "pyc + (" : "", c, c, a, a, c, d3 ? ")" : "", c, d3 ? "py + " : "", c);
    em_line(e, "(void)own%d; (void)pin%d;", c, c);
  }
}

/* The row loop, computing L levels: the N5D_BT of the full launches, or fewer in the last launch
 * of a step count that N5D_BT does not divide (FULL false: L is a run-time value; the tile and
 * its halos stay those of N5D_BT, wider than L levels need). So only four kernels get compiled,
 * and the full launches run code in which every level test is a constant.
 * It is instantiated twice more: EDGE for blocks whose rows (with their N5D_BT*RS halo rows)
 * reach past the interior along the stream, whose cells keep their values; inner blocks skip
 * that test. Each block picks one at run time (uniform branch), so one launch covers all. The
 * --cols kernel counts a block whose tile's columns reach past the interior as EDGE too, so
 * that inner blocks test nothing per cell. */
static void emit_rows(Emitter *e, const Stencil *st, const Plan *pl, DType dt) {
  /* Rows of threads (whole warps when BSX is a multiple of 32) whose level-k values no thread
   * reads skip that level's arithmetic; they still publish and meet every barrier. */
  em_directive(e, "#define LIVE(k) %s", st->dims == 3 ? "(t / BSX >= (k) * RY && t / BSX < BSY - (k) * RY)" : "true");
  if (pl->wide)
    em_directive(e, "#define INTERIOR(q, pin) (!EDGE || ((pin) && (q) >= LO0 && (q) < LO0 + n0))");
  else em_directive(e, "#define INTERIOR(q) (pin && (!EDGE || ((q) >= LO0 && (q) < LO0 + n0)))");
  em_line(e, "template <bool FULL, bool EDGE>");
  if (pl->wide && st->dims == 3)
    em_open(e, "__device__ __forceinline__ void n5d_rows(const rt_real *__restrict__ in,\n"
               "    rt_real *__restrict__ out, rt_real *sm, int n0, int n1, int n2, long s0, long s1,\n"
               "    int t, int x, int y, int i0, int i1, int nlev)");
  else if (pl->wide)
    em_open(e, "__device__ __forceinline__ void n5d_rows(const rt_real *__restrict__ in,\n"
               "    rt_real *__restrict__ out, rt_real *sm, int n0, int n1, long s0, int t, int x,\n"
               "    int i0, int i1, int nlev)");
  else
    em_open(e, "__device__ __forceinline__ void n5d_rows(const rt_real *__restrict__ in,\n"
               "    rt_real *__restrict__ out, rt_real *sm, int n0, long s0, int t, bool pin, bool own,\n"
               "    long pc, long p, int i0, int i1, int nlev)");
  em_line(e, "const int L = FULL ? N5D_BT : nlev;");
  em_line(e, "const int e0 = n0 + LO0 + HI0;");
  em_line(e, "auto clamp0 = [e0](int i) { return i < 0 ? 0 : i >= e0 ? e0 - 1 : i; };");
  if (pl->wide) emit_column_facts(e, pl, st->dims);
  em_line(e, "const int S0 = i0 - N5D_BT * RS, M = i1 - i0 + 2 * N5D_BT * RS;");
  em_line(e, "int b = PAD; /* current buffer of the pair (DF, ASSOC) */");
  em_line(e, "(void)b;");
  em_begin(e);
  buf_puts(e->out, "rt_real");
  for (int i = 0; i < lookahead(pl); i++)
    for (int c = 0; c < pl->cols; c++)
      buf_printf(e->out, "%s ld%d%s = in[(long)clamp0(S0 + %d) * s0 + pc%s]", i || c ? "," : "", i,
                 col(pl, c).s, i, colvar(pl, c).s);
  buf_puts(e->out, ";");
  em_end(e);
  emit_registers(e, pl);
  em_open(e, "for (int m = 0; m < M; m += %d)", pl->copies * pl->v);
  for (int u = 0; u < pl->copies; u++) emit_copy(e, st, pl, dt, u);
  em_close(e);
  em_close(e);
  em_blank(e);
}

void n5d_emit_chunk(Emitter *e, const char *rows) {
  em_line(e, "/* Rows per block along the stream: N5D_HSN, or rt_stream_chunk's (about two waves given\n"
             " * the number of tiles of the plane), at least 8 bT RS rows. */");
  em_open(e, "static int n5d_chunk(const RtGrid *g, long tiles)");
  em_line(e, "if (N5D_HSN > 0) return N5D_HSN;");
  em_line(e, "%s", rows);
  em_close(e);
  em_blank(e);
}

void n5d_emit_tile(Emitter *e, int dims) {
  bool d3 = dims == 3;
  int ax = dims - 1;
  em_line(e, "const int tx = threadIdx.x, t = %s;", d3 ? "threadIdx.y * BSX + tx" : "tx");
  em_line(e, "const int x = LO%d + blockIdx.x * (BSX - 2 * N5D_BT * RX) + tx - N5D_BT * RX;", ax);
  em_line(e, "const int ex = %s + LO%d + HI%d, xc = x < 0 ? 0 : x >= ex ? ex - 1 : x;", d3 ? "n2" : "n1", ax, ax);
  if (d3) {
    em_line(e, "const int ty = threadIdx.y;");
    em_line(e, "const int y = LO1 + blockIdx.y * (BSY - 2 * N5D_BT * RY) + ty - N5D_BT * RY;");
    em_line(e, "const int ey = n1 + LO1 + HI1, yc = y < 0 ? 0 : y >= ey ? ey - 1 : y;");
    em_line(e, "const bool pin = x >= LO2 && x < LO2 + n2 && y >= LO1 && y < LO1 + n1;");
    em_line(e, "const bool own = pin && tx >= N5D_BT * RX && tx < BSX - N5D_BT * RX && ty >= N5D_BT * RY &&\n"
               "                 ty < BSY - N5D_BT * RY;");
    em_line(e, "const long pc = (long)yc * s1 + xc, p = (long)y * s1 + x;");
    em_line(e, "const int i0 = LO0 + blockIdx.z * chunk;");
  } else {
    em_line(e, "const bool pin = x >= LO1 && x < LO1 + n1;");
    em_line(e, "const bool own = pin && tx >= N5D_BT * RX && tx < BSX - N5D_BT * RX;");
    em_line(e, "const long pc = xc, p = x;");
    em_line(e, "const int i0 = LO0 + blockIdx.y * chunk;");
  }
  em_line(e, "const int i1 = i0 + chunk < LO0 + n0 ? i0 + chunk : LO0 + n0;");
}

/* The --cols tile: thread t computes the N5D_COLS columns from x (in 3D, of row y of the plane);
 * xb (yb) is the block's first column (row), halo included. A block is EDGE when its rows along
 * the stream, its columns or (3D) its rows of the plane reach past the interior. */
static void emit_wide_tile(Emitter *e, int dims) {
  bool d3 = dims == 3;
  int a = dims - 1; /* x */
  em_line(e, "const int t = %s;", d3 ? "threadIdx.y * BSX + threadIdx.x" : "threadIdx.x");
  em_line(e, "const int xb = LO%d + blockIdx.x * (BSX * N5D_COLS - 2 * N5D_BT * RX) - N5D_BT * RX;", a);
  em_line(e, "const int x = xb + %s * N5D_COLS;", d3 ? "threadIdx.x" : "t");
  if (d3) em_line(e, "const int yb = LO1 + blockIdx.y * (BSY - 2 * N5D_BT * RY) - N5D_BT * RY, y = yb + threadIdx.y;");
  em_line(e, "const int i0 = LO0 + blockIdx.%c * chunk;", d3 ? 'z' : 'y');
  em_line(e, "const int i1 = i0 + chunk < LO0 + n0 ? i0 + chunk : LO0 + n0;");
  em_line(e, "if (i0 - N5D_BT * RS < LO0 || i1 + N5D_BT * RS > LO0 + n0 ||\n"
             "    xb < LO%d || xb + BSX * N5D_COLS > LO%d + n%d%s)", a, a, a,
          d3 ? " || yb < LO1 || yb + BSY > LO1 + n1" : "");
}

static void emit_kernel(Emitter *e, const Stencil *st, const Plan *pl, DType dt) {
  bool d3 = st->dims == 3;
  emit_rows(e, st, pl, dt);
  em_line(e, "template <bool FULL>");
  em_line(e, "__global__ void __launch_bounds__(BSX * BSY, FULL ? N5D_MINB : 1)");
  em_open(e, "n5d_kernel(const rt_real *__restrict__ in, rt_real *__restrict__ out, int n0, int n1%s",
          d3 ? ", int n2, long s0, long s1, int chunk, int nlev)" : ", long s0, int chunk, int nlev)");
  em_line(e, "extern __shared__ __align__(16) unsigned char n5d_smem[];");
  em_line(e, "rt_real *sm = reinterpret_cast<rt_real *>(n5d_smem);");
  const char *args = "(in, out, sm, n0, s0, t, pin, own, pc, p, i0, i1, nlev);";
  if (pl->wide) {
    emit_wide_tile(e, st->dims);
    args = d3 ? "(in, out, sm, n0, n1, n2, s0, s1, t, x, y, i0, i1, nlev);"
              : "(in, out, sm, n0, n1, s0, t, x, i0, i1, nlev);";
  } else {
    n5d_emit_tile(e, st->dims);
    em_line(e, "if (i0 - N5D_BT * RS < LO0 || i1 + N5D_BT * RS > LO0 + n0)");
  }
  e->depth++;
  em_line(e, "n5d_rows<FULL, true>%s", args);
  e->depth--;
  em_line(e, "else");
  e->depth++;
  em_line(e, "n5d_rows<FULL, false>%s", args);
  e->depth--;
  em_close(e);
  em_blank(e);
}

static void emit_host(Buf *out, const Stencil *st, const Plan *pl) {
  bool d3 = st->dims == 3;
  Emitter e = {out, 0};
  n5d_emit_chunk(&e, "return rt_cuda_stream_chunk(g->n[0], tiles, BSX * BSY, 8L * N5D_BT * (RS ? RS : 1));");
  em_line(&e, "template <bool FULL>");
  em_open(&e, "static void n5d_launch(const rt_real *in, rt_real *out, const RtGrid *g, int nlev)");
  emit_smem_setup(&e, "n5d_kernel<FULL>", "N5D_SMEM");
  if (d3) {
    em_line(&e, "dim3 grid(rt_cuda_blocks(g->n[2], BSX%s - 2 * N5D_BT * RX, 2147483647L),\n"
                "          rt_cuda_blocks(g->n[1], BSY - 2 * N5D_BT * RY, 65535L));",
            pl->wide ? " * N5D_COLS" : "");
    em_line(&e, "const int chunk = n5d_chunk(g, (long)grid.x * grid.y);");
    em_line(&e, "grid.z = rt_cuda_blocks(g->n[0], chunk, 65535L);");
    em_line(&e, "n5d_kernel<FULL><<<grid, dim3(BSX, BSY), N5D_SMEM>>>(in, out, (int)g->n[0], (int)g->n[1],\n"
                "    (int)g->n[2], g->stride[0], g->stride[1], chunk, nlev);");
  } else {
    em_line(&e, "dim3 grid(rt_cuda_blocks(g->n[1], BSX%s - 2 * N5D_BT * RX, 2147483647L));",
            pl->wide ? " * N5D_COLS" : "");
    em_line(&e, "const int chunk = n5d_chunk(g, grid.x);");
    em_line(&e, "grid.y = rt_cuda_blocks(g->n[0], chunk, 65535L);");
    em_line(&e, "n5d_kernel<FULL><<<grid, BSX, N5D_SMEM>>>(in, out, (int)g->n[0], (int)g->n[1],\n"
                "    g->stride[0], chunk, nlev);");
  }
  em_line(&e, "RT_CUDA_LAUNCH_CHECK();");
  em_close(&e);
  em_blank(&e);
  /* full launches run the kernel whose level tests are constants; the last one, when N5D_BT
   * does not divide the steps, the variant with a run-time level count */
  emit_advance_open(&e, "N5D_BT");
  em_line(&e, "if (bt == N5D_BT) n5d_launch<true>(buf[src], buf[1 - src], g, N5D_BT);");
  em_line(&e, "else n5d_launch<false>(buf[src], buf[1 - src], g, (int)bt);");
  emit_advance_close(&e);
}

static void n5d_emit(Buf *out, const Stencil *st, const GenOptions *opt, const void *plan) {
  const Plan *pl = plan;
  /* what the slots, the unrolled copies and the tile's output rely on */
  assert(pl->bt >= 1 && pl->v >= 1 && pl->w == 2 * pl->rs + pl->v);
  assert(pl->copies * pl->v % pl->w == 0 && pl->bsx * pl->cols > 2 * pl->bt * pl->rx);
  assert(st->dims == 2 || pl->bsy > 2 * pl->bt * pl->ry);
  assert(pl->smem <= model_gpu_target()->smem_per_block);
  emit_defines(out, st, plan);
  Emitter e = {out, 0};
  emit_kernel(&e, st, plan, opt->dtype);
  emit_host(out, st, plan);
}

static void n5d_explain(Buf *out, const Stencil *st, const void *plan) {
  const Plan *pl = plan;
  (void)st;
  buf_printf(out, "plan: %s mode, bT = %d steps per launch, block %dx%d threads, %d rows per barrier\n",
             mode_names[pl->mode], pl->bt, pl->bsy, pl->bsx, pl->v);
  buf_printf(out, "plan: ring of %d rows per level, loop unrolled %d times; register cap %d (0: none)\n",
             pl->w, pl->copies, pl->regs);
  buf_printf(out, "plan: halo %d cells along x, %d along y; stream chunk %d rows (0: from the size)\n",
             pl->bt * pl->rx, pl->bt * pl->ry, pl->hsn);
  buf_printf(out, "plan: %ld bytes of shared memory per block, %g shared reads per cell and level\n",
             pl->smem, pl->smem_reads);
  if (pl->wide)
    buf_printf(out, "plan: %d adjacent columns per thread, inner blocks free of boundary tests\n",
               pl->cols);
}

static const BackendOption n5d_options[] = {
    {"--bt", OPT_COUNT, PARAM_AT(N5dParams, bt), 0, false, NULL, "N", "time steps fused per launch"},
    {"--bs", OPT_SHAPE, PARAM_AT(N5dParams, bs), 2, true, NULL, "X|YxX",
     "threads per block along x (2D) or y and x (3D)"},
    {"--hsn", OPT_COUNT, PARAM_AT(N5dParams, hsn), 0, false, NULL, "N",
     "rows of the streaming axis per block (default: from the size)"},
    {"--regs", OPT_COUNT, PARAM_AT(N5dParams, regs), 0, false, NULL, "N", "register cap per thread"},
    {"--rows", OPT_COUNT, PARAM_AT(N5dParams, rows), 0, false, NULL, "N",
     "rows of the stream computed per barrier (1 to 8)"},
    {"--cols", OPT_COUNT, PARAM_AT(N5dParams, cols), 0, false, NULL, "N",
     "adjacent columns per thread along x (1 to 8), inner blocks free of boundary tests"},
    {"--no-diag-opt", OPT_FLAG, PARAM_AT(N5dParams, no_diag_opt), 0, false, NULL, "",
     "turn the diagonal-access-free optimisation off"},
    {"--no-assoc-opt", OPT_FLAG, PARAM_AT(N5dParams, no_assoc_opt), 0, false, NULL, "",
     "turn the associative (partial sums) optimisation off"},
    {NULL}
};

const Backend backend_n5d = {
    .name = "n5d", .engine = &engine_cuda, .multistep = 1, .options = n5d_options,
    .plan = n5d_plan, .explain = n5d_explain, .emit = n5d_emit,
    .summary = "CUDA, N.5D temporal blocking (AN5D): bT steps per launch on chip"};
