/* Stencil intermediate representation.
 *
 * One Stencil describes one time-iterated update of a 1D, 2D or 3D grid:
 *   for t in [0, steps): for every interior cell c: out[c] = expr(in[c + off_p] for each point p)
 * Axis 0 is the slowest (outermost loop, the streaming axis of the blocked backends); the last
 * axis is contiguous in memory. The frontend builds it, ir_classify() fills the derived facts,
 * and every backend reads it without changing it. */
#ifndef STENCILC_IR_H
#define STENCILC_IR_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

enum { IR_MAX_DIMS = 3, IR_NAME_MAX = 64, IR_MAX_ARGS = 2 };
enum { IR_PATH_MAX = 512 }; /* a source file's path as given, kept for diagnostics */
/* The largest extent_pad: a halo of 64 cells (the radius limit) on each side. */
enum { IR_MAX_EXTENT_PAD = 128 };

/* Most run-time weights a stencil may read: CUDA programs keep them in constant memory (64 KB),
 * and 4096 doubles leave room for anything else there. */
enum { IR_MAX_WEIGHTS = 4096 };

/* Most run-time scalars of one stencil: a heat or wave kernel has one to three (alpha, dt, h).
 * Each is an option of the generated program and a value in constant memory. */
enum { IR_MAX_SCALARS = 8 };

/* Element types of a grid. The integer ones are image grids (8- and 16-bit pixels, int
 * fields): their update is computed as C computes it (ir_dtype_integer) and compared exactly. */
typedef enum {
  DTYPE_FLOAT, DTYPE_DOUBLE, DTYPE_U8, DTYPE_U16, DTYPE_I8, DTYPE_I16, DTYPE_I32
} DType;

typedef enum { SHAPE_STAR, SHAPE_BOX, SHAPE_GENERAL } Shape;

/* How the two time levels are stored in the user's code. The generated programs always keep two
 * buffers; this decides where the caller expects the result after `steps` steps. */
typedef enum {
  TIME_PARITY,   /* A[(t+1)%2][..] = f(A[t%2][..]) or two arrays swapped: result in buffer steps%2 */
  TIME_COPYBACK, /* B = f(A); A = B: result always in buffer 0 */
} TimeForm;

/* EX_FLOAT: arg[0] rounded to float, where C computes or converts a value in float inside a
 * double stencil ((float)(0.2 * (a[i][j] + ...)), float arithmetic on float operands). In float
 * arithmetic it is its operand. */
/* EX_IDIV, EX_SHR: C's int division (truncating) and right shift, in a stencil of an integer
 * grid, where a node is computed in int when all its operands are (ir_expr_integer). */
typedef enum {
  EX_CONST, EX_LOAD, EX_NEG, EX_ADD, EX_SUB, EX_MUL, EX_DIV, EX_CALL, EX_WEIGHT, EX_FLOAT,
  EX_IDIV, EX_SHR
} ExprKind;

typedef struct Expr Expr;
struct Expr {
  ExprKind kind;
  double value;            /* EX_CONST: the value */
  char text[40];           /* EX_CONST: the literal as written, suffix removed ("0.2", "5") */
  bool integer;            /* EX_CONST: of C type int (an integer grid's stencil computes with
                              it in int) */
  int point;               /* EX_LOAD: index into Stencil.points */
  int weight;              /* EX_WEIGHT: index into the run-time weights (Stencil.weights) */
  const char *func;        /* EX_CALL: double-precision C name ("sqrt"); see ir_math_funcs */
  int nargs;               /* operands used in arg[] */
  Expr *arg[IR_MAX_ARGS];  /* operands: EX_NEG, EX_FLOAT and unary calls use arg[0] */
};

typedef struct {
  int off[IR_MAX_DIMS]; /* offset per axis, axis 0 slowest */
} Point;

/* A spatial loop of the time loop's body, for (var = lo; var < E - bound; var++) where E is the
 * extent variable `ext`, or var < bound when ext is "": what the counter holds after the loop.
 * depth is its place in its nest (0: outermost). */
typedef struct {
  char var[IR_NAME_MAX], ext[IR_NAME_MAX];
  long long lo, bound;
  int depth;
} IrLoop;

/* A pointer swap's temporary and the pointer it equals after each step (tmp = a; a = b;
 * b = tmp; leaves tmp == b). */
