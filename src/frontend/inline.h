/* Calls to functions defined in the same file, expanded before the stencil is recognised
 * (inline.c). Two forms, as real codes write them:
 *   (a) a helper that computes part of the update, whose body is `return <expression>;`:
 *         b[i * n + j] = a[i * n + j] + alpha * lap(a, i, j, n);
 *       the call becomes the expression, with each parameter bound to its argument;
 *   (b) the sweep in a function of its own, called as a statement in the time loop
 *       (Rodinia's hotspot, or step(a, b); step(b, a); instead of a pointer swap):
 *       the call becomes the callee's statements, parameters bound the same way; also the
 *       inner loop in a function called per row (for (i ...) row(nx, &a[i * nx], &b[i * nx]);),
 *       whose pointer parameters read out[j] become the caller's b[(i * nx) + j].
 * The expansion is text built from libclang's tokens of the callee (the references to its
 * parameters found by clang_getCursorReferenced), with no line break added: every line keeps
 * its number, and positions in the expanded text map back to the file (a refusal inside an
 * expanded body points at the callee's own code). */
#ifndef STENCILC_INLINE_H
#define STENCILC_INLINE_H

#include <clang-c/Index.h>
#include <stdbool.h>
#include <stddef.h>

#include "util/diag.h"

typedef struct {
  unsigned at, orig; /* a byte of the expanded text and the byte of the file it came from */
} InlinePiece;

typedef struct {
  unsigned begin, end;   /* bytes of the file replaced */
  unsigned nbegin, nend; /* bytes of the expanded text that replace them */
} InlineEdit;

typedef struct {
  const char *orig;  /* the file's text (libclang's copy: valid while its unit is) */
  size_t orig_len;
  char *text;        /* the expanded text */
  size_t len;
  InlineEdit *edits; /* in file order */
  int nedits;
  InlinePiece *pieces; /* in text order */
  int npieces;
} Inlined;

/* Expands the calls of the main file of tu that sit in a for loop. Returns 1 with *out filled
 * (inline_free), 0 when there is nothing to expand, or 2 after a diagnostic (file:line:col)
 * for a call that would be expanded wrongly (a callee that assigns its parameter, whose locals
 * would hide the caller's variables the arguments name). */
int inline_calls(CXTranslationUnit tu, const char *path, Inlined *out);
void inline_free(Inlined *in);

/* The byte of the file that byte `at` of the expanded text came from. */
unsigned inline_offset(const Inlined *in, unsigned at);
/* loc (line and column of the expanded text) moved to where it came from in the file. */
void inline_loc(const Inlined *in, SrcLoc *loc);

/* Why the call at c, to a function the file declares, was not expanded: false when the callee
 * is not the user's (a math function of a header); else true with the reason and a hint. */
bool inline_refusal(CXCursor c, char *msg, size_t size, const char **hint);

#endif
