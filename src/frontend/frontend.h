/* Front end: C source -> Stencil, through libclang. */
#ifndef STENCILC_FRONTEND_H
#define STENCILC_FRONTEND_H

#include <stddef.h>

#include "ir/ir.h"

/* Parses the stencil in the C file at path into st (classified with ir_classify). Returns 0, or
 * 2 after printing a diagnostic (file:line:col: error: ... plus a hint) when the input is not a
 * stencil stencilc can handle. The file is searched for the first function holding a loop. */
int frontend_parse(const char *path, Stencil *st);

/* The same for source text held in memory (len bytes, need not be NUL-terminated), parsed as if
 * it were the file `name` (which need not exist; it names diagnostics and st->name). */
int frontend_parse_buffer(const char *name, const char *text, size_t len, Stencil *st);

#endif
