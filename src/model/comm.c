#include "comm.h"

#include <math.h>
#include <string.h>

#include "rt_procgrid.h"

/* shm: OpenMPI's shared-memory transport between host buffers of one node; ib: one NDR
 * InfiniBand port (400 Gb/s); nominal figures. nvlink: NVLink 4 between Hopper GPUs of one host,
 * which the programs' NCCL exchange crosses from device buffers. Its latency is fitted to the
 * four two-GPU rows of bench/results/multigpu_h200x2_2725d7b.csv (j2d5pt and star3d1r, strong
 * and weak, losing 0.5% to 3.6% against one GPU): what an exchange costs beyond its bytes (the
 * ranks waiting for each other, NCCL's launch, the GPU's queue drained at the exchange) came to
 * 50 to 185 us. At 100 us the model says 0.94 strong and 0.96 weak for star3d1r (measured
 * 0.964 and 0.987), 0.98 and 0.99 for j2d5pt (0.968 and 0.995), where the staged estimate said
 * 0.70 for star3d1r. */
static const Link links[] = {
    {"shm", "shared memory within a node", 0.5e-6, 20, false},
    {"ib", "InfiniBand NDR, one port", 2.0e-6, 50, false},
    {"nvlink", "NVLink 4 between GPUs, through NCCL", 100e-6, 450, true},
};
/* PCIe 5.0 x16 as cudaMemcpy reaches it from pinned memory, and a copy's launch latency. */
static const Link pcie = {"pcie", "PCIe 5.0 x16, pinned host memory", 10e-6, 50, false};

const Link *comm_link_find(const char *key) {
  for (size_t i = 0; i < sizeof links / sizeof *links; i++)
    if (!strcmp(links[i].key, key)) return &links[i];
  return NULL;
}

const char *comm_link_keys(void) { return "shm, ib, nvlink"; }

const Link *comm_pcie(void) { return &pcie; }

static double transfer(const Link *l, double bytes) { return l->latency_s + bytes / (l->gbs * 1e9); }

/* The largest part along an axis of n cells split p ways (rt_mpi_part.h's rule). */
static long largest_part(long n, int p) {
  long most = 0;
  for (int k = 0; k < p; k++) {
    long count = (long)((double)n * (k + 1) / p) - (long)((double)n * k / p);
    if (count > most) most = count;
  }
  return most;
}

/* The cells a middle part computes beyond its own along an axis split p ways, at B = b. */
static long extra_cells(int p, long b, long lo, long hi) {
  return p == 1 ? 0 : p == 2 ? b * (lo > hi ? lo : hi) : b * (lo + hi);
}

static long reach_of(const CommGrid *g, int a) { return g->lo[a] > g->hi[a] ? g->lo[a] : g->hi[a]; }

static void predict_b(const CommGrid *g, int ranks, const int procs[2], long b, StepTimeFn step,
                      void *ctx, const Link *link, bool staged, CommPrediction *p) {
  long n1 = g->dims > 1 ? g->n[1] : 1, rest = 1; /* rest: the cells of a row of axis 1 */
  for (int a = 2; a < g->dims; a++) rest *= g->ext[a];
  p->ranks = ranks;
  p->procs[0] = procs[0], p->procs[1] = procs[1];
  p->part[0] = largest_part(g->n[0], procs[0]);
  p->part[1] = largest_part(n1, procs[1]);
  p->halo_steps = b;
  long e0 = extra_cells(procs[0], b, g->lo[0], g->hi[0]);
  long e1 = extra_cells(procs[1], b, g->lo[1], g->hi[1]);
  double own = (double)p->part[0] * (double)p->part[1];
  double with = (double)(p->part[0] + e0) * (double)(p->part[1] + e1);
  p->redundant = with / own - 1;
  p->t_step = step(ctx, (long)ceil(with / (double)n1));
  /* The slabs of one direction: along axis 0, planes as wide as the local grid along axis 1 (all
   * of ext[1] when axis 1 is whole); along axis 1, rows as long as the local grid along axis 0. */
  long w1 = procs[1] == 1 ? (g->dims > 1 ? g->ext[1] : 1) : p->part[1] + e1 + (g->ext[1] - g->n[1]);
  long w0 = p->part[0] + e0 + (g->ext[0] - g->n[0]);
  double bytes0 = procs[0] > 1 ? (double)b * reach_of(g, 0) * (double)w1 * (double)rest * g->elem : 0;
  double bytes1 = procs[1] > 1 ? (double)b * reach_of(g, 1) * (double)w0 * (double)rest * g->elem : 0;
  p->halo_bytes = bytes0 + bytes1;
  p->t_exchange = 0;
  /* one axis after the other, both directions at once on the link; the staging copies one after
   * another */
  for (int a = 0; a < 2; a++) {
    double bytes = a == 0 ? bytes0 : bytes1;
    if (procs[a] == 1) continue;
    p->t_exchange += transfer(link, bytes);
    if (staged && !(a == 0 && link->direct)) p->t_exchange += 4 * transfer(&pcie, bytes);
  }
  p->per_step = p->t_step + p->t_exchange / (double)b;
}

int comm_predict(const CommGrid *g, int ranks, long halo_steps, StepTimeFn step, void *ctx,
                 const Link *link, bool staged, CommPrediction *out) {
  int procs[2];
  procs[1] = rt_procgrid_p1(g->dims, g->n[0], g->dims > 1 ? g->n[1] : 1, g->lo, g->hi, ranks);
  procs[0] = ranks / procs[1];
  long most = 64;
  for (int a = 0; a < 2; a++) {
    long reach = reach_of(g, a), small = (a < g->dims ? g->n[a] : 1) / procs[a];
    if (procs[a] > 1 && reach > 0 && small / reach < most) most = small / reach;
  }
  if (most < 1 || (halo_steps && halo_steps > most && ranks > 1)) return -1;
  long first = halo_steps ? halo_steps : 1, last = halo_steps ? halo_steps : most;
  for (long b = first; b <= last; b++) {
    CommPrediction p;
    predict_b(g, ranks, procs, b, step, ctx, link, staged, &p);
    if (b == first || p.per_step < out->per_step) *out = p;
  }
  return 0;
}