typedef struct {
  char var[IR_NAME_MAX], same_as[IR_NAME_MAX];
} IrTemp;

/* A statement of the time loop that changes nothing the stencil computes (observer.h): a print
 * of a cell or of the step, a snapshot written out, optionally under `if (cond)`. gen and check
 * leave it out; rewrite runs it, verbatim, between the library's chunks of steps. Where it
 * stands in the body: before the sweeps (it sees the grids as the step starts), after the
 * sweeps and the swap (as the step leaves them), or between (refused by rewrite). */
typedef enum { OBS_BEFORE, OBS_AFTER, OBS_BETWEEN } ObserverPlace;

enum { IR_MAX_OBSERVERS = 8 };

typedef struct {
  unsigned begin, end;           /* the whole statement (with its `if`), main-file bytes */
  unsigned cond_begin, cond_end; /* its if's condition; equal (empty) when it runs every step */
  unsigned body_begin, body_end; /* what runs when the condition holds */
  int line, col;
  ObserverPlace place;
  bool residual; /* it reads a convergence loop's residual (Stencil.conv) */
} IrObserver;

typedef struct {
  IrObserver at[IR_MAX_OBSERVERS];
  int n;
  /* The time counter's type when the loop declares it (for (int t = 0; ...)): rewrite declares
   * it for the statements; "" when it is declared before the loop. */
  char time_type[IR_NAME_MAX];
} IrObservers;

enum { IR_MAX_LOOPS = 2 * IR_MAX_DIMS }; /* a sweep and a copy-back nest or a second sweep */

/* A run-time scalar: a float or double parameter of the user's function (the program's option
 * --param NAME=VALUE, default `value`), or a local computed from parameters and constants before
 * the loops (`double r = alpha * dt / (h * h);`), which the program computes from `def` once the
 * parameters are known. In expressions scalar k is EX_WEIGHT k. */
typedef enum { SCALAR_PARAM, SCALAR_DERIVED } ScalarKind;

typedef struct {
  char name[IR_NAME_MAX];
  ScalarKind kind;
  DType type;     /* as declared */
  unsigned line;  /* of the declaration */
  Expr *def;      /* SCALAR_DERIVED: the initializer, over constants and scalars before it */
  double value;   /* SCALAR_PARAM: the default (ir_scalar_defaults) */
} Scalar;

/* A convergence loop: the time loop runs while the residual of the last sweep is above a
 * tolerance (while (err > tol && iter < iter_max)), the residual being the largest |new - old|
 * over the sweep's cells (order-independent) or their sum of squares (compared through sqrt). */
typedef enum { CONV_NONE, CONV_MAX_ABS, CONV_SUM_SQ } ConvKind;

typedef struct {
  ConvKind kind;
  char var[IR_NAME_MAX];  /* the residual variable (err) */
  char tol[IR_NAME_MAX];  /* the tolerance parameter, or "" for the constant tol_const */
  int tol_scalar;         /* with tol: the run-time scalar it is (--param tol=...), else -1 */
  double tol_const;
  double first;           /* the residual's value before the loop (it runs when first > tol) */
  double first_tol;       /* and its multiple of the tolerance: first_tol * tol + first (0: none) */
  /* The residual computed only on some steps (if (iter % 10 == 0) { err = 0; <its nest> }): the
   * step k from 0 computes it when (k + check_offset) % check_every == check_phase (the counter's
   * value in the body is the loop's start plus k); on the other steps it keeps its value, which
   * is above the tolerance (else the loop would have stopped). check_every 1: every step. */
  long check_every, check_offset, check_phase;
  bool capped;            /* a counter bound too (iter < iter_max): the step count below is it */
  bool in_sweep;          /* computed in the sweep's loop body (else in a loop nest after it) */
} Converge;

