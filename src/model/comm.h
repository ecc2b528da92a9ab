/* The communication model of MPI runs (issue 21 item 5): what a run split over P ranks along axis
 * 0, and axis 1 where that moves less halo (runtime/rt_mpi_part.h), costs per step, from the single-device speed at a rank's part, the halo
 * bytes of each exchange, and the latency and bandwidth of the links they cross. It chooses the
 * steps between exchanges (deeper halos: fewer exchanges, more redundant planes). */
#ifndef STENCILC_COMM_H
#define STENCILC_COMM_H

#include "ir/ir.h"

/* A link: its one-way latency and bandwidth per direction (nominal figures: a parameter of the
 * machine, like the GPU's; `--link` picks one). */
typedef struct {
  const char *key;  /* what --link takes */
  const char *what;
  double latency_s; /* per exchange, from its start until the ranks compute again */
  double gbs;       /* GB/s per direction */
  bool direct;      /* the programs move device buffers over it (NCCL): no host staging */
} Link;

/* The links MPI may cross between ranks (shm, ib, nvlink), NULL for an unknown key. */
const Link *comm_link_find(const char *key);
const char *comm_link_keys(void);
/* PCIe between a GPU and its host: the programs stage halos through pinned host memory. */
const Link *comm_pcie(void);

/* Seconds one device takes per step for a grid of `planes` planes of axis 0 (the rest of the
 * grid fixed): the caller's single-device model. */
typedef double (*StepTimeFn)(void *ctx, long planes);

/* The grid an MPI run splits: interior cells and extents (halo included) per axis, the reach of
 * one step along axes 0 and 1 below (lo) and above (hi), bytes per cell. */
typedef struct {
  int dims;
  long n[IR_MAX_DIMS], ext[IR_MAX_DIMS];
  long lo[2], hi[2];
  int elem;
} CommGrid;

typedef struct {
  int ranks;
  int procs[2];        /* the process grid: ranks along axes 0 and 1 (runtime/rt_procgrid.h) */
  long part[2];        /* interior cells along axes 0 and 1 of the largest part */
  long halo_steps;     /* B: steps between exchanges */
  double halo_bytes;   /* one direction of one exchange, both axes: B * reach * slab * element */
  double t_step;       /* seconds: one step of the largest part with its halo */
  double t_exchange;   /* seconds: one exchange (staging copies and the links) */
  double redundant;    /* extra cells computed per step, as a fraction of the part */
  double per_step;     /* seconds per step, exchanges included */
} CommPrediction;

/* Predicts a run of grid g over `ranks` ranks on the process grid the programs choose
 * (rt_procgrid_p1). halo_steps 0: the B of 1 to 64 that the parts can serve with the least time
 * per step. staged: the grid lives on GPUs, whose halos cross the host (pinned copies over
 * PCIe) unless the link is direct, which the programs use for axis 0 alone (axis 1 is staged).
 * Returns -1 when even B = 1 does not fit (a part thinner than the halo). */
int comm_predict(const CommGrid *g, int ranks, long halo_steps, StepTimeFn step, void *ctx,
                 const Link *link, bool staged, CommPrediction *out);

#endif
