/* rt_program_mpi.h: main() of the stencil programs generated with --mpi (RT_MPI), included after
 * rt_program_main.h (inputs, checks) and rt_mpi_part.h (the decomposition, deep halos, the
 * swap). Before it the generated code defines RT_PROG_STEP_REACH0 and RT_PROG_STEP_REACH1: the
 * cells along axes 0 and 1 one whole step (every stage, each reading what the earlier ones
 * wrote) depends on, on either side, the sum of the stages' radii along the axis.
 *
 * Every rank holds every field on its part: coefficient grids are read only, so their halo is
 * filled once from the global values; every buffer of every state field (all time levels: a
 * three-level wave step reads t and t-1) is exchanged every B steps, the slabs of all buffers
 * packed into one message each way. Step t of the program is step t on every rank, so the
 * buffers rotate alike. Verification gathers every written buffer and compares it with the
 * single-process reference, as rt_prog_check does; --dump, --dump-input and --dump-output write
 * the gathered buffers as the single-process program writes its own. */
#ifndef STENCILC_RT_PROGRAM_MPI_H
#define STENCILC_RT_PROGRAM_MPI_H

RT_API int rt_prog_state_buffers(void) {
  int n = 0;
  for (int i = 0; i < RT_PROG_BUFFERS; i++) n += rt_prog_state(i);
  return n;
}

/* This rank's part, with its staging memory (rt_mpi_release frees it): every exchange of a
 * program is staged. */
RT_API RtPart rt_prog_part(const long n[], long asked) {
  long reach[2] = {RT_PROG_STEP_REACH0, RT_PROG_STEP_REACH1};
  RtPart p = rt_mpi_part(&rt_program.view, reach, reach, n, asked, 4);
  rt_mpi_slabs(&p, rt_prog_state_buffers(), 1, rt_engine_host_alloc, rt_engine_host_free);
  return p;
}

/* Swaps the halo slabs along axis a of every state buffer with both neighbours. */
RT_API void rt_prog_exchange(const RtPart *p, int a, rt_real **d) {
  RtBlock blk;
  MPI_Request req[4];
  for (int k = 0; k < 4; k += 2)
    if (rt_mpi_slab(p, a, k, &blk))
      for (int i = 0, j = 0; i < RT_PROG_BUFFERS; i++)
        if (rt_prog_state(i)) rt_engine_get_block(p->slab[k] + j++ * blk.rows * blk.chunk, d[i], &blk);
  MPI_Waitall(rt_mpi_post(p, a, rt_prog_state_buffers(), p->slab, req), req, MPI_STATUSES_IGNORE);
  for (int k = 1; k < 4; k += 2)
    if (rt_mpi_slab(p, a, k, &blk))
      for (int i = 0, j = 0; i < RT_PROG_BUFFERS; i++)
        if (rt_prog_state(i)) rt_engine_put_block(d[i], &blk, p->slab[k] + j++ * blk.rows * blk.chunk);
}

/* Steps [0, steps) on the rank's part, exchanging before every B-th. */
RT_API void rt_prog_mpi_run(const RtPart *p, rt_real **d, long steps) {
  for (long t = 0; t < steps; t++) {
    if (t > 0 && t % p->halo_steps == 0)
      for (int a = 1; a >= 0; a--) /* axis 1 first: axis 0's whole planes carry the corners */
        if (p->procs[a] > 1) rt_prog_exchange(p, a, d);
    program_step(d, &p->local, t);
  }
  rt_engine_sync();
}

/* The rank's engine buffers, holding its part of the inputs of the whole grid. */
RT_API void rt_prog_mpi_upload(const RtPart *p, rt_real **d, uint64_t seed) {
  rt_real *h[RT_PROG_BUFFERS];
  rt_prog_inputs(h, &p->local, seed, rt_mpi_global_cell, p);
  rt_prog_upload(d, h, &p->local);
  rt_prog_free(h);
}

/* rt_prog_check for the distributed run; every rank returns the verdict. With dumps (1), rank 0
 * writes those asked for as the single process does: --dump the gathered written buffers raw,
 * --dump-input the inputs of the whole grid, --dump-output every gathered buffer (rt_prog_dump). */
