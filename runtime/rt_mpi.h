/* rt_mpi.h: main() of the single-stencil programs generated with --mpi (RT_MPI), included after
 * rt_driver.h and rt_mpi_part.h (the decomposition, deep halos and the swap), whose helpers it
 * uses; the engine is the backend's own, one per rank, on that rank's part. The exchange
 * interval B is --halo-steps, by default the backend's steps per launch, or 4.
 *
 * Verification gathers the parts on rank 0 and compares them with the single-process reference
 * (rt_check's comparison); the timing is the slowest rank's wall time over all steps, exchanges
 * included. */
#ifndef STENCILC_RT_MPI_H
#define STENCILC_RT_MPI_H

#ifndef RT_MPI_HALO_STEPS
#define RT_MPI_HALO_STEPS (RT_LAUNCH_STEPS > 1 ? RT_LAUNCH_STEPS : 4)
#endif

RT_API RtPart rt_mpi_stencil_part(const long n[], long asked) {
  long lo[2] = {rt_stencil.lo[0], rt_stencil.dims > 1 ? rt_stencil.lo[1] : 0};
  long hi[2] = {rt_stencil.hi[0], rt_stencil.dims > 1 ? rt_stencil.hi[1] : 0};
  return rt_mpi_part(&rt_stencil, lo, hi, n, asked, RT_MPI_HALO_STEPS);
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
RT_API void rt_mpi_pack(const RtPart *p, int a, Engine *e, rt_real *slab[4]) {
  RtBlock blk;
  for (int k = 0; k < 4; k += 2)
    if (rt_mpi_slab(p, a, k, &blk)) engine_read_block(e, 0, &blk, slab[k]);
}

RT_API void rt_mpi_unpack(const RtPart *p, int a, Engine *e, rt_real *slab[4]) {
  RtBlock blk;
  for (int k = 1; k < 4; k += 2)
    if (rt_mpi_slab(p, a, k, &blk)) engine_write_block(e, 0, &blk, slab[k]);
}

/* The swap along axis a, start to end. */
RT_API void rt_mpi_exchange(const RtPart *p, int a, Engine *e, rt_real *slab[4]) {
  MPI_Request req[4];
  rt_mpi_pack(p, a, e, slab);
  MPI_Waitall(rt_mpi_post(p, a, 1, slab, req), req, MPI_STATUSES_IGNORE);
  rt_mpi_unpack(p, a, e, slab);
}

#ifdef RT_ENGINE_ADVANCE
/* A backend that fuses steps has no hook for a step over some planes: the swaps, then k steps. */
RT_API void rt_mpi_block(const RtPart *p, Engine *e, rt_real *slab[4], long k) {
  if (p->procs[1] > 1) rt_mpi_exchange(p, 1, e, slab);
  if (p->procs[0] > 1) rt_mpi_exchange(p, 0, e, slab);
  rt_engine_run(e, k);
}
#else
/* k steps from buffer 0, the halo swap along axis 0 overlapped with the first step's inner planes:
 * those whose reads stay inside the rank's own part (and the grid's fixed halo), which the
 * incoming slabs do not touch. (A swap along axis 1 comes first, whole.) The step writes buffer 1
 * while the slabs go out of and into buffer 0; the planes near the incoming halo follow the wait,
 * then the other k - 1 steps. As rt_engine_run, the result lands in rt_result_buffer(k). */
RT_API void rt_mpi_block(const RtPart *p, Engine *e, rt_real *slab[4], long k) {
  MPI_Request req[4];
  if (p->procs[1] > 1) rt_mpi_exchange(p, 1, e, slab);
  rt_mpi_pack(p, 0, e, slab);
  int nreq = rt_mpi_post(p, 0, 1, slab, req);
  long first = p->local.lo[0], end = first + p->local.n[0]; /* the planes a step updates */
  long in_first = p->coord[0] > 0 ? p->pad_lo[0] + p->reach_lo[0] : first;
  long in_end = p->coord[0] < p->procs[0] - 1 ? p->pad_lo[0] + p->count[0] - p->reach_hi[0] : end;
  if (in_end > in_first) engine_step_planes(e, 0, in_first, in_end - in_first);
  MPI_Waitall(nreq, req, MPI_STATUSES_IGNORE);
  rt_mpi_unpack(p, 0, e, slab);
  if (in_end <= in_first) {
    engine_step(e, 0); /* parts as thin as the halo: nothing to overlap */
  } else {
    if (in_first > first) engine_step_planes(e, 0, first, in_first - first);
    if (end > in_end) engine_step_planes(e, 0, in_end, end - in_end);
  }
  for (long t = 1; t < k; t++) engine_step(e, (int)(t % 2));
  if (rt_result_buffer(k) != (int)(k % 2)) engine_copy(e, 1, 0);
}
#endif

/* `steps` steps from buffer 0, the ranks swapping halos every halo_steps; the result ends in
 * buffer 0. */
RT_API void rt_mpi_run(const RtPart *p, Engine *e, long steps) {
  long b = p->halo_steps;
  rt_real *slab[4];
  rt_mpi_slabs(p, 1, slab, engine_host_alloc);
  for (long done = 0; done < steps; done += b) {
    long k = steps - done < b ? steps - done : b;
    if (done > 0 && p->ranks > 1) rt_mpi_block(p, e, slab, k);
    else rt_engine_run(e, k);
    if (rt_result_buffer(k) == 1) engine_copy(e, 1, 0);
  }
  for (int k = 0; k < 4; k++) engine_host_free(slab[k]);
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
  RtGrid g = p.global;
  rt_real *buf[2] = {NULL, NULL}, *got = NULL;
  if (p.rank == 0) {
    buf[0] = rt_alloc_grid(&g), buf[1] = rt_alloc_grid(&g), got = rt_alloc_grid(&g);
    rt_initial_state(buf, &g, seed);
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

/* One warm-up run, then reps timed runs of `steps` steps, each the slowest rank's wall time;
 * returns the median in ms. */
RT_API double rt_mpi_time(const long n[], long steps, long reps, uint64_t seed, long halo_steps) {
  RtPart p = rt_mpi_stencil_part(n, halo_steps);
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
  MPI_Finalize();
  return 0;
}

#endif
