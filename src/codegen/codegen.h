/* Code generation: turns a classified Stencil into one complete, self-contained program (CUDA
 * or C + OpenMP) that fills the grid, runs, verifies against a CPU reference and times itself.
 *
 * Three stages per backend: check (codegen_prepare: what every backend needs of a stencil), plan
 * (the backend's `plan`: its parameters with defaults filled in, every count its code and the
 * model need, refused with the limit and the value when it cannot run) and emit (the backend's
 * `emit`, from that plan alone). A backend is one `Backend` below, defined in its own file; the
 * table of all of them is src/backends/backends.c. */
#ifndef STENCILC_CODEGEN_H
#define STENCILC_CODEGEN_H

#include <stdbool.h>
#include <stddef.h>

#include "ir/ir.h"
#include "util/buf.h"

typedef struct Backend Backend;

/* A backend's parameters: a struct of ints of its own (codegen/<backend>.h), kept here as ints
 * so that options can be copied, zeroed, compared and ordered whatever the backend. 0 means
 * "the backend chooses". */
enum { BACKEND_MAX_PARAMS = 16 };
typedef struct {
  int v[BACKEND_MAX_PARAMS];
} BackendParams;

typedef struct {
  const Backend *backend;
  DType dtype; /* element and arithmetic type of the generated program (may differ from source) */
  BackendParams params;
  bool mpi;    /* a program for several MPI ranks (runtime/rt_mpi.h), not one process */
  /* The nvcc flag choosing the GPU architecture the program is built for (run, tune and check
   * build with it), shown in the file's "Compile:" line; "": the default, sm_90. */
  char nvcc_arch[64];
} GenOptions;

/* Copies the backend's own parameter struct (ints only, at most BACKEND_MAX_PARAMS) out of / into
 * opt. */
void codegen_get_params(const GenOptions *opt, void *params, size_t size);
void codegen_set_params(GenOptions *opt, const void *params, size_t size);

/* A backend's plan: its own struct (codegen/<backend>.h), stored here by the callers of `plan`. */
enum { PLAN_MAX_BYTES = 1024 };
typedef struct {
  _Alignas(max_align_t) unsigned char bytes[PLAN_MAX_BYTES];
} PlanStore;

/* Why a backend refuses options: the message and a hint for the user. */
typedef struct {
  char msg[256];
  const char *hint;
} Refusal;

