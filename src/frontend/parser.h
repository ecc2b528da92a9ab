/* Internal to the front end: the state of recognising one candidate time loop, shared by the
 * loop-nest recogniser (nest.c), the expression recogniser (expr.c) and index arithmetic
 * (poly.c). frontend.c finds the candidates and keeps the refusal of the one that got furthest. */
#ifndef STENCILC_FRONTEND_PARSER_H
#define STENCILC_FRONTEND_PARSER_H

#include <clang-c/Index.h>
#include <stdbool.h>

#include "cursor.h"
#include "flat.h"
#include "ir/ir.h"

/* Limits of the recogniser, with their reasons. */
enum {
  MAX_LOOPS = 1 + IR_MAX_DIMS,  /* a time loop and up to 3 spatial loops */
  MAX_SWEEPS = 2,               /* B = f(A); A = f(B) or B = f(A); A = B per time step */
  MAX_ACCUMULATORS = 8,         /* locals of one block (lap_x, lap_y, lap_z of a split Laplacian) */
  /* Accumulator updates once the filter loops are unrolled (unroll.c): a 3D box of radius 4
   * written as three radius loops is 729 of them. */
  MAX_ACCUMULATIONS = 1024,
  MAX_TABLE = 1 << 16,          /* values in one initializer list of a constant coefficient array */
  MAX_COPIED_NODES = 1 << 16,   /* expression nodes copied from uses of the accumulator */
  /* Operations nested in one expression: every later stage (classification, emission, the
   * compilers of the generated code) recurses once per level on an ordinary stack. 10,000 is
   * 14 times the deepest suite stencil (box3d4r's 729-term sum). */
  MAX_EXPR_DEPTH = 10000,
  MAX_OFFSET = 64,              /* largest |offset| along an axis (the radius limit) */
  POLY_MAX_TERMS = 16,          /* terms of an index polynomial (i*ny*nx + j*nx + k + ...) */
  POLY_MAX_DEGREE = 4,          /* symbols multiplied in one term */
  POLY_MAX_SYMS = 64,           /* distinct names in the index expressions of one candidate */
};

/* Index arithmetic: a polynomial with integer coefficients over names (loop variables and size
 * parameters), enough to read A[i][j + 1], a[(i + 1) * ny + j] and A[(z * ny + y) * nx + x]. */
typedef struct {
  long long coef;
  int deg;
  unsigned char sym[POLY_MAX_DEGREE]; /* indices into Parser.syms, sorted */
} Term;

typedef struct {
  int n;
  Term t[POLY_MAX_TERMS];
} Poly;

/* One sweep over the grid: a nest of spatial loops around one assignment `out = f(in)`. */
typedef struct {
  Loop loops[IR_MAX_DIMS];  /* outermost first */
  int nloops;
  CXCursor stmt;            /* the assignment */
  CXCursor block;           /* the accumulator block around it, or a null cursor */
  Access out;               /* the cell written */
  int out_sub0;             /* index of the first spatial subscript of out (1 after a time level) */
  int loop_axis[IR_MAX_DIMS]; /* the axis loop k iterates */
  bool flat;                /* one subscript: the axes are recovered from its strides */
  Poly centre;              /* flat: the written index, sum of stride * variable */
  Poly stride[IR_MAX_DIMS]; /* flat: the stride of each axis */
  char in[IR_NAME_MAX];     /* the array read (the same as out.name for A[(t + 1) % 2]) */
  CXCursor in_decl;
} Sweep;

/* What the front end was given, for reading index macros again (expand.c). */
typedef struct {
  const char *path;
  CXIndex index;
  const char *const *args;
  int nargs;
  struct CXUnsavedFile *unsaved; /* the main file's text when it is not on disk, or NULL */
} Input;

/* A convergence loop being read (converge.c): the residual test of the loop's condition, then
 * the statements of the sweep's body that accumulate the residual. */
enum { CONV_MAX_STMTS = 4 };
typedef struct {
  bool on;            /* the condition tests a residual */
  CXCursor decl;      /* the residual variable's declaration */
  CXCursor test;      /* the residual conjunct of the condition */
  CXCursor reset;     /* err = 0 before the sweep, or null */
  CXCursor stmts[CONV_MAX_STMTS]; /* the residual's statements in the sweep's body */
  int nstmts;
  bool capped;        /* the condition also tests a counter */
  bool later_nest;    /* reading the loop nest after the sweep (copy-back) */
  bool in_nest;       /* the residual has a loop nest of its own after the sweep */
  bool reset_late;    /* the reset comes after the sweep (then before that nest) */
} ConvRead;

