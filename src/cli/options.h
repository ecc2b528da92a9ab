/* Command-line options shared by the subcommands that generate code (gen, run). */
#ifndef STENCILC_OPTIONS_H
#define STENCILC_OPTIONS_H

#include <stdbool.h>

#include "codegen/codegen.h"

typedef struct {
  const char *input;
  const char *output;   /* gen: -o */
  Backend backend;
  bool backend_given;
  bool auto_backend;    /* --backend auto: tuned choice or the model's best (tune.h) */
  DType dtype;
  bool dtype_given;
  const char *size;     /* run: passed to the program as -s */
  const char *steps;    /* run: -t */
  const char *reps;     /* run: -r */
  const char *workdir;  /* run: where the program is generated and built */
  bool fast_math;       /* run: nvcc --use_fast_math */
  bool cpu;             /* run: skip the GPU */
  N5dParams n5d;        /* --bt --bs --hsn --regs --rows --no-diag-opt --no-assoc-opt */
  NaiveParams naive;    /* --block */
  P25dParams p25d;      /* --placement, --block */
  SsamParams ssam;      /* --bt --bs (shared with n5d) --p */
  const char *gpu;      /* model: --gpu */
  int top;              /* model: --top */
  const char *emit;     /* tune: --emit DIR (write the candidates, time nothing) */
  const char *import;   /* tune: --import FILE (the candidates' measured GCells/s) */
} Options;

/* Help text for the backend parameters, shared by gen and run. */
#define BACKEND_OPTIONS_HELP                                                                  \
  "  --block X | YxX | ZxYxX  naive: threads per block, slowest axis first\n"                 \
  "25d options (2.5D blocking of 3D stencils, one step per launch):\n"                        \
  "  --placement global|shared|hybrid|register  where the neighbours are kept (default: the\n" \
  "                  first of register, hybrid, global that fits)\n"                          \
  "  --block YxX     threads per block along y and x (default 4x128, smaller if needed)\n"     \
  "n5d options (temporal blocking, AN5D):\n"                                                  \
  "  --bt N          time steps fused per launch\n"                                           \
  "  --bs X | YxX    threads per block along x (2D) or y and x (3D)\n"                        \
  "  --hsn N         rows of the streaming axis per block (default: from the size)\n"         \
  "  --regs N        register cap per thread\n"                                               \
  "  --rows N        rows of the stream computed per barrier (default 2)\n"                    \
  "  --no-diag-opt   turn the diagonal-access-free optimisation off\n"                        \
  "  --no-assoc-opt  turn the associative (partial sums) optimisation off\n"                 \
  "ssam options (software systolic array, linear stencils):\n"                               \
  "  --bt N          time steps fused per launch\n"                                           \
  "  --p N           outputs per thread along the slowest axis (register cache P + 2 bT r)\n" \
  "  --bs X | Yx32   threads per block: X in whole warps (2D), Y warps along y (3D)\n"

/* Parses argv (after the subcommand name). `allowed` lists the option names this subcommand
 * takes, e.g. "-o --backend --dtype". Returns 0, 1 when --help was printed, or -1 after an error
 * message. */
int options_parse(int argc, char **argv, const char *allowed, const char *help, Options *o);

#endif
