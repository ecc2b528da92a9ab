/* rt_mpi_part.h: how the programs generated with --mpi (RT_MPI) split the grid among the ranks,
 * swap halos and gather the result: shared by the single stencil's main (rt_mpi.h) and the
 * stencil programs' (rt_program_mpi.h). Included after rt_common.h.
 *
 * Decomposition. The interior of axis 0 (the slowest, so that a rank's part and every halo slab
 * is one contiguous run of memory) is split into `ranks` parts as even as can be: rank p holds
 * interior planes [p*n0/P, (p+1)*n0/P).
 *
 * Deep halos. A step's result at a plane depends on at most reach_lo planes below it and
 * reach_hi above (one stencil: its reach along axis 0; a program: the sum over its stages, as a
 * later stage reads what an earlier one wrote). Each rank works on a local grid that extends its
 * part by B*reach_lo planes below and B*reach_hi above (at the grid's own edges, the fixed halo
 * instead) and updates all of it every step, as the single process would. Cells within
 * k*reach planes of the local grid's edge are stale after k steps; after B steps the rank's own
 * part is still exact. So the ranks exchange halos once every B steps, B*reach planes deep, with
 * non-blocking MPI staged through (pinned) host memory, and compute the redundant planes instead
 * of exchanging every step. With one rank the local grid is the grid. */
#ifndef STENCILC_RT_MPI_PART_H
#define STENCILC_RT_MPI_PART_H

