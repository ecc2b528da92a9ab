/* OpenMP parallel regions around a time loop (Rodinia's hotspot3D, computeTempOMP):
 *   #pragma omp parallel
 *   { int count = 0; float *tIn_t = tIn, *tOut_t = tOut;
 *     do {
 *   #pragma omp for
 *       for (z = 0; z < nz; z++) ...          the step's nests, shared among the threads
 *       float *t = tIn_t; tIn_t = tOut_t; tOut_t = t; count++;   each thread's own pointers
 *     } while (count < numiter); }
 * stencilc parses C without -fopenmp, so clang drops the pragmas and the region reads as a block:
 * its pragmas are read from the file's tokens here, and the region is taken only where it
 * computes what the time loop computes on one thread (omp_region_sequential). */
#ifndef STENCILC_OMP_H
#define STENCILC_OMP_H

#include <clang-c/Index.h>
#include <stdbool.h>

#include "flat.h"

/* The first statement among body's children that `#pragma omp parallel` governs (a block, not
 * a combined `parallel for`), or a null cursor. */
CXCursor omp_parallel_child(CXTranslationUnit tu, CXCursor body);

/* The statement of function func that `#pragma omp parallel` governs and that holds c, or a
 * null cursor; *line (when not NULL): the pragma's line. */
CXCursor omp_parallel_around(CXTranslationUnit tu, CXCursor func, CXCursor c, unsigned *line);

/* Whether the parallel region `region` (omp_parallel_around) computes what time_loop computes
 * run by one thread: the step's loop nests shared by `omp for`, the other statements of the
 * step either changing only each thread's own variables or run once (`omp single`, or `omp
 * master` and a barrier), no reduction, no nowait. Else fills why (path: the file). */
bool omp_region_sequential(CXTranslationUnit tu, const char *path, CXCursor region,
                           CXCursor time_loop, Refusal *why);

/* Whether statement s is a block that `#pragma omp single`, `master` or `masked` governs: its
 * statements are the step's, run once. */
bool omp_once_block(CXTranslationUnit tu, CXCursor s);

#endif
