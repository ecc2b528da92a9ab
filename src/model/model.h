/* Performance models: predict, without a GPU, how fast each strategy and parameter set would run a
 * stencil, so that the candidates can be ranked and only the best few compiled and timed.
 *
 * This header holds the GPU description and what every backend's model shares (occupancy, operation
 * counts, Tabik's transactions, the Prediction). Each backend's model is its own file,
 * model/predict_<backend>.c, exporting a BackendModel: its tuning space and its prediction from the
 * backend's plan (codegen_plan), the same plan its emitter reads. The table of backends
 * (src/backends/) pairs each backend with its model. Every model is a pure function of the
 * stencil, the plan, the problem and a GpuSpec. */
#ifndef STENCILC_MODEL_H
#define STENCILC_MODEL_H

#include "codegen/codegen.h"
#include "codegen/n5d.h"
#include "ir/ir.h"
#include "model/gpu.h"

/* ---- Models ---- */

/* Resident blocks per SM and what limits them ("threads", "blocks", "registers", "shared");
 * registers are allocated per warp in units of 256 (8 per thread). */
int model_blocks_per_sm(const GpuSpec *g, int threads, int regs, long smem, const char **limit);

/* Instructions of one cell update, as AN5D counts them for eff_ALU: multiplies feeding an add
 * fuse into FMAs. `linear`: the update as emitted in the folded linear form (n5d, associative). */
typedef struct {
  int fma, mul, add, other;
} OpCounts;
OpCounts model_op_counts(const Stencil *st, bool linear);
/* eff_ALU = (2 FMA + MUL + ADD + OTHER) / (2 (FMA + MUL + ADD + OTHER)) (AN5D section 5). */
double model_alu_efficiency(OpCounts ops);

/* AN5D register estimate (section 6.3): base + bT + (words per value) * (register rings * ring
 * + weights), base 20 (float) or 30 (double); rings: bT for the diagonal-free and associative
 * modes (values or partial sums per level), none for the general mode (its ring is in shared
 * memory). Beyond AN5D, the stencil's run-time weights: nvcc loads them from constant memory once
 * and keeps them in registers through the unrolled rows (ptxas -v, 4 rows at bT = 1: conv2d-11x11
 * 185 registers against 128 for box2d5r, the same 121 points with literal coefficients; the 400
 * weights of conv2d-20x20 spilled 11.6 KB at 255, and 35 KB at the 128 of a 512-thread block). */
int model_n5d_registers(const N5dPlan *plan, DType dt, int weights); /* predict_n5d.c */
/* The naive kernel keeps a few indices and the sum: AN5D's base alone. */
int model_naive_registers(DType dt);

/* Tabik et al. eq. 2 (with the z halo counted like y): global memory transactions of one sweep
 * of an nx x ny x nz grid by blocks bx x by x bz with halo widths hx, hy, hz (both sides). */
double model_tabik_transactions(const long n[3], const int blk[3], const int halo[3], int warp);

typedef enum { BOUND_GLOBAL, BOUND_L1, BOUND_L2, BOUND_SHARED, BOUND_COMPUTE, BOUND_SHUFFLE } Bound;
const char *model_bound_name(Bound b);

/* AN5D's thread classes over one launch, counted in thread-rows (one thread, one row of the
 * streamed axis): out-of-bound (outside the grid), boundary (on the grid's fixed halo cells),
 * redundant (inside the grid but in a block's overlap or stream-division halo), valid (written). */
typedef struct {
  double out_of_bound, boundary, redundant, valid;
} ThreadClasses;

typedef struct {
  ThreadClasses classes;  /* n5d only */
  double gm_bytes, l2_bytes, sm_bytes, flops; /* per launch (n5d) or per step (naive) */
  double l1_wavefronts;   /* naive, 25d: L1 wavefronts of the global loads (128 bytes each) */
  double shuffles;        /* lane shuffles (SSAM, 25d; a double moves as two) */
  double t_gm, t_l1, t_l2, t_sm, t_comp, t_shfl; /* seconds for one launch or step at each peak */
  long blocks;            /* thread blocks per launch */
  int threads;            /* per block */
  int blocks_per_sm, regs;
  const char *occupancy_limit;
  double eff_sm;          /* last-wave efficiency: waves / ceil(waves) */
  double seconds;         /* whole run */
  double gcells;          /* predicted GCells/s */
  Bound bound;
} Prediction;

/* Grid and run the predictions are for: interior cells per axis (axis 0 first) and time steps. */
typedef struct {
  long n[IR_MAX_DIMS];
  long steps;
} Problem;

/* A backend's model. `space` calls consider for every candidate of the backend's tuning space
 * (consider returns whether it kept it); `predict` predicts one candidate from its plan: 0, or -1
 * when it cannot run well (the register estimate exceeds the cap or the hardware, or no block fits
 * on an SM; with `prune` false, the register-pressure pruning is relaxed: the backends' own
 * defaults are tried unless the estimate is far past the limit, where they spill for certain).
 * predict fills every field but gcells. */
typedef bool (*ConsiderFn)(void *ctx, const GenOptions *opt);
typedef struct BackendModel {
  void (*space)(const Stencil *st, DType dt, ConsiderFn consider, void *ctx);
  int (*predict)(const Stencil *st, const GenOptions *opt, const void *plan, const Problem *pb,
                 const GpuSpec *g, bool prune, Prediction *p);
} BackendModel;

/* A convergence loop (Stencil.conv) on a CUDA engine: after each step that computes the residual
 * the host zeroes the device's scalar, waits for the sweep and copies the scalar back before it
 * can launch the next step. The steps of pb that do (all of them, or one in check_every), and
 * the seconds each such check costs beside the sweep. */
double model_converge_checks(const Stencil *st, const Problem *pb);
double model_converge_check_seconds(void);

#endif
