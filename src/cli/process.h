/* Running the tools stencilc drives (compilers, generated programs). */
#ifndef STENCILC_PROCESS_H
#define STENCILC_PROCESS_H

#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>

/* Runs argv[0] (searched in PATH) with argv, echoing the command line to stderr first. Returns
 * its exit status, 128 + signal when it was killed, or -1 when it could not be started. */
int process_run(char *const argv[]);

/* Runs a generated program, exe, with the user's -s SIZE -t STEPS -r REPS (each left out when
 * NULL); returns as process_run does. */
int process_run_program(const char *exe, const char *size, const char *steps, const char *reps);
/* Puts exe and its -s -t -r (each left out when NULL) into argv from argv[n], then NULL (room
 * for 8 more entries); returns the count before the NULL. */
int process_program_args(char *argv[], int n, const char *exe, const char *size, const char *steps,
                         const char *reps);

/* Finds an executable: $env_var if set, else `name` in PATH, else `fallback` (may be NULL) if it
 * exists. Returns a path valid until the next call, or NULL. */
const char *tool_find(const char *env_var, const char *name, const char *fallback);

/* Starts argv with stdout and stderr going to the file `log` (NULL: inherited, nothing echoed);
 * returns the pid, or -1 when it could not fork. */
pid_t process_start(char *const argv[], const char *log);
/* Waits for a started process; returns as process_run does. */
int process_wait(pid_t pid);

/* How CUDA programs are built, from the command line. */
typedef struct {
  const char *arch;       /* --arch sm_NN[a], NN[a] or native; NULL: see nvcc_arch */
  const char *flags;      /* --nvcc-flags "...": words passed to nvcc after $NVCCFLAGS */
  bool fast_math;         /* --fast-math: --use_fast_math */
  const char *libs;       /* the backend's libraries (Backend.libs, "-lcufft"), after the source */
} NvccOptions;

/* Whether an --arch (or $STENCILC_CUDA_ARCH) value is one of sm_NN[a], NN[a], native. */
bool nvcc_arch_valid(const char *arch);

/* The architecture nvcc targets, as nvcc options in buf: --arch when given, else
 * $STENCILC_CUDA_ARCH when set, else the compute capability of the GPU present (local_gpu),
 * else sm_90. An explicit choice wins over the GPU present: it may be a build for another
 * machine. */
void nvcc_arch(const NvccOptions *no, char *buf, size_t n);

/* Starts building a CUDA program: nvcc -O3 for nvcc_arch, with OpenMP for the host reference,
 * then $NVCCFLAGS and --nvcc-flags (split at blanks); output to `log`, or echoed and inherited
 * when log is NULL. no may be NULL (defaults). */
pid_t nvcc_start(const char *nvcc, const char *src, const char *exe, const NvccOptions *no,
                 const char *log);

/* Builds a CUDA program for `stencilc run` (nvcc_start, echoed): 0, or -1 after saying that nvcc
 * failed, with its exit status, and how to go on. A failed build is no reason to run the CPU
 * path instead (that is for a machine without nvcc or without a GPU): the caller stops. */
int nvcc_build(const char *nvcc, const char *src, const char *exe, const NvccOptions *no);

/* The GPU of this machine: nvidia-smi's first device (its name and compute capability), else
 * what `stencilc probe` stored in the cache. Looked up once. */
typedef struct {
  char name[128]; /* "" when unknown */
  int cc;         /* compute capability as nvcc spells it (90 for 9.0); 0 when unknown */
  bool present;   /* nvidia-smi lists a device, or /dev/nvidia0 exists (not the probe file:
                   * a cache may be shared between machines) */
} LocalGpu;
const LocalGpu *local_gpu(void);

/* Where run, tune and check write and build: --workdir DIR (created when missing, never
 * removed), else a fresh folder $TMPDIR/stencilc-COMMAND-XXXXXX (mkdtemp), so that concurrent
 * commands never share one. */
typedef struct {
  char path[4096];
  bool temporary;
} Workdir;
/* Returns 0, or -1 after a message. */
int workdir_open(Workdir *w, const char *given, const char *command);
/* Removes a temporary folder and everything in it, unless keep (then says where it is); returns
 * rc, the command's exit code, so that a command ends `return workdir_close(&w, keep, rc);`. */
int workdir_close(const Workdir *w, bool keep, int rc);

/* Creates a directory and its missing parents (mkdir -p); returns 0 when it exists after. */
int make_dirs(const char *path);

/* Path of a file in stencilc's cache directory ($STENCILC_CACHE, else $XDG_CACHE_HOME/stencilc,
 * else ~/.cache/stencilc),
 * creating the directory; NULL when there is none. Valid until the next call. */
const char *cache_file(const char *name);

#endif
