/* The 25d backend (2.5D blocking of 3D stencils under four data placements): parameters and
 * plan, read by its emitter (p25d.c) and its model (model/predict_25d.c). */
#ifndef STENCILC_P25D_H
#define STENCILC_P25D_H

#include "codegen/codegen.h"
#include "codegen/emit.h"

/* Where the neighbours of a cell are kept (see p25d.c). */
typedef enum { P25D_AUTO, P25D_GLOBAL, P25D_SHARED, P25D_HYBRID, P25D_REGISTER } Placement;

/* Parameters (ints, see BackendParams); 0 means "choose". */
typedef struct {
  int placement;          /* a Placement */
  int block[IR_MAX_DIMS]; /* threads per block along y and x (the plane), as --block gives them;
                             a third count is refused */
  int ahead;              /* --ahead N stored as N + 1 (0: the plan chooses): N planes copied
                             ahead by cp.async, 0 the next one through registers */
} P25dParams;

typedef struct {
  Placement placement;
  int by, bx;   /* threads per block along y and x */
  int rs, ry, rx;
  int w;        /* planes of the streaming window: 2RS+1 */
  int ring;     /* slots of the rotating ring or queues, and the unroll factor */
  int ahead;    /* shared, hybrid: planes copied ahead into the tiles by cp.async; 0: the next
                   plane loaded into registers and stored at the next barrier */
  int tiles;    /* shared-memory tiles: the ring (shared), ahead + 1 or 2 (hybrid), 0 */
  bool df;      /* hybrid: queue of values (diagonal-access-free), else partial sums */
  int tw, tile; /* shared tile: TW = BX + 2RX cells per row, TILE = (BY + 2RY) * TW */
  long smem;    /* bytes of dynamic shared memory per block */
  int regs;     /* estimated registers per thread */
  /* Per thread and plane of the stream, as emitted: */
  double loads;       /* global load instructions: every point (global), a row per y offset and
                         its halo (register), the thread's share of the tile (shared, hybrid) */
  double smem_reads, smem_writes; /* shared-memory words */
  int shuffles;       /* warp shuffles (register: two per point off the thread's x) */
} P25dPlan;

extern const Backend backend_p25d;

/* A stage of a 3D stencil program (codegen/program.c) under the hybrid placement: the stage's
 * points that read the streamed buffer (streamed[p]) go through the shared plane and the
 * column's register queue; every other point (coefficient grids, level t-1, another field) is
 * read straight from global memory, once per cell: at the cell, from buffer fetch[p] (>= 0) of
 * the nfetch named fetch_names, loaded one plane ahead into a register so that the load's
 * latency overlaps a plane of work (after the barrier, every warp of the block would wait for
 * it); at an offset, as `other` writes it, with `c` the cell's linear index. The kernel `kernel`
 * takes `out`, then `params` (", const rt_real *in_u_0, ..."), and calls the streamed buffer
 * `stream` (one of the params' names); the host function program_step(rt_real *const *rt_buf,
 * const RtGrid *g, long t) passes `args` (the pointers, in the params' order, from rt_buf and t). */
typedef struct {
  const bool *streamed;
  const int *fetch;
  int nfetch;
  const char *const *fetch_names;
  EmitLoadFn other;
  const void *other_ctx;
  const char *kernel, *params, *stream, *args;
} P25dStage;

/* Plans the stage st whose points `streamed` marks: 0, or -1 with the reason in why. */
int p25d_plan_stage(const Stencil *st, const bool *streamed, const GenOptions *opt, P25dPlan *pl,
                    Refusal *why);
/* Appends the stage's kernel and program_step for the plan p25d_plan_stage made. */
void p25d_emit_stage(Buf *out, const Stencil *st, DType dt, const P25dPlan *pl, const P25dStage *sg);

#endif
