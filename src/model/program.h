/* The models for stencil programs (ir/program.h) on naive and n5d (the one-stage programs it
 * blocks; cpu has no model). */
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

/* Predicts n5d on program pr (opt's parameters, planned by n5d_program_plan): n5d's model of its
 * general mode for the stage's expression and the plan's block, bT and rings, except that DRAM
 * moves the field's level t, each coefficient grid, level t-1 and the two stored levels once per
 * cell and launch (a single stencil moves two buffers). Returns 0, or -1 when n5d refuses the
 * program or no block fits. */
int model_program_n5d(const Program *pr, const GenOptions *opt, const Problem *pb,
                      const GpuSpec *g, Prediction *p);

#endif
