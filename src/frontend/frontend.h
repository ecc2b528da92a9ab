/* Front end: C source -> Stencil, through libclang. */
#ifndef STENCILC_FRONTEND_H
#define STENCILC_FRONTEND_H

#include <stddef.h>

#include "ir/ir.h"

/* How to read the C file: what a C compiler would be told, and where the stencil is. */
typedef struct {
  const char *const *clang_args; /* the user's -I, -D, -U, -std=, -include, as separate words */
  int nclang_args;
  const char *function;          /* --function NAME: the stencil is in this function; NULL: search */
} FrontendOptions;

/* Parses the stencil in the C file at path into st (classified with ir_classify). fo may be NULL
 * (no flags, search every function). Returns 0, or 2 after printing a diagnostic
 * (file:line:col: error: ... plus a hint) when the input is not a stencil stencilc can handle. */
int frontend_parse(const char *path, const FrontendOptions *fo, Stencil *st);

/* The same for source text held in memory (len bytes, need not be NUL-terminated), parsed as if
 * it were the file `name` (which need not exist; it names diagnostics and st->name). */
int frontend_parse_buffer(const char *name, const char *text, size_t len, const FrontendOptions *fo,
                          Stencil *st);

#endif
