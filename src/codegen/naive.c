/* Naive CUDA backend: one kernel launch per time step, one thread per interior cell reading
 * its neighbours from global memory, or with --outputs a tile of cells per thread whose input
 * window is read once into registers (register blocking: fewer load instructions per cell, the
 * limit of the one-cell kernel, which L1 serves at about half the DRAM bandwidth). The engine
 * (device buffers, events) is runtime/rt_cuda.h. */
#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "emit.h"
#include "model/gpu.h"
#include "naive.h"
#include "util/mem.h"

_Static_assert(sizeof(NaiveParams) <= sizeof(BackendParams), "naive parameters fit GenOptions");

/* Default threads per block along the axes, innermost (contiguous) axis first, for 2D and 3D: a
 * warp covers 32 contiguous cells so loads coalesce. */
static const int block_1d[1] = {256};
static const int block_2d[2] = {32, 8};
static const int block_3d[3] = {32, 4, 2};

/* Limits of --outputs, with their reasons. */
enum {
  /* Cells per thread: each is a live sum beside the window's values, and CUDA gives a thread at
   * most 255 registers; 64 already spills in double. */
  NAIVE_MAX_OUTPUTS = 64,
  /* Input values a thread holds: each is one named load in the kernel's text, so this bounds the
   * generated code (conv2d-20x20 with 4x4 cells reads 529). */
  NAIVE_MAX_WINDOW = 1024,
};

/* Row-major order of offsets, axis 0 first. */
static int offset_cmp(const void *x, const void *y) {
  const int *a = x, *b = y;
  for (int i = 0; i < IR_MAX_DIMS; i++)
    if (a[i] != b[i]) return a[i] < b[i] ? -1 : 1;
  return 0;
}

int naive_window(const Stencil *st, const int outputs[IR_MAX_DIMS], NaiveWindow *w) {
  int tile = outputs[0] * outputs[1] * outputs[2];
  w->off = xcalloc((size_t)tile * (size_t)st->npoints, sizeof *w->off);
  for (int a = 0; a < IR_MAX_DIMS; a++) w->lo[a] = 0;
  int n = 0, o[IR_MAX_DIMS];
  for (o[0] = 0; o[0] < outputs[0]; o[0]++)
    for (o[1] = 0; o[1] < outputs[1]; o[1]++)
      for (o[2] = 0; o[2] < outputs[2]; o[2]++)
        for (int p = 0; p < st->npoints; p++, n++)
          for (int a = 0; a < IR_MAX_DIMS; a++) {
            w->off[n][a] = o[a] + (a < st->dims ? st->points[p].off[a] : 0);
            w->lo[a] = w->off[n][a] < w->lo[a] ? w->off[n][a] : w->lo[a];
          }
  qsort(w->off, (size_t)n, sizeof *w->off, offset_cmp);
  w->n = 0;
  for (int i = 0; i < n; i++)
    if (!w->n || offset_cmp(w->off[i], w->off[w->n - 1]))
      memcpy(w->off[w->n++], w->off[i], sizeof *w->off);
  return w->n;
}

/* The tile a thread computes when --outputs is not given: one cell, except on a 2D integer
 * grid, where one cell a thread loads 1, 2 or 4 bytes a value and leaves the memory system
 * idle: 4x4 cells of 8- and 16-bit pixels, 2x4 of int (H200, 16384^2, 1000 steps,
 * results/intgrid_outputs_h200_cc4ad6d.csv and intgrid_defaults_h200_011749a.csv: gauss3x3_u8
 * 300 -> 970 GCells/s, box5x5_u16 51 -> 68, smooth_int_shift 262 -> 420, against 313 at 1x4
 * and 332 at 4x4). */
static void default_outputs(const Stencil *st, int out[IR_MAX_DIMS]) {
  /* a convergence loop's kernel reduces the residual of one cell per thread */
  bool pixels = st->dims == 2 && ir_dtype_integer(st->dtype) && !st->conv.kind;
  out[0] = !pixels ? 1 : ir_dtype_bytes(st->dtype) <= 2 ? 4 : 2;
  out[1] = pixels ? 4 : 1;
  out[2] = 1;
}

