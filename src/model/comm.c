#include "comm.h"

#include <string.h>

/* Nominal figures. shm: OpenMPI's shared-memory transport between host buffers of one node;
 * ib: one NDR InfiniBand port (400 Gb/s); nvlink: NVLink 4 between two Hopper GPUs, for MPI
 * libraries that move device buffers themselves (the programs stage through the host today). */
static const Link links[] = {
    {"shm", "shared memory within a node", 0.5e-6, 20},
    {"ib", "InfiniBand NDR, one port", 2.0e-6, 50},
    {"nvlink", "NVLink 4 between GPUs", 3.0e-6, 450},
};
/* PCIe 5.0 x16 as cudaMemcpy reaches it from pinned memory, and a copy's launch latency. */
static const Link pcie = {"pcie", "PCIe 5.0 x16, pinned host memory", 10e-6, 50};

const Link *comm_link_find(const char *key) {
  for (size_t i = 0; i < sizeof links / sizeof *links; i++)
    if (!strcmp(links[i].key, key)) return &links[i];
  return NULL;
}

const char *comm_link_keys(void) { return "shm, ib, nvlink"; }

const Link *comm_pcie(void) { return &pcie; }

static double transfer(const Link *l, double bytes) { return l->latency_s + bytes / (l->gbs * 1e9); }

/* The largest part and whether every part can serve B-step halos (rt_mpi.h's rule). */
static long largest_part(long n0, int ranks) {
  long most = 0;
  for (int p = 0; p < ranks; p++) {
    long count = (long)((double)n0 * (p + 1) / ranks) - (long)((double)n0 * p / ranks);
    if (count > most) most = count;
  }
  return most;
}

static long smallest_part(long n0, int ranks) { return n0 / ranks; }

static void predict_b(long n0, int ranks, long plane_cells, int elem, int lo, int hi, long b,
                      StepTimeFn step, void *ctx, const Link *link, bool staged, CommPrediction *p) {
  int reach = lo > hi ? lo : hi;
  p->ranks = ranks;
  p->part = largest_part(n0, ranks);
  p->halo_steps = b;
  long extra = ranks == 1 ? 0 : ranks == 2 ? b * reach : b * (lo + hi); /* a middle rank's */
  p->redundant = (double)extra / (double)p->part;
  p->t_step = step(ctx, p->part + extra);
  p->halo_bytes = ranks == 1 ? 0 : (double)b * reach * (double)plane_cells * elem;
  p->t_exchange = 0;
  if (ranks > 1) { /* both directions at once on the link; the staging copies one after another */
    p->t_exchange = transfer(link, p->halo_bytes);
    if (staged) p->t_exchange += 4 * transfer(&pcie, p->halo_bytes);
  }
  p->per_step = p->t_step + p->t_exchange / (double)b;
}

int comm_predict(long n0, int ranks, long plane_cells, int elem, int lo, int hi, long halo_steps,
                 StepTimeFn step, void *ctx, const Link *link, bool staged, CommPrediction *out) {
  long small = smallest_part(n0, ranks);
  int reach = lo > hi ? lo : hi;
  long most = ranks == 1 || reach == 0 ? 64 : small / reach;
  if (most > 64) most = 64;
  if (most < 1 || (halo_steps && halo_steps > most && ranks > 1)) return -1;
  long first = halo_steps ? halo_steps : 1, last = halo_steps ? halo_steps : most;
  for (long b = first; b <= last; b++) {
    CommPrediction p;
    predict_b(n0, ranks, plane_cells, elem, lo, hi, b, step, ctx, link, staged, &p);
    if (b == first || p.per_step < out->per_step) *out = p;
  }
  return 0;
}
