/* The n5d backend (N.5D temporal blocking, AN5D): its parameters and its plan, which its emitter
 * (n5d.c) and its performance model (model/predict_n5d.c) both read. */
#ifndef STENCILC_N5D_H
#define STENCILC_N5D_H

#include "codegen/codegen.h"

/* Parameters (ints, see BackendParams); 0 means "choose". */
typedef struct {
  int bt;           /* time steps fused per launch */
  int bs[2];        /* threads per block along x (contiguous axis) and, in 3D, y */
  int hsn;          /* rows of the streaming axis per block (stream division); 0: from the size */
  int regs;         /* register cap per thread (0: none) */
  int rows;         /* rows of the stream each level computes between two barriers */
  int no_diag_opt;  /* 1: the diagonal-access-free optimisation off */
  int no_assoc_opt; /* 1: the associative (partial sums) optimisation off */
  int cols;         /* adjacent columns per thread along x (0: the one-column kernel) */
} N5dParams;

/* How the sub-planes are kept (see n5d.c), chosen from the IR and the options. */
typedef enum { N5D_DIAGONAL_FREE, N5D_ASSOCIATIVE, N5D_GENERAL } N5dMode;

typedef struct {
  N5dMode mode;
  int bt, bsx, bsy, hsn, regs; /* defaults filled in; regs 0: no cap; hsn 0: from the size */
  int rs, ry, rx;  /* radius along the streaming axis, y (3D) and x */
  int v;           /* rows of the stream each level computes between two barriers */
  int w;           /* ring size 2RS+V: the rows one level's next level reads at once */
  int copies;      /* row-loop unroll: copies of V rows until the ring slots repeat */
  bool linear;     /* computed from the folded linear form (associative, not forced off) */
  long smem;       /* bytes of dynamic shared memory per block */
  double smem_reads, smem_writes; /* shared-memory words per cell and level, as emitted */
  int cols;        /* adjacent columns per thread (1 without --cols) */
  bool wide;       /* the --cols kernel: per-column names, inner blocks free of boundary tests */
} N5dPlan;

extern const Backend backend_n5d;


#endif