typedef struct {
  /* Source facts (frontend). */
  char name[IR_NAME_MAX];       /* base name of the input file without extension */
  char path[IR_PATH_MAX];       /* the input file as given ("": none), whose region_line
                                   diagnostics after the front end point at */
  char func_name[IR_NAME_MAX];  /* the C function holding the loop nest */
  char array[IR_NAME_MAX];      /* the grid array (the one read) */
  int dims;                     /* 1, 2 or 3 */
  DType dtype;                  /* element type in the source */
  TimeForm time_form;
  /* Where the stencil is in the source (frontend): the region's byte offsets [begin, end) in the
   * main file and its first line. The region is the time loop statement (a #pragma scop region
   * when there is one). The check against the user's own code and the rewrite extract or replace
   * exactly this range. */
  unsigned region_begin, region_end;
  int region_line;
  /* The time loop runs steps_param + steps_const iterations (steps_param a parameter or
   * variable) when steps_param is non-empty, else steps_const; each iteration advances
   * steps_per_iter time steps (2 when it sweeps A into B and B back into A with the same
   * update). Its variable starts at time_first: with A[(t + 1) % 2] the first step reads level
   * time_first % 2. */
  char steps_param[IR_NAME_MAX];
  long steps_const;
  int steps_per_iter;
  /* 2 for a time loop t += 2 over two sweeps: with a parameter bound T, steps_param +
   * steps_const is T - time_first and the loop runs (that + 1) / 2 iterations (a constant
   * bound's iterations are steps_const); 0 or 1 for t++. */
  int time_stride;
  long time_first;
  /* 1 when the sweep writes A[t % 2] from A[(t - 1) % 2] (the written level (t + k) % 2 with k
   * odd): the levels are those of A[(t + 1) % 2] = f(A[t % 2]) in a loop starting at time_first
   * + level_shift (ir_level_first); else 0. */
  int level_shift;
  bool time_do; /* the time loop is a do loop: its body runs once even when the bound is past the
                   start (rewrite runs one step then) */
  char time_var[IR_NAME_MAX]; /* the time loop's variable (rewrite sets its final value) */
  /* conv.kind != CONV_NONE: the time loop stops once the residual drops to the tolerance; the
   * step count is then its cap (conv.capped), the most steps it runs. */
  Converge conv;
  /* Int locals declared before the time loop that name the levels and change places once a
   * step: one toggled (int cur = 0; ... A[1 - cur][i] = f(A[cur]); cur = 1 - cur;), or two
   * swapped (int old = 0, nu = 1; ... A[nu][i] = f(A[old]); int tmp = old; old = nu; nu = tmp;),
   * "" when none: rewrite gives them the values the last step leaves. */
  char level_toggle[2][IR_NAME_MAX];
  /* The spatial loops of the time loop's body in the order they run, nest after nest, and the
   * temporary of a pointer swap (var "" when none): rewrite gives those declared before the
   * time loop the values the last step leaves. A program's stage holds its own nest. */
  IrLoop loops[IR_MAX_LOOPS];
  int nloops;
  IrTemp swap_tmp;
  IrObservers obs; /* prints and snapshots in the time loop (IrObserver) */
  /* The array written when it is not the one read (the pointer swap, copy-back and two-sweep
   * forms: array is read, out_array written first); empty for A[(t + 1) % 2]. */
  char out_array[IR_NAME_MAX];
  /* TIME_COPYBACK written as memcpy(A, B, the whole grid's bytes) (or memmove): the halo is
   * copied too, so the first step reads A's halo and every later one B's (which the sweep never
   * writes). The generated programs give both buffers one halo, where that is the copy-back of
   * the interior; rewrite copies B's halo into A after the first step. */
  bool copy_whole;
  /* TIME_PARITY with two grids that are never swapped: pointers declared in the time loop pick
   * them by the step's parity (double *src = (t % 2 == 0) ? u : v, *dst = ...). array is the
   * grid the first step reads, out_array the other; after the loop the result is in array
   * after an even count of steps, else in out_array. */
  bool level_pick;
  /* level_pick: the pointers declared before the time loop that a statement in it sets (src =
   * (t % 2 == 0) ? u : v;, or an if on the parity), var "" when none, and the grid each holds at
   * the loop's first step and at the next: rewrite gives them the values the last step leaves.
   * Also, with levels in an array of two pointers, those set to one of its levels at the top of
   * the step (cur = grid[t & 1];): the grids are then grid[0] and grid[1]. */
  struct {
    char var[IR_NAME_MAX], grid[2][IR_NAME_MAX];
  } pick_vars[2];
  /* The axis each spatial loop iterates, outermost loop first: {0, 1, 2} when the loops follow
   * the memory layout. The IR is always in memory order; this records how the user wrote it. */
  int loop_axis[IR_MAX_DIMS];
  /* Grid: axis a has extent E_a = extent_param[a] (a function parameter) if non-empty, else
   * extent_const[a]. The updated interior along axis a is [lo[a], E_a - hi[a]). */
  char extent_param[IR_MAX_DIMS][IR_NAME_MAX];
  long extent_const[IR_MAX_DIMS];
  /* With extent_param: E_a = extent_param[a] + extent_pad[a], the interior sizes of a grid
   * with a halo written around it (a[n + 2][n + 2] swept by 1 <= i <= n, Fortran style); 0
   * otherwise. */
  int extent_pad[IR_MAX_DIMS];
  /* With a constant extent, the run-time variable the loops along axis a are bounded by when it
   * is not that constant (PolyBench's A[N][N] swept by i < n - 1: the grid's storage is N, the
   * region updated [lo, n - hi) with n <= N), else "". lo/hi and everything generated are for
   * n == extent_const (the generated program's size); check binds the variable to the extent,
   * and rewrite calls the library only when the variable equals it (ir_extent_var). */
  char extent_bound[IR_MAX_DIMS][IR_NAME_MAX];
  int lo[IR_MAX_DIMS], hi[IR_MAX_DIMS];
  /* Where a constant extent is declared, for messages: the line of the grid's declaration, and
   * the size's name when it is written as one (the macro N of A[N][N]), else "". */
  int extent_line[IR_MAX_DIMS];
  char extent_name[IR_MAX_DIMS][IR_NAME_MAX];
  /* Points read, distinct, in order of first appearance. */
  Point *points;
  int npoints;
  int points_cap;   /* ir_add_point's: room in points, and its index of them by offset */
  int *point_slots; /* open addressing, point_slots_cap entries (a power of 2), -1 when free */
  int point_slots_cap;
  Expr *expr; /* the right-hand side */
  /* Run-time weights: a function parameter array of coefficients known only when the program
   * runs (a convolution filter), read as EX_WEIGHT with its row-major index; weights[0] == 0
   * when there is none. */
  char weights[IR_NAME_MAX];
  int weight_dims;                  /* dimensions of the array as declared */
  int weight_shape[IR_MAX_DIMS];    /* its sizes, first dimension first */
  int nweights;                     /* their product; with scalars, nscalars */
  /* Run-time scalars (see Scalar), in order of first use, definitions before their uses; they
   * are the run-time weights of a stencil without a weight array (weights[0] == 0, nweights ==
   * nscalars, EX_WEIGHT k is scalar k). */
  Scalar scalars[IR_MAX_SCALARS];
  int nscalars;
  /* Integer grids (ir_dtype_integer): the values the program fills the grid with, which every
   * step keeps within (ir_integer_range): the type's range for 8- and 16-bit unsigned pixels. */
  double value_lo, value_hi;

  /* Derived facts (ir_classify). */
  int radius[IR_MAX_DIMS];  /* max |offset| per axis */
  Shape shape;
  bool diagonal_free; /* no point has a non-zero offset along axis 0 and along another axis */
  bool associative;   /* expr == sum_p coef[p] * [w[coef_weight[p]]] * in[p] (+ constant):
                         partial sums are legal */
  double *coef;       /* per point when associative, else NULL */
  int *coef_weight;   /* per point when associative: the run-time weight multiplying coef[p],
                         or -1 when the coefficient is the constant coef[p] alone */
  double *coef_base;  /* per point when associative: the constant added to coef[p] * w[k] (the
                         heat equation's centre, 1 - 4 r); 0 when coef_weight[p] < 0 */
  double constant;    /* the additive constant of the linear form (usually 0) */
  int flops;          /* per cell, counted as the AN5D paper does (see ir_count_flops) */
} Stencil;

