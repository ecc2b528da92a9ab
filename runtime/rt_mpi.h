/* rt_mpi.h: main() of the single-stencil programs generated with --mpi (RT_MPI), included after
 * rt_driver.h and rt_mpi_part.h (the decomposition, deep halos and the swap), whose helpers it
 * uses; the engine is the backend's own, one per rank, on that rank's part. The exchange
 * interval B is --halo-steps, by default the backend's steps per launch, or 4.
 *
 * Transport. Built with RT_MPI_NCCL (CUDA engines; `stencilc run --ranks` defines it where it
 * finds NCCL), the slabs of axis 0, contiguous runs of device memory, go straight from one GPU's
 * buffer to the other's through NCCL, queued on a stream ordered after the kernels that wrote
 * them and before those that read them, so the host waits for nothing. Otherwise, and along
 * axis 1, they are staged through pinned host memory and MPI. Open MPI as Debian and PyPI ship
 * it is not CUDA-aware; on 2 H200s staging cost about 1.4 ms for 1.5 MB each way
 * (bench/results/multigpu_h200_baseline.csv), where NVLink moves it in tens of microseconds.
 *
 * Verification gathers the parts on rank 0 and compares them with the single-process reference
 * (rt_check's comparison); the timing is the slowest rank's wall time over all steps, exchanges
 * included. */
#ifndef STENCILC_RT_MPI_H
#define STENCILC_RT_MPI_H

/* The default B: one launch of a temporally blocked engine (bT steps), else 4. A block ends on
 * whichever buffer its launches left the state in and rt_mpi_run renames the two, so any B costs
 * no copy; bT is the least B of whole launches (a B between launches' multiples adds a short
 * launch per block), with the shallowest halo and the least redundant work, and the thinnest
 * parts it serves. A larger B trades those for fewer exchanges, which pays where the exchange's
 * latency dominates (small planes, many ranks): `stencilc model --ranks` predicts the best B for
 * a link, and --halo-steps sets it. */
#ifndef RT_MPI_HALO_STEPS
#define RT_MPI_HALO_STEPS (RT_LAUNCH_STEPS > 1 ? RT_LAUNCH_STEPS : 4)
#endif

/* Whether axis 0's slabs are staged through the host (not with NCCL, which moves them itself). */
#ifdef RT_MPI_NCCL
#define RT_MPI_STAGE0 0
#else
#define RT_MPI_STAGE0 1
#endif

/* This rank's part, with its staging memory (rt_mpi_release frees it). */
RT_API RtPart rt_mpi_stencil_part(const long n[], long asked) {
  long lo[2] = {rt_stencil.lo[0], rt_stencil.dims > 1 ? rt_stencil.lo[1] : 0};
  long hi[2] = {rt_stencil.hi[0], rt_stencil.dims > 1 ? rt_stencil.hi[1] : 0};
  RtPart p = rt_mpi_part(&rt_stencil, lo, hi, n, asked, RT_MPI_HALO_STEPS);
  rt_mpi_slabs(&p, 1, RT_MPI_STAGE0, engine_host_alloc, engine_host_free);
  return p;
}

/* The rank's local grid as the single-process initial state has it (rt_initial_state): buffer 0
 * the global random values of these cells, buffer 1 the same with the engine's interior poisoned. */
RT_API void rt_mpi_initial_state(const RtPart *p, rt_real *buf[2], uint64_t seed) {
  long cells = p->local.cells;
#pragma omp parallel for
  for (long c = 0; c < cells; c++)
    buf[0][c] = (rt_real)rt_random_value(seed, (uint64_t)rt_mpi_global_cell(p, c));
  memcpy(buf[1], buf[0], (size_t)cells * sizeof(rt_real));
  rt_poison_interior(buf[1], &p->local);
}

/* The halo slabs along axis a of buffer 0 out of the engine (k = 0, 2), and in (k = 1, 3). */
RT_API void rt_mpi_pack(const RtPart *p, int a, Engine *e) {
  RtBlock blk;
  for (int k = 0; k < 4; k += 2)
    if (rt_mpi_slab(p, a, k, &blk)) engine_read_block(e, 0, &blk, p->slab[k]);
}

RT_API void rt_mpi_unpack(const RtPart *p, int a, Engine *e) {
  RtBlock blk;
  for (int k = 1; k < 4; k += 2)
    if (rt_mpi_slab(p, a, k, &blk)) engine_write_block(e, 0, &blk, p->slab[k]);
}

#ifdef RT_MPI_NCCL
#include <nccl.h>

static ncclComm_t rt_nccl;              /* every rank, after engine_setup chose its GPU */
static cudaStream_t rt_nccl_queue;      /* the exchanges */
static cudaEvent_t rt_nccl_in, rt_nccl_out; /* the kernels before, and after, an exchange */

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
  RT_CUDA_CHECK(cudaStreamCreateWithFlags(&rt_nccl_queue, cudaStreamNonBlocking));
  RT_CUDA_CHECK(cudaEventCreateWithFlags(&rt_nccl_in, cudaEventDisableTiming));
  RT_CUDA_CHECK(cudaEventCreateWithFlags(&rt_nccl_out, cudaEventDisableTiming));
}

