/* C + OpenMP backend: threads over axis 0, SIMD over the contiguous axis, one step per call.
 * The engine (host buffers, wall-clock timing) is runtime/rt_cpu.h. It has no parameters. */
#include "emit.h"


static int cpu_plan(const Stencil *st, const GenOptions *opt, void *plan, Refusal *why) {
  (void)st, (void)opt, (void)plan, (void)why;
  return 0;
}

static void cpu_emit(Buf *out, const Stencil *st, const GenOptions *opt, const void *plan) {
  (void)plan;
  HostStep hs = {"stencil_step", opt->dtype, 1, emit_load_global};
  emit_host_step(out, st, &hs);
  if (st->conv.kind) emit_converge_engine(out, st);
}

static void cpu_explain(Buf *out, const Stencil *st, const void *plan) {
  (void)plan;
  buf_printf(out, "plan: OpenMP threads over axis 0, SIMD over axis %d, one step per call\n",
             st->dims - 1);
}

const Backend backend_cpu = {
    .converge = true, .name = "cpu", .engine = &engine_cpu, .options = NULL,
    .plan = cpu_plan, .explain = cpu_explain, .emit = cpu_emit,
    .summary = "C + OpenMP (build: cc -O3 -fopenmp OUT -lm -o prog)", .integer_grids = true};
