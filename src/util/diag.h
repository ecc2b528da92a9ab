/* Diagnostics in the compiler style every editor understands: file:line:col: error: msg,
 * followed by an indented hint line. */
#ifndef STENCILC_DIAG_H
#define STENCILC_DIAG_H

typedef struct {
  const char *file;
  unsigned line, col;
} SrcLoc;

/* Prints "file:line:col: error: <msg>" and, when hint is non-NULL, "  hint: <hint>"; nothing
 * while diagnostics are muted. */
void diag_error(SrcLoc loc, const char *hint, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* Mutes (on != 0) or restores diagnostics: for asking a front end whether it accepts an input
 * without its refusal reaching the user. */
int diag_mute(int on); /* returns whether it was muted */

#endif