RT_API void rt_mpi_transport_close(void) {
  RT_CUDA_CHECK(cudaEventDestroy(rt_nccl_in));
  RT_CUDA_CHECK(cudaEventDestroy(rt_nccl_out));
  RT_CUDA_CHECK(cudaStreamDestroy(rt_nccl_queue));
  RT_NCCL_CHECK(ncclCommDestroy(rt_nccl));
}

/* The swap of axis 0's slabs (rt_mpi_slab's blocks: one run each) between the GPUs' buffers 0,
 * after the kernels queued so far and before any queued later. */
RT_API void rt_mpi_nccl_exchange(const RtPart *p, Engine *e) {
  ncclDataType_t type = sizeof(rt_real) == 8 ? ncclDouble : ncclFloat;
  RT_CUDA_CHECK(cudaEventRecord(rt_nccl_in, 0));
  RT_CUDA_CHECK(cudaStreamWaitEvent(rt_nccl_queue, rt_nccl_in, 0));
  RT_NCCL_CHECK(ncclGroupStart());
  for (int k = 0; k < 4; k++) {
    RtBlock blk;
    if (!rt_mpi_slab(p, 0, k, &blk)) continue;
    rt_real *at = engine_device_span(e, 0, blk.offset);
    int peer = rt_mpi_peer(p, 0, k < 2 ? -1 : 1);
    if (k % 2) RT_NCCL_CHECK(ncclRecv(at, (size_t)blk.chunk, type, peer, rt_nccl, rt_nccl_queue));
    else RT_NCCL_CHECK(ncclSend(at, (size_t)blk.chunk, type, peer, rt_nccl, rt_nccl_queue));
  }
  RT_NCCL_CHECK(ncclGroupEnd());
  RT_CUDA_CHECK(cudaEventRecord(rt_nccl_out, rt_nccl_queue));
  RT_CUDA_CHECK(cudaStreamWaitEvent(0, rt_nccl_out, 0));
}

/* The queued exchanges are done (before the host reads a result or a clock). */
RT_API void rt_mpi_transport_wait(void) { RT_CUDA_CHECK(cudaStreamSynchronize(rt_nccl_queue)); }
#else
RT_API void rt_mpi_transport_open(void) {}
RT_API void rt_mpi_transport_close(void) {}
RT_API void rt_mpi_transport_wait(void) {}
#endif

/* The swap along axis a, start to end. */
RT_API void rt_mpi_exchange(const RtPart *p, int a, Engine *e) {
#ifdef RT_MPI_NCCL
  if (a == 0) {
    rt_mpi_nccl_exchange(p, e);
    return;
  }
#endif
  MPI_Request req[4];
  rt_mpi_pack(p, a, e);
  MPI_Waitall(rt_mpi_post(p, a, 1, p->slab, req), req, MPI_STATUSES_IGNORE);
  rt_mpi_unpack(p, a, e);
}

#if defined(RT_ENGINE_ADVANCE) || defined(RT_MPI_NCCL)
/* A backend that fuses steps has no hook for a step over some planes, and NCCL's exchange is
 * queued on the GPU without the host waiting: the swaps, then k steps. Returns the buffer holding
 * the result (rt_engine_steps). */
RT_API int rt_mpi_block(const RtPart *p, Engine *e, long k) {
  if (p->procs[1] > 1) rt_mpi_exchange(p, 1, e);
  if (p->procs[0] > 1) rt_mpi_exchange(p, 0, e);
  return rt_engine_steps(e, k);
}
#else
/* k steps from buffer 0, the halo swap along axis 0 overlapped with the first step's inner planes:
 * those whose reads stay inside the rank's own part (and the grid's fixed halo), which the
 * incoming slabs do not touch. (A swap along axis 1 comes first, whole.) The step writes buffer 1
 * while the slabs go out of and into buffer 0; the planes near the incoming halo follow the wait,
 * then the other k - 1 steps. As rt_engine_steps, returns the buffer holding the result, k % 2. */
RT_API int rt_mpi_block(const RtPart *p, Engine *e, long k) {
  MPI_Request req[4];
  if (p->procs[1] > 1) rt_mpi_exchange(p, 1, e);
  rt_mpi_pack(p, 0, e);
  int nreq = rt_mpi_post(p, 0, 1, p->slab, req);
  long first = p->local.lo[0], end = first + p->local.n[0]; /* the planes a step updates */
  long in_first = p->coord[0] > 0 ? p->pad_lo[0] + p->reach_lo[0] : first;
  long in_end = p->coord[0] < p->procs[0] - 1 ? p->pad_lo[0] + p->count[0] - p->reach_hi[0] : end;
  if (in_end > in_first) engine_step_planes(e, 0, in_first, in_end - in_first);
  MPI_Waitall(nreq, req, MPI_STATUSES_IGNORE);
  rt_mpi_unpack(p, 0, e);
  if (in_end <= in_first) {
    engine_step(e, 0); /* parts as thin as the halo: nothing to overlap */
  } else {
    if (in_first > first) engine_step_planes(e, 0, first, in_first - first);
    if (end > in_end) engine_step_planes(e, 0, in_end, end - in_end);
  }
  for (long t = 1; t < k; t++) engine_step(e, (int)(t % 2));
  return (int)(k % 2);
}
#endif

