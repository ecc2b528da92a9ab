/* stencilc run: generate, build, verify and time. The CUDA program is always generated and built
 * (when nvcc exists); when it finds no GPU, or there is no nvcc, the C + OpenMP program runs
 * instead. A failed nvcc build stops the run (exit 3). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "backends/backends.h"
#include "cli.h"
#include "frontend/frontend.h"
#include "options.h"
#include "mpi.h"
#include "process.h"
#include "tune.h"

static void run_help(FILE *f) {
  fputs("usage: stencilc run FILE.c [-s SIZE] [-t STEPS] [-r REPS] [--dtype float|double]\n"
        "                    [--backend B] [backend options] [--gpu G] [--fast-math]\n"
        "                    [--arch A] [--nvcc-flags \"...\"] [--cpu] [--explain]\n"
        "                    [--workdir DIR] [--keep] [C flags]\n"
        "Generates the CUDA program (default --backend auto), builds it with nvcc ($NVCC) for the\n"
        "GPU present, runs it on the GPU: verify against the CPU reference, then time. On a\n"
        "machine without a GPU (or with --cpu) it then generates, builds ($CC, default cc) and\n"
        "runs the C + OpenMP program instead, and says so; so it does when there is no nvcc. An\n"
        "nvcc that fails to build the program ends the run (exit 3), with no CPU run in its place.\n"
        "  -s SIZE      interior cells: N (every axis) or N0xN1[xN2], slowest axis first\n"
        "  -t STEPS     time steps (default: 1000 on the GPU, 10 on the CPU)\n"
        "  -r REPS      timed repetitions, the median is reported\n"
        "  --gpu G      the GPU --backend auto chooses for (default: the GPU present, else h200)\n"
        "  --fast-math  build the CUDA program with --use_fast_math\n"
        "  --arch A     sm_NN, NN or native (default: $STENCILC_CUDA_ARCH, else the compute\n"
        "               capability of the GPU present, else sm_90)\n"
        "  --nvcc-flags \"F\"  more nvcc options, split at blanks, after those of $NVCCFLAGS\n"
        "  --param NAME=VALUE  run-time scalar NAME at VALUE (default: 'stencilc info' lists them)\n"
        "  --ranks P    an MPI run: P processes (mpirun) split the grid along axis 0 (and 1), each on its\n"
        "               own GPU (or CPU), exchanging halos every few steps; built with mpicc/mpicxx\n"
        "  --explain    print the plan of each program generated, to stdout, lines 'plan: '\n"
        "  --workdir D  where to write and build the programs (default: a fresh folder in\n"
        "               $TMPDIR, removed after a run that passed)\n"
        "  --keep       keep that folder (it is kept, and named, after a failure too)\n"
        "  C flags      -I DIR, -D NAME[=VALUE], -U NAME, -std=STD, -include FILE, --function NAME\n",
        f);
  options_backend_help(f);
}

/* PROGRAM_NO_GPU: the exit code of a generated CUDA program that found no device. NO_GPU:
 * run_gpu's answer that the CPU path runs instead (no nvcc, no device), apart from every EXIT_*
 * (EXIT_TOOL, a failed build, is 3 as well). */
enum { PROGRAM_NO_GPU = 3, NO_GPU = -1 };

/* Paths of generated files: the work directory plus the stencil's name and a suffix. */
enum { DIR_MAX = 4096, PATH_MAX_LEN = DIR_MAX + 2 * IR_NAME_MAX };

static int build_c(const char *src, const char *exe, bool mpi) {
  if (mpi) return mpi_build_c(src, exe);
  const char *cc = tool_find("CC", "cc", NULL);
  if (!cc) cc = "cc";
  char *argv[] = {(char *)cc, "-std=c11", "-O3", "-march=native", "-fopenmp",
                  "-o", (char *)exe, (char *)src, "-lm", NULL};
  return process_run(argv);
}

/* Maps a generated program's exit code to stencilc's: 2, an argument it refused (its message
 * printed), is the user's input. */
