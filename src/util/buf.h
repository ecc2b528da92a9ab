/* A growable string: the one way generated code and messages are assembled. */
#ifndef STENCILC_BUF_H
#define STENCILC_BUF_H

#include <stddef.h>

typedef struct {
  char *s; /* always NUL-terminated once anything was added */
  size_t len, cap;
} Buf;

void buf_printf(Buf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void buf_puts(Buf *b, const char *s);
void buf_free(Buf *b);
/* Appends the whole file at path; returns 0, or -1 when it cannot be read. */
int buf_read_file(Buf *b, const char *path);

/* Writes the buffer to path; returns 0 on success. */
int buf_write_file(const Buf *b, const char *path);

#endif
