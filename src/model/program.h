/* The model for stencil programs (ir/program.h): they run on naive (and cpu) only. */
#ifndef STENCILC_MODEL_PROGRAM_H
#define STENCILC_MODEL_PROGRAM_H

#include "ir/program.h"
#include "model.h"

/* Predicts the naive backend on program pr with options opt (backend naive, accepted by
 * codegen_program_validate): each stage is one
 * launch per step, predicted as the naive model predicts its expression and points, except that
 * DRAM moves every buffer the stage reads and the one it writes once per cell (a single stencil
 * moves two). The whole run sums the stages' times. Returns 0, or -1 when no block fits. */
int model_program_naive(const Program *pr, const GenOptions *opt, const Problem *pb,
                        const GpuSpec *g, Prediction *p);

#endif
