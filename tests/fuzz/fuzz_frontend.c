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
  for (int a = 0; a < st->dims; a++) {
    if (st->radius[a] < 0) abort();
    if (st->lo[a] < st->radius[a] || st->hi[a] < st->radius[a]) abort();
  }
  for (int p = 0; p < st->npoints; p++)
    for (int a = 0; a < st->dims; a++) {
      int o = st->points[p].off[a];
      if (o > st->radius[a] || -o > st->radius[a]) abort();
    }
  if (st->associative && !st->coef) abort();
  if (st->flops < 0) abort();
  (void)ir_gain(st);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  /* Inputs that make the preprocessor read a device or a pseudo file (#include "/dev/stdin")
   * would only block the fuzzer; they say nothing about stencilc. */
  if (memmem(data, size, "/dev", 4) || memmem(data, size, "/proc", 5) || memmem(data, size, "/sys", 4))
    return 0;
  Stencil st;
  if (frontend_parse_buffer("fuzz.c", (const char *)data, size, &st) == 0) {
    check(&st);
    ir_free(&st);
  }
  return 0;
}
