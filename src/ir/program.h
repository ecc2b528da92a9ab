/* Stencil programs: several fields, stages and time levels (issue 18).
 *
 * A Program is what one time loop does per step:
 *   for t in [0, steps): for each stage s in order: for every cell c of s's bounds:
 *     field[s.field] at level t+1 (c) = s.expr(reads of fields at constant offsets and levels)
 * Fields share the grid's extents. A field keeps 1, 2 or 3 buffers (its time levels): the
 * value written at step t goes to buffer (t + 1) % levels, and a read names its buffer the same
 * way, as (t + shift) % levels, exactly as the C source indexes it; with 1 buffer the field is
 * updated in place (FDTD) or is a temporary of the step (a Runge-Kutta stage). Coefficient
 * grids are read only (1 buffer). Stages run one after another, so a later stage reads what an
 * earlier one wrote in the same step.
 *
 * Each stage is a Stencil (ir.h) for its expression and bounds: its points are the distinct
 * (field, shift, offset) reads, with refs[] saying which field and buffer each one is; EX_WEIGHT
 * k in its expression is run-time scalar k of the program. Today's single-statement stencil is
 * the one-stage program of one two-level field; it still goes through frontend.c and Stencil. */
#ifndef STENCILC_IR_PROGRAM_H
#define STENCILC_IR_PROGRAM_H

#include <stddef.h>

#include "ir.h"

/* Limits, with their reasons: a program of a real code has a handful of each; the generated
 * kernels take every buffer as a parameter, and the CUDA programs keep the scalars in constant
 * memory beside nothing else (as the run-time weights rt_w, RT_NWEIGHTS of them: any count up to
 * IR_MAX_WEIGHTS fits). */
enum {
  /* grids, coefficient grids included: 3D elastic velocity-stress (Virieux 1986) has 9
   * wavefields and 3 media grids (buoyancy, lambda, mu), 12; SOFI3D's elastic form, the media
   * averaged at each staggered position (3 densities, 3 shear moduli, pi, u), 17; its
   * viscoelastic step of one relaxation mechanism (6 memory variables, relaxation-time grids,
   * the recorded pressure), 24 (tests/programs/viscoelastic3d_sofi.c). A C-PML's 18 memory
   * variables (27 grids and more) are past it. */
  PROG_MAX_FIELDS = 24,
  /* statements per time step: 3D elastic's 9 (3 velocities, 6 stresses), 16 in the viscoelastic
   * step above; a stage writes a field of its own (one writer per field) */
  PROG_MAX_STAGES = 16,
  PROG_MAX_SCALARS = 32, /* run-time scalar parameters (r = dt / h^2): Rodinia's hotspot3D step
                            reads 9 (cc, cw, ce, cs, cn, cb, ct, stepDivCap, amb_temp), a 5x5
                            mask passed in (m[a][b]) 25 */
  PROG_MAX_LEVELS = 3,   /* t-1, t, t+1 */
  PROG_MAX_SOURCES = 4,  /* point sources per step: a shot has one, a survey's step a few */
  PROG_MAX_BOUNDARIES = 8, /* boundary stages per step: a 3D box's six faces, two corners */
  BC_MAX_STMTS = 6,      /* assignments in one boundary loop: a face and its opposite, ... */
  BC_MAX_READS = 8,      /* distinct reads of one boundary assignment */
};
_Static_assert((int)PROG_MAX_SCALARS <= (int)IR_MAX_WEIGHTS, "a program's scalars fit the run-time weights");
_Static_assert((int)PROG_MAX_STAGES <= (int)PROG_MAX_FIELDS,
               "each stage writes a field no other stage writes: the stages' fields fit");

