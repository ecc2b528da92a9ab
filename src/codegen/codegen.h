/* Code generation: turns a classified Stencil into one complete, self-contained program (CUDA
 * or C + OpenMP) that fills the grid, runs, verifies against a CPU reference and times itself. */
#ifndef STENCILC_CODEGEN_H
#define STENCILC_CODEGEN_H

#include <stdbool.h>

#include "ir/ir.h"
#include "util/buf.h"

typedef enum { BACKEND_NAIVE, BACKEND_CPU, BACKEND_N5D } Backend;

/* Parameters of the N.5D temporal-blocking backend (AN5D). Zero means "choose". */
typedef struct {
  int bt;          /* time steps fused per launch */
  int bs[2];       /* threads per block along x (contiguous axis) and, in 3D, y */
  int hsn;         /* rows of the streaming axis per block (stream division); 0: from the size */
  int regs;        /* register cap per thread (0: none) */
  bool no_diag_opt;  /* force the diagonal-access-free optimisation off */
  bool no_assoc_opt; /* force the associative (partial sums) optimisation off */
} N5dParams;

typedef struct {
  Backend backend;
  DType dtype; /* element and arithmetic type of the generated program (may differ from source) */
  N5dParams n5d;
} GenOptions;

/* Comment lines enclosing the backend's kernel code (not the reference) in every program, so
 * that a test can perturb the kernel alone. */
#define CODEGEN_KERNEL_BEGIN "/* stencilc:kernel-begin */"
#define CODEGEN_KERNEL_END "/* stencilc:kernel-end */"

/* Parses a backend name ("naive", "cpu", "n5d"); returns -1 when unknown. */
int codegen_backend_from_name(const char *name);
const char *codegen_backend_name(Backend b);
/* True when the backend's output is CUDA (compiled with nvcc), false for plain C. */
int codegen_backend_is_cuda(Backend b);

/* Appends the whole program to out. Returns 0, or non-zero after printing why the stencil or the
 * options cannot be handled (nothing is appended then). */
int codegen_program(Buf *out, const Stencil *st, const GenOptions *opt);

#endif
