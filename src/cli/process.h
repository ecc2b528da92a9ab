/* Running the tools stencilc drives (compilers, generated programs). */
#ifndef STENCILC_PROCESS_H
#define STENCILC_PROCESS_H

/* Runs argv[0] (searched in PATH) with argv, echoing the command line to stderr first. Returns
 * its exit status, 128 + signal when it was killed, or -1 when it could not be started. */
int process_run(char *const argv[]);

/* Finds an executable: $env_var if set, else `name` in PATH, else `fallback` (may be NULL) if it
 * exists. Returns a path valid until the next call, or NULL. */
const char *tool_find(const char *env_var, const char *name, const char *fallback);

/* Path of a file in stencilc's cache directory ($STENCILC_CACHE, else ~/.cache/stencilc),
 * creating the directory; NULL when there is none. Valid until the next call. */
const char *cache_file(const char *name);

#endif
