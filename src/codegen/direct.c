/* Direct backend: a 2D linear stencil computed as a direct convolution, for the wide filters
 * (conv2d of 11x11 and more) where SSAM's warps lose their edge lanes and naive's unrolled
 * products outgrow the instruction cache.
 *
 * The filter is its box of fh x fw weights (zero where the stencil has no point), written once
 * per step by a one-thread kernel from the coefficients (literals, scalars, run-time weights)
 * into a device array. A block of `warps` warps computes (warps P) x (32 Q) outputs: it copies
 * its input tile ((warps P + fh - 1) x (32 Q + fw - 1) cells, zeros past the grid's reach) and
 * the filter into shared memory, then every thread computes its P x Q cells in registers. The
 * thread walks the P + fh - 1 input rows its cells read in a loop that is not unrolled: it loads
 * the Q + fw - 1 values of the row with 16-byte loads (lane l starts at column Q l, so a quarter
 * warp's loads are 128 consecutive bytes: no bank conflict), and every one of its P output rows
 * that the row reaches (filter row r - p) adds fw x Q products, the filter row read by broadcast
 * loads. So the code holds P fw Q products whatever fh is, a thread does fh fw multiply-adds a
 * cell and one shared-memory load per Q of them, and no lane computes a cell it does not store.
 * The sums run over the filter's rows, then its columns, in order. One step per launch. */
#include <assert.h>
#include <stdlib.h>

#include "direct.h"
#include "emit.h"
#include "model/gpu.h"

_Static_assert(sizeof(DirectParams) <= sizeof(BackendParams), "direct parameters fit GenOptions");
_Static_assert(sizeof(DirectPlan) <= PLAN_MAX_BYTES, "the direct plan fits a PlanStore");

/* Limits, with their reasons. */
enum {
  WARP = 32,
  /* Cells a thread holds: each is a live sum, besides the row's Q + fw - 1 values; 64 spills in
   * double. */
  MAX_CELLS = 64,
  /* Warps per block: the block copies its tile before anyone computes, and 1024 threads is
   * CUDA's limit. */
  MAX_WARPS = 32,
  DEFAULT_ROWS = 8,
  DEFAULT_COLS = 4,
  DEFAULT_WARPS = 4,
};

static int round_up(int v, int m) { return (v + m - 1) / m * m; }

/* The box of the points the linear form uses. */
static void filter_box(const Stencil *st, DirectPlan *pl) {
  int hi[2] = {0, 0};
  bool any = false;
  for (int p = 0; p < st->npoints; p++) {
    if (!emit_coef_used(st, p)) continue;
    for (int a = 0; a < 2; a++) {
      int o = st->points[p].off[a];
      if (!any || o < pl->lo[a]) pl->lo[a] = o;
      if (!any || o > hi[a]) hi[a] = o;
    }
    any = true;
  }
  if (!any) pl->lo[0] = pl->lo[1] = 0;
  pl->fh = hi[0] - pl->lo[0] + 1;
  pl->fw = hi[1] - pl->lo[1] + 1;
}

