#define _XOPEN_SOURCE 700 /* nftw */
#include "process.h"

#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

pid_t process_start(char *const argv[], const char *log) {
  fflush(stdout);
  fflush(stderr);
  pid_t pid = fork();
  if (pid != 0) return pid;
  if (log) {
    int fd = open(log, O_WRONLY | O_CREAT | O_TRUNC, 0666);
    if (fd < 0 || dup2(fd, 1) < 0 || dup2(fd, 2) < 0) _exit(127);
  }
  execvp(argv[0], argv);
  _exit(127);
}

int process_run(char *const argv[]) {
  fputs("+", stderr);
  for (int i = 0; argv[i]; i++) fprintf(stderr, " %s", argv[i]);
  fputc('\n', stderr);
  return process_wait(process_start(argv, NULL));
}

int process_wait(pid_t pid) {
  if (pid < 0) return -1;
  int status;
  while (waitpid(pid, &status, 0) < 0)
    ;
  if (WIFSIGNALED(status)) return 128 + WTERMSIG(status);
  int rc = WEXITSTATUS(status);
  return rc == 127 ? -1 : rc;
}

const char *tool_find(const char *env_var, const char *name, const char *fallback) {
  static char path[4096];
  const char *env = env_var ? getenv(env_var) : NULL;
  if (env && *env) return env;
  const char *dirs = getenv("PATH");
  for (const char *d = dirs; d && *d;) {
    size_t n = strcspn(d, ":");
    snprintf(path, sizeof path, "%.*s/%s", (int)n, d, name);
    if (n && access(path, X_OK) == 0) return path;
    d += n + (d[n] == ':');
  }
  if (fallback && access(fallback, X_OK) == 0) return fallback;
  return NULL;
}

int make_dirs(const char *path) {
  char tmp[4096];
  snprintf(tmp, sizeof tmp, "%s", path);
  for (char *p = tmp + 1; *p; p++)
    if (*p == '/') {
      *p = 0;
      if (mkdir(tmp, 0777) && errno != EEXIST) return -1;
      *p = '/';
    }
  return mkdir(tmp, 0777) && errno != EEXIST ? -1 : 0;
}

const char *cache_file(const char *name) {
  static char path[4096];
  const char *dir = getenv("STENCILC_CACHE"), *xdg = getenv("XDG_CACHE_HOME"), *home = getenv("HOME");
  if (dir && *dir) snprintf(path, sizeof path, "%s", dir);
  else if (xdg && xdg[0] == '/') snprintf(path, sizeof path, "%s/stencilc", xdg); /* relative: ignored, as the spec says */
  else if (home && *home) snprintf(path, sizeof path, "%s/.cache/stencilc", home);
  else return NULL;
  if (make_dirs(path)) return NULL;
  size_t len = strlen(path);
  snprintf(path + len, sizeof path - len, "/%s", name);
  return path;
}

int workdir_open(Workdir *w, const char *given, const char *command) {
  w->temporary = !given;
  if (given) {
    snprintf(w->path, sizeof w->path, "%s", given);
    if (!make_dirs(w->path)) return 0;
    fprintf(stderr, "stencilc %s: cannot create '%s': %s\n", command, w->path, strerror(errno));
    w->temporary = false;
    return -1;
  }
  const char *tmp = getenv("TMPDIR");
  if (!tmp || !*tmp) tmp = "/tmp";
  snprintf(w->path, sizeof w->path, "%s/stencilc-%s-XXXXXX", tmp, command);
  if (mkdtemp(w->path)) return 0;
  fprintf(stderr, "stencilc %s: cannot create a folder in '%s': %s\n", command, tmp, strerror(errno));
  w->temporary = false;
  return -1;
}

static int remove_entry(const char *path, const struct stat *sb, int type, struct FTW *ftw) {
  (void)sb, (void)type, (void)ftw;
  return remove(path) ? -1 : 0;
}

int workdir_close(const Workdir *w, bool keep, int rc) {
  if (!w->temporary) return rc;
  if (keep) fprintf(stderr, "stencilc: the files are in %s\n", w->path);
  else nftw(w->path, remove_entry, 16, FTW_DEPTH | FTW_PHYS);
  return rc;
}

