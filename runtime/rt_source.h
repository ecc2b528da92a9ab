/* rt_source.h: the point sources of stencil programs (PointSource in src/ir/program.h), in the
 * programs and check harnesses of the programs that have them only, after rt_program.h.
 *
 * A source array is an input like the grids: element i of source array n (n in the program's
 * order of sources) is rt_random_value(rt_prog_source_seed(n), i), the same in the engine, the
 * reference and the harness of stencilc check, which gives the user's array those values. Its
 * cell comes from integer run-time scalars (rt_w_host, exact integers) and is checked against
 * the grid at every injection: outside it, the program stops with a message (a write there
 * would corrupt memory, and clamping it would inject somewhere the source does not say). */
#ifndef STENCILC_RT_SOURCE_H
#define STENCILC_RT_SOURCE_H

RT_API uint64_t rt_prog_source_seed(int n) {
  return rt_mix64(0x736f75726365ULL + (uint64_t)n); /* "source" */
}

RT_API double rt_prog_source_value(int n, long i) {
  return rt_random_value(rt_prog_source_seed(n), (uint64_t)i);
}

/* The index in the grid's buffers of the source's cell (cell[a] along axis a, halo included);
 * exits when it lies outside the grid. */
RT_API long rt_prog_source_cell(const RtGrid *g, const char *field, const long *cell) {
  long c = 0;
  for (int a = 0; a < g->dims; a++) {
    if (cell[a] < 0 || cell[a] >= g->ext[a]) {
      fprintf(stderr, "stencilc: the point source into '%s' is at index %ld along axis %d, "
                      "outside the grid (0 .. %ld, halo included): give its index parameters "
                      "values inside the grid (stencilc gen --param NAME=VALUE)\n",
              field, cell[a], a, g->ext[a] - 1);
      exit(2);
    }
    c += cell[a] * g->stride[a];
  }
  return c;
}

/* stencilc check's harness (src/harness/program_harness.c): the user's source array n, `count`
 * elements of `elem` bytes (float or double), the values above; never freed (the run is short). */
RT_API void *rt_up_source(int n, long count, size_t elem) {
  void *a = rt_xmalloc((size_t)count * elem);
  for (long i = 0; i < count; i++)
    if (elem == sizeof(float)) ((float *)a)[i] = (float)(rt_real)rt_prog_source_value(n, i);
    else ((double *)a)[i] = (double)(rt_real)rt_prog_source_value(n, i);
  return a;
}

#ifdef RT_PROGRAM_CUDA
/* One thread: the cell gets v (set) or v added (the host negated a subtracted value). */
__global__ void rt_prog_source_kernel(rt_real *out, long c, rt_real v, int set) {
  out[c] = set ? v : out[c] + v;
}
#endif

#endif
