#include "process.h"

#include <errno.h>
#include <fcntl.h>
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
  const char *dir = getenv("STENCILC_CACHE"), *home = getenv("HOME");
  if (dir) snprintf(path, sizeof path, "%s", dir);
  else if (home) snprintf(path, sizeof path, "%s/.cache/stencilc", home);
  else return NULL;
  if (make_dirs(path)) return NULL;
  size_t len = strlen(path);
  snprintf(path + len, sizeof path - len, "/%s", name);
  return path;
}

pid_t nvcc_start(const char *nvcc, const char *src, const char *exe, bool fast_math, const char *log) {
  const char *arch = getenv("STENCILC_CUDA_ARCH");
  char gencode[128];
  snprintf(gencode, sizeof gencode, "-gencode=arch=compute_%s,code=sm_%s", arch ? arch : "90",
           arch ? arch : "90");
  char *argv[12];
  int n = 0;
  argv[n++] = (char *)nvcc;
  argv[n++] = "-O3";
  argv[n++] = gencode;
  argv[n++] = "-Xcompiler";
  argv[n++] = "-fopenmp";
  if (fast_math) argv[n++] = "--use_fast_math";
  argv[n++] = "-o";
  argv[n++] = (char *)exe;
  argv[n++] = (char *)src;
  argv[n++] = "-lgomp";
  argv[n] = NULL;
  if (!log) {
    fputs("+", stderr);
    for (int i = 0; argv[i]; i++) fprintf(stderr, " %s", argv[i]);
    fputc('\n', stderr);
  }
  return process_start(argv, log);
}

int process_run_program(const char *exe, const char *size, const char *steps, const char *reps) {
  char *argv[8];
  int n = 0;
  argv[n++] = (char *)exe;
  if (size) argv[n++] = "-s", argv[n++] = (char *)size;
  if (steps) argv[n++] = "-t", argv[n++] = (char *)steps;
  if (reps) argv[n++] = "-r", argv[n++] = (char *)reps;
  argv[n] = NULL;
  return process_run(argv);
}
