/* rt_mpi_part.h: how the programs generated with --mpi (RT_MPI) split the grid among the ranks,
 * swap halos and gather the result: shared by the single stencil's main (rt_mpi.h) and the
 * stencil programs' (rt_program_mpi.h). Included after rt_common.h.
 *
 * Decomposition. The ranks form a P0 x P1 grid (rt_procgrid.h): axis 0, the slowest, so that its
 * halo slabs are contiguous runs of memory, and axis 1 too where that moves less halo per rank.
 * Along a split axis of n interior cells, the rank at place c of P holds [c*n/P, (c+1)*n/P).
 *
 * Deep halos. A step's result at a plane depends on at most reach_lo planes below it and
 * reach_hi above (one stencil: its reach along axis 0; a program: the sum over its stages, as a
 * later stage reads what an earlier one wrote). Each rank works on a local grid that extends its
 * part by B*reach_lo planes below and B*reach_hi above (at the grid's own edges, the fixed halo
 * instead) and updates all of it every step, as the single process would. Cells within
 * k*reach planes of the local grid's edge are stale after k steps; after B steps the rank's own
 * part is still exact. So the ranks exchange halos once every B steps, B*reach planes deep, with
 * non-blocking MPI staged through (pinned) host memory, and compute the redundant planes instead
 * of exchanging every step. With a split axis 1, its slabs go first, over every plane of axis 0;
 * the slabs of axis 0 then carry whole planes, the corners the diagonal neighbours hold included.
 * With one rank the local grid is the grid. */
#ifndef STENCILC_RT_MPI_PART_H
#define STENCILC_RT_MPI_PART_H

typedef struct RtPart {
  const RtStencil *view;  /* dims and the grid's fixed halo */
  int rank, ranks;
  int procs[2], coord[2]; /* the process grid along axes 0 and 1, and this rank's place in it */
  RtGrid global, local;
  long first[2], count[2]; /* the rank's interior cells along axes 0 and 1, from the first one */
  long pad_lo[2], pad_hi[2]; /* local cells below / above them (halo, or B * reach) */
  long shift[2];           /* global index (halo included) of local index 0 */
  long halo_steps;         /* B: steps between exchanges */
  long reach_lo[2], reach_hi[2]; /* cells below / above one step's result depends on */
  MPI_Datatype elem;
  /* Host staging of the exchanges through MPI (rt_mpi_slabs): numbered as rt_mpi_slab's blocks,
   * NULL where no axis is staged; released by rt_mpi_release with slab_free. */
  rt_real *slab[4];
  void (*slab_free)(void *);
} RtPart;

static int rt_mpi_rank(void) {
  int r = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &r);
  return r;
}

/* Refuses (exit 2 on every rank, the message from rank 0) a decomposition that cannot run. */
RT_API void rt_mpi_refuse(const char *msg) {
  if (rt_mpi_rank() == 0) fprintf(stderr, "%s\n", msg);
  MPI_Finalize();
  exit(2);
}

/* The first interior cell of place p of `ranks` along an axis of n. */
static long rt_mpi_first(long n, int p, int ranks) { return (long)((double)n * p / ranks); }

/* The largest B that every part along an axis can serve its neighbours: a rank sends B*hi cells
 * down and B*lo up, out of its own interior. 0 when even one step does not fit. */
static long rt_mpi_max_halo_steps(long n, int ranks, long lo, long hi) {
  long best = LONG_MAX;
  for (int p = 0; p < ranks; p++) {
    long count = rt_mpi_first(n, p + 1, ranks) - rt_mpi_first(n, p, ranks);
    if (p > 0 && hi > 0 && count / hi < best) best = count / hi;
    if (p < ranks - 1 && lo > 0 && count / lo < best) best = count / lo;
  }
  return best;
}

/* The part of rank r of a procs[0] x procs[1] grid with B = b (no MPI call: rank 0 lays out
 * every rank's part to gather them). */
