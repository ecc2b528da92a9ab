/* rt_program.h: types and engine memory of the programs stencilc generates for stencil programs (several fields,
 * stages and time levels; ir/program.h), for the cpu backend (C + OpenMP) and, with
 * RT_PROGRAM_CUDA defined, the naive backend (device buffers). Included after rt_common.h
 * (and rt_cuda_base.h for CUDA);
 * rt_program_main.h, their main(), comes last. Before it the generated code defines
 * RT_PROG_FIELDS (the number of fields) and, between the two:
 *   static const RtProgram rt_program;                              the program's facts
 *   static void reference_step(rt_real *const *buf, const RtGrid *g, long t);  plain C, double
 *   static void program_step(rt_real *const *buf, const RtGrid *g, long t);    the backend's
 * where buf[RT_PROG_LEVELS * f + k] is buffer k of field f, and step t writes buffer
 * (t + 1) % levels of each field a stage writes, reading buffer (t + shift) % levels. A
 * temporally blocked engine (n5d) defines RT_PROGRAM_ADVANCE and, in place of program_step,
 *   static void program_advance(rt_real **buf, const RtGrid *g, long t0, long steps);
 * which leaves every buffer as `steps` calls of program_step from t0 would, renaming buffers
 * with their twins (RT_PROG_ENGINE_BUFFERS below).
 *
 * Inputs. State fields: every buffer random (rt_random_value), the halo included; the engine
 * and the reference start from the same values, so a cell the engine fails to write keeps a
 * random value and fails the comparison. Coefficient grids (a velocity, a conductivity) and
 * run-time scalars: positive, magnitude in [0.1 s, s], where s = rt_program.coef_scale is what
 * the compiler derived from the stages (program_coef_scale in src/ir/program.c): with every
 * coefficient value at most s, each stage's spatial gain is at most 1, which keeps the wave
 * equation inside its CFL bound (v * sum |c| <= 4 in 2D, 6 in 3D; here v * sum |c| <= 1) and an
 * explicit heat step monotone (r * k * sum |c| <= 1), so the state stays bounded however many
 * steps run and the relative error measure means what it says. Where the draws still make the
 * scheme blow up (weights passed in, of any sign the user's caller would not give),
 * the first check (rt_prog_check in rt_program_main.h) lowers s and runs again.
 *
 * Check: after the steps, every buffer of every field a stage writes is compared with the
 * reference's, each relative to its own max |ref|, against rt_tolerance with the program's
 * summed flops, the product of its stages' gains and rt_program_growth (below). */
#ifndef STENCILC_RT_PROGRAM_H
#define STENCILC_RT_PROGRAM_H

enum { RT_PROG_LEVELS = 3, RT_PROG_BUFFERS = RT_PROG_LEVELS * RT_PROG_FIELDS };

/* The engine's buffers (rt_prog_upload): the RT_PROG_BUFFERS above and, for a temporally blocked
 * engine, a twin of each state buffer after them (buf[RT_PROG_BUFFERS + i] of buf[i]), holding
 * the same halo. A launch writes each level into whichever buffer of its pair no block reads, and
 * the pair trades names (program_advance): no level is ever copied, and buf[i] holds on return
 * what `steps` program_steps leave in it, its own halo included. */
#ifdef RT_PROGRAM_ADVANCE
enum { RT_PROG_ENGINE_BUFFERS = 2 * RT_PROG_BUFFERS };
#else
enum { RT_PROG_ENGINE_BUFFERS = RT_PROG_BUFFERS };
#endif

typedef struct {
  const char *name;
  int levels; /* buffers */
  int coef;   /* read-only coefficient grid */
} RtField;

typedef struct {
  RtStencil view;          /* what rt_parse_options and rt_grid_make need: name, dims, halo */
  int nfields;
  const RtField *fields;
  int nscalars;
  double coef_scale;
  int second_order;        /* reads the level before the one it overwrites: errors do not damp */
  const char *const *scalar_names; /* nscalars names, as the source's parameters */
} RtProgram;

/* The run-time scalars are rt_common.h's run-time weights: rt_w_host (RT_NWEIGHTS of them),
 * and on the device rt_w below. */

/* The tolerance of stencil programs. They use rt_tolerance (rt_common.h, where it is derived) for
 * one step, with flops summed over the stages (each rounds its own) and gain the product of the
 * stages' gains (an error of one stage is amplified by the later ones), times this growth over
 * `steps` in place of sqrt(steps):
 *   first order in time (heat, FDTD, Runge-Kutta stages): sqrt(steps), as above;
 *   second order in time (a stage reads level t-1 of the field it overwrites: the wave
 *   equation, three-level or leapfrog): such a scheme does not damp. An error made at step k
 *   reaches step n through u(t+1) = 2 u(t) - u(t-1) + ..., each Fourier mode of frequency w
 *   (within the CFL bound) multiplied by sin((n - k) w) / sin w: up to n - k for the slowest
 *   modes, but for rounding errors, spread over all modes, the mean square of that gain is at
 *   most about n - k (Fejer's kernel: exactly m over the modes of a 1D grid; on 2D and 3D grids
 *   fewer modes are slow). Independent errors of the n steps add in quadrature:
 *   sqrt(sum_k (n - k)) = sqrt(n (n + 1) / 2), about n / sqrt(2). */