typedef struct {
  char name[IR_NAME_MAX];
  int levels;      /* buffers: 1, 2 or 3 */
  /* For a field whose levels are pointers the time loop rotates (tmp = u; u = unew; unew = tmp):
   * level_var[s] is the variable that holds level t + s at each step (modulo levels; the one a
   * stage writes is level_var[1]), and each step moves level_var[s + 1]'s value into
   * level_var[s]. Empty ("") for a field indexed by its time level (u[(t + 1) % 2]) or of one
   * buffer, whose name is the variable. */
  char level_var[PROG_MAX_LEVELS][IR_NAME_MAX];
  /* The two levels are grids that pointers pick by the step's parity at the top of each step
   * (double *src = (t % 2 == 0) ? u : v; ...), never moved: level_var[s] is the grid holding
   * level t + s at the loop's first step, and the grids change places each step. */
  bool level_pick;
  bool coef;       /* read-only coefficient grid (levels == 1) */
  int writer;      /* the stage that writes it, -1 for a coefficient grid */
  int radius[IR_MAX_DIMS]; /* max |offset| of its reads over all stages (program_classify) */
  /* A coefficient array of one axis (a damping profile damp_x[ix], a non-uniform spacing
   * dx[i - 1], a coefficient by row kz[iz]): per_axis, its element k the value at position k
   * along axis `axis`, ext[axis] elements; its reads keep their offset in off[axis] (0 on the
   * other axes). The generated programs keep it in the first ext[axis] elements of a buffer of
   * the grid's size (so the buffers, fills and dumps stay alike); the library takes and copies
   * ext[axis] elements. */
  bool per_axis;
  int axis;
} Field;

/* Which buffer a point of a stage reads. */
typedef struct {
  int field;
  int shift; /* buffer (t + shift) % levels, 0 <= shift < levels */
} Ref;

typedef struct {
  int field;   /* the field written, at buffer (t + 1) % levels */
  Stencil st;  /* the expression, its points, bounds lo/hi per axis and its classification */
  Ref *refs;   /* per point of st */
  /* The first stage of the loop nest it came from: the stages of one cell body assigning
   * several grids share it (consecutive, in source order); a stage alone in its nest is its
   * own. The front end checked that such stages read what the others write only at the cell
   * (codegen/program.h fuses them on the GPU). */
  int nest;
} Stage;

/* A point source (a seismic shot's wavelet, an FDTD hard source): after stage `after` of each
 * step, one cell of the buffer that field `field`'s stage wrote ((t + 1) % levels, 0 for one
 * buffer) gets
 *   cell op= expr           op '=', '+' or '-'
 * where expr reads run-time scalars (EX_WEIGHT k), constants, and through EX_LOAD:
 *   point SOURCE_ARRAY: the source array `array` at the user's time index plus `shift`,
 *     array[it + shift], it = t + t_start ("" when the value reads no array);
 *   point SOURCE_TIME: the time loop's counter it itself, as a floating value (a Ricker
 *     wavelet or a Gaussian pulse computed in the loop, exp(-0.5 * pow((t0 - it) / w, 2))).
 * The value is computed once per step, in the program's arithmetic. The cell
 * along axis a is scalar index[a] + off[a], or the constant off[a] where index[a] is -1; an
 * index scalar is an integer parameter of the source (scalar_index), never read by a stage.
 * Invariants: the array is a read-only input of at least steps + t_start + shift values
 * (shift >= 0, t_start + shift >= 0), so every step reads inside it; the generated programs
 * give element i the value rt_random_value(rt_prog_source_seed(n), i) (rt_program.h) and check
 * at run time that the cell lies inside the grid, failing with a message otherwise. */
typedef struct {
  int field;
  int after;                 /* the stage after which it is added: the last before it in the
                                time loop (the field's writer or a later one) */
  /* -1, or the boundary stage after which it is added instead: the last of those after the
   * last stage that the time loop runs before it (u[ny - 1][i] = ...; u[sy][sx] += src[t];) */
  int after_bc;
  char op;                   /* '=', '+' or '-' */
  int index[IR_MAX_DIMS];    /* scalar index per axis, -1 for a constant */
  long off[IR_MAX_DIMS];
  char array[IR_NAME_MAX];
  int shift;
  Expr *expr;
} PointSource;

/* The EX_LOAD points of a point source's value (PointSource.expr). */
enum { SOURCE_ARRAY = 0, SOURCE_TIME = 1 };

/* Whether source ps's value reads the time loop's counter (SOURCE_TIME). */
bool program_source_reads_time(const PointSource *ps);

/* What source ps adds, for messages, in out: its array's name quoted ('wavelet'), or "a value
 * of the time step" (or "a constant") where it reads none. */
void program_source_value(const PointSource *ps, char *out, size_t size);

