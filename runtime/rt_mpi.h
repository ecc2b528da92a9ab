/* rt_mpi.h: main() of the programs generated with --mpi (RT_MPI), included after rt_driver.h,
 * whose helpers it uses; the engine is the backend's own, one per rank, on that rank's part.
 *
 * Decomposition. The interior of axis 0 (the slowest, so that a rank's part and every halo slab
 * is one contiguous run of memory) is split into `ranks` parts as even as can be: rank p holds
 * interior planes [p*n0/P, (p+1)*n0/P).
 *
 * Deep halos. Each rank's engine works on a local grid that extends its part by B*lo planes below
 * and B*hi above (lo, hi: the stencil's reach along axis 0; at the grid's own edges, the fixed
 * halo instead), and updates all of it but its outer lo/hi planes every step. Cells within k*lo
 * (k*hi) planes of the local grid's edge are stale after k steps; after B steps the rank's own
 * part is still exact. So the ranks exchange halos once every B steps (--halo-steps B; default
 * the backend's steps per launch, doubled when even, or 4), B*lo and B*hi planes deep, and
 * compute the redundant planes instead of exchanging every step. With
 * one rank the local grid is the grid: the run is the single-process run.
 *
 * Transport. Built with RT_MPI_NCCL (CUDA engines; `stencilc run --ranks` defines it where it
 * finds NCCL), the slabs go straight from one GPU's buffer to the other's through NCCL, queued
 * on a stream ordered after the kernels that wrote them and before those that read them, so the
 * host waits for nothing. Otherwise they are staged through pinned host memory and MPI. Open
 * MPI as Debian and PyPI ship it is not CUDA-aware; on 2 H200s staging cost about 1.4 ms for
 * 1.5 MB each way (bench/results/multigpu_h200_baseline.csv), where NVLink moves it in tens of us.
 *
 * Verification gathers the parts on rank 0 and compares them with the single-process reference
 * (rt_check's comparison); the timing is the slowest rank's wall time over all steps, exchanges
 * included. */
#ifndef STENCILC_RT_MPI_H
#define STENCILC_RT_MPI_H

/* The default B. A temporally blocked engine leaves k steps in buffer k % 2 and copies the
 * whole part when its launches end on the other one: a block of one launch of an even bT did,
 * about 2 ms a block on an H200 at 32768^2 (the MPI program ran 22% below the plain one). Two
 * launches per block end where they began, so an even bT takes B = 2 bT; an odd bT ends one
 * launch on buffer 1 = k % 2, which rt_mpi_run renames. */
#ifndef RT_MPI_HALO_STEPS
#define RT_MPI_HALO_STEPS \
  (RT_LAUNCH_STEPS > 1 ? (RT_LAUNCH_STEPS % 2 ? RT_LAUNCH_STEPS : 2 * RT_LAUNCH_STEPS) : 4)
#endif

