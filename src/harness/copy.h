/* The pieces the two harnesses of `stencilc check` share (harness.c for one stencil,
 * program_harness.c for a stencil program): the region source, which holds the user's region
 * copied verbatim into `void stencilc_region(void *, ...)`, and the driver's declarations,
 * bindings of scalars and the call. What each variable is bound to is the caller's choice
 * (Bind); a global the driver fills gets a slot in stencilc_globals[]. */
#ifndef STENCILC_HARNESS_COPY_H
#define STENCILC_HARNESS_COPY_H

#include <stdbool.h>

#include "frontend/region.h"
#include "harness.h"
#include "util/buf.h"

/* How the driver gives a variable its value (harness.h, "Binding"; BIND_FIELD: a buffer of a
 * stencil program's field; BIND_DERIVED: a local computed before the region, computed again by a
 * copy of its declaration; BIND_READ: a global left as the file has it, which the driver reads
 * through its slot; BIND_NONE: not given, an initializer's input no copied declaration
 * needed). */
typedef enum {
  BIND_NONE,
  BIND_GRID,
  BIND_FIELD,
  BIND_SOURCE, /* a point source's array of a stencil program (runtime/rt_source.h) */
  BIND_WEIGHTS,
  BIND_SCALAR,
  BIND_EXTENT,
  BIND_STEPS,
  BIND_DEAD,
  BIND_VALUE,
  BIND_KEEP,
  BIND_DERIVED,
  BIND_READ
} Bind;

typedef struct {
  const Region *r;
  const UserSource *u;
  int region_line;
  Bind bind[REGION_MAX_VARS];
  int slot[REGION_MAX_VARS]; /* globals: index in stencilc_globals[]; others -1 */
  int nglobals;
} Copy;

/* The hint of a variable no binding fits. */
extern const char *const COPY_HINT_BIND;

/* A diagnostic at v's declaration (the region's line when v is NULL); returns 2. */
__attribute__((format(printf, 4, 5))) int copy_refuse(const Copy *c, const RegionVar *v,
                                                      const char *hint, const char *fmt, ...);

bool copy_floating(const RegionVar *v);
const char *copy_elem_name(ElemKind e);

/* Records variable k's binding, its global slot, and that its type can be spelled; 0 or 2. */
int copy_set(Copy *c, int k, Bind b);

/* The binding of a variable that is none of the run's data: a const with a constant value, a
 * variable the region assigns before reading, a global left as the file has it; false when none
 * fits. */
bool copy_plain(const RegionVar *v, Bind *b);

/* The axis (0 to dims - 1) whose extent the variable v names: a size parameter
 * (extent_param[axis], the IR's) or the loops' bound of a constant extent (extent_bound[axis],
 * which the check runs equal to it; ir_extent_var), or -1. */
int copy_extent_axis(const char (*extent_param)[IR_NAME_MAX],
                     const char (*extent_bound)[IR_NAME_MAX], int dims, const RegionVar *v);

/* The binding of a variable that sizes the run: BIND_EXTENT when it names an axis' extent
 * (copy_extent_axis), BIND_STEPS when it is the step count (steps_param, "" for a constant
 * count). Returns 1 when v is neither, 0 with *b, or 2 (refused) when it is no integer variable
 * the driver can set. */
int copy_size(const Copy *c, const RegionVar *v, const char (*extent_param)[IR_NAME_MAX],
              const char (*extent_bound)[IR_NAME_MAX], int dims, const char *steps_param, Bind *b);

/* The refusal of a variable no binding fits; returns 2. */
int copy_unbound(const Copy *c, const RegionVar *v);

/* Whether v is free only because a local's initializer reads it: it is bound (left BIND_NONE
 * until then) when that local is BIND_DERIVED. */
bool copy_init_only(const RegionVar *v);

/* Variable k, which no other binding fits: BIND_DERIVED when it is a local a copy of its
 * declaration computes (RegionVar.init), once bind_dep(ctx, j) has bound each variable j its
 * initializer reads that is still BIND_NONE; else the refusal (why the copy would differ, or
 * copy_unbound's). 0 or 2. */
int copy_derive(Copy *c, int k, int (*bind_dep)(void *ctx, int j), void *ctx);

/* The region source: the user's file included, stencilc_globals[] and stencilc_region. */
int copy_write_region(Buf *out, const Copy *c);

/* The driver's declarations of stencilc_region and stencilc_globals. */
void copy_declare(Buf *out, const Copy *c);

/* `T v` of variable k: its name, or (*stencilc_slot_v) for a global pointer. */
void copy_value_name(Buf *out, const Copy *c, int k);

/* Binds scalar variable k (a local declared, a global stored through its slot) to value. */
void copy_bind_scalar(Buf *out, const Copy *c, int k, const char *value);

/* Declares the user's pointer or array variable v as its decayed type, bound to the C expression
 * value: `T (*v)[n] = (T (*)[n])value;`. */
void copy_bind_pointer(Buf *out, const RegionVar *v, const char *value);

/* Declares the user's 2D or 3D grid of row pointers v (double **u, double ***u: dims of them)
 * pointing at the rows of the block `block` (a C expression of type elem *, the grid's cells in
 * order): u[r] is row r in 2D; in 3D u[r][s] is row s of plane r, the rows' pointers in one block
 * of their own (Numerical Recipes' f3tensor). */
void copy_bind_rows(Buf *out, const RegionVar *v, const char *elem, const char *block, int dims);

/* Binds the bindings every harness shares (NONE, DEAD, VALUE, KEEP, DERIVED); false for the
 * others. */
bool copy_bind_plain(Buf *out, const Copy *c, int k);

/* The call of stencilc_region with every passed variable. */
void copy_call(Buf *out, const Copy *c);

#endif
