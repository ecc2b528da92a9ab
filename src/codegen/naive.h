/* The naive backend (one step per launch from global memory): parameters and plan, read by its
 * emitter (naive.c) and its model (model/predict_naive.c). */
#ifndef STENCILC_NAIVE_H
#define STENCILC_NAIVE_H

#include "codegen/codegen.h"

typedef struct {
  int block[IR_MAX_DIMS]; /* threads per block along each axis, axis 0 (slowest) first; all 0:
                             the default shape */
} NaiveParams;

typedef struct {
  int block[IR_MAX_DIMS]; /* defaults filled in; 1 past the stencil's axes */
  int threads;
} NaivePlan;

extern const Backend backend_naive;

#endif