typedef struct {
  int rank, ranks;
  RtGrid global, local;
  long first, count;     /* the rank's interior planes of axis 0, from the first interior one */
  long pad_lo, pad_hi;   /* local planes below / above them (halo, or B * reach) */
  long shift;            /* global plane (halo included) of local plane 0 */
  long halo_steps;       /* B: steps between exchanges */
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
static long rt_mpi_max_halo_steps(long n0, int ranks) {
  long best = LONG_MAX, lo = rt_stencil.lo[0], hi = rt_stencil.hi[0];
  for (int p = 0; p < ranks; p++) {
    long count = rt_mpi_first(n0, p + 1, ranks) - rt_mpi_first(n0, p, ranks);
    if (p > 0 && hi > 0 && count / hi < best) best = count / hi;
    if (p < ranks - 1 && lo > 0 && count / lo < best) best = count / lo;
  }
  return best;
}

RT_API RtPart rt_mpi_part(const long n[], long asked) {
  RtPart p;
  MPI_Comm_rank(MPI_COMM_WORLD, &p.rank);
  MPI_Comm_size(MPI_COMM_WORLD, &p.ranks);
  p.global = rt_grid_make(&rt_stencil, n);
  long most = rt_mpi_max_halo_steps(n[0], p.ranks);
  long b = asked ? asked : RT_MPI_HALO_STEPS;
  if (!asked && b > most) b = most; /* the default shrinks to fit thin parts */
  if (b < 1 || b > most) {
    char msg[512];
    long reach = rt_stencil.lo[0] > rt_stencil.hi[0] ? rt_stencil.lo[0] : rt_stencil.hi[0];
    long steps = b < 1 ? 1 : b;
    snprintf(msg, sizeof msg,
             "stencilc: %d ranks split the %ld interior planes of axis 0 into parts of %ld or more, "
             "thinner than a halo of %ld planes (%ld steps between exchanges x reach %ld); use fewer "
             "ranks, a larger grid%s",
             p.ranks, n[0], rt_mpi_first(n[0], 1, p.ranks), steps * reach, steps, reach,
             asked ? " or a smaller --halo-steps" : "");
    rt_mpi_refuse(msg);
  }
  p.halo_steps = p.ranks == 1 ? (asked ? asked : RT_MPI_HALO_STEPS) : b;
  p.first = rt_mpi_first(n[0], p.rank, p.ranks);
  p.count = rt_mpi_first(n[0], p.rank + 1, p.ranks) - p.first;
  p.pad_lo = p.rank == 0 ? rt_stencil.lo[0] : b * rt_stencil.lo[0];
  p.pad_hi = p.rank == p.ranks - 1 ? rt_stencil.hi[0] : b * rt_stencil.hi[0];
  long ln[RT_MAX_DIMS] = {0, 0, 0};
  for (int a = 0; a < rt_stencil.dims; a++) ln[a] = n[a];
  ln[0] = p.count + p.pad_lo - rt_stencil.lo[0] + p.pad_hi - rt_stencil.hi[0];
  p.local = rt_grid_make(&rt_stencil, ln);
  p.shift = rt_stencil.lo[0] + p.first - p.pad_lo;
  MPI_Type_contiguous((int)p.global.stride[0], sizeof(rt_real) == 8 ? MPI_DOUBLE : MPI_FLOAT,
                      &p.plane);
  MPI_Type_commit(&p.plane);
  return p;
}

/* The rank's local grid as the single-process initial state has it (rt_initial_state): buffer 0
 * the global random values of these cells, buffer 1 the same with the engine's interior poisoned. */
RT_API void rt_mpi_initial_state(const RtPart *p, rt_real *buf[2], uint64_t seed) {
  long cells = p->local.cells;
  rt_fill_random_from(buf[0], cells, seed, p->shift * p->global.stride[0]);
  memcpy(buf[1], buf[0], (size_t)cells * sizeof(rt_real));
  rt_poison_interior(buf[1], &p->local);
}

#ifdef RT_MPI_NCCL
#include <nccl.h>

static ncclComm_t rt_nccl;         /* every rank, after engine_setup chose its GPU */
static cudaStream_t rt_nccl_queue; /* blocking: ordered with the kernels of the default stream */

RT_API void rt_nccl_check(ncclResult_t r, const char *what, int line) {
  if (r != ncclSuccess) {
    fprintf(stderr, "rt_mpi.h:%d: NCCL error: %s: %s\n", line, what, ncclGetErrorString(r));
    exit(4);
  }
}
#define RT_NCCL_CHECK(call) rt_nccl_check((call), #call, __LINE__)

RT_API void rt_mpi_transport_open(void) {
  int rank = 0, ranks = 1;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &ranks);
  ncclUniqueId id;
  if (rank == 0) RT_NCCL_CHECK(ncclGetUniqueId(&id));
  MPI_Bcast(&id, (int)sizeof id, MPI_BYTE, 0, MPI_COMM_WORLD);
  RT_NCCL_CHECK(ncclCommInitRank(&rt_nccl, ranks, id, rank));
  RT_CUDA_CHECK(cudaStreamCreate(&rt_nccl_queue));
}

RT_API void rt_mpi_transport_close(void) {
  RT_CUDA_CHECK(cudaStreamDestroy(rt_nccl_queue));
  RT_NCCL_CHECK(ncclCommDestroy(rt_nccl));
}

/* Queues one neighbour's send of `count` planes from plane `from` and receive of `into` planes
 * at plane `at`, all in buffer 0. */