typedef struct {
  int rank, ranks;
  RtGrid global, local;
  long first, count;     /* the rank's interior planes of axis 0, from the first interior one */
  long pad_lo, pad_hi;   /* local planes below / above them (halo, or B * reach) */
  long shift;            /* global plane (halo included) of local plane 0 */
  long halo_steps;       /* B: steps between exchanges */
  long reach_lo, reach_hi; /* planes below / above one step's result depends on */
  MPI_Datatype plane;    /* one plane of axis 0: stride[0] elements */
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

/* Rank p's interior planes of axis 0. */
static long rt_mpi_first(long n0, int p, int ranks) { return (long)((double)n0 * p / ranks); }

/* The largest B that every rank's part can serve its neighbours: a rank sends B*hi planes down
 * and B*lo up, out of its own interior. 0 when even one step does not fit. */
static long rt_mpi_max_halo_steps(long n0, int ranks, long lo, long hi) {
  long best = LONG_MAX;
  for (int p = 0; p < ranks; p++) {
    long count = rt_mpi_first(n0, p + 1, ranks) - rt_mpi_first(n0, p, ranks);
    if (p > 0 && hi > 0 && count / hi < best) best = count / hi;
    if (p < ranks - 1 && lo > 0 && count / lo < best) best = count / lo;
  }
  return best;
}

/* This rank's part of the grid of n interior cells (view: dims and fixed halo) for a step of
 * reach lo/hi along axis 0; asked: --halo-steps (0: dflt, shrunk to what the parts can serve). */
RT_API RtPart rt_mpi_part(const RtStencil *view, long lo, long hi, const long n[], long asked,
                          long dflt) {
  RtPart p;
  MPI_Comm_rank(MPI_COMM_WORLD, &p.rank);
  MPI_Comm_size(MPI_COMM_WORLD, &p.ranks);
  p.global = rt_grid_make(view, n);
  p.reach_lo = lo, p.reach_hi = hi;
  long most = rt_mpi_max_halo_steps(n[0], p.ranks, lo, hi);
  long b = asked ? asked : dflt;
  if (!asked && b > most) b = most; /* the default shrinks to fit thin parts */
  if (b < 1 || b > most) {
    char msg[512];
    long reach = lo > hi ? lo : hi;
    long steps = b < 1 ? 1 : b;
    snprintf(msg, sizeof msg,
             "stencilc: %d ranks split the %ld interior planes of axis 0 into parts of %ld or more, "
             "thinner than a halo of %ld planes (%ld steps between exchanges x reach %ld); use fewer "
             "ranks, a larger grid%s",
             p.ranks, n[0], rt_mpi_first(n[0], 1, p.ranks), steps * reach, steps, reach,
             asked ? " or a smaller --halo-steps" : "");
    rt_mpi_refuse(msg);
  }
  p.halo_steps = p.ranks == 1 ? (asked ? asked : dflt) : b;
  p.first = rt_mpi_first(n[0], p.rank, p.ranks);
  p.count = rt_mpi_first(n[0], p.rank + 1, p.ranks) - p.first;
  p.pad_lo = p.rank == 0 ? view->lo[0] : b * lo;
  p.pad_hi = p.rank == p.ranks - 1 ? view->hi[0] : b * hi;
  long ln[RT_MAX_DIMS] = {0, 0, 0};
  for (int a = 0; a < view->dims; a++) ln[a] = n[a];
  ln[0] = p.count + p.pad_lo - view->lo[0] + p.pad_hi - view->hi[0];
  p.local = rt_grid_make(view, ln);
  p.shift = view->lo[0] + p.first - p.pad_lo;
  MPI_Type_contiguous((int)p.global.stride[0], sizeof(rt_real) == 8 ? MPI_DOUBLE : MPI_FLOAT,
                      &p.plane);
  MPI_Type_commit(&p.plane);
  return p;
}

/* The halo slabs of the local grid, k = 0: sent down (my first B*hi planes), 1: received from
 * below, 2: sent up (my last B*lo planes), 3: received from above. Sets the first local plane
 * and the planes; returns 0 when the rank has no such neighbour. */
RT_API int rt_mpi_slab(const RtPart *p, int k, long *first, long *planes) {
  long b = p->halo_steps;
  if (k < 2 && p->rank == 0) return 0;
  if (k >= 2 && p->rank == p->ranks - 1) return 0;
  long own_end = p->pad_lo + p->count;
  switch (k) {
  case 0: *first = p->pad_lo, *planes = b * p->reach_hi; break;
  case 1: *first = 0, *planes = b * p->reach_lo; break;
  case 2: *first = own_end - b * p->reach_lo, *planes = b * p->reach_lo; break;
  default: *first = own_end, *planes = b * p->reach_hi; break;
  }
  return 1;
}

/* Posts the swap of the slabs with both neighbours, `nbuf` buffers' slabs packed one after the
 * other in each of slab[0..3] (numbered as rt_mpi_slab's); returns the requests posted. */
RT_API int rt_mpi_post(const RtPart *p, int nbuf, rt_real *slab[4], MPI_Request req[4]) {
  int n = 0;
  for (int k = 0; k < 4; k++) {
    long first, planes;
    if (!rt_mpi_slab(p, k, &first, &planes)) continue;
    int peer = k < 2 ? p->rank - 1 : p->rank + 1;
    int tag = k < 2 ? 1 - k : k - 2; /* what goes up is tagged 1, down 0 */
    int count = (int)(nbuf * planes);
    if (k % 2) MPI_Irecv(slab[k], count, p->plane, peer, tag, MPI_COMM_WORLD, &req[n++]);
    else MPI_Isend(slab[k], count, p->plane, peer, tag, MPI_COMM_WORLD, &req[n++]);
  }
  return n;
}

/* Host staging for rt_mpi_post: four slabs of nbuf buffers each, from alloc (pinned for GPUs). */
RT_API void rt_mpi_slabs(const RtPart *p, int nbuf, rt_real *slab[4], void *(*alloc)(size_t)) {
  long most = p->halo_steps * (p->reach_lo > p->reach_hi ? p->reach_lo : p->reach_hi);
  for (int k = 0; k < 4; k++)
    slab[k] = (rt_real *)alloc((size_t)(nbuf * most * p->global.stride[0]) * sizeof(rt_real) + 1);
}

/* The local planes this rank contributes to the gathered grid: its part, and at the grid's
 * edges the fixed halo too (which some stages of a program write). */
RT_API void rt_mpi_owned(const RtPart *p, long *first, long *planes) {
  *first = p->rank == 0 ? 0 : p->pad_lo;
  long end = p->pad_lo + p->count + (p->rank == p->ranks - 1 ? p->pad_hi : 0);
  *planes = end - *first;
}

/* Every rank's owned planes (mine, rt_mpi_owned's) into `whole` on rank 0. */
RT_API void rt_mpi_gather(const RtPart *p, const rt_real *mine, rt_real *whole) {
  long first, planes, n0 = p->global.n[0], lo = p->global.lo[0];
  rt_mpi_owned(p, &first, &planes);
  int *counts = NULL, *displs = NULL;
  if (p->rank == 0) {
    counts = (int *)rt_xmalloc((size_t)p->ranks * sizeof *counts);
    displs = (int *)rt_xmalloc((size_t)p->ranks * sizeof *displs);
    for (int r = 0; r < p->ranks; r++) {
      long f = r == 0 ? 0 : lo + rt_mpi_first(n0, r, p->ranks);
      long e = r == p->ranks - 1 ? p->global.ext[0] : lo + rt_mpi_first(n0, r + 1, p->ranks);
      counts[r] = (int)(e - f);
      displs[r] = (int)f;
    }
  }
  MPI_Gatherv(mine, (int)planes, p->plane, whole, counts, displs, p->plane, 0, MPI_COMM_WORLD);
  free(counts);
  free(displs);
}

#endif
