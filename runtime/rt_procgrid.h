/* rt_procgrid.h: the process grid of MPI programs, P0 ranks along axis 0 times P1 along axis 1.
 * Plain C, in one place for both of its users: generated MPI programs carry it (rt_mpi_part.h)
 * and stencilc's communication model includes it, so that `model --ranks P` predicts the grid
 * the programs use. */
#ifndef STENCILC_RT_PROCGRID_H
#define STENCILC_RT_PROCGRID_H

/* Halo cells of one plane of axis 2 (so, for 2D grids, cells) that the busiest rank of a p0 x p1
 * grid receives per exchange and per step of reach: along each split axis, the rank in the middle
 * receives lo + hi planes of its part's width along the other axis (an end rank, lo or hi). */
static inline double rt_procgrid_halo(long n0, long n1, const long lo[2], const long hi[2], int p0,
                                      int p1) {
  long w0 = (n0 + p0 - 1) / p0, w1 = (n1 + p1 - 1) / p1;
  long r0 = p0 > 2 ? lo[0] + hi[0] : lo[0] > hi[0] ? lo[0] : hi[0];
  long r1 = p1 > 2 ? lo[1] + hi[1] : lo[1] > hi[1] ? lo[1] : hi[1];
  return (p0 > 1 ? (double)r0 * (double)w1 : 0) + (p1 > 1 ? (double)r1 * (double)w0 : 0);
}

/* The ranks along axis 1 (axis 0 gets ranks / that): of the splits whose parts are at least one
 * step's reach thick along both axes, the one whose busiest rank receives the least halo; axis 0
 * alone on a tie, as its slabs are contiguous in memory. 1 for 1D grids. */
static inline int rt_procgrid_p1(int dims, long n0, long n1, const long lo[2], const long hi[2],
                                 int ranks) {
  if (dims < 2) return 1;
  int best = 1;
  double least = rt_procgrid_halo(n0, n1, lo, hi, ranks, 1);
  for (int p1 = 2; p1 <= ranks; p1++) {
    int p0 = ranks / p1;
    if (ranks % p1 || n0 / p0 < (lo[0] > hi[0] ? lo[0] : hi[0]) ||
        n1 / p1 < (lo[1] > hi[1] ? lo[1] : hi[1]) || n1 / p1 < 1)
      continue;
    double h = rt_procgrid_halo(n0, n1, lo, hi, p0, p1);
    if (h < least) least = h, best = p1;
  }
  return best;
}

#endif