static int direct_plan(const Stencil *st, const GenOptions *opt, void *plan, Refusal *why) {
  DirectParams p;
  codegen_get_params(opt, &p, sizeof p);
  DirectPlan *pl = plan;
  const GpuSpec *gpu = model_gpu_target();
  if (st->dims != 2)
    return codegen_refuse(why, "use --backend ssam, n5d or naive", "a %dD stencil: the direct backend "
                          "computes 2D stencils only", st->dims);
  if (codegen_require_linear(st, why, "it has no filter to convolve with")) return -1;
  const char *hint = "give --outputs RxC with C a multiple of 4 in float (2 in double), R C at most "
                     "64, and --warps from 1 to 32";
  if (!p.outputs[0] != !p.outputs[1])
    return codegen_refuse(why, hint, "--outputs takes two counts, rows then columns");
  pl->vec = 16 / ir_dtype_bytes(opt->dtype);
  pl->rows = p.outputs[0] ? p.outputs[0] : DEFAULT_ROWS;
  pl->cols = p.outputs[1] ? p.outputs[1] : DEFAULT_COLS;
  pl->warps = p.warps ? p.warps : DEFAULT_WARPS;
  if (pl->cols % pl->vec)
    return codegen_refuse(why, hint, "%d columns a thread are not a multiple of the %d elements of a "
                          "16-byte load", pl->cols, pl->vec);
  if (pl->rows * pl->cols > MAX_CELLS)
    return codegen_refuse(why, hint, "%d cells a thread are over the limit of %d (registers)",
                          pl->rows * pl->cols, MAX_CELLS);
  if (pl->warps > MAX_WARPS)
    return codegen_refuse(why, hint, "%d warps a block are over the limit of %d", pl->warps, MAX_WARPS);
  filter_box(st, pl);
  pl->wpitch = round_up(pl->fw, pl->vec);
  pl->tile_rows = pl->warps * pl->rows + pl->fh - 1;
  pl->tile_cols = WARP * pl->cols + pl->fw - 1;
  pl->pitch = round_up(pl->tile_cols, pl->vec);
  pl->loads = (pl->cols + pl->fw - 1 + pl->vec - 1) / pl->vec;
  /* a thread's last vector load ends within the row's pitch */
  assert((WARP - 1) * pl->cols + pl->loads * pl->vec <= pl->pitch + pl->vec);
  pl->pitch += pl->vec; /* room for that last load past the columns read */
  pl->smem = (long)(pl->tile_rows * pl->pitch + pl->fh * pl->wpitch) * ir_dtype_bytes(opt->dtype);
  if (pl->smem > gpu->smem_per_block)
    return codegen_refuse(why, "give --outputs or --warps fewer rows",
                          "a block's input tile and filter take %ld bytes of shared memory, over the "
                          "%ld of a block", pl->smem, gpu->smem_per_block);
  return 0;
}

/* The one-thread kernel writing the filter's box, row by row, into direct_wt. */
static void emit_weights(Emitter *e, const Stencil *st, DType dtype, const DirectPlan *pl) {
  em_line(e, "__device__ rt_real direct_wt[%d];", pl->fh * pl->wpitch);
  em_open(e, "__global__ void direct_weights(void)");
  for (int r = 0; r < pl->fh; r++)
    for (int c = 0; c < pl->wpitch; c++) {
      int point = -1;
      for (int p = 0; p < st->npoints && c < pl->fw; p++)
        if (emit_coef_used(st, p) && st->points[p].off[0] == pl->lo[0] + r &&
            st->points[p].off[1] == pl->lo[1] + c)
          point = p;
      em_begin(e);
      buf_printf(e->out, "direct_wt[%d] = ", r * pl->wpitch + c);
      if (point < 0) emit_number(e->out, 0, dtype);
      else emit_coef(e->out, st, point, dtype);
      buf_puts(e->out, ";");
      em_end(e);
    }
  em_close(e);
}

/* The block's input tile and filter into shared memory: rows of the tile to the warps in turn,
 * each row's columns across the lanes (coalesced), by asynchronous copies (cp.async), so that
 * all of a thread's loads are in flight at once and none holds a register; cells past what any
 * stored output reads are zero-filled, read from nowhere. (Measured on the H200 against plain
 * loads and two unrolled forms of them, bench/results/conv2d_direct_*_h200_*.csv.) */