typedef struct {
  const char *path;
  const Input *in;
  CXTranslationUnit tu;
  Stencil *st;
  Loop time;          /* the time loop */
  int time_stride;    /* its step: 1, or 2 (t += 2, for two sweeps per iteration) */
  bool time_ne;       /* its condition is t != T */
  /* A time loop written as a while or do loop (counted_loop): the statement holding it, where
   * its counter is set; the increment ending its body (skipped with the sweep's statements), or
   * null when the condition increments (do ... while (++t < nt)); the assignment t = T0 just
   * before it, which the region then starts with, or null (the counter declared with T0). */
  CXCursor time_parent, time_inc, time_init;
  bool time_read;     /* the candidate reads as a time loop (a while loop counting steps): its
                         refusal is the one to show */
  Sweep *sw;          /* the sweep being read */
  bool time_levels;   /* out is indexed by a time level: A[(t + 1) % 2][i][j] */
  int level_shift;    /* 1 when it is A[t % 2][i][j], written from A[(t - 1) % 2] (Stencil) */
  int depth;          /* of the expression being read */
  bool expanding;     /* reading an index macro's expansion (expand.c) */
  int progress;       /* how far the candidate got: ranks the refusals of several candidates */
  Refusal why;        /* the first refusal; printed only for the candidate chosen */
  char syms[POLY_MAX_SYMS][IR_NAME_MAX];
  int nsyms;
  /* Accumulator block (expr.c): the variables and the expressions they hold so far. */
  CXCursor acc_decl[MAX_ACCUMULATORS];
  Expr *acc[MAX_ACCUMULATORS];
  int naccs;
  long copied;        /* nodes copied by uses of acc, bounded so that no input blows up */
  long accumulations;
  Bindings *bind;     /* the filter loops being unrolled (the program's, through flat.c) */
  bool in_scalar_def; /* reading a run-time scalar's initializer: no array reads */
  /* Pointers that pick one of two grids by the step's parity, declared in the time loop with
   * their pick (double *src = (t % 2 == 0) ? u : v;) or set by statements before the sweep
   * (src = t % 2 ? v : u;, if (t % 2 == 0) { src = u; dst = v; } else { ... }): the grid each
   * holds at the loop's first step and the next and its declaration (nest.c, level_pick), the
   * statement that sets it (null for a declaration); time_form checks that the read one and the
   * written one alternate. */
  struct {
    CXCursor decl, set;
    char grid[2][IR_NAME_MAX];
    CXCursor grid_decl[2];
  } picks[2];
  int npicks;
  ConvRead conv;
} Parser;