/* --outputs: one count per axis like --block, a tile and a window within the limits. */
static int plan_outputs(const Stencil *st, const NaiveParams *p, NaivePlan *pl, Refusal *why) {
  bool any = false, counts = true;
  for (int a = 0; a < IR_MAX_DIMS; a++) {
    any = any || p->outputs[a];
    counts = counts && (a < st->dims ? p->outputs[a] >= 1 : p->outputs[a] == 0);
  }
  const char *hint = "give --outputs one count per axis, slowest first (X in 1D, YxX in 2D, ZxYxX in "
                     "3D), e.g. --outputs 4x1, with at most 64 cells per thread";
  if (any && !counts)
    return codegen_refuse(why, hint, "a %dD stencil takes %d output counts", st->dims, st->dims);
  int def[IR_MAX_DIMS];
  default_outputs(st, def);
  pl->tile = 1;
  for (int a = 0; a < IR_MAX_DIMS; a++) {
    pl->outputs[a] = any ? (a < st->dims ? p->outputs[a] : 1) : def[a];
    if (pl->outputs[a] > NAIVE_MAX_OUTPUTS)
      return codegen_refuse(why, hint, "%d cells per thread along one axis are over the limit of %d",
                            pl->outputs[a], NAIVE_MAX_OUTPUTS);
    pl->tile *= pl->outputs[a];
  }
  if (pl->tile > 1 && st->conv.kind)
    return codegen_refuse(why, "leave --outputs out: one cell per thread",
                          "--outputs of %d cells per thread with a convergence loop, whose kernel "
                          "reduces the residual of one cell per thread", pl->tile);
  if (pl->tile > NAIVE_MAX_OUTPUTS)
    return codegen_refuse(why, hint, "%d cells per thread are over the limit of %d (registers)",
                          pl->tile, NAIVE_MAX_OUTPUTS);
  if (pl->tile == 1) return 0;
  NaiveWindow w;
  pl->window = naive_window(st, pl->outputs, &w);
  free(w.off);
  if (pl->window > NAIVE_MAX_WINDOW)
    return codegen_refuse(why, "give --outputs fewer cells per thread",
                          "a tile of %d cells reads %d input values, over the limit of %d",
                          pl->tile, pl->window, NAIVE_MAX_WINDOW);
  return 0;
}

/* A given shape names every axis; the threads fill whole warps; z (axis 0 in 3D) stays in CUDA's
 * limit, which a launch would otherwise reject at run time. */
static int naive_plan(const Stencil *st, const GenOptions *opt, void *plan, Refusal *why) {
  NaiveParams p;
  codegen_get_params(opt, &p, sizeof p);
  NaivePlan *pl = plan;
  const GpuSpec *gpu = model_gpu_target();
  bool any = false, counts = true;
  for (int a = 0; a < IR_MAX_DIMS; a++) {
    any = any || p.block[a];
    counts = counts && (a < st->dims ? p.block[a] >= 1 : p.block[a] == 0);
  }
  const char *hint = "give --block one count per axis, slowest first (X in 1D, YxX in 2D, ZxYxX in 3D), "
                     "with a multiple of 32 threads up to 1024, at most 64 along z";
  if (any && !counts)
    return codegen_refuse(why, hint, "a %dD stencil takes %d block counts", st->dims, st->dims);
  const int *def = st->dims == 1 ? block_1d : st->dims == 2 ? block_2d : block_3d;
  pl->threads = 1;
  for (int a = 0; a < IR_MAX_DIMS; a++) {
    pl->block[a] = a >= st->dims ? 1 : any ? p.block[a] : def[st->dims - 1 - a];
    pl->threads *= pl->block[a];
  }
  if (pl->threads % 32 || pl->threads > gpu->max_threads_per_block)
    return codegen_refuse(why, hint, "a block of %d threads is not a multiple of 32 up to %d",
                          pl->threads, gpu->max_threads_per_block);
  if (st->dims == 3 && pl->block[0] > gpu->max_block_z)
    return codegen_refuse(why, hint, "a block of %d threads along z is over CUDA's limit of %d",
                          pl->block[0], gpu->max_block_z);
  return plan_outputs(st, &p, pl, why);
}

/* Where a tile's kernel reads point p of its cell o: the register holding that input value. */
typedef struct {
  const NaiveWindow *w;
  int o[IR_MAX_DIMS];
} TileCell;

/* The name of the window's value at offset off from the tile's first cell: "w2_0". */
static void window_name(Buf *out, const NaiveWindow *w, int dims, const int off[]) {
  buf_puts(out, "w");
  for (int a = 0; a < dims; a++) buf_printf(out, "%s%d", a ? "_" : "", off[a] - w->lo[a]);
}

static void emit_load_window(Buf *out, const Stencil *st, int point, const void *ctx) {
  const TileCell *tc = ctx;
  int off[IR_MAX_DIMS];
  for (int a = 0; a < st->dims; a++) off[a] = tc->o[a] + st->points[point].off[a];
  window_name(out, tc->w, st->dims, off);
}

/* A tile inside the grid: the window's values, each loaded once, then every cell from them,
 * stored in order (consecutive cells of a row at consecutive addresses). */