static void emit_copy_in(Emitter *e, const Stencil *st, const DirectPlan *pl) {
  em_line(e, "extern __shared__ __align__(16) unsigned char direct_smem[];");
  em_line(e, "rt_real *const tile = (rt_real *)direct_smem;");
  em_line(e, "rt_real *const wts = tile + %d;", pl->tile_rows * pl->pitch);
  em_line(e, "const long y0 = (long)blockIdx.y * %d, x0 = (long)blockIdx.x * %d;",
          pl->warps * pl->rows, WARP * pl->cols);
  em_line(e, "for (int k = threadIdx.y * %d + threadIdx.x; k < %d; k += %d) wts[k] = direct_wt[k];",
          WARP, pl->fh * pl->wpitch, pl->warps * WARP);
  em_open(e, "for (int r = threadIdx.y; r < %d; r += %d)", pl->tile_rows, pl->warps);
  em_line(e, "const long gy = y0 + r + %d;", pl->lo[0]);
  em_line(e, "const bool row_read = gy < n0 + %d;", pl->lo[0] + pl->fh - 1);
  em_open(e, "for (int c = threadIdx.x; c < %d; c += %d)", pl->tile_cols, WARP);
  em_line(e, "const long gx = x0 + c + %d;", pl->lo[1]);
  em_line(e, "const bool read = row_read && gx < n1 + %d;", pl->lo[1] + pl->fw - 1);
  em_line(e, "__pipeline_memcpy_async(tile + r * %d + c, read ? in + (gy + %d) * s0 + gx + %d : in, "
             "sizeof(rt_real), read ? 0 : sizeof(rt_real));",
          pl->pitch, st->lo[0], st->lo[1]);
  em_close(e);
  em_close(e);
  em_line(e, "__pipeline_commit();");
  em_line(e, "__pipeline_wait_prior(0);");
  em_line(e, "__syncthreads();");
}

/* One input row: its values into x0.. by 16-byte loads, then the products of every output row
 * it reaches. */
static void emit_row(Emitter *e, const DirectPlan *pl, const char *vtype) {
  static const char member[] = "xyzw";
  em_line(e, "const %s *xv = (const %s *)(tile + (threadIdx.y * %d + r) * %d + threadIdx.x * %d);",
          vtype, vtype, pl->rows, pl->pitch, pl->cols);
  for (int v = 0; v < pl->loads; v++) {
    em_begin(e);
    buf_printf(e->out, "const %s v%d = xv[%d];", vtype, v, v);
    for (int m = 0; m < pl->vec; m++) buf_printf(e->out, " const rt_real x%d = v%d.%c;", v * pl->vec + m, v, member[m]);
    em_end(e);
  }
  for (int p = 0; p < pl->rows; p++) {
    em_open(e, p ? "if (r >= %d && r < %d)" : "if (r < %d)", p ? p : pl->fh, p + pl->fh);
    em_line(e, "const %s *wv = (const %s *)(wts + (r - %d) * %d);", vtype, vtype, p, pl->wpitch);
    for (int c = 0; c < pl->fw; c++) {
      if (c % pl->vec == 0) em_line(e, "const %s w%d = wv[%d];", vtype, c / pl->vec, c / pl->vec);
      em_begin(e);
      for (int q = 0; q < pl->cols; q++)
        buf_printf(e->out, "%sa%d_%d += w%d.%c * x%d;", q ? " " : "", p, q, c / pl->vec,
                   member[c % pl->vec], q + c);
      em_end(e);
    }
    em_close(e);
  }
}

