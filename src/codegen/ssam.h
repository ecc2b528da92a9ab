/* The SSAM backend (software systolic array, Chen et al. 2019, with temporal blocking):
 * parameters and plan, read by its emitter (ssam.c) and its model (model/predict_ssam.c). */
#ifndef STENCILC_SSAM_H
#define STENCILC_SSAM_H

#include "codegen/codegen.h"

enum { SSAM_WARP = 32 };

/* Parameters (ints, see BackendParams); 0 means "choose". */
typedef struct {
  int bt;    /* time steps fused per launch */
  int p;     /* outputs per thread along axis 0 (the register cache holds p + 2 bT r0 values) */
  int bs[2]; /* threads per block: bs[0] along x (2D: a multiple of 32; 3D: 32, one warp) and, in
                3D, bs[1] warps along y */
} SsamParams;

/* The plan; the per-cell counts are those of the code emitted for one computed cell of one
 * time level. */
typedef struct {
  int bt, p, warps; /* warps per block: side by side along x (2D) or stacked along y (3D) */
  int rr, rw, rx;   /* radius along axis 0 (registers), y (3D: warps; 0 in 2D) and x (lanes) */
  int cache;        /* register cache per thread: P + 2 bT rr values */
  /* 3D: the axis-0 offsets of the points off the warp's plane span ylo .. ylo + yspan: a level
   * publishes only the rows its y neighbours read (a star: the centre rows alone) */
  int ylo, yspan;
  int terms, centre, yrows; /* points used; those of the centre column; 3D: distinct (axis-0, y)
                               offsets off the warp's plane, the shared-memory loads of an output */
  bool sums;        /* columns summed apart before the chains (emit_column_sums): yrows > 0 */
  long smem;        /* bytes of dynamic shared memory per block (3D exchange between warps) */
  int regs;         /* estimated registers per thread */
  int fma, mul, add; /* arithmetic per computed cell */
  int shuffles;     /* partial sums passed between lanes per computed cell */
  int smem_reads;   /* 3D: values of the neighbouring warps read per computed cell */
  int smem_extra;   /* 3D: rows each level writes to shared memory beyond those it computes */
  bool long_code;   /* 2D: a launch unrolls more products than the code-size rule of the defaults
                       allows (MAX_UNROLLED in ssam.c): measured 1.3x to 1.5x slower */
  bool by_weight;   /* 2D with run-time weights: products emitted weight by weight across the
                       outputs of a level (ssam.c, emit_outputs_by_weight) */
  /* Columns: the distinct x offsets of the points used, left of the centre (ascending, the
   * farthest first) and right of it (descending, the farthest first). */
  int left[2 * SSAM_WARP], nleft, right[2 * SSAM_WARP], nright;
} SsamPlan;

extern const Backend backend_ssam;

#endif
