/* Front end for stencil programs (issue 18): time loops whose body updates several fields in
 * stages, with three time levels, in-place updates, coefficient grids, run-time scalars and
 * local temporaries. The single-statement form stays with frontend_parse. */
#ifndef STENCILC_FRONTEND_PROGRAM_H
#define STENCILC_FRONTEND_PROGRAM_H

#include "frontend.h"
#include "ir/program.h"

typedef enum {
  PROGRAM_NOT,     /* today's single-statement form, or no program feature seen before the input
                      failed: frontend_parse takes it (and gives its own diagnostics); nothing was
                      printed */
  PROGRAM_OK,      /* pr holds the classified program */
  PROGRAM_REFUSED, /* a program stencilc does not take: a diagnostic was printed */
} ProgramParse;

/* Parses the C file at path as a stencil program into pr (freed unless PROGRAM_OK). */
ProgramParse frontend_parse_program(const char *path, const FrontendOptions *fo, Program *pr);

#endif
