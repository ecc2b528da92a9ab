/* The library form of a stencil (stencilc gen --api): a header and a source whose extern "C"
 * entry points run the backend's own kernel code (the same text as its benchmark program) on the
 * caller's buffers. */
#ifndef STENCILC_API_H
#define STENCILC_API_H

#include "codegen/codegen.h"
#include "ir/program.h"

/* Appends the header (included as `header_name`) and the source (.cu for a CUDA backend, .c for
 * the cpu backend) for the plan of codegen_prepare; every name they define starts with
 * `prefix` (a C identifier). */
void codegen_api(Buf *header, Buf *source, const Stencil *st, const GenOptions *opt,
                 const PlanStore *plan, const char *prefix, const char *header_name);

/* The library of a stencil program (ir/program.h) for the cpu or naive backend: the same
 * header layout, its entry points taking every buffer of every field, the coefficient grids, the
 * extents, the first t, the steps and the scalars. 0, or -1 after a message when the backend
 * does not take the program. */
int codegen_program_api(Buf *header, Buf *source, const Program *pr, const GenOptions *opt,
                        const char *prefix, const char *header_name);

#endif
