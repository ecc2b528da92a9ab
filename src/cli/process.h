/* Running the tools stencilc drives (compilers, generated programs). */
#ifndef STENCILC_PROCESS_H
#define STENCILC_PROCESS_H

#include <stdbool.h>
#include <sys/types.h>

/* Runs argv[0] (searched in PATH) with argv, echoing the command line to stderr first. Returns
 * its exit status, 128 + signal when it was killed, or -1 when it could not be started. */
int process_run(char *const argv[]);

/* Runs a generated program, exe, with the user's -s SIZE -t STEPS -r REPS (each left out when
 * NULL); returns as process_run does. */
int process_run_program(const char *exe, const char *size, const char *steps, const char *reps);

/* Finds an executable: $env_var if set, else `name` in PATH, else `fallback` (may be NULL) if it
 * exists. Returns a path valid until the next call, or NULL. */
const char *tool_find(const char *env_var, const char *name, const char *fallback);

/* Starts argv with stdout and stderr going to the file `log` (NULL: inherited, nothing echoed);
 * returns the pid, or -1 when it could not fork. */
pid_t process_start(char *const argv[], const char *log);
/* Waits for a started process; returns as process_run does. */
int process_wait(pid_t pid);

/* Starts building a CUDA program: nvcc -O3 for sm_$STENCILC_CUDA_ARCH (default 90), with OpenMP
 * for the host reference; output to `log`, or echoed and inherited when log is NULL. */
pid_t nvcc_start(const char *nvcc, const char *src, const char *exe, bool fast_math, const char *log);

/* Creates a directory and its missing parents (mkdir -p); returns 0 when it exists after. */
int make_dirs(const char *path);

/* Path of a file in stencilc's cache directory ($STENCILC_CACHE, else ~/.cache/stencilc),
 * creating the directory; NULL when there is none. Valid until the next call. */
const char *cache_file(const char *name);

#endif
