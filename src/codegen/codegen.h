/* Code generation: turns a classified Stencil into one complete, self-contained program (CUDA
 * or C + OpenMP) that fills the grid, runs, verifies against a CPU reference and times itself. */
#ifndef STENCILC_CODEGEN_H
#define STENCILC_CODEGEN_H

#include <stdbool.h>
#include <stddef.h>

#include "ir/ir.h"
#include "util/buf.h"

typedef enum { BACKEND_NAIVE, BACKEND_CPU, BACKEND_N5D, BACKEND_25D, BACKEND_SSAM, BACKEND_COUNT } Backend;

/* Parameters of the N.5D temporal-blocking backend (AN5D). Zero means "choose". */
typedef struct {
  int bt;          /* time steps fused per launch */
  int bs[2];       /* threads per block along x (contiguous axis) and, in 3D, y */
  int hsn;         /* rows of the streaming axis per block (stream division); 0: from the size */
  int regs;        /* register cap per thread (0: none) */
  int rows;        /* rows of the stream each level computes between two barriers (0: choose) */
  bool no_diag_opt;  /* force the diagonal-access-free optimisation off */
  bool no_assoc_opt; /* force the associative (partial sums) optimisation off */
} N5dParams;

/* Parameters of the naive backend. */
typedef struct {
  int block[IR_MAX_DIMS]; /* threads per block along each axis, axis 0 (slowest) first; all 0:
                             the default shape */
} NaiveParams;

/* Where the 2.5D backend keeps the neighbours of a cell (see p25d.c). */
typedef enum { P25D_AUTO, P25D_GLOBAL, P25D_SHARED, P25D_HYBRID, P25D_REGISTER } Placement;

/* Parameters of the 2.5D blocking backend (25d). Zero means "choose". */
typedef struct {
  Placement placement;
  int block[IR_MAX_DIMS]; /* threads per block along y and x (the plane), as --block gives them;
                             a third count is refused */
} P25dParams;

/* Parameters of the SSAM backend (software systolic array, Chen et al. 2019). Zero means
 * "choose". */
typedef struct {
  int bt;    /* time steps fused per launch */
  int p;     /* outputs per thread along axis 0 (the register cache holds p + 2 bT r0 values) */
  int bs[2]; /* threads per block: bs[0] along x (2D: a multiple of 32; 3D: 32, one warp) and, in
                3D, bs[1] warps along y */
} SsamParams;

typedef struct {
  Backend backend;
  DType dtype; /* element and arithmetic type of the generated program (may differ from source) */
  N5dParams n5d;
  NaiveParams naive;
  P25dParams p25d;
  SsamParams ssam;
} GenOptions;

/* How the n5d backend keeps the sub-planes (see n5d.c), chosen from the IR and the options. */
typedef enum { N5D_DIAGONAL_FREE, N5D_ASSOCIATIVE, N5D_GENERAL } N5dMode;

/* The n5d backend's plan for given options, defaults filled in: what a performance model needs. */
typedef struct {
  N5dMode mode;
  int bt, bs[2]; /* bs[0] along x, bs[1] along y (1 in 2D) */
  int rows;      /* rows per barrier */
  int ring;      /* sub-planes per level in a ring: 2 * streaming radius + rows */
  long smem;     /* bytes of dynamic shared memory per block */
  int regs;      /* register cap (0: none), the default's when none was asked for */
} N5dPlan;

/* The SSAM backend's plan for given options, defaults filled in: what a performance model needs.
 * The per-cell counts are those of the code emitted for one computed cell of one time level. */
typedef struct {
  int bt, p;
  int warps;      /* per block: side by side along x (2D) or stacked along y (3D) */
  int cache;      /* register cache per thread: p + 2 bT r0 values */
  int regs;       /* estimated registers per thread (see ssam.c) */
  long smem;      /* bytes of dynamic shared memory per block (3D exchange between warps) */
  int fma, mul, add; /* arithmetic per computed cell */
  int shuffles;   /* partial sums passed between lanes per computed cell */
  int smem_reads; /* 3D: values of the neighbouring warps read per computed cell */
  int smem_extra; /* 3D: rows each level writes to shared memory beyond those it computes */
  bool long_code; /* 2D: a launch unrolls more products than the code-size rule of the defaults
                     allows (ssam.c, MAX_UNROLLED): measured 1.3x to 1.5x slower */
} SsamPlan;

/* The 25d backend's plan for given options, defaults filled in: what a performance model needs.
 * The counts are those of the code emitted for one thread and one plane of the stream. */
typedef struct {
  Placement placement;
  int by, bx;          /* threads per block along y and x */
  int ring;            /* slots of the ring or queues */
  int tile;            /* cells of a shared tile with its halo (shared, hybrid; else 0) */
  long smem;           /* bytes of dynamic shared memory per block */
  int regs;            /* estimated registers per thread (see p25d.c) */
  double loads;        /* global load instructions: every point (global), a row per y offset
                          and its halo (register), the thread's share of the tile (shared, hybrid) */
  double smem_reads, smem_writes; /* shared-memory words */
  int shuffles;        /* warp shuffles (register: two per point off the thread's x) */
} P25dPlan;

/* Comment lines enclosing the backend's kernel code (not the reference) in every program, so
 * that a test can perturb the kernel alone. */
#define CODEGEN_KERNEL_BEGIN "/* stencilc:kernel-begin */"
#define CODEGEN_KERNEL_END "/* stencilc:kernel-end */"

/* Parses a backend name ("naive", "cpu", "n5d", "25d", "ssam"); returns -1 when unknown. */
int codegen_backend_from_name(const char *name);
const char *codegen_backend_name(Backend b);
/* True when the backend's output is CUDA (compiled with nvcc), false for plain C. */
int codegen_backend_is_cuda(Backend b);

/* Whether the backend accepts the options for this stencil, printing nothing: 0, or non-zero with
 * the reason (the message `stencilc gen` would print, without location and hint) in why. */
int codegen_validate(const Stencil *st, const GenOptions *opt, char *why, size_t n);

/* The n5d plan for opt->n5d (whatever opt->backend says): 0, or non-zero with the reason in why. */
int codegen_n5d_plan(const Stencil *st, const GenOptions *opt, N5dPlan *plan, char *why, size_t n);

/* The SSAM plan for opt->ssam (whatever opt->backend says): 0, or non-zero with the reason. */
int codegen_ssam_plan(const Stencil *st, const GenOptions *opt, SsamPlan *plan, char *why, size_t n);

/* The 25d plan for opt->p25d (whatever opt->backend says): 0, or non-zero with the reason. */
int codegen_p25d_plan(const Stencil *st, const GenOptions *opt, P25dPlan *plan, char *why, size_t n);

/* Parses a 25d placement name ("global", "shared", "hybrid", "register"); -1 when unknown. */
int codegen_placement_from_name(const char *name);
const char *codegen_placement_name(Placement p);

/* The naive backend's threads per block along each axis (axis 0 first), defaults filled in. */
void codegen_naive_block(const Stencil *st, const GenOptions *opt, int block[IR_MAX_DIMS]);

/* The backend's default interior cells per axis (for a dims-D stencil) and time steps. */
long codegen_default_size(Backend b, int dims);
long codegen_default_steps(Backend b);

/* Appends the whole program to out. Returns 0, or non-zero after printing why the stencil or the
 * options cannot be handled (nothing is appended then). */
int codegen_program(Buf *out, const Stencil *st, const GenOptions *opt);

#endif