static void rt_nccl_swap(const RtPart *p, Engine *e, int peer, long from, long count, long at,
                         long into) {
  long s = p->global.stride[0];
  ncclDataType_t type = sizeof(rt_real) == 8 ? ncclDouble : ncclFloat;
  RT_NCCL_CHECK(ncclSend(engine_device_span(e, 0, from * s), (size_t)(count * s), type, peer,
                         rt_nccl, rt_nccl_queue));
  RT_NCCL_CHECK(ncclRecv(engine_device_span(e, 0, at * s), (size_t)(into * s), type, peer, rt_nccl,
                         rt_nccl_queue));
}

/* Swaps the halo slabs with both neighbours: the state is in buffer 0. */
RT_API void rt_mpi_exchange(const RtPart *p, Engine *e, rt_real *slab[4]) {
  long lo = rt_stencil.lo[0], hi = rt_stencil.hi[0], b = p->halo_steps;
  (void)slab;
  RT_NCCL_CHECK(ncclGroupStart());
  if (p->rank > 0) rt_nccl_swap(p, e, p->rank - 1, p->pad_lo, b * hi, 0, b * lo);
  if (p->rank < p->ranks - 1)
    rt_nccl_swap(p, e, p->rank + 1, p->pad_lo + p->count - b * lo, b * lo, p->pad_lo + p->count,
                 b * hi);
  RT_NCCL_CHECK(ncclGroupEnd());
}

/* The queued exchanges are done (before the host reads a result or a clock). */
RT_API void rt_mpi_transport_wait(void) { RT_CUDA_CHECK(cudaStreamSynchronize(rt_nccl_queue)); }
#else
RT_API void rt_mpi_transport_open(void) {}
RT_API void rt_mpi_transport_close(void) {}
RT_API void rt_mpi_transport_wait(void) {}

/* Swaps the halo slabs with both neighbours: the state is in buffer 0. */
RT_API void rt_mpi_exchange(const RtPart *p, Engine *e, rt_real *slab[4]) {
  long s = p->global.stride[0], lo = rt_stencil.lo[0], hi = rt_stencil.hi[0], b = p->halo_steps;
  MPI_Request req[4];
  int nreq = 0;
  if (p->rank > 0) { /* down: my first b*hi planes; up from below: its last b*lo planes */
    engine_read_span(e, 0, p->pad_lo * s, b * hi * s, slab[0]);
    MPI_Irecv(slab[1], (int)(b * lo), p->plane, p->rank - 1, 1, MPI_COMM_WORLD, &req[nreq++]);
    MPI_Isend(slab[0], (int)(b * hi), p->plane, p->rank - 1, 0, MPI_COMM_WORLD, &req[nreq++]);
  }
  if (p->rank < p->ranks - 1) {
    engine_read_span(e, 0, (p->pad_lo + p->count - b * lo) * s, b * lo * s, slab[2]);
    MPI_Irecv(slab[3], (int)(b * hi), p->plane, p->rank + 1, 0, MPI_COMM_WORLD, &req[nreq++]);
    MPI_Isend(slab[2], (int)(b * lo), p->plane, p->rank + 1, 1, MPI_COMM_WORLD, &req[nreq++]);
  }
  MPI_Waitall(nreq, req, MPI_STATUSES_IGNORE);
  if (p->rank > 0) engine_write_span(e, 0, 0, b * lo * s, slab[1]);
  if (p->rank < p->ranks - 1)
    engine_write_span(e, 0, (p->pad_lo + p->count) * s, b * hi * s, slab[3]);
}
#endif

/* Buffer 1 becomes buffer 0 and the other way round (every engine keeps its two levels in
 * e->buf): after a block of an odd step count the state is in buffer 1, and renaming it costs
 * nothing where a copy moved the whole part every block (a third of a 3D run at bT = 3). Both
 * buffers hold the same fixed halo, and the planes the neighbours refresh are rewritten before
 * they are read. */
static void rt_mpi_swap_levels(Engine *e) {
  rt_real *t = e->buf[0];
  e->buf[0] = e->buf[1];
  e->buf[1] = t;
}