/* `steps` steps from buffer 0, the ranks swapping halos every halo_steps; the result ends in
 * buffer 0. */
RT_API void rt_mpi_run(const RtPart *p, Engine *e, long steps) {
  long b = p->halo_steps;
  for (long done = 0; done < steps; done += b) {
    long k = steps - done < b ? steps - done : b;
    int at = done > 0 && p->ranks > 1 ? rt_mpi_block(p, e, k) : rt_engine_steps(e, k);
    /* a block that ends on buffer 1 (an odd step count, or an odd count of fused launches) is
     * renamed, where a copy would move the whole part every block. Both buffers hold the same
     * fixed halo, and the planes the neighbours refresh are rewritten before they are read. */
    if (at == 1) engine_swap(e);
  }
  rt_mpi_transport_wait();
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
  RtPart p = rt_mpi_stencil_part(n, o->halo_steps);
  Engine *e = rt_mpi_engine(&p, seed);
  rt_mpi_run(&p, e, steps);
  RtBlock own = rt_mpi_owned(&p);
  rt_real *mine = (rt_real *)engine_host_alloc((size_t)(own.rows * own.chunk) * sizeof(rt_real));
  engine_read_block(e, 0, &own, mine);
  engine_destroy(e);
  rt_mpi_release(&p);
  RtGrid g = p.global;
  rt_real *buf[2] = {NULL, NULL}, *got = NULL;
  if (p.rank == 0) {
    buf[0] = rt_alloc_grid(&g), buf[1] = rt_alloc_grid(&g), got = rt_alloc_grid(&g);
    rt_initial_state(buf, &g, seed);
    if (dumps) rt_dump_initial(buf[0], &g, steps, o);
  }
  rt_mpi_gather(&p, mine, got);
  engine_host_free(mine);
  int pass = 1;
  if (p.rank == 0) {
    RtCheck c = rt_check_result(got, buf, &g, steps, gain, seed, o, dumps);
    char run[64];
    snprintf(run, sizeof run, " ranks=%d grid=%dx%d halo_steps=%ld", p.ranks, p.procs[0],
             p.procs[1], p.halo_steps);
    rt_check_print(label, n, steps, run, &c);
    pass = c.pass;
    free(buf[0]);
    free(buf[1]);
    free(got);
  }
  MPI_Bcast(&pass, 1, MPI_INT, 0, MPI_COMM_WORLD);
  return pass;
}

/* A timed run: `steps` steps of the part, the queued work complete on return. */
typedef struct {
  const RtPart *p;
  Engine *e;
  long steps;
} RtMpiRun;

static void rt_mpi_timed_run(void *ctx) {
  RtMpiRun *r = (RtMpiRun *)ctx;
  rt_mpi_run(r->p, r->e, r->steps);
  engine_sync(r->e);
}

/* The median of reps timed runs of `steps` steps after a warm-up (rt_mpi_time_runs), in ms. */
RT_API double rt_mpi_time(const long n[], long steps, long reps, uint64_t seed, long halo_steps) {
  RtPart p = rt_mpi_stencil_part(n, halo_steps);
  RtMpiRun run = {&p, rt_mpi_engine(&p, seed), steps};
  double median = rt_mpi_time_runs(rt_mpi_timed_run, &run, reps);
  engine_destroy(run.e);
  rt_mpi_release(&p);
  return median;
}

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  RtOptions o;
  rt_parse_options(argc, argv, &rt_stencil, &o);
  if (o.time_ms)
    rt_mpi_refuse("stencilc: MPI programs take -s -t -r --seed --check-size --skip-full-check "
                  "--ref-cache --dump-init --dump --dump-input --dump-output --halo-steps; not "
                  "--time-ms");
  engine_setup();
  rt_mpi_transport_open();
  double gain = rt_setup_weights(&o);
  long check_n[RT_MAX_DIMS] = {0, 0, 0};
  int full = o.dump || o.dump_input || o.dump_output; /* the dumps are of the size asked for */
  for (int a = 0; a < rt_stencil.dims; a++)
    check_n[a] = !full && o.check[a] < o.n[a] ? o.check[a] : o.n[a];
  int ok = rt_mpi_check("a", check_n, o.steps, gain, o.seed, &o, 1);
  if (!o.skip_full_check)
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
           "gcells=%.4f gflops=%.3f verify=%s\n",
           rt_stencil.name, rt_stencil.backend, rt_stencil.dtype, size, o.steps, o.reps, ranks, ms,
           gcells, gcells * rt_stencil.flops, o.skip_full_check ? "SMALL" : "PASS");
  }
  rt_mpi_transport_close();
  MPI_Finalize();
  return 0;
}

#endif