static void emit_whole_tile(Emitter *e, const Stencil *st, DType dtype, const NaivePlan *pl) {
  NaiveWindow w;
  naive_window(st, pl->outputs, &w);
  for (int i = 0; i < w.n; i++) {
    em_begin(e);
    buf_puts(e->out, "const rt_real ");
    window_name(e->out, &w, st->dims, w.off[i]);
    buf_puts(e->out, " = in[");
    emit_offset_index(e->out, "t", st->dims, w.off[i]);
    buf_puts(e->out, "];");
    em_end(e);
  }
  TileCell tc = {&w, {0}};
  for (tc.o[0] = 0; tc.o[0] < pl->outputs[0]; tc.o[0]++)
    for (tc.o[1] = 0; tc.o[1] < pl->outputs[1]; tc.o[1]++)
      for (tc.o[2] = 0; tc.o[2] < pl->outputs[2]; tc.o[2]++) {
        Buf head = {0};
        buf_puts(&head, "out[");
        emit_offset_index(&head, "t", st->dims, tc.o);
        buf_puts(&head, "] = ");
        emit_expr_line(e, head.s, st, st->expr, dtype, emit_load_window, &tc, ";");
        buf_free(&head);
      }
  free(w.off);
}

/* A tile past the grid's last cell along some axis: its cells inside, one at a time from global
 * memory as the one-cell kernel reads them (only the last tiles of each axis take this path). */
static void emit_edge_tile(Emitter *e, const Stencil *st, DType dtype, const NaivePlan *pl) {
  int d = st->dims, loops = 0;
  for (int a = 0; a < d; a++)
    if (pl->outputs[a] > 1) {
      em_open(e, "for (int o%d = 0; o%d < %d && i%d + o%d < n%d; o%d++)", a, a, pl->outputs[a], a, a, a, a);
      loops++;
    }
  em_begin(e);
  buf_puts(e->out, "const long c = t");
  for (int a = 0; a < d; a++)
    if (pl->outputs[a] > 1) buf_printf(e->out, a < d - 1 ? " + o%d * s%d" : " + o%d", a, a);
  buf_puts(e->out, ";");
  em_end(e);
  emit_expr_line(e, "out[c] = ", st, st->expr, dtype, emit_load_global, NULL, ";");
  while (loops--) em_close(e);
}

static void emit_kernel(Buf *out, const Stencil *st, DType dtype, const NaivePlan *pl) {
  Emitter e = {out, 0};
  em_line(&e, "__global__ void __launch_bounds__(%d)", pl->threads);
  buf_puts(out, "naive_kernel(const rt_real *__restrict__ in, rt_real *__restrict__ out");
  if (pl->tile == 1) {
    emit_thread_cell(&e, st->dims, st->lo);
    emit_expr_line(&e, "out[c] = ", st, st->expr, dtype, emit_load_global, NULL, ";");
  } else {
    emit_thread_tile(&e, st->dims, st->lo, pl->outputs, "t");
    Buf inside = {0}; /* the whole tile is in the grid */
    for (int a = 0; a < st->dims; a++)
      if (pl->outputs[a] > 1)
        buf_printf(&inside, "%si%d + %d <= n%d", inside.s ? " && " : "", a, pl->outputs[a], a);
    em_open(&e, "if (%s)", inside.s);
    buf_free(&inside);
    emit_whole_tile(&e, st, dtype, pl);
    em_else(&e);
    emit_edge_tile(&e, st, dtype, pl);
    em_close(&e);
  }
  em_close(&e);
  buf_puts(out, "\n");
}

/* A convergence loop's sweep (Stencil.conv): one cell per thread, and the residual of the step
 * reduced over the block into `residual` (converge.c), so every thread reaches the end. */
static void emit_conv_kernel(Buf *out, const Stencil *st, DType dtype, const NaivePlan *pl) {
  Emitter e = {out, 0};
  em_line(&e, "__global__ void __launch_bounds__(%d)", pl->threads);
  buf_puts(out, "naive_conv_kernel(const rt_real *__restrict__ in, rt_real *__restrict__ out, "
                "double *__restrict__ residual");
  emit_thread_cell_stay(&e, st->dims, st->lo);
  em_line(&e, "double r = 0;");
  em_open(&e, "if (inside)");
  emit_expr_line(&e, "out[c] = ", st, st->expr, dtype, emit_load_global, NULL, ";");
  emit_converge_cell(&e, st);
  em_close(&e);
  emit_converge_block_reduce(&e, st, pl->threads);
  em_close(&e);
  buf_puts(out, "\n");
}

/* `head`, the host function launching the kernel over the grid g from in into out: `launch` is
 * the launch up to its arguments' list (which gets the extents and strides). */
