/* The fft backend (one time step as a convolution through cuFFT, overlap-save over T x T tiles):
 * parameters and plan, read by its emitter (fft.c) and its model (model/predict_fft.c). */
#ifndef STENCILC_FFT_H
#define STENCILC_FFT_H

#include "codegen/codegen.h"

/* Parameters (ints, see BackendParams); 0 means "choose". */
typedef struct {
  int tile; /* T: the side of the square tiles transformed, a power of two */
} FftParams;

typedef struct {
  int tile;     /* T */
  int lo[2];    /* the filter's reach towards lower indices along axes 0 and 1 (max -offset, >= 0) */
  int hi[2];    /* and towards higher ones (max offset, >= 0) */
  int valid[2]; /* outputs a tile keeps along each axis: T - lo[a] - hi[a] */
  int terms;    /* points taking part in the linear form */
} FftPlan;

extern const Backend backend_fft;

#endif
