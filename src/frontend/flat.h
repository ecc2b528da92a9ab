/* The single-stencil front end's readers for the program front end (program.c), so both front
 * ends read the same forms with one implementation:
 *  - flattened indices a[IDX(i - 1, j, k)], read with the index arithmetic of poly.c (and
 *    expand.c for the operators of index macros, which libclang 14 does not show);
 *  - radius loops inside the cell and the constant coefficient tables they index (unroll.c):
 *    for (int r = 1; r <= R; r++) lap += c[r] * (p[i + r] + p[i - r] + ...). */
#ifndef STENCILC_FRONTEND_FLAT_H
#define STENCILC_FRONTEND_FLAT_H

#include <clang-c/Index.h>

#include "cursor.h"
#include "ir/ir.h"

enum { MAX_FILTER_LOOPS = 8 }; /* nested filter or radius loops in one cell */

/* A filter or radius loop's variable at its value in the copy of the body being read. */
typedef struct {
  char var[IR_NAME_MAX];
  long long value;
} Binding;

/* The loops being unrolled, outermost first. */
typedef struct {
  Binding b[MAX_FILTER_LOOPS];
  int n;
} Bindings;

/* The binding of name (the innermost loop of that name); NULL when it is no loop's. */
const Binding *binding_of(const Bindings *bind, const char *name);

/* A refusal: where, what, and the form that works. */
typedef struct {
  bool set;
  SrcLoc loc;
  const char *hint;
  char msg[512];
} Refusal;

/* Reads one statement of an unrolled loop's body (no loop, no braces) for the front end that
 * unrolls it: 0, or -1 after recording its refusal. */
typedef int (*UnrollStmt)(void *ctx, CXCursor stmt);

/* What the file was parsed with: expand.c parses index macro uses again with it. */
typedef struct {
  const char *path;
  CXIndex index;
  const char *const *args;
  int nargs;
  CXTranslationUnit tu;
  CXCursor scope; /* the time loop: integer locals declared in it are indices (poly.c) */
  struct CXUnsavedFile *unsaved; /* the file's text when tu was parsed from it, or NULL */
  Bindings *bind; /* the radius loops being unrolled (their variables fold in indices) */
} FlatInput;

/* The offsets off[ax] of the flattened index at c (of grid `name`; through the row pointer
 * row when not null: its offset added) from the cell the dims loop variables vars[] point at
 * (an empty name: position 0 along that axis), over a row-major grid whose axis ax has extent
 * ext_param[ax] (a name, plus ext_pad[ax]) or, when that is empty, ext_const[ax]: the index
 * must be sum (vars[ax] + off[ax]) * stride[ax], stride[ax] the product of the extents after ax (index locals, macros and consts
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

/* The time loop at loop written as while (t < nt) { ...; t++; }, do { ...; t++; } while (t < nt);
 * or do { ... } while (++t < nt); (Rodinia's hotspot3D), its counter set just before it in the
 * block parent (nest.c's counted_loop): 0 with the counter's assignment before the loop (or a
 * null cursor) in *init and the increment ending the body (or a null cursor) in *inc; -1 with
 * the refusal in *why. */
int flat_counted_loop(const FlatInput *in, CXCursor parent, CXCursor loop, Loop *l,
                      CXCursor *init, CXCursor *inc, Refusal *why);

/* Value of an integer expression of constants and the radius loops' variables. */
bool flat_eval_index(const FlatInput *in, CXCursor c, long long *v);

/* Unrolls the radius loop at c in the cell of the loops vars[0 .. dims - 1] (unroll.c: constant
 * bounds and step): binds its variable in in->bind to each of its values in turn and hands each
 * statement of its body to stmt, nested loops unrolled alike. 0; -1 after stmt's refusal, or
 * with the unroller's in *why. */
int flat_unroll(const FlatInput *in, CXCursor c, int dims, const char (*vars)[IR_NAME_MAX],
                UnrollStmt stmt, void *ctx, Refusal *why);

/* The item of the table a->decl's initializer that the read a (at c) names once its subscripts
 * (constants and radius-loop variables) are evaluated: *item, or a null cursor for an element
 * the initializer leaves out (zero). 0, or -1 with the refusal in *why. */
int flat_table_item(const FlatInput *in, CXCursor c, const Access *a, CXCursor *item,
                    Refusal *why);

#endif