/* Fills why with the message (printf format) and the hint; returns -1, for `return refuse...`. */
int codegen_refuse(Refusal *why, const char *hint, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* The test of backends that need a linear stencil (ssam, fft): 0 when st is a sum of
 * coefficient x point (+ constant) with coefficients constant over the grid (literals or
 * run-time weights), else -1 with the refusal: "the stencil is not linear (...), so <because>". */
/* The refusal of a convergence loop (Stencil.conv) by backend b: only the cpu and naive
 * backends generate one (Backend.converge, src/codegen/converge.c); 0 for any other stencil. */
int codegen_refuse_converge(const Stencil *st, const Backend *b, Refusal *why);
/* A convergence loop's residual before the first step as C text, in a scope with the tolerance
 * named `tol` ("INFINITY" when it is above any tolerance or a do loop's first step runs anyway). */
void emit_converge_first(Buf *out, const Stencil *st, const char *tol);

int codegen_require_linear(const Stencil *st, Refusal *why, const char *because);

/* ---- Command-line options of a backend ---- */

typedef enum {
  OPT_COUNT, /* --bt N: a count of at least 1 */
  OPT_SHAPE, /* --bs YxX: up to `counts` counts joined by 'x', slowest axis first */
  OPT_CHOICE,/* --placement NAME: one of `choices`, stored as its index + 1 */
  OPT_FLAG,  /* --no-diag-opt: stored as 1 */
} OptionKind;

typedef struct {
  const char *name; /* "--bt" */
  OptionKind kind;
  int at;           /* index of its int (the first of a shape's) in the parameters */
  int counts;       /* OPT_SHAPE: most counts */
  bool x_first;     /* OPT_SHAPE: stored contiguous axis first, the reverse of the written order */
  const char *const *choices; /* OPT_CHOICE: the names, NULL-terminated */
  const char *arg;  /* the value in help lines: "N", "YxX" */
  const char *help;
} BackendOption;

/* Index of field f of a backend's parameter struct T, for BackendOption.at. */
#define PARAM_AT(T, f) ((int)(offsetof(T, f) / sizeof(int)))

/* The option of backend b called name, or NULL. */
const BackendOption *codegen_find_option(const Backend *b, const char *name);
/* Stores the value of option o of opt's backend as typed on the command line; 0, or -1 with
 * the reason in err (the value as typed, what would work). */
int codegen_parse_option(GenOptions *opt, const BackendOption *o, const char *value, char *err,
                         size_t n);
/* opt's parameters as command-line options of its backend ("--bt 4 --bs 256 --hsn 512"), those
 * left to the backend omitted: "" when all are. codegen_parse_option reads each back. */
void codegen_params_text(const GenOptions *opt, char *buf, size_t n);
/* Help lines of backend b's options, for gen and run. */
void codegen_options_help(Buf *out, const Backend *b);

/* ---- Backends ---- */

/* Where a program runs: the runtime headers implementing the engine hooks (runtime/rt_cuda.h or
 * rt_cpu.h, and what they use) and the defaults of its command line. */
typedef struct {
  int cuda;                 /* 1: .cu compiled by nvcc */
  const char *const *texts; /* the headers' text, in order, NULL-terminated */
  long default_size[IR_MAX_DIMS]; /* interior cells per axis, for 1D, 2D and 3D */
  long default_steps, default_reps;
} ProgramEngine;
extern const ProgramEngine engine_cuda, engine_cpu; /* emit.c */

struct Backend {
  const char *name;         /* --backend NAME */
  const char *summary;      /* one help line */
  const ProgramEngine *engine;
  int multistep;            /* 1: defines stencil_advance() (several steps per call) instead
                               of stencil_step() */
  const BackendOption *options; /* ended by one whose name is NULL */
  /* Fills plan (at most PLAN_MAX_BYTES, the backend's struct) for the stencil and options, the
   * defaults chosen, or refuses options the backend cannot run: non-zero with a message naming
   * the limit and the value, and a hint; prints nothing. */
  int (*plan)(const Stencil *st, const GenOptions *opt, void *plan, Refusal *why);
  /* Appends the plan in a few readable lines (gen --explain). */
  void (*explain)(Buf *out, const Stencil *st, const void *plan);
  /* Appends the code defining stencil_step() or stencil_advance() (kernels, launches). */
  void (*emit)(Buf *out, const Stencil *st, const GenOptions *opt, const void *plan);
  /* Libraries the program links besides the CUDA runtime ("-lcufft"), NULL when none: nvcc's
   * command lines (the file's Compile: line, run, tune, check) end with them. */
  const char *libs;
  /* NULL, or why the backend writes whole programs only (no --api library): the reason, after
   * "the NAME backend makes programs only: ". */
  const char *programs_only;
  /* A backend whose step goes through a transform of whole tiles (fft) errs in each output
   * relative to the tile's largest value, not to the output's own terms: the factor of that
   * error (runtime/rt_common.h, rt_bound_transform_step) for the plan; NULL for the others. */
  double (*transform_error)(const void *plan);
  /* Emits integer grids' updates exactly as C computes them (emit_expr with an integer arith:
   * the cpu and naive backends); the others refuse them (codegen_plan). */
  bool integer_grids;
  bool converge; /* generates convergence loops (Stencil.conv, src/codegen/converge.c) */
};

/* Comment lines enclosing the backend's kernel code (not the reference) in every program, so
 * that a test can perturb the kernel alone. */
#define CODEGEN_KERNEL_BEGIN "/* stencilc:kernel-begin */"
#define CODEGEN_KERNEL_END "/* stencilc:kernel-end */"

/* The plan of opt's backend: 0, or non-zero with the reason ("NAME: message") in why. Prints
 * nothing. */
int codegen_plan(const Stencil *st, const GenOptions *opt, PlanStore *plan, char *why, size_t n);

/* Checks the stencil and plans: 0, or -1 after printing why the stencil or the options cannot be
 * handled (file:line:col: error: ... with a hint). */
int codegen_prepare(const Stencil *st, const GenOptions *opt, PlanStore *plan);

/* Appends the plan of codegen_prepare in a few readable lines, each starting with "plan: ". */
void codegen_explain(Buf *out, const Stencil *st, const GenOptions *opt, const PlanStore *plan);

/* Appends the whole program for the plan of codegen_prepare. */
void codegen_emit(Buf *out, const Stencil *st, const GenOptions *opt, const PlanStore *plan);

/* codegen_prepare, then codegen_emit: 0, or non-zero after printing why (nothing appended). */
int codegen_program(Buf *out, const Stencil *st, const GenOptions *opt);

#endif
