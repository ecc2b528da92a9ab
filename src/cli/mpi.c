/* What `stencilc run --ranks P` adds to a run: the MPI compiler wrappers for the build and mpirun
 * to start the program (issue 21). The program itself is generated with GenOptions.mpi. */
#include "mpi.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
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

/* The first of dirs (NULL-terminated; empty entries skipped) holding `file`, or NULL. */
static const char *dir_holding(const char *const dirs[], const char *file) {
  for (int i = 0; dirs[i]; i++) {
    if (!*dirs[i]) continue;
    char path[4096];
    snprintf(path, sizeof path, "%s/%s", dirs[i], file);
    if (access(path, R_OK) == 0) return dirs[i];
  }
  return NULL;
}

int mpi_nccl_flags(char *buf, size_t n) {
  const char *forced = getenv("STENCILC_MPI_TRANSPORT");
  if (forced && strcmp(forced, "host") == 0) return 0;
  char home_inc[2048] = "", home_lib[2048] = "", cuda_inc[2048] = "", cuda_lib[2048] = "";
  const char *home = getenv("NCCL_HOME"), *cuda = getenv("CUDA_HOME");
  if (home) {
    snprintf(home_inc, sizeof home_inc, "%s/include", home);
    snprintf(home_lib, sizeof home_lib, "%s/lib", home);
  }
  if (cuda) {
    snprintf(cuda_inc, sizeof cuda_inc, "%s/include", cuda);
    snprintf(cuda_lib, sizeof cuda_lib, "%s/lib64", cuda);
  }
  const char *incs[] = {home_inc, cuda_inc, "/usr/local/cuda/include", "/usr/local/include",
                        "/usr/include", NULL};
  const char *libs[] = {home_lib, cuda_lib, "/usr/local/cuda/lib64", "/usr/local/cuda/lib",
                        "/usr/local/lib", "/usr/lib/x86_64-linux-gnu", "/usr/lib64", NULL};
  const char *inc = dir_holding(incs, "nccl.h"), *lib = dir_holding(libs, "libnccl.so");
  if (!inc || !lib) {
    if (forced && strcmp(forced, "nccl") == 0) {
      fprintf(stderr, "stencilc run: STENCILC_MPI_TRANSPORT=nccl but no nccl.h and libnccl.so "
                      "found (set $NCCL_HOME to the folder holding include/ and lib/)\n");
      return -1;
    }
    return 0;
  }
  snprintf(buf, n, "-DRT_MPI_NCCL -I%s -L%s -Xlinker -rpath,%s -lnccl", inc, lib, lib);
  return 1;
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