/* With two time levels in one array, the first step reads level ir_level_first(st) % 2. */
static inline long ir_level_first(const Stencil *st) { return st->time_first + st->level_shift; }

/* A math function stencilc accepts in expressions. */
typedef struct {
  const char *name;       /* double-precision C name */
  const char *float_name; /* single-precision C name */
  int nargs;
} MathFunc;

/* Looks up a call by its C name in either precision; NULL when stencilc does not support it. */
const MathFunc *ir_math_func(const char *name);
/* Comma-separated list of the supported names, for hints. */
const char *ir_math_func_list(void);

Expr *ir_new_expr(ExprKind kind);
void ir_free_expr(Expr *e);

/* A deep copy of e. */
Expr *ir_copy_expr(const Expr *e);

/* Adds a point (or finds it) and returns its index. */
int ir_add_point(Stencil *st, const int off[IR_MAX_DIMS]);

/* Fills radius, shape, diagonal_free, associative, coef, coef_weight, coef_base, constant and
 * flops. A linear stencil is associative when each point's coefficient is a constant, or a
 * constant plus a constant times one weight, and the constant term holds no weight; otherwise it
 * is computed as written. */
void ir_classify(Stencil *st);

/* FLOPs per cell as AN5D counts them: each binary + - * / counts one; negation and calls to
 * math functions count zero (gradient2d then comes out at the paper's 19). */
