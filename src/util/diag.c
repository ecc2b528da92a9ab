#include "diag.h"

#include <stdarg.h>
#include <stdio.h>

static int muted;

int diag_mute(int on) {
  int was = muted;
  muted = on;
  return was;
}

void diag_error(SrcLoc loc, const char *hint, const char *fmt, ...) {
  if (muted) return;
  if (loc.line)
    fprintf(stderr, "%s:%u:%u: error: ", loc.file, loc.line, loc.col);
  else
    fprintf(stderr, "%s: error: ", loc.file);
  va_list ap;
  va_start(ap, fmt);
  vfprintf(stderr, fmt, ap);
  va_end(ap);
  fputc('\n', stderr);
  if (hint) fprintf(stderr, "  hint: %s\n", hint);
}