/* A boundary stage: a statement of the time loop over fewer axes than the grid's (or over none:
 * one cell), as real codes set their edges each step (Dirichlet values, Neumann copies,
 * periodic wraps, a source row, ghost layers). Along a looped axis a cell is the loop's counter
 * times BcPos.dir plus off, from the grid's start or its end (u[i], u[2 * R - g],
 * u[n - 1 - g]); along any other axis it is a position from the grid's start (off >= 0) or from
 * its end (g->ext + off, off < 0), the halo included, as u[0][i], u[ny - 1][i], u[n - 2]. */
typedef struct {
  bool end; /* from the grid's end: ext + off */
  int dir;  /* along a looped axis, the counter's sign: 1 or -1; 0 along the others */
  long off;
} BcPos;

/* A cell a boundary assignment writes or reads: field f at buffer (t + shift) % levels, or,
 * where array >= 0, program time array `array` (Program.tarrays) at element it + shift. */
typedef struct {
  int field, shift, array;
  BcPos at[IR_MAX_DIMS];
} BcCell;

typedef struct {
  BcCell lhs;
  Expr *expr; /* EX_LOAD k: reads[k]; EX_WEIGHT k: run-time scalar k */
  BcCell reads[BC_MAX_READS];
  int nreads;
  int line;
} BcStatement;

/* Runs before stage `before` (nstages: after the last) in the step; point sources come after
 * their stage. Its loop runs along each axis a with looped[a] over [lo[a], ext[a] + hi[a]) (hi
 * <= 0, as lo a position from the start), or over [lo[a], hi[a]) where hi_start[a] (the ghost
 * layers of a grid of run-time extent: for (g = 0; g < R; g++)), and executes its statements in
 * order per iteration;
 * the front end checked that no iteration reads or writes a cell another iteration writes, so
 * the iterations are independent (a CUDA thread each). */
typedef struct {
  int before;
  bool looped[IR_MAX_DIMS];
  long lo[IR_MAX_DIMS], hi[IR_MAX_DIMS];
  bool hi_start[IR_MAX_DIMS];
  char var[IR_MAX_DIMS][IR_NAME_MAX]; /* the user's loop counters, for reports */
  BcStatement stmts[BC_MAX_STMTS];
  int nstmts;
  int line;
} Boundary;

/* A 1D array a boundary stage reads at the time loop's index (u[0][i] = inflow[t]): an input
 * like a point source's array, element i being rt_prog_source_value(id, i) with id nsources +
 * its index here (rt_source.h); at least steps + t_start + max_shift elements. */
typedef struct {
  char name[IR_NAME_MAX];
  int max_shift;
} TimeArray;

typedef struct {
  char name[IR_NAME_MAX];      /* base name of the input file */
  char path[IR_PATH_MAX];      /* the input file as given ("": none), as Stencil.path */
  char func_name[IR_NAME_MAX];
  int dims;
  DType dtype;
  char extent_param[IR_MAX_DIMS][IR_NAME_MAX]; /* as in Stencil */
  long extent_const[IR_MAX_DIMS];
  int extent_pad[IR_MAX_DIMS];                 /* as in Stencil */
  char extent_bound[IR_MAX_DIMS][IR_NAME_MAX]; /* as in Stencil */
  char steps_param[IR_NAME_MAX];
  long steps_const;
  int t_start;                 /* the time loop's first value (the source's t) */
  char time_var[IR_NAME_MAX];  /* the time loop's variable */
  bool time_do; /* the time loop is a do loop: its body runs once even when the bound is past the
                   start (as Stencil.time_do) */
  IrTemp temps[PROG_MAX_FIELDS]; /* the temporaries of the pointer rotations (rewrite) */
  IrObservers obs; /* prints and snapshots in the time loop (IrObserver) */
  int ntemps;
  unsigned region_begin, region_end;
  int region_line;
  Field fields[PROG_MAX_FIELDS];
  int nfields;
  Stage stages[PROG_MAX_STAGES];
  int nstages;
  char scalars[PROG_MAX_SCALARS][IR_NAME_MAX];
  DType scalar_type[PROG_MAX_SCALARS];
  /* --param NAME=VALUE: the value the generated program gives scalar k in place of a random one
   * (runtime/rt_program_main.h, rt_prog_scalars) */
  bool scalar_given[PROG_MAX_SCALARS];
  double scalar_value[PROG_MAX_SCALARS];
  /* an integer parameter locating a point source's cell (PointSource.index); its value is given
   * (scalar_given) the first interior cell along its axis plus one, unless --param sets it */
  bool scalar_index[PROG_MAX_SCALARS];
  /* a variable of the user's code, not a parameter: a local computed before the time loop
   * (float Cap_1 = step / Cap;) or a global (double amb_temp = 80.0;), which the loop does not
   * change; `stencilc check` computes its value with the user's code and gives it the program */
  bool scalar_user[PROG_MAX_SCALARS];
  /* of those, a local set once before the time loop from what the check does not compute
   * (atof(argv[2]), sscanf into it): the check gives it the program's value */
  bool scalar_given_local[PROG_MAX_SCALARS];
  int nscalars;
  PointSource sources[PROG_MAX_SOURCES];
  int nsources;
  Boundary boundaries[PROG_MAX_BOUNDARIES];
  int nboundaries;
  TimeArray tarrays[PROG_MAX_SOURCES];
  int ntarrays;
  /* Derived (program_classify). */
  int lo[IR_MAX_DIMS], hi[IR_MAX_DIMS]; /* the grid's halo: the widest stage bounds per side */
  int radius[IR_MAX_DIMS];              /* max over the stages */
  int flops;                            /* per cell and step, summed over the stages */
  int max_levels;
  double coef_scale; /* where coefficient grids and scalars keep the scheme stable (see
                        program_coef_scale) */
} Program;

