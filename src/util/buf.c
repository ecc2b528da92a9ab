#include "buf.h"

#include "mem.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void reserve(Buf *b, size_t extra) {
  if (b->len + extra + 1 <= b->cap) return;
  size_t cap = b->cap ? b->cap : 256;
  while (cap < b->len + extra + 1) cap *= 2;
  b->s = xrealloc(b->s, cap);
  b->cap = cap;
}

void buf_printf(Buf *b, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  int n = vsnprintf(NULL, 0, fmt, ap);
  va_end(ap);
  if (n < 0) return;
  reserve(b, (size_t)n);
  va_start(ap, fmt);
  vsnprintf(b->s + b->len, (size_t)n + 1, fmt, ap);
  va_end(ap);
  b->len += (size_t)n;
}

void buf_puts(Buf *b, const char *s) {
  size_t n = strlen(s);
  reserve(b, n);
  memcpy(b->s + b->len, s, n + 1);
  b->len += n;
}

void buf_free(Buf *b) {
  free(b->s);
  b->s = NULL;
  b->len = b->cap = 0;
}

int buf_write_file(const Buf *b, const char *path) {
  FILE *f = fopen(path, "w");
  if (!f) return -1;
  size_t n = b->len ? fwrite(b->s, 1, b->len, f) : 0;
  int rc = fclose(f);
  return (n == b->len && rc == 0) ? 0 : -1;
}

int buf_read_file(Buf *b, const char *path) {
  FILE *f = fopen(path, "rb");
  if (!f) return -1;
  char chunk[8192];
  size_t n;
  while ((n = fread(chunk, 1, sizeof chunk - 1, f)) > 0) {
    chunk[n] = 0;
    if (memchr(chunk, 0, n)) break; /* a NUL byte: not a text file */
    buf_puts(b, chunk);
  }
  int bad = ferror(f) || n > 0;
  fclose(f);
  return bad ? -1 : 0;
}
