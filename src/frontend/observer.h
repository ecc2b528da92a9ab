/* Statements of the time loop that change nothing the stencil computes (ir.h, IrObserver): a
 * print of the step or of a cell, a snapshot written out, as real codes report progress,
 *   if (t % 100 == 0) printf("step %d  u[mid] = %g\n", t, u[n / 2][n / 2]);
 *   if (t % snap == 0) fwrite(u, sizeof(float), n * n, fp);
 *   if (t % snap == 0) write_snapshot(u, n, t);   (void write_snapshot(const float *, ...))
 * Both front ends (nest.c for one stencil, program.c for stencil programs) read them here. A
 * statement is one when it is calls only, optionally under an `if` without else, and
 *  - each call is to printf, fprintf, puts, fputs, putchar, fputc, putc, fflush or fwrite, or
 *    passes every pointer (a grid, &x) to a pointer-to-const parameter (a FILE * aside);
 *  - no argument assigns or increments anything; the variables they read are declared before
 *    the time loop, and those the loop changes are its counter and pointers only;
 *  - the condition reads scalars only (no grid, no call): the counter and variables the loop
 *    does not change (t % 100 == 0, t == nt / 2, verbose && (t + 1) % k == 0). */
#ifndef STENCILC_OBSERVER_H
#define STENCILC_OBSERVER_H

#include <clang-c/Index.h>

#include "flat.h"
#include "inline.h"
#include "ir/ir.h"

/* Reads statement s of the time loop `loop` (counter `tvar`; a convergence loop's residual
 * variable `residual`, else NULL, which its arguments may read too) as an observer into *o (its
 * place left to the caller): 1 when it is one; 0 when it calls nothing (other readers take it,
 * and memcpy / memmove too); -1 with *why when it calls something but may change what the
 * stencil computes. */
int observer_read(const char *path, CXCursor loop, const char *tvar, const char *residual,
                  CXCursor s, IrObserver *o, Refusal *why);

/* The time counter's type into obs->time_type when the loop declares it (for (int t = 0; ...)). */
void observer_time_type(CXCursor loop, const char *tvar, IrObservers *obs);

/* With calls expanded (inline.h), the observers' bytes moved back to the file's. */
void observer_to_file(const Inlined *in, IrObservers *obs);

#endif
