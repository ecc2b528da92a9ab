/* The communication model of MPI runs (issue 21 item 5): what a run split over P ranks along axis
 * 0 (runtime/rt_mpi.h) costs per step, from the single-device speed at a rank's part, the halo
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
  double latency_s;
  double gbs;       /* GB/s per direction */
} Link;

/* The links MPI may cross between ranks (shm, ib, nvlink), NULL for an unknown key. */
const Link *comm_link_find(const char *key);
const char *comm_link_keys(void);
/* PCIe between a GPU and its host: the programs stage halos through pinned host memory. */
const Link *comm_pcie(void);

/* Seconds one device takes per step for a grid of `planes` planes of axis 0 (the rest of the
 * grid fixed): the caller's single-device model. */
typedef double (*StepTimeFn)(void *ctx, long planes);

typedef struct {
  int ranks;
  long part;           /* interior planes of axis 0 of the largest part */
  long halo_steps;     /* B: steps between exchanges */
  double halo_bytes;   /* one direction of one exchange: B * reach * plane * element */
  double t_step;       /* seconds: one step of the largest part with its halo planes */
  double t_exchange;   /* seconds: one exchange (staging copies and the link) */
  double redundant;    /* extra planes computed per step, as a fraction of the part */
  double per_step;     /* seconds per step, exchanges included */
} CommPrediction;

/* Predicts a run of the n0 interior planes of axis 0 over `ranks` ranks; plane_cells: the cells of
 * one plane (halo included), elem: bytes per cell, lo/hi: the reach along axis 0. halo_steps 0:
 * the B of 1 to 64 that the parts can serve with the least time per step. Returns -1 when even
 * B = 1 does not fit (a part thinner than the halo). */
int comm_predict(long n0, int ranks, long plane_cells, int elem, int lo, int hi, long halo_steps,
                 StepTimeFn step, void *ctx, const Link *link, bool staged, CommPrediction *out);

#endif
