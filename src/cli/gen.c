/* stencilc gen: write a complete program for one backend: check, plan, emit. */
#include <stdio.h>
#include <string.h>

#include "cli.h"
#include "frontend/frontend.h"
#include "options.h"
#include "tune.h"

static void gen_help(FILE *f) {
  fputs("usage: stencilc gen FILE.c [--backend B] [backend options] [--dtype float|double]\n"
        "                    [--gpu G] [--arch A] [--explain] [C flags] -o OUT\n"
        "Writes a complete, self-contained program for the stencil in FILE.c (-o -: to standard\n"
        "output; an -o naming the input file is refused). CUDA programs build with the command\n"
        "their first lines give: nvcc -O3 -gencode=arch=compute_NN,code=sm_NN -Xcompiler -fopenmp\n"
        "OUT -o prog, for the architecture of --arch.\n"
        "The program fills the grid with seeded random non-zero values (and run-time weights with\n"
        "seeded random positive ones of gain 1), runs, verifies against a CPU reference, times\n"
        "itself and prints GCells/s; run it with -h for its options.\n"
        "  --backend  default auto: the choice 'stencilc tune' cached, else the model's best\n"
        "  --gpu G    the GPU auto chooses for (default: the GPU present, else h200)\n"
        "  --dtype    element type of the program (default: the source's)\n"
        "  --arch A   sm_NN, NN or native: the architecture of the build command the file states\n"
        "             (default, as for 'run': $STENCILC_CUDA_ARCH, else the compute capability of\n"
        "             the GPU present, else sm_90)\n"
        "  --param NAME=VALUE  the default of run-time scalar NAME in the program (its --param)\n"
        "  --mpi      a program for MPI ranks (mpirun -np P): the grid split along axis 0 (and 1\n"
        "             where that moves less halo), deep halos exchanged every few steps (README,\n"
        "             \"Several processes: MPI\"); stencil programs too\n"
        "  --api      write a library instead: OUT.h and OUT.cu (OUT.c for --backend cpu, same\n"
        "             header), entry points OUT_run (host pointers) and OUT_run_device (device\n"
        "             pointers and a cudaStream_t), run-time scalars as named arguments; a\n"
        "             stencil program's take every buffer of every field and the coefficient\n"
        "             grids; the header states the halo contract\n"
        "  --explain  print the plan (what the backend chose: tiles, halos, rings, registers,\n"
        "             shared memory) to stderr, lines starting with 'plan: '\n"
        "  C flags    -I DIR, -D NAME[=VALUE], -U NAME, -std=STD, -include FILE: as a C compiler\n"
        "             reads FILE.c; --function NAME: the stencil is in that function\n"
        "Nothing is written when the stencil or the options are refused (exit 2).\n", f);
  options_backend_help(f);
}

int output_write(const Buf *b, const char *path) {
  if (strcmp(path, "-")) return buf_write_file(b, path);
  size_t n = b->len ? fwrite(b->s, 1, b->len, stdout) : 0;
  return fflush(stdout) || n != b->len ? -1 : 0;
}

int gen_write(const Stencil *st, const GenOptions *opt, FILE *explain, const char *path) {
  PlanStore plan;
  if (codegen_prepare(st, opt, &plan)) return EXIT_INPUT;
  Buf text = {0};
  if (explain) {
    codegen_explain(&text, st, opt, &plan);
    fputs(text.s, explain);
    fflush(explain);
    buf_free(&text);
  }
  codegen_emit(&text, st, opt, &plan);
  int rc = EXIT_OK;
  if (output_write(&text, path)) {
    fprintf(stderr, "stencilc: cannot write '%s'\n", path);
    rc = EXIT_TOOL;
  }
  buf_free(&text);
  return rc;
}

static int gen_run(Options *o, Stencil *st) {
  if (!o->output) {
    fprintf(stderr, "stencilc gen: -o OUT is required (--help lists the options)\n");
    return EXIT_INPUT;
  }
  if (o->api) return gen_api_write(o, st, o->explain ? stderr : NULL);
  return gen_write(st, &o->gen, o->explain ? stderr : NULL, o->output);
}

const Command command_gen = {"gen", {"-o --backend --dtype --gpu --arch --explain --mpi --param --api", true, true, NULL, false}, gen_help, gen_run};
