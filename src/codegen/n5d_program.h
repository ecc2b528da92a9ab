/* n5d on stencil programs (ir/program.h): the one-stage program of one state field, first or
 * second order in time, with coefficient grids and run-time scalars (the acoustic wave equation,
 * variable-coefficient heat), temporally blocked as n5d blocks one stencil. See n5d_program.c. */
#ifndef STENCILC_N5D_PROGRAM_H
#define STENCILC_N5D_PROGRAM_H

#include "codegen/codegen.h"
#include "codegen/emit.h"
#include "ir/program.h"

typedef struct {
  int field;      /* the state field the stage writes */
  int prev_shift; /* the shift of its reads of level t-1 (centre only), -1 when it reads none */
  int bt, bsx, bsy, hsn; /* defaults filled in; hsn 0: from the size */
  int rs, ry, rx; /* the stage's radius along the stream, y (3D) and x */
  int w;          /* shared ring of each level 0 .. bT-1: 2 RS + 1 planes */
  int cw;         /* shared ring of each coefficient grid: (bT + 1) RS + 1 planes */
  int coefs[PROG_MAX_FIELDS]; /* the coefficient grids the stage reads */
  int ncoefs;
  long smem;      /* bytes of dynamic shared memory per block */
} N5dProgramPlan;

/* Plans n5d for pr: 0, or -1 with the reason ("n5d: ...", what in the program or the options
 * prevents it and which backend takes it instead) in why. Prints nothing. */
int n5d_program_plan(const Program *pr, const GenOptions *opt, N5dProgramPlan *pl, char *why,
                     size_t n);

/* Appends the kernel and `program_advance` (see runtime/rt_program.h) for the plan. */
void n5d_program_emit(Buf *out, const Program *pr, DType dt, const N5dProgramPlan *pl);

/* Appends the plan in a few readable lines, each starting with "plan: ". */
void n5d_program_explain(Buf *out, const N5dProgramPlan *pl);

/* The n5d kernel's tile, emitted by n5d.c for both kernels: the thread's plane position t, its
 * cell (x, y) and clamped / own column offsets pc / p, whether it is inside the plane's interior
 * (pin) and owns an output (own), and its rows [i0, i1) of the stream; from the macros N5D_BT,
 * BSX, BSY, RX, RY, LO*, HI* and the kernel's parameters n0.., s0.., chunk. */
void n5d_emit_tile(Emitter *e, int dims);

/* n5d_chunk(g, tiles), the rows of the stream per block, emitted by n5d.c for both hosts: N5D_HSN,
 * else what `rows` (one or more lines ending in a return) computes. */
void n5d_emit_chunk(Emitter *e, const char *rows);

#endif
