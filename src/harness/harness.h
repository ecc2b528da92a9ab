/* The harness of `stencilc check`: the user's own region, compiled by cc, run on a generated
 * program's dumped input (runtime/rt_dump.h) and compared with its dumped output. It is an oracle
 * independent of stencilc's emitter: nothing of it comes from the IR's expression, only where
 * the data goes (which variables hold the grid, its sizes and the step count).
 *
 * Two translation units, so that the user's macros and the runtime's names never meet:
 *   region source  #includes the user's file (its main renamed stencilc_user_main, so its
 *                  macros, globals and helper functions stay visible), then defines
 *                    void stencilc_region(void *p_v1, ..., void *p_vk)
 *                  whose body is the region's text copied verbatim between a prologue
 *                  `T v = *(T *)p_v;` per free variable (an array as the pointer it decays to)
 *                  and an epilogue `*(T *)p_v = v;` (pointer swaps are seen by the caller), and
 *                  stencilc_globals[], the addresses of the globals it uses (statics too).
 *                  Parameters are void *: a variable-length array type can be spelled only
 *                  once the sizes before it are bound, which the prologue does in order.
 *   driver source  rt_common.h, rt_dump.h and rt_usercheck.h (rt_real = double), then main:
 *                    harness INPUT.dump OUTPUT.dump
 *                  declares the free variables in declaration order with their (typedef-free)
 *                  types, binds them (below), calls the region, reads the result where the
 *                  original loop leaves it, compares it cell by cell, halo included, with the
 *                  output dump, prints the errors and a verdict and exits 0 (match), 1
 *                  (mismatch), 2 (the dumps do not fit the declared storage), 3 (unreadable).
 *
 * Binding, per variable the region needs (harness_write refuses any other, naming it):
 *   the grid (Stencil.array) and any other float or double array or pointer of the same shape
 *     class (but a global array, which keeps the user's contents): fresh storage (a global
 *     array's own), every level a copy of the input (the generated program's buffer 1
 *     has the same halo); shape classes: a time dimension A[2][n][n] (dims + 1 levels: two
 *     levels), one level per array A[n][n] or (*A)[n] (dims levels), a flattened array *a
 *     (1 level, dims > 1); arrays of row pointers are refused;
 *   the run-time weights (Stencil.weights): the dumped weights;
 *   a point source's array of a program (PointSource.array, a float or double pointer or 1D
 *     array): fresh storage holding the values the generated program injected (rt_source.h),
 *     steps + t_start + shift of them; its integer cell parameters are run-time scalars;
 *   a run-time scalar (Stencil.scalars) declared outside the region: the value the program ran
 *     with, from the dump (a parameter as --param gave it; a derived local as the program computed
 *     it from them: the user's initializer runs only when the region holds it);
 *   the extents (Stencil.extent_param): the grid's extent along the axes they size; a loop
 *     bound of a constant extent (Stencil.extent_bound, PolyBench's n of A[N][N]): that
 *     extent, the one size the generated program runs;
 *   the step count (Stencil.steps_param): the run's steps less Stencil.steps_const;
 *   a const scalar with a constant initializer: that value;
 *   a variable the region assigns before reading (a loop counter declared before the loop, the
 *     temporary of a pointer swap): 0;
 *   a global that is none of these: left as the user's file initialises it.
 * The result: with a time dimension, level steps % 2 (level 0 in the copy-back form) of the
 * grid; otherwise the array the grid variable points to when the region ends (after a pointer
 * swap the last level written, after a copy-back the first array). */
#ifndef STENCILC_HARNESS_H
#define STENCILC_HARNESS_H

#include <stddef.h>

#include "frontend/region.h"
#include "ir/ir.h"
#include "ir/program.h"
#include "util/buf.h"

/* The user's file: its path as the region source #includes it (absolute) and as diagnostics name
 * it, and its text (the region is copied from it). */
typedef struct {
  const char *include_path;
  const char *path;
  const char *text;
  size_t len;
} UserSource;

/* Writes the region source and the driver source for the stencil st found in region r of u.
 * `flops` and the tolerance inputs come from st. Returns 0, or 2 after a diagnostic naming the
 * first variable that cannot be bound (file:line:col of its declaration) or the storage form that
 * is not handled. */
int harness_write(Buf *region_src, Buf *driver_src, const Stencil *st, const Region *r,
                  const UserSource *u);

/* The same for the stencil program pr, whose region is its time loop. The driver
 * (runtime/rt_userprog.h) reads the program's dumps (runtime/rt_program_main.h's format) and
 * binds, beside the extents, the step count, constants and dead variables as above:
 *   each field's variables: fresh storage (a global array's own) filled from the input dump;
 *     a time dimension u[3][n][n] holds every level, the user's level b being the program's
 *     (b - t0) % levels when the user's loop starts at t = t0 (the program starts at 0); rotated
 *     pointers get one buffer each, the one that holds level t + s at the first step the
 *     program's buffer s; a field of one buffer (updated in place, a stage's temporary) its one;
 *   each run-time scalar: the value the program ran with (from the dump: --param's, or random).
 * It compares every buffer of every field a stage writes, each relative to its own max |user|,
 * within rt_program_tolerance (the program's own check's bound, for the coarser element type),
 * prints a line per field (with the first cell beyond the tolerance when it fails) and the
 * verdict, and exits as the single stencil's driver does. */
int harness_write_program(Buf *region_src, Buf *driver_src, const Program *pr, const Region *r,
                          const UserSource *u);

#endif