RT_API double rt_program_growth(long steps, int second_order) {
  double n = (double)(steps > 1 ? steps : 1);
  return second_order ? sqrt(n * (n + 1) / 2) : sqrt(n);
}

/* THE tolerance of a stencil program's result, relative to each buffer's max |reference|: the
 * program's own check and stencilc check's comparison with the user's code (rt_userprog.h)
 * both take it, with eps the coarser element type's. */
RT_API double rt_program_tolerance(double eps, int flops, double gain, int second_order, long steps) {
  return rt_tolerance(eps, flops, 1, gain) * rt_program_growth(steps, second_order);
}

/* ---- engine memory: host for the cpu backend, device for CUDA ---- */
#ifdef RT_PROGRAM_CUDA
/* rt_cuda_base.h (checked calls, block counts, rt_w) comes before this file. */
RT_API void rt_engine_setup(void) {
  int count = 0;
  if (cudaGetDeviceCount(&count) != cudaSuccess || count == 0) {
    fprintf(stderr, "stencilc: no CUDA device found\n");
    exit(3);
  }
  RT_CUDA_CHECK(cudaSetDevice(rt_cuda_device(count)));
}
RT_API void *rt_engine_host_alloc(size_t bytes) { return rt_cuda_host_alloc(bytes); }
/* A block of a buffer out to packed host memory or in from it (the halo slabs of MPI ranks). */
RT_API void rt_engine_get_block(rt_real *host, const rt_real *dev, const RtBlock *b) {
  rt_cuda_block_copy((rt_real *)dev, b, host, 1, 0);
  RT_CUDA_CHECK(cudaStreamSynchronize(0));
}
RT_API void rt_engine_put_block(rt_real *dev, const RtBlock *b, const rt_real *host) {
  rt_cuda_block_copy(dev, b, (rt_real *)host, 0, 0);
}
RT_API void rt_engine_host_free(void *p) { rt_cuda_host_free(p); }
RT_API rt_real *rt_engine_alloc(size_t bytes) {
  void *p = NULL;
  RT_CUDA_CHECK(cudaMalloc(&p, bytes));
  return (rt_real *)p;
}
RT_API void rt_engine_put(rt_real *dev, const rt_real *host, size_t bytes) {
  RT_CUDA_CHECK(cudaMemcpy(dev, host, bytes, cudaMemcpyHostToDevice));
}
RT_API void rt_engine_get(rt_real *host, const rt_real *dev, size_t bytes) {
  RT_CUDA_CHECK(cudaMemcpy(host, dev, bytes, cudaMemcpyDeviceToHost));
}
RT_API void rt_engine_free(rt_real *dev) { RT_CUDA_CHECK(cudaFree(dev)); }
RT_API void rt_engine_scalars(void) {
#ifdef RT_NWEIGHTS
  RT_CUDA_CHECK(cudaMemcpyToSymbol(rt_w, rt_w_host, sizeof rt_w_host));
#endif
}
/* Waits for the queued launches (through an event: what tools/cudaemu implements too). */
RT_API void rt_engine_sync(void) {
  static cudaEvent_t done;
  static int made = 0;
  if (!made) RT_CUDA_CHECK(cudaEventCreate(&done));
  made = 1;
  RT_CUDA_CHECK(cudaEventRecord(done, 0));
  RT_CUDA_CHECK(cudaEventSynchronize(done));
}
#else
RT_API void rt_engine_setup(void) {}
RT_API rt_real *rt_engine_alloc(size_t bytes) { return (rt_real *)rt_xmalloc(bytes); }
RT_API void rt_engine_put(rt_real *dst, const rt_real *src, size_t bytes) { memcpy(dst, src, bytes); }
RT_API void rt_engine_get(rt_real *dst, const rt_real *src, size_t bytes) { memcpy(dst, src, bytes); }
RT_API void rt_engine_free(rt_real *p) { free(p); }
RT_API void *rt_engine_host_alloc(size_t bytes) { return rt_xmalloc(bytes); }
RT_API void rt_engine_get_block(rt_real *host, const rt_real *grid, const RtBlock *b) {
  rt_block_read(grid, b, host);
}
RT_API void rt_engine_put_block(rt_real *grid, const RtBlock *b, const rt_real *host) {
  rt_block_write(grid, b, host);
}
RT_API void rt_engine_host_free(void *p) { free(p); }
RT_API void rt_engine_scalars(void) {}
RT_API void rt_engine_sync(void) {}
#endif

#endif
