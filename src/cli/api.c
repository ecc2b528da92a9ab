/* stencilc gen --api: the library form of a stencil or a stencil program (codegen/api.h)
 * written as NAME.h and NAME.cu or NAME.c. */
#include <ctype.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "cli.h"
#include "util/diag.h"
#include "codegen/api.h"

/* NAME without a trailing .h, .cu or .c, so that -o heat and -o heat.cu mean the same. */
static void strip_extension(char *name) {
  static const char *const exts[] = {".h", ".cu", ".c"};
  size_t n = strlen(name);
  for (size_t i = 0; i < sizeof exts / sizeof *exts; i++) {
    size_t e = strlen(exts[i]);
    if (n > e && !strcmp(name + n - e, exts[i])) {
      name[n - e] = 0;
      return;
    }
  }
}

/* The C identifier the entry points start with: NAME's last component, each character that
 * cannot be in an identifier turned into '_', and '_' in front of a leading digit. */
static void api_prefix(const char *name, char *prefix, size_t cap) {
  const char *base = strrchr(name, '/') ? strrchr(name, '/') + 1 : name;
  size_t k = 0;
  if (isdigit((unsigned char)base[0]) && k + 1 < cap) prefix[k++] = '_';
  for (; *base && k + 1 < cap; base++)
    prefix[k++] = isalnum((unsigned char)*base) ? *base : '_';
  prefix[k] = 0;
}

/* Whether path names the same file as the input (it would overwrite the user's source). */
static bool same_file(const char *path, const char *input) {
  struct stat a, b;
  return !stat(path, &a) && !stat(input, &b) && a.st_dev == b.st_dev && a.st_ino == b.st_ino;
}

/* The library's two paths from -o NAME, and its entry points' prefix: 0, or EXIT_INPUT after a
 * message. */
typedef struct {
  char prefix[IR_NAME_MAX], hpath[PATH_MAX], spath[PATH_MAX];
  const char *hname; /* hpath's last component, as the source includes it */
} ApiFiles;

static int api_files(const Options *o, const char *stencil_name, ApiFiles *f) {
  char name[PATH_MAX - 8];
  if (o->gen.backend->programs_only) {
    fprintf(stderr, "stencilc gen: the %s backend makes programs only, not a library (--api): %s; "
                    "use --backend ssam, naive or cpu for a library\n",
            o->gen.backend->name, o->gen.backend->programs_only);
    return EXIT_INPUT;
  }
  if (o->gen.mpi) {
    fprintf(stderr, "stencilc gen: --api and --mpi do not go together: the library runs on one "
                    "process; call it from each rank of your own MPI program\n");
    return EXIT_INPUT;
  }
  if (strlen(o->output) >= sizeof name) {
    fprintf(stderr, "stencilc gen: -o names a path too long\n");
    return EXIT_INPUT;
  }
  if (!strcmp(o->output, "-")) {
    fprintf(stderr, "stencilc gen: --api writes two files (NAME.h and NAME.cu or NAME.c): give "
                    "-o NAME, not -o -\n");
    return EXIT_INPUT;
  }
  snprintf(name, sizeof name, "%s", o->output);
  strip_extension(name);
  api_prefix(name, f->prefix, sizeof f->prefix);
  if (!f->prefix[0]) {
    fprintf(stderr, "stencilc gen: -o '%s' names no file: give the library's name, e.g. -o lib%s\n",
                    o->output, stencil_name);
    return EXIT_INPUT;
  }
  snprintf(f->hpath, sizeof f->hpath, "%s.h", name);
  snprintf(f->spath, sizeof f->spath, "%s.%s", name, o->gen.backend->engine->cuda ? "cu" : "c");
  if (same_file(f->spath, o->input) || same_file(f->hpath, o->input)) {
    fprintf(stderr, "stencilc gen: -o '%s' would overwrite the input %s; give another name\n",
            o->output, o->input);
    return EXIT_INPUT;
  }
  f->hname = strrchr(f->hpath, '/') ? strrchr(f->hpath, '/') + 1 : f->hpath;
  return 0;
}

/* Writes both files and frees the texts: EXIT_OK or EXIT_TOOL. */
static int api_write(const ApiFiles *f, Buf *header, Buf *source) {
  int rc = EXIT_OK;
  const char *bad = buf_write_file(header, f->hpath) ? f->hpath
                    : buf_write_file(source, f->spath) ? f->spath : NULL;
  if (bad) {
    fprintf(stderr, "stencilc: cannot write '%s'\n", bad);
    rc = EXIT_TOOL;
  }
  buf_free(header);
  buf_free(source);
  return rc;
}

int gen_api_write(const Options *o, const Stencil *st, FILE *explain) {
  ApiFiles f;
  if (api_files(o, st->name, &f)) return EXIT_INPUT;
  PlanStore plan;
  if (codegen_prepare(st, &o->gen, &plan)) return EXIT_INPUT;
  Buf text = {0}, header = {0}, source = {0};
  if (explain) {
    codegen_explain(&text, st, &o->gen, &plan);
    fputs(text.s, explain);
    fflush(explain);
    buf_free(&text);
  }
  codegen_api(&header, &source, st, &o->gen, &plan, f.prefix, f.hname);
  return api_write(&f, &header, &source);
}

int gen_api_write_program(const Options *o, const Program *pr) {
  ApiFiles f;
  if (api_files(o, pr->name, &f)) return EXIT_INPUT;
  Buf header = {0}, source = {0};
  if (codegen_program_api(&header, &source, pr, &o->gen, f.prefix, f.hname)) return EXIT_INPUT;
  return api_write(&f, &header, &source);
}