static int program_result(int rc) {
  if (rc == 0) return EXIT_OK;
  if (rc == 1) return EXIT_VERIFY;
  if (rc == 2) {
    fprintf(stderr, "stencilc run: the program refused its arguments (above)\n");
    return EXIT_INPUT;
  }
  fprintf(stderr, "stencilc run: the program failed (exit %d)\n", rc);
  return EXIT_TOOL;
}

/* Returns EXIT_* or NO_GPU when the CPU path should run. */
static int run_gpu(const Stencil *st, const Options *o, const char *dir) {
  const char *nvcc = tool_find("NVCC", "nvcc", "/usr/local/cuda/bin/nvcc");
  if (!nvcc) {
    fprintf(stderr, "stencilc run: nvcc not found (install the CUDA toolkit or set $NVCC)\n");
    return NO_GPU;
  }
  char nvcc_path[4096], src[PATH_MAX_LEN], exe[PATH_MAX_LEN];
  snprintf(nvcc_path, sizeof nvcc_path, "%s", nvcc);
  snprintf(src, sizeof src, "%s/%s-%s.cu", dir, st->name, o->gen.backend->name);
  snprintf(exe, sizeof exe, "%s/%s-%s", dir, st->name, o->gen.backend->name);
  int rc = gen_write(st, &o->gen, o->explain ? stdout : NULL, src);
  if (rc) return rc;
  NvccOptions nv = o->nvcc;
  nv.libs = o->gen.backend->libs;
  char flags[8192];
  if (o->ranks) {
    if (mpi_host_compiler_for_nvcc()) return EXIT_TOOL;
    char nccl[6144];
    int found = mpi_nccl_flags(nccl, sizeof nccl);
    if (found < 0) return EXIT_INPUT;
    printf("stencilc run: halo exchange %s\n", found ? "through NCCL, GPU to GPU"
                                                     : "staged through pinned host memory (no NCCL found)");
    snprintf(flags, sizeof flags, "%s %s", o->nvcc.flags ? o->nvcc.flags : "", found ? nccl : "");
    nv.flags = flags;
  }
  if (nvcc_build(nvcc_path, src, exe, &nv)) return EXIT_TOOL;
  rc = mpi_run_program(exe, o->ranks, o->size, o->steps, o->reps);
  if (rc == PROGRAM_NO_GPU) {
    fprintf(stderr, "stencilc run: no GPU on this machine: the CUDA program was built (%s%s) but "
                    "not run; running the CPU path instead\n", exe, o->keep || o->workdir ? "" : ", removed after; --keep keeps it");
    return NO_GPU;
  }
  return program_result(rc);
}

static int run_cpu(const Stencil *st, const Options *o, const char *dir) {
  char src[PATH_MAX_LEN], exe[PATH_MAX_LEN];
  GenOptions cpu = {.backend = backends_find("cpu"), .dtype = o->gen.dtype, .mpi = o->gen.mpi};
  snprintf(src, sizeof src, "%s/%s-cpu.c", dir, st->name);
  snprintf(exe, sizeof exe, "%s/%s-cpu", dir, st->name);
  int rc = gen_write(st, &cpu, o->explain ? stdout : NULL, src);
  if (rc) return rc;
  if (build_c(src, exe, o->gen.mpi)) {
    fprintf(stderr, "stencilc run: the C compiler failed on %s\n", src);
    return EXIT_TOOL;
  }
  printf("stencilc run: CPU path (C + OpenMP)\n");
  return program_result(mpi_run_program(exe, o->ranks, o->size, o->steps, o->reps));
}

static int run_run(Options *o, Stencil *st) {
  if (o->backend_given && !o->gen.backend->engine->cuda) o->cpu = true;
  Workdir w;
  if (workdir_open(&w, o->workdir, "run")) return EXIT_TOOL;
  int rc = o->cpu ? NO_GPU : run_gpu(st, o, w.path);
  if (rc == NO_GPU) rc = run_cpu(st, o, w.path);
  return workdir_close(&w, o->keep || rc == EXIT_VERIFY || rc == EXIT_TOOL, rc);
}

const Command command_run = {
    "run",
    {"-s -t -r --dtype --backend --gpu --fast-math --arch --nvcc-flags --cpu --workdir --keep --explain --ranks --param",
     true, true, NULL, false},
    run_help, run_run};
