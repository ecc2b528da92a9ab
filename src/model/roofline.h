/* What the performance models of the backends (model/predict_*.c) share: the rates of a GpuSpec,
 * the tiling of an axis, and the roofline that turns per-resource times into a prediction. Internal
 * to src/model/. */
#ifndef STENCILC_ROOFLINE_H
#define STENCILC_ROOFLINE_H

#include "model.h"

enum { WARP = 32 };

long ceil_div(long a, long b);
/* 4-byte words (32-bit registers) per element, at least 1. */
int words(DType dt);
/* Registers a kernel needs besides its values (AN5D section 6.3): 20 in float, 30 in double. */
int register_base(DType dt);
int op_total(OpCounts o);
double op_flops(OpCounts o);
double peak_gflops(const GpuSpec *g, DType dt);

/* L1 wavefronts of warp-wide loads: a warp's load of 32 consecutive words of 4 bytes is one
 * 128-byte wavefront (a double one of two); a block narrower than a warp spreads each load over
 * 32 / bx rows. */
double load_wavefronts(double loads, int bx, DType dt);
/* The L1 serves one wavefront per clock per SM. */
double l1_seconds(const GpuSpec *g, double wavefronts);
/* Issue slots: the SM issues 4 warp instructions per clock (128 lanes, fp32_gflops / 2). */
double issue_seconds(const GpuSpec *g, double lane_instructions);
/* Warp shuffles: a pipe of 32 lanes per clock per SM (CUDA C++ Programming Guide, arithmetic
 * instruction throughput). */
double shuffle_seconds(const GpuSpec *g, double shuffles);

/* Positions covered along one axis by tiles that advance by `step` output cells over n interior
 * cells with halos lo and hi; each tile holds `extra` cells more than its output, `shift` of them
 * before it. `clip`: the last tile's output ends with the interior (stream chunks); otherwise it
 * keeps its full width (thread blocks). Takes time in the tiles near the edges only. */
typedef struct {
  double total, ingrid, interior;
  long tiles;
} Cover;
Cover cover(long n, int lo, int hi, long step, long extra, long shift, bool clip);

/* The fraction of the peaks a strategy attains: DRAM, how much of the copy bandwidth its loads
 * keep busy; chip, of L1, L2, shared memory, compute and issue; the shuffle pipe, SHUFFLE_SHARE
 * of the chip fraction. Below `hide` resident warps per SM the on-chip fraction falls as the
 * square root of warps / hide (barriers need warps to hide behind). Each predictor holds its
 * strategy's fractions, with the bench/results/ rows they were fitted to. */
typedef struct {
  double dram, chip;
  int hide;
} Attained;

/* The slowest resource at the strategy's attained peaks, the wave efficiency and the time of one
 * launch or step, for blocks of `threads` threads using smem bytes of shared memory. */
void finish(const GpuSpec *g, const Attained *a, int threads, long smem, Prediction *p);

#endif
