/* `run --ranks P`: building and starting MPI programs with OpenMPI's wrappers and mpirun. */
#ifndef STENCILC_MPI_H
#define STENCILC_MPI_H

#include <stddef.h>

/* Builds a generated C + OpenMP + MPI program with mpicc ($MPICC); returns the exit status. */
int mpi_build_c(const char *src, const char *exe);
/* Makes nvcc compile and link the host code with mpicxx (NVCC_CCBIN, unless the user set it);
 * 0, or -1 after a message when there is no mpicxx. */
int mpi_host_compiler_for_nvcc(void);
/* The nvcc flags of the NCCL halo exchange (rt_mpi.h's RT_MPI_NCCL) into buf: 1 when NCCL's
 * header and library were found ($NCCL_HOME, $CUDA_HOME, the CUDA toolkit, the system), 0 when
 * not or when $STENCILC_MPI_TRANSPORT is "host" (the exchange is then staged through pinned host
 * memory), -1 after a message when it is "nccl" and none was found. */
int mpi_nccl_flags(char *buf, size_t n);
/* Runs exe under `mpirun -np ranks` (ranks 0: by itself) with the user's -s -t -r (each left out
 * when NULL). */
int mpi_run_program(const char *exe, int ranks, const char *size, const char *steps,
                    const char *reps);

#endif
