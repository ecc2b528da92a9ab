/* The direct backend (a 2D linear stencil as a direct convolution: the block's input tile in
 * shared memory, a register tile of outputs per thread, the filter's rows in a rolled loop):
 * parameters and plan, read by its emitter (direct.c). */
#ifndef STENCILC_DIRECT_H
#define STENCILC_DIRECT_H

#include "codegen/codegen.h"

typedef struct {
  int outputs[2]; /* cells per thread, rows then columns; 0: the default */
  int warps;      /* warps per block, stacked along y; 0: the default */
} DirectParams;

typedef struct {
  int rows, cols;   /* cells per thread (P x Q) */
  int warps;        /* per block; the block's outputs are warps * rows by 32 * cols */
  int lo[2], fh, fw;/* the filter's box: least offset per axis, and its extent (rows, columns) */
  int vec;          /* elements per 16-byte shared-memory load: 4 in float, 2 in double */
  int wpitch;       /* a filter row in shared memory: fw rounded up to vec (zeros past fw) */
  int tile_rows, tile_cols, pitch; /* the input tile: rows, columns read, row pitch (of vec) */
  int loads;        /* vector loads of a thread's input row: (cols + fw - 1) / vec, rounded up */
  long smem;        /* bytes of shared memory a block takes: tile and filter */
} DirectPlan;

extern const Backend backend_direct;

#endif