RT_API RtPart rt_mpi_layout(const RtStencil *view, const long lo[2], const long hi[2],
                            const long n[], const int procs[2], int r, long b) {
  RtPart p;
  memset(&p, 0, sizeof p);
  p.view = view;
  p.rank = r, p.ranks = procs[0] * procs[1], p.halo_steps = b;
  p.procs[0] = procs[0], p.procs[1] = procs[1];
  p.global = rt_grid_make(view, n);
  long ln[RT_MAX_DIMS] = {0, 0, 0};
  for (int a = 0; a < view->dims; a++) ln[a] = n[a];
  for (int a = 0; a < 2 && a < view->dims; a++) {
    p.coord[a] = a == 0 ? r / procs[1] : r % procs[1];
    p.reach_lo[a] = lo[a], p.reach_hi[a] = hi[a];
    p.first[a] = rt_mpi_first(n[a], p.coord[a], procs[a]);
    p.count[a] = rt_mpi_first(n[a], p.coord[a] + 1, procs[a]) - p.first[a];
    p.pad_lo[a] = p.coord[a] == 0 ? view->lo[a] : b * lo[a];
    p.pad_hi[a] = p.coord[a] == procs[a] - 1 ? view->hi[a] : b * hi[a];
    ln[a] = p.count[a] + p.pad_lo[a] - view->lo[a] + p.pad_hi[a] - view->hi[a];
    p.shift[a] = view->lo[a] + p.first[a] - p.pad_lo[a];
  }
  p.local = rt_grid_make(view, ln);
  p.elem = sizeof(rt_real) == 8 ? MPI_DOUBLE : MPI_FLOAT;
  return p;
}

/* This rank's part of the grid of n interior cells (view: dims and fixed halo) for a step of
 * reach lo/hi along axes 0 and 1; asked: --halo-steps (0: dflt, shrunk to what the parts can
 * serve). */
RT_API RtPart rt_mpi_part(const RtStencil *view, const long lo[2], const long hi[2], const long n[],
                          long asked, long dflt) {
  int rank, ranks, procs[2];
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &ranks);
  procs[1] = rt_procgrid_p1(view->dims, n[0], view->dims > 1 ? n[1] : 1, lo, hi, ranks);
  procs[0] = ranks / procs[1];
  long most = rt_mpi_max_halo_steps(n[0], procs[0], lo[0], hi[0]);
  if (procs[1] > 1) {
    long most1 = rt_mpi_max_halo_steps(n[1], procs[1], lo[1], hi[1]);
    if (most1 < most) most = most1;
  }
  long b = asked ? asked : dflt;
  if (!asked && b > most) b = most; /* the default shrinks to fit thin parts */
  if (b < 1 || b > most) {
    char msg[512];
    long reach = lo[0] > hi[0] ? lo[0] : hi[0];
    long steps = b < 1 ? 1 : b;
    snprintf(msg, sizeof msg,
             "stencilc: %d ranks split the %ld interior planes of axis 0 into parts of %ld or more, "
             "thinner than a halo of %ld planes (%ld steps between exchanges x reach %ld); use fewer "
             "ranks, a larger grid%s",
             procs[0], n[0], rt_mpi_first(n[0], 1, procs[0]), steps * reach, steps, reach,
             asked ? " or a smaller --halo-steps" : "");
    rt_mpi_refuse(msg);
  }
  return rt_mpi_layout(view, lo, hi, n, procs, rank, ranks == 1 ? (asked ? asked : dflt) : b);
}

/* The rank beside this one along axis a, one place down (dir -1) or up (+1). */
RT_API int rt_mpi_peer(const RtPart *p, int a, int dir) {
  return p->rank + dir * (a == 0 ? p->procs[1] : 1);
}

/* The cells of the local grid from index `first` along axis a, `width` of them, over the whole
 * extent of every other axis. */