RT_API int rt_prog_mpi_check(const char *label, const long n[], long steps, uint64_t seed,
                             const RtOptions *o, int dumps) {
  RtPart p = rt_prog_part(n, o->halo_steps);
  rt_real *d[RT_PROG_ENGINE_BUFFERS];
  rt_prog_mpi_upload(&p, d, seed);
  rt_prog_mpi_run(&p, d, steps);
  rt_mpi_release(&p);
  RtGrid g = p.global;
  rt_real *h[RT_PROG_BUFFERS] = {NULL}, *out[RT_PROG_BUFFERS] = {NULL};
  const char *dump = dumps ? o->dump : NULL;
  int whole = dumps && o->dump_output; /* every buffer gathered, coefficient grids too */
  RtProgCheck c = rt_prog_check_start(steps);
  FILE *df = NULL;
  if (p.rank == 0) {
    rt_prog_inputs(h, &g, seed, NULL, NULL);
    if (dumps && o->dump_input) rt_prog_dump(o->dump_input, &g, steps, h);
    for (long t = 0; t < steps; t++) reference_step(h, &g, t);
    df = rt_prog_dump_open(dump);
  }
  RtBlock own = rt_mpi_owned(&p);
  rt_real *mine = (rt_real *)rt_xmalloc((size_t)(own.rows * own.chunk) * sizeof(rt_real));
  for (int i = 0; i < RT_PROG_BUFFERS; i++) {
    if (!d[i] || (!whole && !rt_prog_state(i))) continue;
    if (p.rank == 0) out[i] = rt_alloc_grid(&g);
    rt_engine_get_block(mine, d[i], &own);
    rt_mpi_gather(&p, mine, out[i]);
    if (p.rank != 0) continue;
    if (rt_prog_state(i)) {
      if (df) fwrite(out[i], sizeof(rt_real), (size_t)g.cells, df);
      rt_prog_compare(&c, out[i], h[i], g.cells);
    }
    if (!whole) { /* one gathered grid at a time */
      free(out[i]);
      out[i] = NULL;
    }
  }
  free(mine);
  rt_prog_release(d);
  if (p.rank == 0) {
    rt_prog_dump_close(df, dump);
    if (whole) rt_prog_dump(o->dump_output, &g, steps, out);
    char run[64];
    snprintf(run, sizeof run, " ranks=%d grid=%dx%d halo_steps=%ld", p.ranks, p.procs[0],
             p.procs[1], p.halo_steps);
    rt_prog_check_print(label, n, steps, run, &c);
    rt_prog_free(out);
    rt_prog_free(h);
  }
  int pass = c.pass;
  MPI_Bcast(&pass, 1, MPI_INT, 0, MPI_COMM_WORLD);
  return pass;
}

/* A timed run: `steps` steps of the part (rt_prog_mpi_run completes them). */
typedef struct {
  const RtPart *p;
  rt_real **d;
  long steps;
} RtProgMpiRun;

static void rt_prog_mpi_timed_run(void *ctx) {
  RtProgMpiRun *r = (RtProgMpiRun *)ctx;
  rt_prog_mpi_run(r->p, r->d, r->steps);
}

/* The median of reps timed runs after a warm-up (rt_mpi_time_runs), in ms. */
RT_API double rt_prog_mpi_time(const long n[], long steps, long reps, uint64_t seed, long halo_steps) {
  RtPart p = rt_prog_part(n, halo_steps);
  rt_real *d[RT_PROG_ENGINE_BUFFERS];
  rt_prog_mpi_upload(&p, d, seed);
  RtProgMpiRun run = {&p, d, steps};
  double median = rt_mpi_time_runs(rt_prog_mpi_timed_run, &run, reps);
  rt_prog_release(d);
  rt_mpi_release(&p);
  return median;
}

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  RtOptions o;
  const RtStencil *view = &rt_program.view;
  rt_parse_options(argc, argv, view, &o);
  if (o.dump_init || o.ref_cache || o.time_ms)
    rt_mpi_refuse("stencilc: stencil programs on MPI ranks take -s -t -r --seed --check-size "
                  "--skip-full-check --dump --dump-input --dump-output --halo-steps; not "
                  "--dump-init, --ref-cache or --time-ms");
  rt_engine_setup();
  rt_prog_scalars(o.seed);
  long check_n[RT_MAX_DIMS] = {0, 0, 0};
  int full = o.dump || o.dump_input || o.dump_output; /* the dumps are of the size asked for */
  for (int a = 0; a < view->dims; a++)
    check_n[a] = !full && o.check[a] < o.n[a] ? o.check[a] : o.n[a];
  int ok = rt_prog_mpi_check("a", check_n, o.steps, o.seed, &o, 1);
  if (!o.skip_full_check)
    ok = rt_prog_mpi_check("b", o.n, o.steps < 3 ? o.steps : 3, o.seed + 1, &o, 0) && ok;
  if (!ok) {
    if (rt_mpi_rank() == 0) printf("FAIL: verification failed, not timing\n");
    MPI_Finalize();
    return 1;
  }
  double ms = rt_prog_mpi_time(o.n, o.steps, o.reps, o.seed + 2, o.halo_steps);
  if (rt_mpi_rank() == 0) {
    double cells = 1;
    for (int a = 0; a < view->dims; a++) cells *= (double)o.n[a];
    double gcells = cells * (double)o.steps / (ms * 1e-3) / 1e9;
    int ranks = 1;
    MPI_Comm_size(MPI_COMM_WORLD, &ranks);
    char size[96];
    rt_format_size(size, sizeof size, view->dims, o.n);
    printf("RESULT name=%s backend=%s dtype=%s size=%s steps=%ld reps=%ld ranks=%d ms=%.3f "
           "gcells=%.4f gflops=%.3f verify=%s\n",
           view->name, view->backend, view->dtype, size, o.steps, o.reps, ranks, ms, gcells,
           gcells * view->flops, o.skip_full_check ? "SMALL" : "PASS");
  }
  MPI_Finalize();
  return 0;
}

#endif