int ir_count_flops(const Expr *e);

/* Sum of |coef| over the points whose coefficient is a constant, plus |coef_base| of the others
 * (linear stencils), else 1: the gain used by error bounds, less what run-time weights add (see
 * ir_weight_gain). */
double ir_gain(const Stencil *st);

/* Sum of |coef| over the points whose coefficient is coef times weight k (linear stencils), else
 * 0: the program adds this times |w[k]| to the gain once it knows the weights. */
double ir_weight_gain(const Stencil *st, int k);

/* The values of every scalar (all[k]) from those of the parameters (all[k] where scalar k is a
 * SCALAR_PARAM), each derived one computed in double from its definition, in order. */
void ir_eval_scalars(const Stencil *st, double *all);

/* Sum over the points of |coef_base + coef * w| (+ |constant|) with the scalars at `all` (a
 * stencil with run-time scalars): the exact gain of a linear stencil at those values; 1 when it
 * is not linear. */
double ir_gain_at(const Stencil *st, const double *all);

/* Gives each parameter scalar its default (Scalar.value): the largest power of two s <= 1 with
 * ir_gain_at <= 1 when every parameter is s, so that the random inputs stay bounded however many
 * steps run (the explicit heat step is then monotone: r <= 1/4 in 2D); 1 when no s down to 2^-40
 * does (the constant coefficients alone sum over 1) or the stencil is not linear. */
void ir_scalar_defaults(Stencil *st);

/* Sizes the source fixes, the defaults of every run (issue 17 item 6). ir_fixed_interior: true
 * when axis a has a constant extent, with its interior (the extent less the halo) in *n.
 * ir_fixed_steps: true when the time loop runs a constant count, with the time steps it makes
 * (iterations times steps_per_iter) in *steps. */
bool ir_fixed_interior(const Stencil *st, int a, long *n);
bool ir_fixed_steps(const Stencil *st, long *steps);

/* The variable whose value is the extent along axis a, given an extent parameter and a loop
 * bound variable (extent_param, extent_bound of a Stencil or a Program): the parameter (plus
 * its pad), else the bound (equal to the constant extent in every run stencilc makes), else ""
 * for a constant alone. */
const char *ir_extent_var(const char *param, const char *bound);

/* The C name of an element type ("unsigned char"), its size in bytes, whether it is an integer
 * type and its range: the one place these come from (dtype_table in ir.c). */
const char *ir_dtype_name(DType t);
int ir_dtype_bytes(DType t);
bool ir_dtype_integer(DType t);
void ir_dtype_range(DType t, double *lo, double *hi);

/* Whether C computes e in int in a stencil of an integer grid: a grid read, an integer constant,
 * an int division or shift, or + - * and negation of such operands. */
bool ir_expr_integer(const Expr *e);

/* An integer grid's update checked to compute what C computes without undefined or
 * implementation-defined behaviour, by interval arithmetic over the values the grid may hold:
 * no int operation overflows, a shift's operand is non-negative and its count in [0, 31], no
 * division by an interval holding 0, an int operand of floating arithmetic is below 2^24 in
 * magnitude (float holds it exactly, so int and float arithmetic agree on it), and the value
 * stored fits the element type (a floating one converts only in range; a signed type keeps
 * only its range; unsigned ones wrap as C defines). Fills value_lo/value_hi: the type's range,
 * or for int, the widest symmetric (or non-negative) power-of-two range that each step maps
 * into itself. false with the reason in why when there is none. */
bool ir_integer_range(Stencil *st, char *why, size_t size);
const char *ir_shape_name(Shape s);

void ir_free(Stencil *st);

#endif