/* `steps` steps from buffer 0, exchanging every halo_steps; the result ends in buffer 0. */
RT_API void rt_mpi_run(const RtPart *p, Engine *e, long steps) {
  long s = p->global.stride[0], b = p->halo_steps;
  long most = b * (rt_stencil.lo[0] > rt_stencil.hi[0] ? rt_stencil.lo[0] : rt_stencil.hi[0]) * s;
  rt_real *slab[4];
  for (int k = 0; k < 4; k++) slab[k] = (rt_real *)engine_host_alloc((size_t)most * sizeof(rt_real));
  for (long done = 0; done < steps; done += b) {
    long k = steps - done < b ? steps - done : b;
    if (done > 0 && p->ranks > 1) rt_mpi_exchange(p, e, slab);
    rt_engine_run(e, k);
    if (rt_result_buffer(k) == 1) rt_mpi_swap_levels(e);
  }
  rt_mpi_transport_wait();
  for (int k = 0; k < 4; k++) engine_host_free(slab[k]);
}

/* Every rank's part of buffer 0 into `whole` on rank 0 (whose other planes are left as they are). */
RT_API void rt_mpi_gather(const RtPart *p, Engine *e, rt_real *whole) {
  long s = p->global.stride[0];
  rt_real *mine = (rt_real *)rt_xmalloc((size_t)(p->count ? p->count : 1) * (size_t)s * sizeof(rt_real));
  engine_read_span(e, 0, p->pad_lo * s, p->count * s, mine);
  int *counts = NULL, *displs = NULL;
  if (p->rank == 0) {
    counts = (int *)rt_xmalloc((size_t)p->ranks * sizeof *counts);
    displs = (int *)rt_xmalloc((size_t)p->ranks * sizeof *displs);
    for (int r = 0; r < p->ranks; r++) {
      long f = rt_mpi_first(p->global.n[0], r, p->ranks);
      counts[r] = (int)(rt_mpi_first(p->global.n[0], r + 1, p->ranks) - f);
      displs[r] = (int)(rt_stencil.lo[0] + f);
    }
  }
  MPI_Gatherv(mine, (int)p->count, p->plane, whole, counts, displs, p->plane, 0, MPI_COMM_WORLD);
  free(mine);
  free(counts);
  free(displs);
}

/* The rank's engine, holding its part of the initial state. */
RT_API Engine *rt_mpi_engine(const RtPart *p, uint64_t seed) {
  rt_real *local[2] = {rt_alloc_grid(&p->local), rt_alloc_grid(&p->local)};
  rt_mpi_initial_state(p, local, seed);
  Engine *e = engine_create(&p->local);
  engine_upload(e, local[0], local[1]);
  free(local[0]);
  free(local[1]);
  return e;
}

/* rt_check for the distributed run: the parts run `steps` steps from the global initial state,
 * rank 0 compares the gathered grid with the reference. Every rank returns the verdict. */
RT_API int rt_mpi_check(const char *label, const long n[], long steps, double gain, uint64_t seed,
                        const RtOptions *o, int dumps) {
  RtPart p = rt_mpi_part(n, o->halo_steps);
  Engine *e = rt_mpi_engine(&p, seed);
  rt_mpi_run(&p, e, steps);
  RtGrid g = p.global;
  rt_real *buf[2] = {NULL, NULL}, *got = NULL;
  if (p.rank == 0) {
    buf[0] = rt_alloc_grid(&g), buf[1] = rt_alloc_grid(&g), got = rt_alloc_grid(&g);
    rt_initial_state(buf, &g, seed);
    memcpy(got, buf[0], (size_t)g.cells * sizeof(rt_real)); /* the halo the parts leave out */
  }
  rt_mpi_gather(&p, e, got);
  engine_destroy(e);
  int pass = 1;
  if (p.rank == 0) {
    if (dumps && o->dump) rt_write_raw(o->dump, got, g.cells);
    if (dumps && o->dump_output)
      rt_dump_write(o->dump_output, RT_DUMP_OUTPUT, &g, rt_stencil.lo, rt_stencil.hi, steps, got,
                    RT_DUMP_WEIGHTS);
    double *bnd[2] = {(double *)rt_xcalloc((size_t)g.cells, sizeof(double)),
                      (double *)rt_xcalloc((size_t)g.cells, sizeof(double))};
    rt_reference(buf, bnd, &g, steps, seed, o->ref_cache);
    int r = rt_result_buffer(steps);
    RtCompare c = rt_compare_bounded(got, buf[r], bnd[r], &g, rt_tolerance(RT_EPS, rt_stencil.flops, steps, gain));
    pass = rt_passes(&c);
    char size[96];
    rt_format_size(size, sizeof size, g.dims, n);
    printf("check %s: size=%s steps=%ld ranks=%d halo_steps=%ld max_abs=%.3e max_rel=%.3e "
           "err/bound=%.3g %s\n",
           label, size, steps, p.ranks, p.halo_steps, c.max_abs, c.max_rel, c.worst,
           pass ? "PASS" : "FAIL");
    fflush(stdout);
    free(bnd[0]);
    free(bnd[1]);
    free(buf[0]);
    free(buf[1]);
    free(got);
  }
  MPI_Type_free(&p.plane);
  MPI_Bcast(&pass, 1, MPI_INT, 0, MPI_COMM_WORLD);
  return pass;
}

