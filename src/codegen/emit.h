/* Emission shared by every backend: expressions and the linear form, the stencil constants
 * block, the reference step, the host loop of multi-step launches, refusals, and the assembly of
 * a whole program around a backend's kernel code.
 *
 * Naming contract of emitted loop bodies: the linear index of the updated cell is `c`, the
 * element strides of axes 0 .. dims-2 are `s0`, `s1` (the last axis is contiguous), the input
 * buffer is `in` and the output buffer `out`. */
#ifndef STENCILC_EMIT_H
#define STENCILC_EMIT_H

#include "codegen/codegen.h"

/* A small emitter of indented code: every line starts at 2 * depth spaces, and scopes open and
 * close with their braces, so that no format string counts spaces. */
typedef struct {
  Buf *out;
  int depth;
} Emitter;

/* Starts a line at the current depth; the caller appends to e->out and ends it with em_end. */
void em_begin(Emitter *e);
void em_end(Emitter *e);
/* One whole line; a text of several lines (a comment, a statement wrapped under its opening
 * parenthesis) puts each of them at the current depth. */
void em_line(Emitter *e, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* An empty line. */
void em_blank(Emitter *e);
/* A line ending with "{" ("{" alone for an empty text: em_open(e, "%s", "")); what follows is
 * one level deeper. */
void em_open(Emitter *e, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* Closes the scope: "}", or "} else {" with em_else, which opens the next one. */
void em_close(Emitter *e);
void em_else(Emitter *e);
/* A preprocessor line ("#pragma unroll", "#define X 1"): at the left margin whatever the depth. */
void em_directive(Emitter *e, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* Writes how point `point` is read; a backend decides (global memory, cache, registers). */
typedef void (*EmitLoadFn)(Buf *out, const Stencil *st, int point, const void *ctx);

/* Appends expression e evaluated in type `arith`: constants get an 'f' suffix in float, calls
 * use the float or double C name, run-time weights read rt_w[k] (see emit_coef). Only the parentheses needed to keep the evaluation order of
 * the tree are written, so that long sums stay flat. */
void emit_expr(Buf *out, const Stencil *st, const Expr *e, DType arith, EmitLoadFn load,
               const void *ctx);

/* The line `<head><e evaluated as emit_expr writes it><tail>` at the emitter's depth, e.g. the
 * update "out[c] = (rt_real)(" ... ");". */
void emit_expr_line(Emitter *em, const char *head, const Stencil *st, const Expr *e, DType arith,
                    EmitLoadFn load, const void *ctx, const char *tail);

/* Appends v as a floating literal of type arith ("0.25f", "0.0"). */
void emit_number(Buf *out, double v, DType arith);

/* Appends the coefficient of point p of an associative stencil in type arith, as one factor
 * (a literal, a name or a parenthesised product), so that `<coef> * <value>` reads right:
 *   coef_weight[p] < 0:   the constant st->coef[p], e.g. "0.25f";
 *   coef_weight[p] == k:  run-time weight k times st->coef[p], plus st->coef_base[p]: "rt_w[k]"
 *                         when that is 1 plus 0, else "(0.5f * rt_w[k])" or "(1.0f + -4.0f *
 *                         rt_w[k])"; in double "(double)rt_w[k]".
 * rt_w is the program's array of run-time weights: in CUDA the __constant__ array of
 * runtime/rt_cuda.h (every index is a compile-time constant, so reads are uniform), in host
 * loops a local pointer to the host copy that emit_host_step binds. Every backend that computes
 * from the linear form writes coefficients through this. */
void emit_coef(Buf *out, const Stencil *st, int p, DType arith);

/* Whether point p takes part in the linear form of an associative stencil. False only for a
 * coefficient known to be zero when the code is generated (a run-time weight counts by its
 * constant factor, coef[p]): the one place where a backend decides to skip a point. */
bool emit_coef_used(const Stencil *st, int p);

/* Appends an associative stencil as its folded linear form, sum of coef * point (+ constant), in
 * type arith: a division by a constant is already in the coefficients, so none is left on the
 * critical path. Points that emit_coef_used rejects are left out. */
void emit_linear_form(Buf *out, const Stencil *st, DType arith, EmitLoadFn load, const void *ctx);

/* Appends the index `base` plus off[a] along each axis a, e.g. "t + 2 * s0 + 3". */
void emit_offset_index(Buf *out, const char *base, int dims, const int off[]);
/* Appends the index of point p relative to cell c, e.g. "c - s0 + 1". */
void emit_point_index(Buf *out, const Stencil *st, int p);

/* Load callback reading in[<point index>] as is. */
void emit_load_global(Buf *out, const Stencil *st, int point, const void *ctx);

/* Appends a host C function `void NAME(const rt_real *in, rt_real *out, const RtGrid *g)`
 * running one time step over the interior with OpenMP threads on axis 0; a stencil with
 * run-time weights reads them from rt_w_host (runtime/rt_common.h) under the name rt_w. */
typedef struct {
  const char *name;
  DType arith;       /* type the expression is evaluated in */
  int simd;          /* 1: `#pragma omp simd` on the innermost loop */
  EmitLoadFn load;
} HostStep;
void emit_host_step(Buf *out, const Stencil *st, const HostStep *hs);

/* The rest of a one-thread-per-cell CUDA kernel's parameter list, from its extents and strides
 * (", int n0, ..., long s0, ...) {"), and the opening of its body, one level deeper: the cell of
 * thread (x on the last axis) is i_a, lo[a] past the interior's start, threads outside the n_a
 * return, and `const long c` is the cell's offset. The caller writes the update and closes the
 * body. */
void emit_thread_cell(Emitter *e, int dims, const int lo[IR_MAX_DIMS]);
/* The same for a thread of tile[a] cells along each axis a: i_a is the tile's first cell (a long
 * where tile[a] > 1), a thread whose tile starts past n_a returns, and `const long <name>` is the
 * offset of the tile's first cell; tile[a] == 1 everywhere with name "c" is emit_thread_cell. */
void emit_thread_tile(Emitter *e, int dims, const int lo[IR_MAX_DIMS], const int tile[IR_MAX_DIMS],
                      const char *name);
/* emit_thread_cell for a kernel whose block works together after the update (a block
 * reduction, whose shuffles and barriers every thread must reach): no thread returns,
 * `const bool inside` says whether the thread's cell is in the grid (`c` is its offset either
 * way; read or write it only inside). */
void emit_thread_cell_stay(Emitter *e, int dims, const int lo[IR_MAX_DIMS]);

/* The launch shape of such a kernel: `const dim3 block(...)` of block[a] threads along axis a
 * (x the last axis), and `const dim3 grid(...)`, its counts under one another, covering the
 * extents `<extent>[a]` (a C array: "g->n", "n"). Along y and z CUDA allows 65535 blocks; along x
 * the limit keeps the interior size within the kernel's int parameters. */
void emit_thread_block(Emitter *e, int dims, const int block[IR_MAX_DIMS]);
void emit_thread_grid(Emitter *e, int dims, const int block[IR_MAX_DIMS], const char *extent);
/* Appends the arguments emit_thread_cell declares: ", (int)<extent>[a]..., g->stride[a]...". */
void emit_thread_args(Buf *out, int dims, const char *extent);

/* The strides s_a, the interior's bounds b_a <= i_a < e_a from `const RtGrid *g`, and with
 * `weights` the host copy of the run-time weights under the name rt_w. */
void emit_grid_bounds(Emitter *e, int dims, bool weights);

/* An OpenMP nest over the cells b_a <= i_a < e_a (long b_a, e_a and strides s_a declared before),
 * opened to its innermost body, dims levels deeper, where `const long c` is the cell's offset;
 * simd: `#pragma omp simd` on the innermost loop. emit_cell_nest_close closes it. */
void emit_cell_nest(Emitter *e, int dims, bool simd);
/* The loops of emit_cell_nest without its parallel directive; `inner`, when not NULL, a
 * directive before the innermost loop. emit_cell_nest_close closes them too. */
void emit_cell_loops(Emitter *e, int dims, const char *inner);
void emit_cell_nest_close(Emitter *e, int dims);

/* reference_bound_step(): the bound per cell that the reference propagates beside its values
 * (bound.c; the rules in runtime/rt_common.h, "Verification"); transform > 0: the backend's
 * Backend.transform_error, whose term is added (linear stencils only), else 0. */
void emit_bound_step(Buf *out, const Stencil *st, double transform);

/* `static int stencil_advance(rt_real *buf[2], const RtGrid *g, long steps)` for a backend that
 * fuses up to `bt` steps per launch (a C expression: the backend's macro): launches of bt steps
 * each and a shorter last one, alternating the buffers from buf[0]; it returns the buffer holding
 * level `steps` (the launch count's parity) and copies nothing: the caller renames (the engine,
 * the MPI block loop) or, where it cannot (the library's fixed pointers), copies once per call.
 * Between emit_advance_open and emit_advance_close the backend writes its part: the statements
 * that advance the `long bt` steps of one launch from buf[src] into buf[1 - src] with the grid g. */
void emit_advance_open(Emitter *e, const char *bt);
void emit_advance_close(Emitter *e);

/* The statements that let `kernel` (a C++ expression naming it) launch with `bytes` (a C
 * expression) of dynamic shared memory, once per program: CUDA's default allows 48 KB. */
void emit_smem_setup(Emitter *e, const char *kernel, const char *bytes);

/* Appends rt_derive_scalars(double *rt_w): the derived run-time scalars computed from the
 * parameters in rt_w, in double, each rounded to its declared type, in the order the user's code
 * computes them (the programs' --param and the libraries' scalar arguments). */
void emit_derive_scalars(Buf *out, const Stencil *st);

/* The command of a generated file's "Compile:" line, before "-o": gcc's, or nvcc's for the
 * architecture opt names (GenOptions.nvcc_arch). */
enum { COMPILE_COMMAND_MAX = 128 };
void emit_compile_command(char *out, size_t n, const GenOptions *opt, bool cuda);

/* Appends the runtime a backend's code needs: RT_REAL, RT_NWEIGHTS, RT_ENGINE_ADVANCE, then
 * rt_common.h and the engine's headers (a program's and a library's start). */
void emit_engine_prelude(Buf *out, const Stencil *st, const GenOptions *opt);

/* ---- converge.c: convergence loops (Stencil.conv; nothing for other stencils) ---- */
/* RT_ENGINE_ADVANCE and RT_CONVERGE, before the runtime. */
/* Whether step k (a C expression, from 0) computes the residual (Converge.check_every). */
void emit_converge_checked(Buf *out, const Stencil *st, const char *k);
void emit_converge_defines(Buf *out, const Stencil *st);
/* Around the reference (before: ahead of it): it becomes the sweep of one step, and
 * reference_step / reference_bound_step make as many of those as the engine's last run. */
void emit_converge_reference(Buf *out, const Stencil *st, bool before);
/* engine_advance of a host engine (its buffers e->buf[], engine_step): steps until the residual
 * drops to the tolerance. */
void emit_converge_engine(Buf *out, const Stencil *st);
/* A CUDA engine's parts (RT_ENGINE_ADVANCE: stencil_advance). In the sweep kernel, after the
 * update of cell c (inside the grid): its difference added to the thread's `double r` (0 before
 * it; 0 for a thread outside the grid). At the kernel's end, every thread of the block reaching
 * it: the block's r into `double *residual` (one atomic per block); the launch gives the kernel
 * threads / 32 * sizeof(double) bytes of dynamic shared memory. */
void emit_converge_cell(Emitter *e, const Stencil *st);
void emit_converge_block_reduce(Emitter *e, const Stencil *st, int threads);
/* stencil_advance, stepping through the backend's `static void stencil_conv_step(const rt_real
 * *in, rt_real *out, const RtGrid *g, double *residual)` (its launch of that kernel, residual
 * zeroed before it), reading the residual back after each step. */
void emit_converge_cuda_engine(Buf *out, const Stencil *st);
/* Between rt_dump.h and rt_driver.h: the dump writer that adds the step count to an output. */
void emit_converge_dump(Buf *out, const Stencil *st);
/* A library's (api.c): before the kernel code, the state its engine_advance keeps (nothing for
 * other stencils); after it, api_converge, the source's loop on the caller's buffers. */
void emit_converge_library_state(Buf *out, const Stencil *st);
void emit_converge_library(Buf *out, const Stencil *st);

/* Appends the complete program: header comment, runtime, constants, reference, the backend's
 * kernel code for `plan` between CODEGEN_KERNEL_BEGIN/END, driver. */
void emit_program(Buf *out, const Stencil *st, const GenOptions *opt, const void *plan);

#endif