/* Records the refusal (the first one only) and returns -1, so callers can `return fail(...)`. */
int fail(Parser *p, CXCursor at, const char *hint, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

static inline enum CXCursorKind kind(CXCursor c) { return clang_getCursorKind(c); }

/* Whether the expression at c refers to the variable `name`. */
bool mentions(CXCursor c, const char *name);

/* Whether decl is a pointer declared inside the time loop (a row or cell pointer). */
bool pointer_in_loops(const Parser *p, CXCursor decl);
/* The grid a row pointer points into, through a chain of row pointers (target: its name and
 * declaration, row: decl), and the pointer's offset into it when offset is not NULL. */
int row_target(Parser *p, CXCursor decl, Access *target, Poly *offset);

/* ---- poly.c ---- */

/* The index expression at c as a polynomial: constants (literals, macros, enumerators, const
 * variables, filter-loop variables) fold, other names become symbols. Fails (recorded) on / % and
 * anything not integer arithmetic, unless clang can evaluate it to a constant. */
int poly_of(Parser *p, CXCursor c, Poly *out);
void poly_sub(Parser *p, const Poly *a, const Poly *b, Poly *out);
void poly_add(const Poly *a, const Poly *b, Poly *out); /* (out->n < 0 on overflow, as sub) */
/* The constant polynomial v. */
void poly_const(Poly *out, long long v);
/* The polynomial of one name (a size); -1 when the candidate has too many names. */
int poly_name(Parser *p, const char *name, Poly *out);
/* a * b; false when a term would hold too many names or the product has too many terms. */
bool poly_mul(const Poly *a, const Poly *b, Poly *out);
bool poly_is_const(const Poly *a, long long *v);
/* a == name + k (k may be 0): the symbol's name and k. */
bool poly_is_var_plus_const(const Parser *p, const Poly *a, const char **name, long long *k);
/* The coefficient of the degree-1 term of symbol `name` with everything else removed:
 * a = name * (*stride) + rest, where stride holds no `name`; false when name appears otherwise. */
bool poly_split(Parser *p, const Poly *a, const char *name, Poly *stride, Poly *rest);
/* The text of a polynomial ("ny * nx", "512"), for messages and extents. */
void poly_text(const Parser *p, const Poly *a, char *out, size_t size);
/* Exact division a / b as a constant (*k, name "") or a single name plus a constant (name,
 * *pad: the stride (nx + 2) * ny of a grid padded with its halo over ny); false otherwise. */
bool poly_ratio(const Parser *p, const Poly *a, const Poly *b, char name[IR_NAME_MAX],
                long long *k, long long *pad);
/* The term of highest degree (the polynomial's only term when it is a monomial); a->n > 0. */
const Term *poly_lead(const Poly *a);
/* Whether a is one term (coefficient times a product of names). */
bool poly_is_monomial(const Poly *a);
/* Compare the leading terms of two polynomials: <0, 0, >0 by degree, names, coefficient. */
int poly_monomial_cmp(const Poly *a, const Poly *b);

/* Value of an integer expression of constants and filter-loop variables. */
bool eval_index(Parser *p, CXCursor c, long long *v);

/* ---- expand.c ---- */

/* The polynomial of an index whose operators a function-like macro produced (c is the whole
 * macro use): the use is expanded by clang into text and that text read again. */
int expanded_poly(Parser *p, CXCursor c, Poly *out);

/* ---- nest.c ---- */

int parse_access(Parser *p, CXCursor c, Access *a);
/* The offsets of a read of the sweep's grid (its spatial subscripts starting at sub0). */
int read_offsets(Parser *p, CXCursor at, const Access *a, int sub0, int off[IR_MAX_DIMS]);
/* Reads the time level of subscript c: (t + k) % m with t the time variable. */
int time_level(Parser *p, CXCursor c, long long *k, long long *m);
bool floating_type(CXCursor decl, DType *t);
/* Whether decl's elements are of a grid's element type (floating_type, or an integer one of
 * DType), and which. */
bool grid_type(CXCursor decl, DType *t);
void grid_extents(CXCursor decl, CXCursor *sizes, int *n, bool *pointer);
bool loop_var_in_use(const Parser *p, const char *name);
int parse_loop(Parser *p, CXCursor c, Loop *l);
/* A time loop: for, or while / do counting a step counter (p->time_parent: the block holding
 * it; sets p->time_init, p->time_inc). */
int parse_time_loop(Parser *p, CXCursor c, Loop *l);

/* ---- converge.c ---- */

/* The forms of a convergence loop stencilc reads. */
extern const char *const CONV_HINT;

/* Reads a time loop's condition for a residual test (err > tol, alone or beside a counter's
 * test with &&): sets p->conv (on, decl, test) when there is one; *counter is the condition's
 * other part, the whole condition when there is no residual test, or null when there is none. */
int conv_condition(Parser *p, CXCursor cond, CXCursor *counter);
/* The statement of a sweep's innermost body that is the update, the residual's statements
 * (those writing it and the locals only they read) set apart into p->conv.stmts. */
int conv_body(Parser *p, CXCursor body, CXCursor *update);
/* Whether the loop nest c after the sweep sw computes the residual alone, over the sweep's
 * cells with its loop variables: 1 (its statements then in p->conv.stmts), 0 (it does more), or
 * -1 (refused). */
int conv_nest(Parser *p, CXCursor c, const Sweep *sw);
/* Whether s resets the residual (err = 0.0;) in a convergence loop. */
bool conv_reset(Parser *p, CXCursor s);
/* Fills st->conv once the sweep sw of the time loop `loop` is read (nothing when p->conv is
 * off). */
int conv_finish(Parser *p, const Sweep *sw, CXCursor loop);
int single_statement(Parser *p, CXCursor body, bool blocks, CXCursor *out);

/* ---- unroll.c ---- */

/* The values of a loop inside the cell: first, first + step, ..., count of them. */
typedef struct {
  CXCursor at;
  char var[IR_NAME_MAX];
  long long first, step, count;
  CXCursor body;
} Range;

/* Reads the loop at c, whose start, bound and step must be compile-time constants. */
int unroll_range(Parser *p, CXCursor c, Range *r);
/* Unrolls the loop at c: binds its variable in p->bind to each of its values in turn and hands
 * each statement of its body to stmt, nested loops unrolled alike; hint is for a body it
 * refuses (empty, too long). At most MAX_ACCUMULATIONS statements in all. */
int unroll_loop(Parser *p, CXCursor c, UnrollStmt stmt, void *ctx, const char *hint);
/* Whether decl is a const float or double array with an initializer (a coefficient table). */
bool const_table(CXCursor decl);
/* Whether decl is a const integer array (char to long long) with an initializer. */
bool int_table(CXCursor decl);
/* The item of a constant table's initializer that the access a reads at c, once its subscripts
 * are constants (*item a null cursor for one the list leaves out, which C makes zero); -1 after
 * a refusal. */
int table_item(Parser *p, CXCursor c, const Access *a, CXCursor *item);
/* The element of a coefficient table that the access a reads at c, once its subscripts are
 * constants: the expression its initializer holds there; NULL after a refusal. */
Expr *table_element(Parser *p, CXCursor c, const Access *a);

/* ---- expr.c ---- */

Expr *parse_expr(Parser *p, CXCursor c);
/* The statements of an accumulator block before its last one (the assignment to the grid). */
int parse_block(Parser *p, CXCursor block);
int block_end(Parser *p, CXCursor block, CXCursor *last);
/* Frees the accumulators of the last block read. */
void accumulators_reset(Parser *p);

extern const char *const HINT_FORM;
extern const char *const HINT_BLOCK;
extern const char *const HINT_INT_GRID;

/* ---- nest.c: the whole candidate ---- */

/* Recognises the time loop at c into p->st; 0 or -1 with p->why set. */
int parse_stencil(Parser *p, CXCursor time_loop);

#endif
