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
  int window;               /* distinct input values a whole tile reads (naive_window) */
} NaivePlan;

/* The input values a thread reads for a whole tile of `outputs` cells: the box of offsets
 * lo[a] <= o < lo[a] + size[a] around the tile's first cell, and unless `used` is NULL, in *used
 * (allocated, size[0] * size[1] * size[2] entries, row-major; the caller frees it) which of them
 * some point of some cell of the tile reads. Returns how many are. */
typedef struct {
  int lo[IR_MAX_DIMS], size[IR_MAX_DIMS];
} NaiveWindow;
int naive_window(const Stencil *st, const int outputs[IR_MAX_DIMS], NaiveWindow *w, bool **used);

extern const Backend backend_naive;

#endif