static void emit_launch(Buf *out, const Stencil *st, const NaivePlan *pl, const char *head,
                        const char *launch) {
  Emitter e = {out, 0};
  em_open(&e, "%s", head);
  emit_thread_block(&e, st->dims, pl->block);
  if (pl->tile == 1) {
    emit_thread_grid(&e, st->dims, pl->block, "g->n");
  } else { /* threads cover the tiles */
    em_begin(&e);
    buf_puts(out, "const long tiles[] = {");
    for (int a = 0; a < st->dims; a++) {
      if (pl->outputs[a] == 1) buf_printf(out, "%sg->n[%d]", a ? ", " : "", a);
      else buf_printf(out, "%s(g->n[%d] + %d) / %d", a ? ", " : "", a, pl->outputs[a] - 1, pl->outputs[a]);
    }
    buf_puts(out, "};");
    em_end(&e);
    emit_thread_grid(&e, st->dims, pl->block, "tiles");
  }
  em_begin(&e);
  buf_puts(out, launch);
  emit_thread_args(out, st->dims, "g->n");
  buf_puts(out, ");");
  em_end(&e);
  em_line(&e, "RT_CUDA_LAUNCH_CHECK();");
  em_close(&e);
}

/* naive_kernel and stencil_step, its launch: one step. */
static void emit_plain_step(Buf *out, const Stencil *st, DType dtype, const NaivePlan *pl) {
  emit_kernel(out, st, dtype, pl);
  emit_launch(out, st, pl, "static void stencil_step(const rt_real *in, rt_real *out, const RtGrid *g)",
              "naive_kernel<<<grid, block>>>(in, out");
}

static void naive_emit(Buf *out, const Stencil *st, const GenOptions *opt, const void *plan) {
  assert(((const NaivePlan *)plan)->threads % 32 == 0);
  const NaivePlan *pl = plan;
  if (st->conv.kind) {
    char launch[128];
    snprintf(launch, sizeof launch, "naive_conv_kernel<<<grid, block, %d * sizeof(double)>>>(in, out, residual",
             pl->threads / 32);
    emit_conv_kernel(out, st, opt->dtype, pl);
    emit_launch(out, st, pl, "static void stencil_conv_step(const rt_real *in, rt_real *out, const RtGrid *g, "
                "double *residual)", launch);
    /* the steps that do not compute the residual run the plain sweep: no reduction, no read-back */
    if (st->conv.check_every > 1) emit_plain_step(out, st, opt->dtype, pl);
    emit_converge_cuda_engine(out, st);
    return;
  }
  emit_plain_step(out, st, opt->dtype, pl);
}

static void naive_explain(Buf *out, const Stencil *st, const void *plan) {
  const NaivePlan *pl = plan;
  buf_printf(out, "plan: one thread per interior cell%s, block ", pl->tile > 1 ? " tile" : "");
  for (int a = 0; a < st->dims; a++) buf_printf(out, "%s%d", a ? "x" : "", pl->block[a]);
  buf_printf(out, " (%d threads, slowest axis first), one step per launch from global memory",
             pl->threads);
  if (pl->tile > 1) {
    buf_printf(out, "; each thread computes ");
    for (int a = 0; a < st->dims; a++) buf_printf(out, "%s%d", a ? "x" : "", pl->outputs[a]);
    buf_printf(out, " cells from %d input values read once into registers", pl->window);
  }
  if (st->conv.kind && st->conv.check_every > 1)
    buf_printf(out, "; on the steps that compute the residual (one in %ld) the kernel also reduces it "
                    "(per block, one atomic each) and the host reads it back to stop where the loop "
                    "does; the other steps launch the plain sweep", st->conv.check_every);
  else if (st->conv.kind)
    buf_puts(out, "; the kernel also reduces the step's residual (per block, one atomic each), "
                  "which the host reads back after every step to stop where the loop does");
  buf_puts(out, "\n");
}

static const BackendOption naive_options[] = {
    {"--block", OPT_SHAPE, PARAM_AT(NaiveParams, block), 3, false, NULL, "X|YxX|ZxYxX",
     "threads per block, slowest axis first"},
    {"--outputs", OPT_SHAPE, PARAM_AT(NaiveParams, outputs), 3, false, NULL, "X|YxX|ZxYxX",
     "cells per thread, slowest axis first, their inputs read once into registers (default 1)"},
    {NULL}
};

const Backend backend_naive = {
    .converge = true, .name = "naive", .engine = &engine_cuda, .options = naive_options,
    .plan = naive_plan, .explain = naive_explain, .emit = naive_emit,
    .summary = "CUDA, one time step per launch from global memory", .integer_grids = true};