bool nvcc_arch_valid(const char *arch) {
  if (!strcmp(arch, "native")) return true;
  if (!strncmp(arch, "sm_", 3)) arch += 3;
  size_t digits = strspn(arch, "0123456789");
  return digits >= 2 && digits <= 3 && (!arch[digits] || !strcmp(arch + digits, "a"));
}

void nvcc_arch(const NvccOptions *no, char *buf, size_t n) {
  const char *arch = no && no->arch ? no->arch : getenv("STENCILC_CUDA_ARCH");
  char cc[16] = "90";
  if (arch && *arch && nvcc_arch_valid(arch)) snprintf(cc, sizeof cc, "%s", strncmp(arch, "sm_", 3) ? arch : arch + 3);
  else if (local_gpu()->cc) snprintf(cc, sizeof cc, "%d", local_gpu()->cc);
  if (!strcmp(cc, "native")) snprintf(buf, n, "-arch=native");
  else snprintf(buf, n, "-gencode=arch=compute_%s,code=sm_%s", cc, cc);
}

/* Appends the blank-separated words of text (a copy kept in store) to argv. */
static int split_words(const char *text, char *store, size_t cap, char **argv, int n, int max) {
  snprintf(store, cap, "%s", text ? text : "");
  for (char *w = strtok(store, " \t\n"); w && n < max; w = strtok(NULL, " \t\n")) argv[n++] = w;
  return n;
}

pid_t nvcc_start(const char *nvcc, const char *src, const char *exe, const NvccOptions *no,
                 const char *log) {
  enum { MAX_ARGS = 128 };
  char gencode[128], env_words[2048], opt_words[2048], lib_words[256];
  nvcc_arch(no, gencode, sizeof gencode);
  char *argv[MAX_ARGS + 1];
  int n = 0;
  argv[n++] = (char *)nvcc;
  argv[n++] = "-O3";
  argv[n++] = gencode;
  argv[n++] = "-Xcompiler";
  argv[n++] = "-fopenmp";
  if (no && no->fast_math) argv[n++] = "--use_fast_math";
  n = split_words(getenv("NVCCFLAGS"), env_words, sizeof env_words, argv, n, MAX_ARGS - 5);
  n = split_words(no ? no->flags : NULL, opt_words, sizeof opt_words, argv, n, MAX_ARGS - 5);
  argv[n++] = "-o";
  argv[n++] = (char *)exe;
  argv[n++] = (char *)src;
  argv[n++] = "-lgomp";
  n = split_words(no ? no->libs : NULL, lib_words, sizeof lib_words, argv, n, MAX_ARGS);
  argv[n] = NULL;
  if (!log) {
    fputs("+", stderr);
    for (int i = 0; argv[i]; i++) fprintf(stderr, " %s", argv[i]);
    fputc('\n', stderr);
  }
  return process_start(argv, log);
}

int nvcc_build(const char *nvcc, const char *src, const char *exe, const NvccOptions *no) {
  int rc = process_wait(nvcc_start(nvcc, src, exe, no, NULL));
  if (!rc) return 0;
  if (rc < 0) fprintf(stderr, "stencilc run: cannot start nvcc (%s)\n", nvcc);
  else fprintf(stderr, "stencilc run: nvcc (%s) failed on %s with exit status %d (its messages are "
                       "above); the CPU path is not run in its place. Check --arch, --nvcc-flags, "
                       "$NVCCFLAGS and $NVCC, or run the CPU path with --cpu\n", nvcc, src, rc);
  return -1;
}

int process_program_args(char *argv[], int n, const char *exe, const char *size, const char *steps,
                         const char *reps) {
  argv[n++] = (char *)exe;
  if (size) argv[n++] = "-s", argv[n++] = (char *)size;
  if (steps) argv[n++] = "-t", argv[n++] = (char *)steps;
  if (reps) argv[n++] = "-r", argv[n++] = (char *)reps;
  argv[n] = NULL;
  return n;
}

int process_run_program(const char *exe, const char *size, const char *steps, const char *reps) {
  char *argv[8];
  process_program_args(argv, 0, exe, size, steps, reps);
  return process_run(argv);
}
