/* Code generation for stencil programs (ir/program.h): each stage one parallel loop nest (cpu)
 * or one kernel launch (naive) per time step, the buffers of each field rotated per its time
 * levels, the reference running every stage in double; n5d blocks the one-stage programs
 * (n5d_program.h), 25d and ssam refuse programs. */
#ifndef STENCILC_CODEGEN_PROGRAM_H
#define STENCILC_CODEGEN_PROGRAM_H

#include "codegen.h"
#include "ir/program.h"

/* Whether the backend takes the program with these options: 0, or non-zero with the reason
 * ("BACKEND: message") in why; prints nothing. */
int codegen_program_validate(const Program *pr, const GenOptions *opt, char *why, size_t n);

/* Appends the whole program to out. Returns 0, or non-zero after printing why the program or
 * the options cannot be handled (nothing is appended then). */
int codegen_program_stages(Buf *out, const Program *pr, const GenOptions *opt);

/* Appends the plan of the backends that have one for programs (n5d, 25d) in a few readable lines,
 * each starting with "plan: "; nothing for the others or options they refuse. */
void codegen_program_explain(Buf *out, const Program *pr, const GenOptions *opt);

/* The parts of that program that its library form (codegen/api.h) carries too: the defines
 * and runtime texts (rt_common.h, rt_program.h), and the backend's kernel code defining
 * program_step(rt_real *const *buf, const RtGrid *g, long t) between the kernel markers. The
 * options are those codegen_program_validate accepted. */
void codegen_program_prelude(Buf *out, const Program *pr, const GenOptions *opt);
void codegen_program_kernels(Buf *out, const Program *pr, const GenOptions *opt);

#endif
