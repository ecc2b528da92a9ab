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
  N5dParams n5d;        /* --bt --bs --hsn --regs --no-diag-opt --no-assoc-opt */
  NaiveParams naive;    /* --block */
  const char *gpu;      /* model: --gpu */
  int top;              /* model: --top */
} Options;

/* Parses argv (after the subcommand name). `allowed` lists the option names this subcommand
 * takes, e.g. "-o --backend --dtype". Returns 0, 1 when --help was printed, or -1 after an error
 * message. */
int options_parse(int argc, char **argv, const char *allowed, const char *help, Options *o);

#endif