static void emit_kernel(Emitter *e, const Stencil *st, DType dtype, const DirectPlan *pl) {
  const char *vtype = dtype == DTYPE_DOUBLE ? "double2" : "float4";
  em_line(e, "__global__ void __launch_bounds__(%d)", pl->warps * WARP);
  em_open(e, "direct_kernel(const rt_real *__restrict__ in, rt_real *__restrict__ out, int n0, int n1, "
             "long s0)");
  emit_copy_in(e, st, pl);
  for (int p = 0; p < pl->rows; p++) {
    em_begin(e);
    buf_puts(e->out, "rt_real ");
    for (int q = 0; q < pl->cols; q++) {
      buf_printf(e->out, "%sa%d_%d = ", q ? ", " : "", p, q);
      emit_number(e->out, st->constant, dtype);
    }
    buf_puts(e->out, ";");
    em_end(e);
  }
  em_line(e, "#pragma unroll 1");
  em_open(e, "for (int r = 0; r < %d; r++)", pl->rows + pl->fh - 1);
  emit_row(e, pl, vtype);
  em_close(e);
  em_line(e, "const long i0 = y0 + threadIdx.y * %d, i1 = x0 + threadIdx.x * %d;", pl->rows, pl->cols);
  for (int p = 0; p < pl->rows; p++) {
    em_open(e, "if (i0 + %d < n0)", p);
    em_line(e, "rt_real *const o = out + (i0 + %d) * s0 + i1 + %d;", p + st->lo[0], st->lo[1]);
    for (int q = 0; q < pl->cols; q++) em_line(e, "if (i1 + %d < n1) o[%d] = a%d_%d;", q, q, p, q);
    em_close(e);
  }
  em_close(e);
  buf_puts(e->out, "\n");
}

static void emit_launch(Emitter *e, const DirectPlan *pl) {
  em_open(e, "static void stencil_step(const rt_real *in, rt_real *out, const RtGrid *g)");
  emit_smem_setup(e, "direct_kernel", "(int)" "direct_smem_bytes");
  em_line(e, "direct_weights<<<1, 1>>>();");
  em_line(e, "RT_CUDA_LAUNCH_CHECK();");
  em_line(e, "const dim3 block(%d, %d);", WARP, pl->warps);
  em_line(e, "const dim3 grid(rt_cuda_blocks(g->n[1], %d, 2147483647L / 32), rt_cuda_blocks(g->n[0], %d, 65535L));",
          WARP * pl->cols, pl->warps * pl->rows);
  em_line(e, "direct_kernel<<<grid, block, direct_smem_bytes>>>(in, out, (int)g->n[0], (int)g->n[1], "
             "g->stride[0]);");
  em_line(e, "RT_CUDA_LAUNCH_CHECK();");
  em_close(e);
}

static void direct_emit(Buf *out, const Stencil *st, const GenOptions *opt, const void *plan) {
  const DirectPlan *pl = plan;
  assert(st->dims == 2 && pl->cols % pl->vec == 0);
  Emitter e = {out, 0};
  em_line(&e, "#include <cuda_pipeline.h>");
  emit_weights(&e, st, opt->dtype, pl);
  buf_puts(out, "\n");
  em_line(&e, "static const long direct_smem_bytes = %ld;", pl->smem);
  emit_kernel(&e, st, opt->dtype, pl);
  emit_launch(&e, pl);
}

static void direct_explain(Buf *out, const Stencil *st, const void *plan) {
  const DirectPlan *pl = plan;
  (void)st;
  buf_printf(out, "plan: a %dx%d filter box; blocks of %d warps compute %dx%d cells from an input tile of "
             "%dx%d in shared memory (%ld bytes with the filter); each thread %dx%d cells in registers, "
             "the filter's rows in a loop; one step per launch\n",
             pl->fh, pl->fw, pl->warps, pl->warps * pl->rows, WARP * pl->cols, pl->tile_rows,
             pl->tile_cols, pl->smem, pl->rows, pl->cols);
}

static const BackendOption direct_options[] = {
    {"--outputs", OPT_SHAPE, PARAM_AT(DirectParams, outputs), 2, false, NULL, "RxC",
     "cells per thread, rows then columns (C a multiple of 4 in float, 2 in double; default 8x4)"},
    {"--warps", OPT_COUNT, PARAM_AT(DirectParams, warps), 0, false, NULL, "N",
     "warps per block, stacked along y (default 4)"},
    {NULL}
};

const Backend backend_direct = {
    .name = "direct", .engine = &engine_cuda, .options = direct_options,
    .plan = direct_plan, .explain = direct_explain, .emit = direct_emit,
    .summary = "CUDA, 2D linear stencils as a direct convolution: a shared-memory tile, a register tile "
               "of cells per thread"};