RT_API RtBlock rt_mpi_band(const RtPart *p, int a, long first, long width) {
  const RtGrid *g = &p->local;
  RtBlock b = {first * g->stride[a], 1, width * g->stride[a], 0};
  if (a == 1) b.rows = g->ext[0], b.pitch = g->stride[0];
  return b;
}

/* The halo slabs along axis a, k = 0: sent down (my first B*hi cells), 1: received from below,
 * 2: sent up (my last B*lo cells), 3: received from above; 0 when the rank has no such
 * neighbour. */
RT_API int rt_mpi_slab(const RtPart *p, int a, int k, RtBlock *blk) {
  long b = p->halo_steps, own_end = p->pad_lo[a] + p->count[a];
  if (k < 2 && p->coord[a] == 0) return 0;
  if (k >= 2 && p->coord[a] == p->procs[a] - 1) return 0;
  switch (k) {
  case 0: *blk = rt_mpi_band(p, a, p->pad_lo[a], b * p->reach_hi[a]); break;
  case 1: *blk = rt_mpi_band(p, a, 0, b * p->reach_lo[a]); break;
  case 2: *blk = rt_mpi_band(p, a, own_end - b * p->reach_lo[a], b * p->reach_lo[a]); break;
  default: *blk = rt_mpi_band(p, a, own_end, b * p->reach_hi[a]); break;
  }
  return 1;
}

/* Posts the swap of the slabs along axis a with both neighbours, `nbuf` buffers' slabs packed one
 * after the other in each of slab[0..3] (numbered as rt_mpi_slab's); returns the requests. */
RT_API int rt_mpi_post(const RtPart *p, int a, int nbuf, rt_real *const slab[4], MPI_Request req[4]) {
  int n = 0;
  for (int k = 0; k < 4; k++) {
    RtBlock blk;
    if (!rt_mpi_slab(p, a, k, &blk)) continue;
    int peer = rt_mpi_peer(p, a, k < 2 ? -1 : 1);
    int tag = 2 * a + (k < 2 ? 1 - k : k - 2); /* what goes up is tagged 1, down 0 */
    MPI_Datatype run; /* one run of the block: counts stay small however large the grid */
    MPI_Type_contiguous((int)blk.chunk, p->elem, &run);
    MPI_Type_commit(&run);
    int count = (int)(nbuf * blk.rows);
    if (k % 2) MPI_Irecv(slab[k], count, run, peer, tag, MPI_COMM_WORLD, &req[n++]);
    else MPI_Isend(slab[k], count, run, peer, tag, MPI_COMM_WORLD, &req[n++]);
    MPI_Type_free(&run); /* freed when the transfer is done */
  }
  return n;
}

/* Host staging for rt_mpi_post, once per part: four slabs of nbuf buffers each, from alloc (pinned
 * for GPUs), large enough for every split axis that is staged (axis 0 only when stage0: NCCL
 * carries it device to device otherwise); none when no axis is. */
RT_API void rt_mpi_slabs(RtPart *p, int nbuf, int stage0, void *(*alloc)(size_t), void (*release)(void *)) {
  long most = 0;
  for (int a = stage0 ? 0 : 1; a < 2 && a < p->local.dims; a++) {
    long reach = p->reach_lo[a] > p->reach_hi[a] ? p->reach_lo[a] : p->reach_hi[a];
    RtBlock blk = rt_mpi_band(p, a, 0, p->halo_steps * reach);
    if (p->procs[a] > 1 && blk.rows * blk.chunk > most) most = blk.rows * blk.chunk;
  }
  p->slab_free = release;
  for (int k = 0; k < 4; k++)
    p->slab[k] = most ? (rt_real *)alloc((size_t)(nbuf * most) * sizeof(rt_real)) : NULL;
}

/* The end of a part: its staging memory. */
RT_API void rt_mpi_release(RtPart *p) {
  for (int k = 0; k < 4; k++)
    if (p->slab[k]) p->slab_free(p->slab[k]);
}

