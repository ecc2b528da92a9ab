/* Code generation for stencil programs (ir/program.h): each stage one parallel loop nest (cpu)
 * or one kernel launch (naive) per time step, the stages of one loop nest of the source one
 * kernel on naive where they read each other at the cell only (ProgramKernels), the buffers of each field rotated per its time
 * levels, the reference running every stage in double; n5d blocks the one-stage programs
 * (n5d_program.h), 25d and ssam refuse programs. */
#ifndef STENCILC_CODEGEN_PROGRAM_H
#define STENCILC_CODEGEN_PROGRAM_H

#include "codegen.h"
#include "ir/program.h"

/* naive's kernels of a program, in order: kernel k computes stages first[k] .. first[k + 1] - 1
 * one after another at each cell of its thread, the value an earlier one stores kept in a
 * register for a later one's read at the cell. Consecutive stages share a kernel where they
 * came from one loop nest (Stage.nest), run over the same cells (bounds), and none reads at
 * another cell a buffer another of the kernel writes: each thread then computes what the user's
 * loop computes at its cell, in its order, whatever the order of the threads. A stage before
 * which a boundary stage runs starts a kernel, one after which a point source is added ends
 * one (they run between the kernels). Otherwise one kernel per stage (first[k] = k). */
typedef struct {
  int nkernels;
  int first[PROG_MAX_STAGES + 1]; /* first[nkernels] = nstages */
} ProgramKernels;

void codegen_program_fusion(const Program *pr, ProgramKernels *k);

/* Whether the backend takes the program with these options: 0, or non-zero with the reason
 * ("BACKEND: message") in why; prints nothing. */
int codegen_program_validate(const Program *pr, const GenOptions *opt, char *why, size_t n);

/* The refusal (-1, the reason in why) of a program reading a 1D coefficient array of one axis
 * (Field.per_axis) by a backend other than naive and cpu, or with --mpi; 0 otherwise. Part of
 * codegen_program_validate, and of the plans the model asks for directly (n5d_program_plan). */
int codegen_program_axis_refusal(const Program *pr, const GenOptions *opt, char *why, size_t n);

/* Appends the whole program to out. Returns 0, or non-zero after printing why the program or
 * the options cannot be handled (nothing is appended then). */
int codegen_program_stages(Buf *out, const Program *pr, const GenOptions *opt);

/* Appends the plan of the backends that have one for programs (naive's kernels, n5d, 25d) in a
 * few readable lines, each starting with "plan: "; nothing for the others or options they
 * refuse. */
void codegen_program_explain(Buf *out, const Program *pr, const GenOptions *opt);

/* The parts of that program that its library form (codegen/api.h) carries too: the defines
 * and runtime texts (rt_common.h, rt_program.h), and the backend's kernel code defining
 * program_step(rt_real *const *buf, const RtGrid *g, long t) between the kernel markers. The
 * options are those codegen_program_validate accepted. */
void codegen_program_prelude(Buf *out, const Program *pr, const GenOptions *opt);
void codegen_program_kernels(Buf *out, const Program *pr, const GenOptions *opt);

#endif