/* Adds the read (field, shift, off) to stage s (or finds it); returns the point's index. */
int program_add_point(Stage *s, int field, int shift, const int off[IR_MAX_DIMS]);

/* Fills each stage's classification (ir_classify, with the shape over its distinct offsets),
 * the fields' radii, the program's halo, radius, flops and coef_scale. */
void program_classify(Program *pr);

/* The largest s <= 1 (halved from 1) such that each stage's spatial gain, with every
 * coefficient-grid value and scalar at magnitude s, is at most 1: the sum over the points of
 * the written-to state fields of |a_p(s) - a_p(0)|, where a_p(s) is the point's coefficient
 * with coefficient values s (a Laplacian times a velocity v: v * sum |c|; the heat equation's
 * r * k * sum |c|). This bounds the wave equation within its CFL limit (v * sum|c| <= 4 in 2D)
 * and keeps an explicit heat step monotone (r * sum |c| <= 1). A stage whose expression is not
 * linear in the state fields for fixed coefficients leaves s at 1. */
double program_coef_scale(const Program *pr);

/* The gain of stage i for error bounds: sum over its state reads of |coefficient| with the
 * coefficient grids and scalars at coef_scale (their largest values); ir_gain when the stage is
 * not linear in its state reads. */
double program_stage_gain(const Program *pr, int i);

/* The gain of the whole step for error bounds: the product of the stages' gains (each at least
 * 1), since an error of one stage is amplified by the later ones. */
double program_gain(const Program *pr);

/* Whether the program reads the level before the one it overwrites (second order in time: the
 * three-level and the leapfrog forms), whose rounding errors do not damp. */
bool program_second_order(const Program *pr);

/* The time level a read names, relative to the step's t, for reports ("t", "t+1", "t-1",
 * "t-2"); NULL for a coefficient grid. */
const char *program_level_name(const Program *pr, int stage, const Ref *r);

/* Sizes the source fixes, the defaults of the program's runs (as ir_fixed_interior and
 * ir_fixed_steps for one stencil): the interior of axis a when the grids' extent along it is a
 * constant, the step count when the time loop runs a constant number of steps. */
bool program_fixed_interior(const Program *pr, int a, long *n);
bool program_fixed_steps(const Program *pr, long *steps);

/* The seed number of time array k's values (rt_prog_source_value): after the point sources'. */
int program_tarray_id(const Program *pr, int k);

/* The first 1D coefficient array of one axis (Field.per_axis), or -1. */
int program_axis_array(const Program *pr);

/* The index of the field named name, or -1. */
int program_field(const Program *pr, const char *name);

void program_free(Program *pr);

#endif
