#include "mem.h"

#include <stdio.h>
#include <stdlib.h>

static void out_of_memory(size_t bytes) {
  fprintf(stderr, "stencilc: out of memory (%zu bytes)\n", bytes);
  exit(3);
}

void *xrealloc(void *p, size_t size) {
  void *q = realloc(p, size ? size : 1);
  if (!q) out_of_memory(size);
  return q;
}

void *xcalloc(size_t n, size_t size) {
  void *q = calloc(n ? n : 1, size ? size : 1);
  if (!q) out_of_memory(n * size);
  return q;
}
