/* What `stencilc run --ranks P` adds to a run: the MPI compiler wrappers for the build and mpirun
 * to start the program (issue 21). The program itself is generated with GenOptions.mpi. */
#include "mpi.h"

#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "process.h"

int mpi_build_c(const char *src, const char *exe) {
  const char *mpicc = tool_find("MPICC", "mpicc", NULL);
  if (!mpicc) {
    fprintf(stderr, "stencilc run: --ranks needs mpicc (install OpenMPI: apt-get install "
                    "openmpi-bin libopenmpi-dev, or set $MPICC)\n");
    return -1;
  }
  char *argv[] = {(char *)mpicc, "-std=c11", "-O3", "-march=native", "-fopenmp",
                  "-o", (char *)exe, (char *)src, "-lm", NULL};
  return process_run(argv);
}

int mpi_host_compiler_for_nvcc(void) {
  if (getenv("NVCC_CCBIN")) return 0; /* the user's choice */
  const char *mpicxx = tool_find("MPICXX", "mpicxx", NULL);
  if (!mpicxx) {
    fprintf(stderr, "stencilc run: --ranks needs mpicxx as nvcc's host compiler (install OpenMPI, "
                    "or set $NVCC_CCBIN)\n");
    return -1;
  }
  return setenv("NVCC_CCBIN", mpicxx, 1);
}

int mpi_run_program(const char *exe, int ranks, const char *size, const char *steps,
                    const char *reps) {
  if (!ranks) return process_run_program(exe, size, steps, reps);
  const char *mpirun = tool_find("MPIRUN", "mpirun", NULL);
  if (!mpirun) {
    fprintf(stderr, "stencilc run: --ranks needs mpirun (install OpenMPI, or set $MPIRUN)\n");
    return -1;
  }
  char np[16];
  snprintf(np, sizeof np, "%d", ranks);
  char *argv[16];
  int n = 0;
  argv[n++] = (char *)mpirun;
  argv[n++] = "-np", argv[n++] = np;
  /* more ranks than cores (a test, a laptop): OpenMPI refuses to start them without this */
  if (ranks > sysconf(_SC_NPROCESSORS_ONLN)) argv[n++] = "--oversubscribe";
  if (geteuid() == 0) argv[n++] = "--allow-run-as-root"; /* containers run as root */
  process_program_args(argv, n, exe, size, steps, reps);
  return process_run(argv);
}
