/* Naive CUDA backend: one kernel launch per time step, one thread per interior cell reading
 * its neighbours from global memory. The engine (device buffers, events) is runtime/rt_cuda.h. */
#include <assert.h>

#include "emit.h"
#include "model/gpu.h"
#include "naive.h"

_Static_assert(sizeof(NaiveParams) <= sizeof(BackendParams), "naive parameters fit GenOptions");

/* Default threads per block along the axes, innermost (contiguous) axis first, for 2D and 3D: a
 * warp covers 32 contiguous cells so loads coalesce. */
static const int block_1d[1] = {256};
static const int block_2d[2] = {32, 8};
static const int block_3d[3] = {32, 4, 2};

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
  return 0;
}

static void emit_kernel(Buf *out, const Stencil *st, DType dtype, const NaivePlan *pl) {
  Emitter e = {out, 0};
  em_line(&e, "__global__ void __launch_bounds__(%d)", pl->threads);
  buf_puts(out, "naive_kernel(const rt_real *__restrict__ in, rt_real *__restrict__ out");
  emit_thread_cell(&e, st->dims, st->lo);
  emit_expr_line(&e, "out[c] = ", st, st->expr, dtype, emit_load_global, NULL, ";");
  em_close(&e);
  buf_puts(out, "\n");
}

static void emit_launch(Buf *out, const Stencil *st, const NaivePlan *pl) {
  Emitter e = {out, 0};
  em_open(&e, "static void stencil_step(const rt_real *in, rt_real *out, const RtGrid *g)");
  emit_thread_block(&e, st->dims, pl->block);
  emit_thread_grid(&e, st->dims, pl->block, "g->n");
  em_begin(&e);
  buf_puts(out, "naive_kernel<<<grid, block>>>(in, out");
  emit_thread_args(out, st->dims, "g->n");
  buf_puts(out, ");");
  em_end(&e);
  em_line(&e, "RT_CUDA_LAUNCH_CHECK();");
  em_close(&e);
}

static void naive_emit(Buf *out, const Stencil *st, const GenOptions *opt, const void *plan) {
  assert(((const NaivePlan *)plan)->threads % 32 == 0);
  emit_kernel(out, st, opt->dtype, plan);
  emit_launch(out, st, plan);
}

static void naive_explain(Buf *out, const Stencil *st, const void *plan) {
  const NaivePlan *pl = plan;
  buf_printf(out, "plan: one thread per interior cell, block ");
  for (int a = 0; a < st->dims; a++) buf_printf(out, "%s%d", a ? "x" : "", pl->block[a]);
  buf_printf(out, " (%d threads, slowest axis first), one step per launch from global memory\n",
             pl->threads);
}

static const BackendOption naive_options[] = {
    {"--block", OPT_SHAPE, PARAM_AT(NaiveParams, block), 3, false, NULL, "X|YxX|ZxYxX",
     "threads per block, slowest axis first"},
    {NULL}
};

const Backend backend_naive = {
    .name = "naive", .engine = &engine_cuda, .options = naive_options,
    .plan = naive_plan, .explain = naive_explain, .emit = naive_emit,
    .summary = "CUDA, one time step per launch from global memory"};
