/* libFuzzer target for the front end: arbitrary bytes are parsed as the C file "fuzz.c" through
 * libclang's unsaved files (frontend_parse_buffer), so nothing touches the disk. A stencil that
 * is accepted must come back consistent (checked below); a refused one must leave nothing
 * allocated. Built and run by `make fuzz` (see the end of the Makefile). */
#define _GNU_SOURCE
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "frontend/frontend.h"
#include "ir/ir.h"

int LLVMFuzzerInitialize(int *argc, char ***argv) {
  (void)argc;
  (void)argv;
  /* libclang's own crash recovery would swallow the signals the sanitizers and libFuzzer need,
   * and its parse thread only costs time here. */
  setenv("LIBCLANG_DISABLE_CRASH_RECOVERY", "1", 1);
  setenv("LIBCLANG_NOTHREADS", "1", 1);
  return 0;
}

/* Invariants an accepted stencil must satisfy; abort() makes libFuzzer keep the input. */
static void check(const Stencil *st) {
  if (st->dims != 2 && st->dims != 3) abort();
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

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  /* Included files are libclang's business, not stencilc's: a header costs libclang several
   * times a small input's parse (and "/dev/stdin" would block), so inputs that may include
   * anything are skipped to keep the executions for the front end's own code. */
  if (memmem(data, size, "include", 7) || memmem(data, size, "import", 6)) return 0;
  Stencil st;
  if (frontend_parse_buffer("fuzz.c", (const char *)data, size, NULL, &st) == 0) {
    check(&st);
    ir_free(&st);
  }
  return 0;
}