/* One warm-up run, then reps timed runs of `steps` steps, each the slowest rank's wall time;
 * returns the median in ms. */
RT_API double rt_mpi_time(const long n[], long steps, long reps, uint64_t seed, long halo_steps) {
  RtPart p = rt_mpi_part(n, halo_steps);
  Engine *e = rt_mpi_engine(&p, seed);
  rt_mpi_run(&p, e, steps);
  double *ms = (double *)rt_xmalloc((size_t)reps * sizeof *ms);
  for (long r = 0; r < reps; r++) {
    MPI_Barrier(MPI_COMM_WORLD);
    double t0 = MPI_Wtime();
    rt_mpi_run(&p, e, steps);
    engine_timer_start(e); /* with the stop: waits for the queued work */
    engine_timer_stop(e);
    double mine = (MPI_Wtime() - t0) * 1e3;
    MPI_Allreduce(&mine, &ms[r], 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
  }
  double median = rt_median(ms, (int)reps);
  free(ms);
  engine_destroy(e);
  MPI_Type_free(&p.plane);
  return median;
}

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  RtOptions o;
  rt_parse_options(argc, argv, &rt_stencil, &o);
  if (o.time_ms || o.dump_init || o.dump_input)
    rt_mpi_refuse("stencilc: MPI programs take -s -t -r --seed --check-size --ref-cache --dump "
                  "--dump-output --halo-steps; not --time-ms, --dump-init or --dump-input");
  engine_setup();
  rt_mpi_transport_open();
  double gain = rt_setup_weights(&o);
  long check_n[RT_MAX_DIMS] = {0, 0, 0};
  int full = o.dump || o.dump_output;
  for (int a = 0; a < rt_stencil.dims; a++)
    check_n[a] = !full && o.check[a] < o.n[a] ? o.check[a] : o.n[a];
  int ok = rt_mpi_check("a", check_n, o.steps, gain, o.seed, &o, 1);
  ok = rt_mpi_check("b", o.n, o.steps < 3 ? o.steps : 3, gain, o.seed + 1, &o, 0) && ok;
  if (!ok) {
    if (rt_mpi_rank() == 0) printf("FAIL: verification failed, not timing\n");
    MPI_Finalize();
    return 1;
  }
  double ms = rt_mpi_time(o.n, o.steps, o.reps, o.seed + 2, o.halo_steps);
  if (rt_mpi_rank() == 0) {
    double cells = 1;
    for (int a = 0; a < rt_stencil.dims; a++) cells *= (double)o.n[a];
    double gcells = cells * (double)o.steps / (ms * 1e-3) / 1e9;
    int ranks = 1;
    MPI_Comm_size(MPI_COMM_WORLD, &ranks);
    char size[96];
    rt_format_size(size, sizeof size, rt_stencil.dims, o.n);
    printf("RESULT name=%s backend=%s dtype=%s size=%s steps=%ld reps=%ld ranks=%d ms=%.3f "
           "gcells=%.4f gflops=%.3f verify=PASS\n",
           rt_stencil.name, rt_stencil.backend, rt_stencil.dtype, size, o.steps, o.reps, ranks, ms,
           gcells, gcells * rt_stencil.flops);
  }
  rt_mpi_transport_close();
  MPI_Finalize();
  return 0;
}

#endif
