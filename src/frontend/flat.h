/* Flattened indices for the program front end (program.c): a[IDX(i - 1, j, k)] read with the
 * single-stencil front end's index arithmetic (poly.c, and expand.c for the operators of index
 * macros, which libclang 14 does not show), so both front ends read the same forms. */
#ifndef STENCILC_FRONTEND_FLAT_H
#define STENCILC_FRONTEND_FLAT_H

#include <clang-c/Index.h>

#include "ir/ir.h"

/* What the file was parsed with: expand.c parses index macro uses again with it. */
typedef struct {
  const char *path;
  CXIndex index;
  const char *const *args;
  int nargs;
  CXTranslationUnit tu;
  CXCursor scope; /* the time loop: integer locals declared in it are indices (poly.c) */
} FlatInput;

/* The index at c as sum coef[v] * vars[v] + *k over the nvars loop variables, with constant
 * coefficients (sizes that are macros or consts fold). 0 on success; -1 with what is wrong in
 * msg (the index is not linear in the loop variables with constant strides, or unreadable). */
int flat_index(const FlatInput *in, CXCursor c, int nvars, const char (*vars)[IR_NAME_MAX],
               long long coef[], long long *k, char *msg, size_t cap);

#endif
