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
  struct CXUnsavedFile *unsaved; /* the file's text when tu was parsed from it, or NULL */
} FlatInput;

/* The offsets off[ax] of the flattened index at c (of grid `name`; through the row pointer
 * row when not null: its offset added) from the cell the dims loop
 * variables vars[] point at, over a row-major grid whose axis ax has extent ext_param[ax] (a
 * name, plus ext_pad[ax]) or, when that is empty, ext_const[ax]: the index must be sum (vars[ax] + off[ax]) *
 * stride[ax], stride[ax] the product of the extents after ax (index locals, macros and consts
 * fold as in poly.c). 0 on success; -1 with what is wrong in msg. */
int flat_offsets(const FlatInput *in, CXCursor c, CXCursor row, const char *name, int dims,
                 const char (*vars)[IR_NAME_MAX], const char (*ext_param)[IR_NAME_MAX],
                 const int *ext_pad, const long *ext_const, int off[IR_MAX_DIMS], char *msg,
                 size_t cap);

/* Whether decl is a row pointer declared in the time loop and never changed (const float *up =
 * &u[(i - 1) * nx], row = u + i * nx, c = row + j, as nest.c reads them): 1 with the grid it
 * points into (its name and declaration in *grid), 0 when decl is no pointer declared in the
 * time loop, -1 with what is wrong in msg. */
int flat_row(const FlatInput *in, CXCursor decl, char name[IR_NAME_MAX], CXCursor *grid,
             char *msg, size_t cap);

#endif
