/* Performance models: predict, without a GPU, how fast each strategy and parameter set would run a
 * stencil, so that the candidates can be ranked and only the best few compiled and timed.
 *
 *   occupancy      blocks per SM from threads, registers and shared memory (CUDA occupancy rules,
 *                  Tabik et al. 2015 eq. 10)
 *   n5d            the AN5D roofline (Matsumura et al. 2020, section 5): thread classes with stream
 *                  division, global/shared/compute times, SM efficiency, register-pressure pruning
 *   naive          a roofline for one step per launch: compulsory DRAM traffic, L1 wavefronts of
 *                  the loads (one per point), L2 traffic from Tabik's transaction model for the
 *                  block shape (eq. 2), compute
 *   25d            a roofline for one step per launch of 2.5D blocking: DRAM (planes once, the
 *                  tile's halo re-read), L1 wavefronts of the global loads, shared memory, warp
 *                  shuffles, FLOPs and issue slots
 *   ssam           a roofline for the software systolic array (Chen et al. 2019, section 5's
 *                  terms counted per launch): register-cache loads through L2, compulsory DRAM
 *                  traffic, FMAs and issue slots, warp shuffles at their own pipe's rate, shared
 *                  memory between warps in 3D; overlapped blocking's redundant cells included
 * Every model is a pure function of the stencil, the options and a GpuSpec. */
#ifndef STENCILC_MODEL_H
#define STENCILC_MODEL_H

#include "codegen/codegen.h"
#include "ir/ir.h"

/* ---- GPU description ---- */

typedef struct {
  char key[16];             /* what --gpu takes: "h200" */
  char name[64];            /* "NVIDIA H200" */
  int arch;                 /* compute capability * 10: 80, 90 */
  int sms;
  double clock_ghz;         /* boost clock */
  double fp32_gflops, fp64_gflops; /* peak, an FMA counting two */
  double mem_gbs;           /* DRAM, bytes read + written per second (a measured copy if known) */
  double smem_gbs;          /* shared memory, all SMs: 32 banks * 4 B per clock per SM */
  double l2_gbs;            /* L2 read bandwidth, all slices */
  int regs_per_sm, max_regs_per_thread, max_threads_per_sm, max_blocks_per_sm;
  long smem_per_sm, smem_per_block; /* bytes; per block: the opt-in maximum */
  long smem_reserved;       /* bytes the driver reserves per block */
  long l2_bytes;
} GpuSpec;

/* The built-in table's keys, comma separated, for help and errors. */
const char *model_gpu_keys(void);

/* Fills *g for `key` from the built-in table, then overrides the fields that the probe file at
 * `probe_path` measured when that file describes the same GPU (key line equal). probe_path may be
 * NULL or missing. Returns 0, or -1 for an unknown key. */
int model_gpu_find(const char *key, const char *probe_path, GpuSpec *g);

/* The table key whose GPU name a device name contains ("NVIDIA H200" -> "h200"), or NULL. */
const char *model_gpu_key_for_name(const char *device_name);

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
int model_n5d_registers(const N5dPlan *plan, DType dt, int weights);
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
  double shuffles;        /* lane shuffles (ssam; a double moves as two) */
  double t_gm, t_l1, t_l2, t_sm, t_comp, t_shfl; /* seconds for one launch or step at each peak */
  long blocks;            /* thread blocks per launch */
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

/* Predicts opt (backend naive, n5d, 25d or ssam, already accepted by codegen_validate). Returns 0,
 * or -1 when the candidate cannot run well: the register estimate exceeds the cap or the hardware,
 * or no block fits on an SM. */
int model_predict(const Stencil *st, const GenOptions *opt, const Problem *pb, const GpuSpec *g,
                  Prediction *p);

/* model_predict, with (prune) or without the register-pressure pruning: the backends' own
 * defaults are tried whatever the estimate says (j2d5pt's n5d default, bT 12 under a cap of 64
 * registers, is estimated at 104, yet ptxas spills 20 bytes and it ran fastest of all). */
int model_predict_as(const Stencil *st, const GenOptions *opt, const Problem *pb, const GpuSpec *g,
                     bool prune, Prediction *p);

/* ---- Search ---- */

typedef struct {
  GenOptions opt;
  Prediction pred;
} Candidate;

/* Every candidate of every GPU strategy (naive over block shapes, n5d over bT x block x hSN x
 * register caps, 25d over placements x blocks, ssam over bT x P x block) that the backends accept
 * and the model does not prune, best predicted first.
 * Returns the count and a malloc'ed array in *out (NULL when none). */
int model_rank(const Stencil *st, DType dt, const Problem *pb, const GpuSpec *g, Candidate **out);

/* The backend's own default options (its hand-made rule, all parameters left to it), predicted
 * without the register pruning; -1 when the backend refuses them or the model cannot predict
 * them. */
int model_default_candidate(const Stencil *st, DType dt, Backend b, const Problem *pb,
                            const GpuSpec *g, Candidate *out);

/* Threads per block of a candidate. */
int model_block_threads(const Stencil *st, const GenOptions *opt);

/* The candidate's parameters as `stencilc gen` options, e.g. "--bt 4 --bs 256 --hsn 512"; empty
 * for the backend's defaults. */
void model_params_text(const Stencil *st, const GenOptions *opt, char *buf, size_t n);

#endif
