/* C + OpenMP backend: threads over axis 0, SIMD over the contiguous axis, one step per call.
 * The engine (host buffers, wall-clock timing) is runtime/rt_cpu.h. */
#include "emit.h"

#include "runtime_text.h"

static void cpu_emit_step(Buf *out, const Stencil *st, const GenOptions *opt) {
  DType dtype = opt->dtype;
  HostStep hs = {"stencil_step", dtype, 1, emit_load_global};
  emit_host_step(out, st, &hs);
}

const BackendInfo backend_cpu = {
    .name = "cpu",
    .cuda = 0,
    .engine_text = rt_rt_cpu,
    .default_size = {2048, 128},
    .default_steps = 10,
    .default_reps = 3,
    .emit_step = cpu_emit_step,
};