/* Along axis a, the local cells this rank contributes to the gathered grid: its part, and at the
 * grid's edges the fixed halo too (which some stages of a program write). */
RT_API void rt_mpi_own(const RtPart *p, int a, long *first, long *width) {
  *first = p->coord[a] == 0 ? 0 : p->pad_lo[a];
  *width = p->pad_lo[a] + p->count[a] + (p->coord[a] == p->procs[a] - 1 ? p->pad_hi[a] : 0) - *first;
}

/* That box of the local grid. */
RT_API RtBlock rt_mpi_owned(const RtPart *p) {
  long f0, w0, f1, w1;
  const RtGrid *g = &p->local;
  rt_mpi_own(p, 0, &f0, &w0);
  if (g->dims == 1) return (RtBlock){f0, 1, w0, 0};
  rt_mpi_own(p, 1, &f1, &w1);
  return (RtBlock){f0 * g->stride[0] + f1 * g->stride[1], w0, w1 * g->stride[1], g->stride[0]};
}

/* Every rank's owned box (mine, packed) into `whole` on rank 0, one run at a time. */
RT_API void rt_mpi_gather(const RtPart *p, const rt_real *mine, rt_real *whole) {
  RtBlock own = rt_mpi_owned(p);
  if (p->rank != 0) {
    for (long r = 0; r < own.rows; r++)
      MPI_Send(mine + r * own.chunk, (int)own.chunk, p->elem, 0, 0, MPI_COMM_WORLD);
    return;
  }
  const RtGrid *g = &p->global;
  for (int q = 0; q < p->ranks; q++) {
    RtPart o = rt_mpi_layout(p->view, p->reach_lo, p->reach_hi, g->n, p->procs, q, p->halo_steps);
    RtBlock blk = rt_mpi_owned(&o);
    long f, w, start;
    rt_mpi_own(&o, 0, &f, &w);
    start = (f + o.shift[0]) * g->stride[0];
    if (g->dims > 1) {
      rt_mpi_own(&o, 1, &f, &w);
      start += (f + o.shift[1]) * g->stride[1];
    }
    for (long r = 0; r < blk.rows; r++) {
      rt_real *dst = whole + start + r * g->stride[0];
      if (q == 0) memcpy(dst, mine + r * blk.chunk, (size_t)blk.chunk * sizeof(rt_real));
      else MPI_Recv(dst, (int)blk.chunk, p->elem, q, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    }
  }
}

/* One warm-up run(ctx), then reps timed ones, each the slowest rank's wall time from a common
 * start (a barrier) to the end of its run (run returns when its work is complete); returns the
 * median in ms. Every rank returns it. */
RT_API double rt_mpi_time_runs(void (*run)(void *ctx), void *ctx, long reps) {
  run(ctx);
  double *ms = (double *)rt_xmalloc((size_t)reps * sizeof *ms);
  for (long r = 0; r < reps; r++) {
    MPI_Barrier(MPI_COMM_WORLD);
    double t0 = MPI_Wtime();
    run(ctx);
    double mine = (MPI_Wtime() - t0) * 1e3;
    MPI_Allreduce(&mine, &ms[r], 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
  }
  double median = rt_median(ms, (int)reps);
  free(ms);
  return median;
}

/* The index in the whole grid of cell c of the rank's local grid. */
RT_API long rt_mpi_global_cell(const RtPart *p, long c) {
  const RtGrid *l = &p->local, *g = &p->global;
  long i0 = c / l->stride[0], rest = c % l->stride[0];
  if (l->dims == 1) return i0 + p->shift[0];
  long i1 = rest / l->stride[1];
  return (i0 + p->shift[0]) * g->stride[0] + (i1 + p->shift[1]) * g->stride[1] + rest % l->stride[1];
}

#endif
