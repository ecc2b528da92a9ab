/* stencilc gen: write a complete program for one backend: check, plan, emit. */
#include <stdio.h>

#include "cli.h"
#include "frontend/frontend.h"
#include "options.h"
#include "tune.h"

static void gen_help(FILE *f) {
  fputs("usage: stencilc gen FILE.c [--backend B] [backend options] [--dtype float|double]\n"
        "                    [--explain] [C flags] -o OUT\n"
        "Writes a complete, self-contained program for the stencil in FILE.c. CUDA programs build\n"
        "with nvcc -O3 -gencode=arch=compute_90,code=sm_90 -Xcompiler -fopenmp OUT -o prog.\n"
        "The program fills the grid with seeded random non-zero values (and run-time weights with\n"
        "seeded random positive ones of gain 1), runs, verifies against a CPU reference, times\n"
        "itself and prints GCells/s; run it with -h for its options.\n"
        "  --dtype    element type of the program (default: the source's)\n"
        "  --explain  print the plan (what the backend chose: tiles, halos, rings, registers,\n"
        "             shared memory) to stderr, lines starting with 'plan: '\n"
        "  C flags    -I DIR, -D NAME[=VALUE], -U NAME, -std=STD, -include FILE: as a C compiler\n"
        "             reads FILE.c; --function NAME: the stencil is in that function\n"
        "Nothing is written when the stencil or the options are refused (exit 2).\n", f);
  options_backend_help(f);
}

int cmd_gen(int argc, char **argv) {
  static const OptionSet set = {"-o --backend --dtype --gpu --explain", true, true};
  Options o;
  int rc = options_parse(argc, argv, &set, gen_help, &o);
  if (rc) return rc > 0 ? EXIT_OK : EXIT_INPUT;
  if (!o.output) {
    fprintf(stderr, "stencilc gen: -o OUT is required (--help lists the options)\n");
    return EXIT_INPUT;
  }
  Stencil st;
  if (frontend_parse(o.input, &o.frontend, &st)) return EXIT_INPUT;
  if (!o.dtype_given) o.gen.dtype = st.dtype;
  if (o.auto_backend && tune_choose(&st, &o)) {
    ir_free(&st);
    return EXIT_INPUT;
  }
  PlanStore plan;
  Buf prog = {0};
  rc = EXIT_OK;
  if (codegen_prepare(&st, &o.gen, &plan)) {
    rc = EXIT_INPUT;
  } else {
    if (o.explain) {
      Buf text = {0};
      codegen_explain(&text, &st, &o.gen, &plan);
      fputs(text.s, stderr);
      buf_free(&text);
    }
    codegen_emit(&prog, &st, &o.gen, &plan);
    if (buf_write_file(&prog, o.output)) {
      fprintf(stderr, "stencilc gen: cannot write '%s'\n", o.output);
      rc = EXIT_TOOL;
    }
  }
  buf_free(&prog);
  ir_free(&st);
  return rc;
}
