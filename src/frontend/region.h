/* The variables a source region needs from around it: what a copy of the region, moved into a
 * function of its own, must be given (stencilc check runs such a copy; the rewrite of issue 19
 * replaces the region with a call that passes them).
 *
 * A region is a byte range of the main file inside one function definition (Stencil.region_begin
 * and region_end). Its free variables are the parameters and locals of that function that the
 * region reads or writes but does not declare, plus those that the declared type of one of them
 * depends on (the size n of a parameter float A[2][n][n]) and those the initializer of a local
 * declared before the region reads (RegionVar.init), in declaration order, so that each
 * type can be spelled and each such initializer computed once the variables before it are bound. Globals the region uses are listed
 * too: a copy placed in the same file sees them without being given them. */
#ifndef STENCILC_REGION_H
#define STENCILC_REGION_H

#include <stdbool.h>
#include <stdint.h>

#include "frontend.h"
#include "util/buf.h"

/* REGION_MAX_VARS: a variable's initializer records the variables it reads as bits of a
 * uint64_t (RegionVar.init_reads). */
enum { REGION_TYPE_MAX = 256, REGION_MAX_VARS = 64, REGION_INIT_MAX = 256, REGION_WHY_MAX = 160 };

typedef enum { REGION_PARAM, REGION_LOCAL, REGION_GLOBAL } RegionScope;

/* What the elements of a variable are, under its pointer and array levels. */
typedef enum { ELEM_FLOAT, ELEM_DOUBLE, ELEM_INTEGER, ELEM_OTHER } ElemKind;

typedef struct {
  char name[IR_NAME_MAX];
  /* The declared type, typedefs resolved, as clang spells it: "int", "double *restrict",
   * "float[2][n][n]" (an array parameter keeps its written type: it decays to a pointer),
   * "const float[3][3]". Size expressions name the variables they depend on. */
  char type[REGION_TYPE_MAX];
  RegionScope scope;
  unsigned line, col;     /* of the declaration */
  bool used;              /* the region names it (false: only a type needs it) */
  bool is_array;          /* declared with an array type: a copy of the region gets a pointer */
  bool is_const;          /* const-qualified itself: the region cannot change it */
  bool dead_on_entry;     /* the region assigns it before any read (a loop counter declared
                             before the loop, a temporary of a pointer swap): its value on entry
                             does not matter */
  bool variably_modified; /* some level is a variable-length array */
  int levels;             /* pointer and array levels down to the elements (0: a scalar) */
  bool inner_pointer;     /* a pointer below the outermost level (double **, double *rows[2]) */
  ElemKind elem;
  long outer;     /* constant size of the outermost array level, else -1 */
  /* A local const array with an initializer (a table of coefficients, unroll.c): a copy of the
   * region declares it again from its declaration's bytes [decl_begin, decl_end) of the file. */
  bool table;
  unsigned decl_begin, decl_end;
  char value[48]; /* a const scalar with a constant initializer: its value as a C literal
                     ("0.20000000000000001", "12"); else "" */
  bool sized;     /* a declared type of another variable names it (float A[n][n] needs n) */
  /* A scalar local declared before the region with an initializer (const long plane = nx * ny;),
   * or declared without one and given its value by assignments before the region (Rodinia's
   * hotspot3D: ce = cw = stepDivCap / Rx;, cur_local_value), that reads only parameters, such
   * locals and const globals, none of them assigned between that value and the region: the
   * source text of the value (a copy of the declaration computes it again), and the variables
   * it reads (bit k: vars[k]); else init is "" and, when a local with an initializer is not
   * such (it calls a function, reads a global the program may set, is assigned before the
   * region), underived says why. */
  char init[REGION_INIT_MAX];
  unsigned init_line; /* where init is: the declaration's line, or that of the assignment
                         giving a local declared without a value its value (ce = cw = e;) */
  uint64_t init_reads;
  char underived[REGION_WHY_MAX];
  bool init_dep; /* an initializer above reads it (it is free for that when neither used nor
                    sized) */
} RegionVar;

typedef struct {
  char func[IR_NAME_MAX]; /* the function holding the region */
  /* The region's bytes [begin, end): as given, the end moved past a ';' that follows it (libclang
   * leaves a statement's semicolon out of its extent: `for (...) A[..] = ...;`). */
  unsigned begin, end;
  RegionVar vars[REGION_MAX_VARS]; /* free parameters and locals, then globals; each group in
                                      declaration order */
  int nvars;
  /* the line of `#pragma omp parallel` when the region lies in an OpenMP parallel region
   * (omp.h: every thread of it runs the region), else 0 */
  unsigned omp_parallel_line;
  /* The statements left out (IrObserver: prints, snapshots), whose variables are not counted;
   * the check's copy blanks them (its variables bind grids, sizes and scalars only). */
  unsigned skip[IR_MAX_OBSERVERS][2];
  int nskip;
} Region;

/* Finds the free variables of the region [begin, end) of the C file at path, parsed with fo's
 * flags (fo may be NULL), the statements of leave_out (NULL: none) aside. Returns 0, or 2 after
 * a diagnostic (file:line:col) when the file does not parse, no function holds the region, or a
 * variable is beyond what is recorded. */
int region_analyze(const char *path, const FrontendOptions *fo, unsigned begin, unsigned end,
                   const IrObservers *leave_out, Region *r);

/* Appends a declaration of `name` with v's type ("float (*A)[n][n]" for float[2][n][n] when
 * decay is true), or, with name "", the abstract type to cast to ("float (*)[n][n]"); with ptr,
 * a pointer to that type ("float (**p)[n][n]"). Returns 0, or -1 when the type cannot be spelled
 * this way (a function type). */
int region_declarator(Buf *out, const RegionVar *v, const char *name, bool decay, bool ptr);

/* The variable named `name`, or NULL. */
const RegionVar *region_find(const Region *r, const char *name);

#endif
