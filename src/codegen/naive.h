/* The naive backend (one step per launch from global memory): parameters and plan, read by its
 * emitter (naive.c) and its model (model/predict_naive.c). */
#ifndef STENCILC_NAIVE_H
#define STENCILC_NAIVE_H

#include "codegen/codegen.h"

typedef struct {
  int block[IR_MAX_DIMS]; /* threads per block along each axis, axis 0 (slowest) first; all 0:
                             the default shape */
  int outputs[IR_MAX_DIMS]; /* cells per thread along each axis (register blocking), axis 0
                               first; all 0: one */
} NaiveParams;

typedef struct {
  int block[IR_MAX_DIMS]; /* defaults filled in; 1 past the stencil's axes */
  int threads;
  int outputs[IR_MAX_DIMS]; /* cells per thread along each axis; 1 past the stencil's axes */
  int tile;                 /* their product */
  int window;               /* distinct input values a whole tile reads (naive_window); set
                               when tile > 1 */
} NaivePlan;

/* The distinct input values a thread reads for a whole tile of `outputs` cells: their offsets
 * from the tile's first cell, n of them in row-major order (allocated; the caller frees off),
 * and the least offset along each axis, lo. Returns n. */
typedef struct {
  int lo[IR_MAX_DIMS];
  int n;
  int (*off)[IR_MAX_DIMS];
} NaiveWindow;
int naive_window(const Stencil *st, const int outputs[IR_MAX_DIMS], NaiveWindow *w);

extern const Backend backend_naive;

#endif
