/* libFuzzer target for the front end: arbitrary bytes (up to 64 KB, `make fuzz` sets -max_len)
 * are parsed as the C file "fuzz.c" through libclang's unsaved files (frontend_parse_buffer), with
 * #include resolved from the corpus folder tests/fuzz/include (the headers real stencil codes
 * include: PolyBench's, a coefficient header, a timer) and the system's headers. A stencil that is
 * accepted must come back consistent (checked below); a refused one must leave nothing allocated.
 * Built and run by `make fuzz` (see the end of the Makefile); `make fuzz-bundle` builds it with
 * FUZZ_BUNDLE for machines without LLVM (tests/fuzz/README.md). */
#define _GNU_SOURCE
#include <ctype.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "frontend/frontend.h"
#include "ir/ir.h"

#ifndef FUZZ_INCLUDE_DIR
#define FUZZ_INCLUDE_DIR "tests/fuzz/include"
#endif

/* The words given to clang besides the front end's own: where #include looks first and, in the
 * bundle of `make fuzz-bundle` (built with FUZZ_BUNDLE), where clang's own headers (<stddef.h>,
 * <stdarg.h>, ...) are. The bundle runs on machines without LLVM, so both folders are found beside
 * the binary (/proc/self/exe), not where they were at build time nor where libclang guesses. */
static const char *clang_args[4];
static int nclang_args;

#ifdef FUZZ_BUNDLE
static char *beside_binary(const char *rel) {
  static char exe[4096];
  ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
  if (n <= 0) { perror("fuzz_frontend: /proc/self/exe"); exit(1); }
  exe[n] = 0;
  *strrchr(exe, '/') = 0;
  char *path = malloc(strlen(exe) + strlen(rel) + 2);
  if (!path) exit(1);
  sprintf(path, "%s/%s", exe, rel);
  return path;
}
#endif

int LLVMFuzzerInitialize(int *argc, char ***argv) {
  (void)argc;
  (void)argv;
  /* libclang's own crash recovery would swallow the signals the sanitizers and libFuzzer need,
   * and its parse thread only costs time here. */
  setenv("LIBCLANG_DISABLE_CRASH_RECOVERY", "1", 1);
  setenv("LIBCLANG_NOTHREADS", "1", 1);
  clang_args[nclang_args++] = "-I";
#ifdef FUZZ_BUNDLE
  clang_args[nclang_args++] = beside_binary("include");
  clang_args[nclang_args++] = "-resource-dir";
  clang_args[nclang_args++] = beside_binary(FUZZ_BUNDLE_RESOURCE_DIR);
#else
  clang_args[nclang_args++] = FUZZ_INCLUDE_DIR;
#endif
  return 0;
}

/* Defaults of ASan's run-time options (ASAN_OPTIONS still wins). libclang's allocations go through
 * ASan's allocator too, and after the default 5 s it hands freed pages back to the kernel, which
 * the next parses fault in again: keeping them cut the CPU time of an execution by about 6%
 * (tests/fuzz/README.md). What is detected does not change. */
const char *__asan_default_options(void);
const char *__asan_default_options(void) { return "allocator_release_to_os_interval_ms=-1"; }

/* Invariants an accepted stencil must satisfy; abort() makes libFuzzer keep the input. */
static void check(const Stencil *st) {
  if (st->dims < 1 || st->dims > 3) abort(); /* 1D, 2D and 3D stencils */
  if (st->npoints < 1 || !st->points || !st->expr) abort();
  for (int a = 0; a < st->dims; a++)
    if (st->radius[a] < 0 || st->lo[a] < 0 || st->hi[a] < 0) abort();
  /* Every read stays inside the grid: the halo on each side covers the reach on that side. */
  for (int p = 0; p < st->npoints; p++)
    for (int a = 0; a < st->dims; a++) {
      int o = st->points[p].off[a];
      if (o > st->radius[a] || -o > st->radius[a]) abort();
      if ((o < 0 && -o > st->lo[a]) || (o > 0 && o > st->hi[a])) abort();
    }
  if (st->associative && !st->coef) abort();
  if (st->flops < 0) abort();
  (void)ir_gain(st);
}

/* Whether the directive's operand (after "include"/"import") names a header by a plain relative
 * name ending in .h: "name.h" or <dir/name.h>. Anything else (a macro, an absolute path, "..")
 * could name a device file (/dev/zero never ends, /dev/tty blocks) or a large non-C file, which
 * tests libclang's I/O, not stencilc. */
static bool plain_header(const char *s, const char *end) {
  while (s < end && (*s == ' ' || *s == '\t')) s++;
  if (s >= end || (*s != '"' && *s != '<')) return false;
  char close = *s == '"' ? '"' : '>';
  const char *name = ++s;
  while (s < end && (isalnum((unsigned char)*s) || *s == '_' || *s == '/' || *s == '.' || *s == '-'))
    s++;
  if (s >= end || *s != close || s - name < 3 || name[0] == '/') return false;
  if (memmem(name, (size_t)(s - name), "..", 2) || memcmp(s - 2, ".h", 2)) return false;
  return true;
}

/* Whether every include directive of the input names a plain header. The input is scanned with
 * backslash-newlines removed, and '#' is also recognised as the digraph %: and trigraph ??=
 * (both valid in -std=c11), so no spelling of a directive slips past. */
static bool includes_are_plain(const uint8_t *data, size_t size) {
  char *t = malloc(size + 1);
  size_t n = 0;
  for (size_t i = 0; i < size; i++) {
    if (data[i] == '\\' && i + 1 < size && data[i + 1] == '\n') { i++; continue; }
    if (data[i] == '\\' && i + 2 < size && data[i + 1] == '\r' && data[i + 2] == '\n') { i += 2; continue; }
    t[n++] = data[i] ? (char)data[i] : ' ';
  }
  t[n] = 0;
  bool ok = true;
  for (char *p = t; ok && (p = strpbrk(p, "#%?")); ) {
    char *q = p;
    if (*q == '#') q++;
    else if (q[0] == '%' && q[1] == ':') q += 2;
    else if (q[0] == '?' && q[1] == '?' && q[2] == '=') q += 3;
    else { p++; continue; }
    while (*q == ' ' || *q == '\t') q++;
    size_t kw = !strncmp(q, "include_next", 12) ? 12 : !strncmp(q, "include", 7) ? 7
                : !strncmp(q, "import", 6) ? 6 : 0;
    if (kw) {
      char *eol = strchr(q, '\n');
      ok = plain_header(q + kw, eol ? eol : t + n);
    }
    p = q > p ? q : p + 1;
  }
  free(t);
  /* __has_include and #embed read files too; _Pragma("...") cannot include. */
  return ok && !memmem(data, size, "__has_include", 13) && !memmem(data, size, "embed", 5);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  const FrontendOptions fo = {clang_args, nclang_args, NULL};
  if (!includes_are_plain(data, size)) return 0;
  Stencil st;
  if (frontend_parse_buffer("fuzz.c", (const char *)data, size, &fo, &st) == 0) {
    check(&st);
    ir_free(&st);
  }
  return 0;
}
