/* stencilc gen: write a complete program for one backend. */
#include <stdio.h>

#include "cli.h"
#include "frontend/frontend.h"
#include "options.h"
#include "tune.h"

static const char *const GEN_HELP =
    "usage: stencilc gen FILE.c [--backend naive|n5d|25d|ssam|cpu|auto] [--dtype float|double] -o OUT\n"
    "Writes a complete, self-contained program for the stencil in FILE.c:\n"
    "  naive  CUDA, one time step per launch from global memory (build: nvcc -O3\n"
    "         -gencode=arch=compute_90,code=sm_90 -Xcompiler -fopenmp OUT -o prog)\n"
    "  n5d    CUDA, N.5D temporal blocking: bT steps per launch on chip (build as naive)\n"
    "  25d    CUDA, 2.5D blocking of 3D stencils: one step per launch, the slowest axis streamed\n"
    "         by 2D blocks, the neighbours kept as --placement says (build as naive)\n"
    "  ssam   CUDA, software systolic array: register cache, partial sums passed by warp\n"
    "         shuffles, bT steps per launch; linear stencils only (build as naive)\n"
    "  cpu    C + OpenMP (build: cc -O3 -fopenmp OUT -lm -o prog)\n"
    "The program fills the grid with seeded random non-zero values (and run-time weights with\n"
    "seeded random positive ones of gain 1), runs, verifies against a CPU reference, times\n"
    "itself and prints GCells/s; run it with -h for its options.\n"
    "  --dtype  element type of the program (default: the source's)\n"
    "  --backend auto  the choice 'stencilc tune' cached for --gpu G (default h200), else the\n"
    "                  model's best ('stencilc model')\n"
    "Nothing is written when the stencil or the options are refused (exit 2).\n"
    BACKEND_OPTIONS_HELP;

int cmd_gen(int argc, char **argv) {
  Options o;
  int rc = options_parse(argc, argv,
                         "-o --backend --dtype --gpu --block --placement --bt --bs --hsn --regs --rows --p --no-diag-opt "
                         "--no-assoc-opt",
                         GEN_HELP, &o);
  if (rc) return rc > 0 ? EXIT_OK : EXIT_INPUT;
  if (!o.output) {
    fprintf(stderr, "stencilc gen: -o OUT is required\n%s", GEN_HELP);
    return EXIT_INPUT;
  }
  Stencil st;
  if (frontend_parse(o.input, NULL, &st)) return EXIT_INPUT;
  if (o.auto_backend && tune_choose(&st, o.dtype_given ? o.dtype : st.dtype, &o)) {
    ir_free(&st);
    return EXIT_INPUT;
  }
  GenOptions g = {o.backend, o.dtype_given ? o.dtype : st.dtype, o.n5d, o.naive, o.p25d, o.ssam};
  Buf prog = {0};
  rc = EXIT_OK;
  if (codegen_program(&prog, &st, &g)) {
    rc = EXIT_INPUT;
  } else if (buf_write_file(&prog, o.output)) {
    fprintf(stderr, "stencilc gen: cannot write '%s'\n", o.output);
    rc = EXIT_TOOL;
  }
  buf_free(&prog);
  ir_free(&st);
  return rc;
}
