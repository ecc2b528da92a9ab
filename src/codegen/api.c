/* The library form of a stencil: a header of extern "C" entry points and a source holding the
 * runtime, the backend's kernel code (emitted by its own `emit`, as in its benchmark program)
 * and the entry points below.
 *
 * The contract (stated in the header): buf0 holds level 0, halo included; the halo is the
 * boundary condition, so before the first step the entry points copy buf0's halo into buf1
 * (2 * dims strided copies, no interior cell): what buf1 holds on entry never matters. A
 * temporally blocked backend keeps the halo of the level it starts from for every fused step,
 * which is right only when both buffers share it; the copy makes it so for every backend. After
 * `steps` steps buf[steps % 2] holds level `steps` and the other buffer level steps - 1, as the
 * plain loop A[(t + 1) % 2] = f(A[t % 2]) leaves them: a fused backend runs steps - 1 steps, then
 * one more. NAME_run_levels keeps the plain loop's semantics instead (each buffer its own halo),
 * for stencilc rewrite: the user's two levels may differ in their halo (PolyBench's jacobi-2d
 * initialises A and B differently), and the rewritten program must compute what the loop did.
 *
 * A stencil program's library (several fields, time levels, stages, coefficient grids) runs
 * its program_step (program.h, the code of its generated program) from the source's own t0 on
 * every buffer of every field, so each buffer ends as the source's loop leaves it; its halo
 * contract copies each field's halo from the buffer of level t0 into the others (run_levels
 * does not). Run-time scalars are named arguments of both kinds of entry points.
 *
 * A convergence loop's library (Stencil.conv, cpu backend) has run and run_levels only, with
 * the tolerance and the iteration cap in place of `steps` (its tolerance parameter is no scalar
 * argument besides) and the iterations made and the last residual out: api_converge
 * (converge.c) steps as the source's loop does, so buf[iterations % 2] holds the last level. */
#include "api.h"

#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "emit.h"
#include "n5d.h"
#include "p25d.h"
#include "program.h"
#include "util/diag.h"
#include "util/version.h"

/* The text every library carries: API_(x) names prefix_x; API_DIMS, API_LO, API_HI and the
 * error codes are defined before it, and the engine's api_copy_rows. */
static const char api_base[] =
    "static const long api_lo[RT_MAX_DIMS] = API_LO, api_hi[RT_MAX_DIMS] = API_HI;\n"
    "\n"
    "const char *API_(strerror)(int code) {\n"
    "  switch (code) {\n"
    "  case 0: return \"success\";\n"
    "  case API_ESIZE: return \"an extent leaves no interior cell (extent <= halo below + above) \"\n"
    "                         \"or exceeds 2^31 - 1, or the grid exceeds memory\";\n"
    "  case API_EARG: return \"a negative steps or t0, a NULL buffer or weights, or one buffer \"\n"
    "                        \"given for two time levels\";\n"
    "  case API_EDEVICE: return \"the device failed (out of memory, no device, launch error)\";\n"
    "  default: return \"unknown error code\";\n"
    "  }\n"
    "}\n"
    "\n"
    "void API_(exit_on_error)(int code) {\n"
    "  if (!code) return;\n"
    "  fprintf(stderr, \"%s: %s\\n\", API_NAME, API_(strerror)(code));\n"
    "  exit(1);\n"
    "}\n"
    "\n"
    "/* The grid of the caller's extents (halo included); 0 or API_ESIZE. */\n"
    "static int api_grid(RtGrid *g, const long ext[]) {\n"
    "  memset(g, 0, sizeof *g);\n"
    "  g->dims = API_DIMS;\n"
    "  g->cells = 1;\n"
    "  for (int a = API_DIMS - 1; a >= 0; a--) {\n"
    "    if (ext[a] <= api_lo[a] + api_hi[a] || ext[a] > 2147483647L) return API_ESIZE;\n"
    "    if (g->cells > (long)(((size_t)-1 / 2) / sizeof(rt_real)) / ext[a]) return API_ESIZE;\n"
    "    g->n[a] = ext[a] - api_lo[a] - api_hi[a];\n"
    "    g->lo[a] = api_lo[a];\n"
    "    g->ext[a] = ext[a];\n"
    "    g->stride[a] = g->cells;\n"
    "    g->cells *= ext[a];\n"
    "  }\n"
    "  return 0;\n"
    "}\n"
    "\n"
    "/* `rows` on the halo of `to` and `from`: along each axis a the slabs below and above the\n"
    " * interior, `outer` runs of len elements, pitch = ext[a] * stride[a] apart. Returns 1 as soon as\n"
    " * `rows` does, else 0. */\n"
    "typedef int (*ApiRows)(rt_real *to, const rt_real *from, long pitch, long len, long outer);\n"
    "static int api_halo(rt_real *to, const rt_real *from, const RtGrid *g, ApiRows rows) {\n"
    "  long outer = 1;\n"
    "  for (int a = 0; a < g->dims; a++) {\n"
    "    const long pitch = g->ext[a] * g->stride[a], above = (g->lo[a] + g->n[a]) * g->stride[a];\n"
    "    const long at[2] = {0, above}, len[2] = {g->lo[a] * g->stride[a], pitch - above};\n"
    "    for (int s = 0; s < 2; s++)\n"
    "      if (len[s] > 0 && rows(to + at[s], from + at[s], pitch, len[s], outer)) return 1;\n"
    "    outer *= g->ext[a];\n"
    "  }\n"
    "  return 0;\n"
    "}\n"
    "\n"
    "/* Whether host rows differ (bit for bit): for api_halo. */\n"
    "RT_API int api_rows_differ(rt_real *a, const rt_real *b, long pitch, long len, long outer) {\n"
    "  for (long i = 0; i < outer; i++)\n"
    "    if (memcmp(a + i * pitch, b + i * pitch, (size_t)len * sizeof(rt_real))) return 1;\n"
    "  return 0;\n"
    "}\n"
    "\n";

/* One stencil's entry points share these: API_NWEIGHTS is defined before them, and
 * API_EXTENTS, API_EXTENT_LIST, API_WEIGHTS, API_W and API_W_ARG before the entries below. */
static const char api_single[] =
    "/* The arguments every entry point checks: 0, API_ESIZE or API_EARG. */\n"
    "static int api_check(RtGrid *g, const long ext[], long steps, const rt_real *w) {\n"
    "  (void)w;\n"
    "  if (steps < 0 || (API_NWEIGHTS > 0 && !w)) return API_EARG;\n"
    "  return api_grid(g, ext);\n"
    "}\n"
    "\n"
    "/* api_check, and buf0 given (the host entry points: buf1 may be NULL). */\n"
    "static int api_check_host(RtGrid *g, const long ext[], long steps, const rt_real *w,\n"
    "                          const rt_real *buf0) {\n"
    "  int rc = api_check(g, ext, steps, w);\n"
    "  return rc ? rc : buf0 ? 0 : API_EARG;\n"
    "}\n"
    "\n"
    "/* `steps` steps from buf[0]: buf[steps % 2] ends with level steps, the other buffer with level\n"
    " * steps - 1. Step t reads buf[t % 2]'s halo when the backend runs one step per launch, or\n"
    " * one_by_one makes it (a fused launch reads its first level's halo for all its steps). The\n"
    " * caller's pointers cannot be renamed: when the fused launches of the first steps - 1 steps\n"
    " * end on buf[steps % 2], that level is copied once (api_copy_rows) to the other buffer, which\n"
    " * the last step reads. Returns 1 when that copy failed, else 0. */\n"
    "static int api_steps(rt_real *buf[2], const RtGrid *g, long steps, int one_by_one) {\n"
    "#ifdef RT_ENGINE_ADVANCE\n"
    "  for (long t = 0; one_by_one && t < steps; t++) {\n"
    "    rt_real *pair[2] = {buf[t % 2], buf[1 - t % 2]};\n"
    "    stencil_advance(pair, g, 1);\n"
    "  }\n"
    "  if (steps < 1 || one_by_one) return 0;\n"
    "  const int at = stencil_advance(buf, g, steps - 1), last = (int)(steps % 2);\n"
    "  if (at == last && api_copy_rows(buf[1 - last], buf[last], g->cells, g->cells, 1)) return 1;\n"
    "  rt_real *pair[2] = {buf[1 - last], buf[last]};\n"
    "  stencil_advance(pair, g, 1);\n"
    "#else\n"
    "  (void)one_by_one;\n"
    "  for (long t = 0; t < steps; t++) stencil_step(buf[t % 2], buf[1 - t % 2], g);\n"
    "#endif\n"
    "  return 0;\n"
    "}\n";

/* CUDA: the work goes to the legacy default stream, where the backends' kernels launch, ordered
 * after what the caller's stream holds and before what it queues there next. */
static const char api_cuda_rows[] =
    "static cudaError_t api_rows_error;\n"
    "static int api_copy_rows(rt_real *to, const rt_real *from, long pitch, long len, long rows) {\n"
    "  const size_t p = (size_t)pitch * sizeof(rt_real);\n"
    "  api_rows_error = cudaMemcpy2DAsync(to, p, from, p, (size_t)len * sizeof(rt_real), (size_t)rows,\n"
    "                                     cudaMemcpyDeviceToDevice, 0);\n"
    "  return api_rows_error != cudaSuccess;\n"
    "}\n"
    "\n"
    "/* Runs work(ctx) on the legacy default stream, where the kernels launch, after the work in\n"
    " * `stream`, the weights w uploaded first; what `stream` queues next waits for it. work returns 1\n"
    " * when a copy of api_copy_rows failed. 0 or API_EDEVICE. */\n"
    "typedef int (*ApiWork)(void *ctx);\n"
    "static int api_on_stream(struct CUstream_st *stream, const rt_real *w, ApiWork work, void *ctx) {\n"
    "  cudaEvent_t ev = NULL;\n"
    "  cudaError_t e = cudaEventCreateWithFlags(&ev, cudaEventDisableTiming);\n"
    "  if (e == cudaSuccess) e = cudaEventRecord(ev, stream);\n"
    "  if (e == cudaSuccess) e = cudaStreamWaitEvent(0, ev, 0);\n"
    "#ifdef RT_NWEIGHTS\n"
    "  if (e == cudaSuccess) e = cudaMemcpyToSymbolAsync(rt_w, w, sizeof rt_w, 0, cudaMemcpyHostToDevice, 0);\n"
    "#else\n"
    "  (void)w;\n"
    "#endif\n"
    "  if (e == cudaSuccess && work(ctx)) e = api_rows_error;\n"
    "  const cudaError_t steps_error = rt_cuda_take_error(); /* a launch of the steps failed */\n"
    "  if (e == cudaSuccess) e = cudaGetLastError();\n"
    "  if (e == cudaSuccess) e = steps_error;\n"
    "  if (e == cudaSuccess) e = cudaEventRecord(ev, 0);\n"
    "  if (e == cudaSuccess) e = cudaStreamWaitEvent(stream, ev, 0);\n"
    "  if (ev) cudaEventDestroy(ev);\n"
    "  return e == cudaSuccess ? 0 : API_EDEVICE;\n"
    "}\n";

static const char api_cuda_entries[] =
    "#define API_TRY(call) do { if ((call) != cudaSuccess) { rc = API_EDEVICE; goto done; } } while (0)\n"
    "\n"
    "/* run_device's work: buf0's halo into buf1, then the steps. */\n"
    "typedef struct {\n"
    "  rt_real **buf;\n"
    "  const RtGrid *g;\n"
    "  long steps;\n"
    "} ApiSingleWork;\n"
    "static int api_single_work(void *ctx) {\n"
    "  ApiSingleWork *k = (ApiSingleWork *)ctx;\n"
    "  if (k->steps > 0 && api_halo(k->buf[1], k->buf[0], k->g, api_copy_rows)) return 1;\n"
    "  return api_steps(k->buf, k->g, k->steps, 0);\n"
    "}\n"
    "\n"
    "int API_(run_device)(rt_real *buf0, rt_real *buf1, API_EXTENTS, long steps API_WEIGHTS,\n"
    "                     struct CUstream_st *stream) {\n"
    "  const long ext[] = {API_EXTENT_LIST};\n"
    "  RtGrid g;\n"
    "  int rc = api_check(&g, ext, steps, API_W);\n"
    "  if (rc) return rc;\n"
    "  if (!buf0 || !buf1) return API_EARG;\n"
    "  rt_real *buf[2] = {buf0, buf1};\n"
    "  ApiSingleWork work = {buf, &g, steps};\n"
    "  return api_on_stream(stream, API_W, api_single_work, &work);\n"
    "}\n"
    "\n"
    "int API_(run)(rt_real *buf0, rt_real *buf1, API_EXTENTS, long steps API_WEIGHTS) {\n"
    "  const long ext[] = {API_EXTENT_LIST};\n"
    "  RtGrid g;\n"
    "  int rc = api_check_host(&g, ext, steps, API_W, buf0);\n"
    "  if (rc) return rc;\n"
    "  const size_t bytes = (size_t)g.cells * sizeof(rt_real);\n"
    "  rt_real *host[2] = {buf0, buf1 ? buf1 : buf0}, *dev[2] = {NULL, NULL};\n"
    "  const int r = (int)(steps % 2);\n"
    "  API_TRY(cudaMalloc((void **)&dev[0], bytes));\n"
    "  API_TRY(cudaMalloc((void **)&dev[1], bytes));\n"
    "  API_TRY(cudaMemcpy(dev[0], buf0, bytes, cudaMemcpyHostToDevice));\n"
    "  rc = API_(run_device)(dev[0], dev[1], API_EXTENT_LIST, steps API_W_ARG, 0);\n"
    "  if (rc) goto done;\n"
    "  API_TRY(cudaMemcpy(host[r], dev[r], bytes, cudaMemcpyDeviceToHost));\n"
    "  if (buf1 && steps > 0) API_TRY(cudaMemcpy(host[1 - r], dev[1 - r], bytes, cudaMemcpyDeviceToHost));\n"
    "done:\n"
    "  cudaFree(dev[0]);\n"
    "  cudaFree(dev[1]);\n"
    "  return rc;\n"
    "}\n"
    "\n"
    "int API_(run_levels)(rt_real *buf0, rt_real *buf1, API_EXTENTS, long steps API_WEIGHTS) {\n"
    "  const long ext[] = {API_EXTENT_LIST};\n"
    "  RtGrid g;\n"
    "  int rc = api_check(&g, ext, steps, API_W);\n"
    "  if (rc || steps == 0) return rc;\n"
    "  if (!buf0 || !buf1) return API_EARG;\n"
    "  const size_t bytes = (size_t)g.cells * sizeof(rt_real);\n"
    "  const int differ = api_halo(buf1, buf0, &g, api_rows_differ);\n"
    "  rt_real *host[2] = {buf0, buf1}, *dev[2] = {NULL, NULL};\n"
    "  for (int b = 0; b < 2; b++) {\n"
    "    API_TRY(cudaMalloc((void **)&dev[b], bytes));\n"
    "    API_TRY(cudaMemcpy(dev[b], host[b], bytes, cudaMemcpyHostToDevice));\n"
    "  }\n"
    "#ifdef RT_NWEIGHTS\n"
    "  API_TRY(cudaMemcpyToSymbol(rt_w, API_W, sizeof rt_w));\n"
    "#endif\n"
    "  {\n"
    "    const int copy_failed = api_steps(dev, &g, steps, differ); /* a block: goto done skips it */\n"
    "    API_TRY(rt_cuda_take_error()); /* a launch of the steps failed */\n"
    "    API_TRY(copy_failed ? api_rows_error : cudaGetLastError());\n"
    "  }\n"
    "  for (int b = 0; b < 2; b++) API_TRY(cudaMemcpy(host[b], dev[b], bytes, cudaMemcpyDeviceToHost));\n"
    "done:\n"
    "  cudaFree(dev[0]);\n"
    "  cudaFree(dev[1]);\n"
    "  return rc;\n"
    "}\n";

/* cpu: "device" pointers are host pointers and there is no stream. */
static const char api_cpu_rows[] =
    "static int api_copy_rows(rt_real *to, const rt_real *from, long pitch, long len, long rows) {\n"
    "  for (long i = 0; i < rows; i++) memcpy(to + i * pitch, from + i * pitch, (size_t)len * sizeof(rt_real));\n"
    "  return 0;\n"
    "}\n";

static const char api_cpu_entries[] =
    "/* Both entries on the buffers as given; halo_levels: each step reads the halo of the level\n"
    " * it reads (run_levels) rather than buf0's (run_device). */\n"
    "static int api_cpu_pair(rt_real *buf0, rt_real *buf1, const long ext[], long steps,\n"
    "                        const rt_real *w, int halo_levels) {\n"
    "  RtGrid g;\n"
    "  int rc = api_check(&g, ext, steps, w);\n"
    "  if (rc) return rc;\n"
    "  if (!buf0 || !buf1) return API_EARG;\n"
    "#ifdef RT_NWEIGHTS\n"
    "  memcpy(rt_w_host, w, sizeof rt_w_host);\n"
    "#endif\n"
    "  rt_real *buf[2] = {buf0, buf1};\n"
    "  if (!halo_levels && steps > 0) api_halo(buf1, buf0, &g, api_copy_rows);\n"
    "  api_steps(buf, &g, steps, halo_levels);\n"
    "  return 0;\n"
    "}\n"
    "\n"
    "int API_(run_device)(rt_real *buf0, rt_real *buf1, API_EXTENTS, long steps API_WEIGHTS,\n"
    "                     struct CUstream_st *stream) {\n"
    "  (void)stream;\n"
    "  const long ext[] = {API_EXTENT_LIST};\n"
    "  return api_cpu_pair(buf0, buf1, ext, steps, API_W, 0);\n"
    "}\n"
    "\n"
    "int API_(run)(rt_real *buf0, rt_real *buf1, API_EXTENTS, long steps API_WEIGHTS) {\n"
    "  const long ext[] = {API_EXTENT_LIST};\n"
    "  if (buf1) return API_(run_device)(buf0, buf1, API_EXTENT_LIST, steps API_W_ARG, NULL);\n"
    "  RtGrid g; /* only buf0: the other level in a buffer of our own */\n"
    "  int rc = api_check_host(&g, ext, steps, API_W, buf0);\n"
    "  if (rc) return rc;\n"
    "  const size_t bytes = (size_t)g.cells * sizeof(rt_real);\n"
    "  rt_real *other = (rt_real *)malloc(bytes);\n"
    "  if (!other) return API_EDEVICE; /* out of memory: returned, as a CUDA library returns it */\n"
    "  rc = API_(run_device)(buf0, other, API_EXTENT_LIST, steps API_W_ARG, NULL);\n"
    "  if (!rc && steps % 2) memcpy(buf0, other, bytes);\n"
    "  free(other);\n"
    "  return rc;\n"
    "}\n"
    "\n"
    "int API_(run_levels)(rt_real *buf0, rt_real *buf1, API_EXTENTS, long steps API_WEIGHTS) {\n"
    "  const long ext[] = {API_EXTENT_LIST};\n"
    "  return api_cpu_pair(buf0, buf1, ext, steps, API_W, 1);\n"
    "}\n";

/* A convergence loop's entry points (cpu; Stencil.conv): api_converge (converge.c) is defined
 * before them, with API_EXTENTS, API_EXTENT_LIST, API_WEIGHTS and API_W. */
static const char api_converge_entries[] =
    "/* The arguments: 0, API_ESIZE or API_EARG. */\n"
    "static int api_converge_check(RtGrid *g, const long ext[], long max_iter, const rt_real *w,\n"
    "                              const rt_real *buf0) {\n"
    "  (void)w;\n"
    "  if (max_iter < 0 || !buf0 || (API_NWEIGHTS > 0 && !w)) return API_EARG;\n"
    "  return api_grid(g, ext);\n"
    "}\n"
    "\n"
    "/* The loop on buf0 and buf1; halo_levels: each step reads the halo of the buffer it reads\n"
    " * (run_levels) rather than buf0's (run). */\n"
    "static int api_converge_pair(rt_real *buf0, rt_real *buf1, const long ext[], double tol,\n"
    "                             long max_iter, const rt_real *w, int halo_levels,\n"
    "                             long *iterations, double *residual) {\n"
    "  RtGrid g;\n"
    "  int rc = api_converge_check(&g, ext, max_iter, w, buf0);\n"
    "  if (rc) return rc;\n"
    "  if (!buf1 || buf1 == buf0) return API_EARG;\n"
    "#ifdef RT_NWEIGHTS\n"
    "  memcpy(rt_w_host, w, sizeof rt_w_host);\n"
    "#endif\n"
    "  rt_real *buf[2] = {buf0, buf1};\n"
    "  if (!halo_levels) api_halo(buf1, buf0, &g, api_copy_rows);\n"
    "  double r;\n"
    "  const long k = api_converge(buf, &g, tol, max_iter, &r);\n"
    "  if (iterations) *iterations = k;\n"
    "  if (residual) *residual = r;\n"
    "  return 0;\n"
    "}\n"
    "\n"
    "int API_(run)(rt_real *buf0, rt_real *buf1, API_EXTENTS, double tol, long max_iter API_WEIGHTS,\n"
    "              long *iterations, double *residual) {\n"
    "  const long ext[] = {API_EXTENT_LIST};\n"
    "  if (buf1) return api_converge_pair(buf0, buf1, ext, tol, max_iter, API_W, 0, iterations, residual);\n"
    "  RtGrid g; /* only buf0: the other level in a buffer of our own */\n"
    "  int rc = api_converge_check(&g, ext, max_iter, API_W, buf0);\n"
    "  if (rc) return rc;\n"
    "  const size_t bytes = (size_t)g.cells * sizeof(rt_real);\n"
    "  rt_real *other = (rt_real *)malloc(bytes);\n"
    "  if (!other) return API_EDEVICE; /* out of memory */\n"
    "  long k = 0;\n"
    "  rc = api_converge_pair(buf0, other, ext, tol, max_iter, API_W, 0, &k, residual);\n"
    "  if (!rc && k % 2) memcpy(buf0, other, bytes);\n"
    "  free(other);\n"
    "  if (!rc && iterations) *iterations = k;\n"
    "  return rc;\n"
    "}\n"
    "\n"
    "int API_(run_levels)(rt_real *buf0, rt_real *buf1, API_EXTENTS, double tol, long max_iter\n"
    "                     API_WEIGHTS, long *iterations, double *residual) {\n"
    "  const long ext[] = {API_EXTENT_LIST};\n"
    "  return api_converge_pair(buf0, buf1, ext, tol, max_iter, API_W, 1, iterations, residual);\n"
    "}\n";

/* A stencil program's entry points share these: API_LEVELS (buffers per field), API_COEF
 * (1 for a coefficient grid, 2 + a for a 1D coefficient array along axis a), API_FIELD_LO and API_FIELD_HI (the bounds of the stage writing each field:
 * outside them is the field's halo) are defined before them, and program_step (program.h). */
static const char api_program[] =
    "static const int api_levels[RT_PROG_FIELDS] = API_LEVELS, api_coef[RT_PROG_FIELDS] = API_COEF;\n"
    "static const long api_flo[RT_PROG_FIELDS][RT_MAX_DIMS] = API_FIELD_LO;\n"
    "static const long api_fhi[RT_PROG_FIELDS][RT_MAX_DIMS] = API_FIELD_HI;\n"
    "\n"
    "/* The arguments: 0, API_ESIZE or API_EARG. buf[RT_PROG_LEVELS * f + k] is buffer k of field f. */\n"
    "static int api_program_check(RtGrid *g, const long ext[], long t0, long steps,\n"
    "                             rt_real *const *buf) {\n"
    "  if (steps < 0 || t0 < 0 || steps > LONG_MAX - t0) return API_EARG;\n"
    "  for (int f = 0; f < RT_PROG_FIELDS; f++)\n"
    "    for (int k = 0; k < api_levels[f]; k++) {\n"
    "      if (!buf[RT_PROG_LEVELS * f + k]) return API_EARG;\n"
    "      for (int j = 0; j < k; j++)\n"
    "        if (buf[RT_PROG_LEVELS * f + j] == buf[RT_PROG_LEVELS * f + k]) return API_EARG;\n"
    "    }\n"
    "  return api_grid(g, ext);\n"
    "}\n"
    "\n"
    "/* The halo of each state field's buffer holding level t0 (buffer t0 % levels) copied into its\n"
    " * other buffers: 1 when `rows` fails, else 0. */\n"
    "static int api_program_halos(rt_real *const *buf, const RtGrid *g, long t0, ApiRows rows) {\n"
    "  for (int f = 0; f < RT_PROG_FIELDS; f++) {\n"
    "    const int levels = api_levels[f], from = (int)(t0 % levels);\n"
    "    RtGrid h = *g;\n"
    "    for (int a = 0; a < g->dims; a++) {\n"
    "      h.lo[a] = api_flo[f][a];\n"
    "      h.n[a] = g->ext[a] - api_flo[f][a] - api_fhi[f][a];\n"
    "    }\n"
    "    for (int k = 0; k < levels && !api_coef[f]; k++)\n"
    "      if (k != from && api_halo(buf[RT_PROG_LEVELS * f + k], buf[RT_PROG_LEVELS * f + from], &h, rows))\n"
    "        return 1;\n"
    "  }\n"
    "  return 0;\n"
    "}\n"
    "\n"
    "/* Steps t0 .. t0 + steps - 1, each as the source's loop body with t at that value. */\n"
    "static void api_program_steps(rt_real *const *buf, const RtGrid *g, long t0, long steps) {\n"
    "  for (long t = t0; t < t0 + steps; t++) program_step(buf, g, t);\n"
    "}\n";

static const char api_program_cuda[] =
    "#define API_TRY(call) do { if ((call) != cudaSuccess) { rc = API_EDEVICE; goto done; } } while (0)\n"
    "\n"
    "/* api_program_device's work: the halos when asked, then the steps. */\n"
    "typedef struct {\n"
    "  rt_real *const *buf;\n"
    "  const RtGrid *g;\n"
    "  long t0, steps;\n"
    "  int halos;\n"
    "} ApiProgramWork;\n"
    "static int api_program_work(void *ctx) {\n"
    "  ApiProgramWork *k = (ApiProgramWork *)ctx;\n"
    "  if (k->halos && api_program_halos(k->buf, k->g, k->t0, api_copy_rows)) return 1;\n"
    "  api_program_steps(k->buf, k->g, k->t0, k->steps);\n"
    "  return 0;\n"
    "}\n"
    "\n"
    "/* Device pointers, ordered after `stream`'s work and before what is queued there next. */\n"
    "static int api_program_device(rt_real *const *buf, const long ext[], long t0, long steps,\n"
    "                              const rt_real *w, int halos, struct CUstream_st *stream) {\n"
    "  RtGrid g;\n"
    "  int rc = api_program_check(&g, ext, t0, steps, buf);\n"
    "  if (rc || steps == 0) return rc;\n"
    "  ApiProgramWork work = {buf, &g, t0, steps, halos};\n"
    "  return api_on_stream(stream, w, api_program_work, &work);\n"
    "}\n"
    "\n"
    "/* Host pointers: every buffer copied in, the state fields' copied back. */\n"
    "static int api_program_host(rt_real *const *host, const long ext[], long t0, long steps,\n"
    "                            const rt_real *w, int halos) {\n"
    "  RtGrid g;\n"
    "  int rc = api_program_check(&g, ext, t0, steps, host);\n"
    "  if (rc || steps == 0) return rc;\n"
    "  const size_t bytes = (size_t)g.cells * sizeof(rt_real);\n"
    "  rt_real *dev[RT_PROG_FIELDS * RT_PROG_LEVELS] = {NULL};\n"
    "  for (int i = 0; i < RT_PROG_FIELDS * RT_PROG_LEVELS; i++)\n"
    "    if (host[i]) {\n"
    "      API_TRY(cudaMalloc((void **)&dev[i], bytes));\n"
    "      const int coef = api_coef[i / RT_PROG_LEVELS]; /* 2 + a: a 1D array along axis a */\n"
    "      const size_t in = coef > 1 ? (size_t)g.ext[coef - 2] * sizeof(rt_real) : bytes;\n"
    "      API_TRY(cudaMemcpy(dev[i], host[i], in, cudaMemcpyHostToDevice));\n"
    "    }\n"
    "  rc = api_program_device(dev, ext, t0, steps, w, halos, NULL);\n"
    "  for (int i = 0; !rc && i < RT_PROG_FIELDS * RT_PROG_LEVELS; i++)\n"
    "    if (host[i] && !api_coef[i / RT_PROG_LEVELS])\n"
    "      API_TRY(cudaMemcpy(host[i], dev[i], bytes, cudaMemcpyDeviceToHost));\n"
    "done:\n"
    "  for (int i = 0; i < RT_PROG_FIELDS * RT_PROG_LEVELS; i++) cudaFree(dev[i]);\n"
    "  return rc;\n"
    "}\n";

static const char api_program_cpu[] =
    "/* \"Device\" pointers are host pointers: the call completes the steps; no stream. */\n"
    "static int api_program_device(rt_real *const *buf, const long ext[], long t0, long steps,\n"
    "                              const rt_real *w, int halos, struct CUstream_st *stream) {\n"
    "  (void)stream;\n"
    "  RtGrid g;\n"
    "  int rc = api_program_check(&g, ext, t0, steps, buf);\n"
    "  if (rc || steps == 0) return rc;\n"
    "#ifdef RT_NWEIGHTS\n"
    "  memcpy(rt_w_host, w, sizeof rt_w_host);\n"
    "#else\n"
    "  (void)w;\n"
    "#endif\n"
    "  if (halos) api_program_halos(buf, &g, t0, api_copy_rows);\n"
    "  api_program_steps(buf, &g, t0, steps);\n"
    "  return 0;\n"
    "}\n"
    "\n"
    "static int api_program_host(rt_real *const *host, const long ext[], long t0, long steps,\n"
    "                            const rt_real *w, int halos) {\n"
    "  return api_program_device(host, ext, t0, steps, w, halos, NULL);\n"
    "}\n";

/* ---- What both kinds of library emit from the IR ---- */

/* The run-time scalars of a library: scalar k (EX_WEIGHT k, rt_w[k] in the kernels) is an
 * argument of the entry points, or derived from them (a single stencil's local
 * r = alpha * dt / (h * h), computed in the library as the generated programs compute it). */
enum { API_MAX_SCALARS = (int)IR_MAX_SCALARS > (int)PROG_MAX_SCALARS ? (int)IR_MAX_SCALARS : (int)PROG_MAX_SCALARS };

typedef struct {
  int n;
  const char *name[API_MAX_SCALARS];
  DType type[API_MAX_SCALARS];
  bool arg[API_MAX_SCALARS];
  bool tol[API_MAX_SCALARS]; /* a convergence loop's tolerance: the entry points' tol, not here */
} ApiScalars;

/* What a library is generated from: the facts its header and source state. */
typedef struct {
  const char *prefix, *header_name;
  const char *source_name, *func_name; /* the stencil's input and function, for comments */
  const GenOptions *opt;
  int dims;
  const int *lo, *hi; /* the grid's halo */
  ApiScalars sc;
  bool derive; /* the source defines rt_derive_scalars (emit_derive_scalars) */
} ApiLib;

/* The extent parameters "long e0, long e1" (type "long ") or arguments "e0, e1" (type ""), each
 * name after `pre`. */
static void extents(Buf *out, int dims, const char *type, const char *pre) {
  for (int a = 0; a < dims; a++) buf_printf(out, "%s%s%se%d", a ? ", " : "", type, pre, a);
}

/* The scalar arguments: ", double alpha, double dt" (typed, the user's names for the header),
 * ", double api_s0, ..." (typed, internal names for the source) or ", api_s0, ..." (untyped). */
/* A scalar's name as a parameter: an element of a coefficient array of the source, "c[2]",
 * becomes c_2. */
static void parameter_name(Buf *out, const char *name) {
  for (; *name; name++)
    if (*name != ']') buf_printf(out, "%c", *name == '[' ? '_' : *name);
}

static void scalar_args(Buf *out, const ApiScalars *sc, bool typed, bool user_names) {
  for (int k = 0; k < sc->n; k++) {
    if (!sc->arg[k]) continue;
    buf_printf(out, ", %s", typed ? ir_dtype_name(sc->type[k]) : "");
    if (typed) buf_puts(out, " ");
    if (user_names) parameter_name(out, sc->name[k]);
    else buf_printf(out, "api_s%d", k);
  }
}

/* api_scalars(the arguments): the kernels' rt_w values, derived ones computed (one static copy:
 * the header says that calls with different scalars must not overlap in time). */
static void emit_api_scalars(Buf *out, const ApiScalars *sc, bool derive) {
  buf_puts(out, "static const rt_real *api_scalars(int api_none");
  scalar_args(out, sc, true, false);
  buf_printf(out, ") {\n  static rt_real w[%d];\n  double v[%d] = {0};\n  (void)api_none;\n", sc->n, sc->n);
  for (int k = 0; k < sc->n; k++)
    if (sc->arg[k]) buf_printf(out, "  v[%d] = api_s%d;\n", k, k);
  if (derive) buf_puts(out, "  rt_derive_scalars(v);\n");
  buf_printf(out, "  for (int k = 0; k < %d; k++) w[k] = (rt_real)v[k];\n  return w;\n}\n", sc->n);
}

/* The header's first lines, up to the grid's description. */
static void header_intro(Buf *h, const ApiLib *l, const char *what) {
  const Backend *b = l->opt->backend;
  buf_printf(h,
             "/* Generated by stencilc " STENCILC_VERSION " from %s (function %s): library of %s, backend %s,\n"
             " * element type %s. Link with %s.%s (built by %s).\n"
             " *\n"
             " * Grid: %dD, axis 0 slowest, the last axis contiguous: a buffer holds e0",
             l->source_name, l->func_name[0] ? l->func_name : "?", what, b->name,
             ir_dtype_name(l->opt->dtype), l->prefix, b->engine->cuda ? "cu" : "c",
             b->engine->cuda ? "nvcc" : "a C compiler with OpenMP", l->dims);
  for (int a = 1; a < l->dims; a++) buf_printf(h, " * e%d", a);
  buf_printf(h, " elements, e_a the\n"
                " * extent along axis a, halo included (the sizes the arrays are declared with). The\n"
                " * interior along axis a is [%s_LO<a>, e_a - %s_HI<a>): only interior cells are written.\n",
             l->prefix, l->prefix);
}

/* The header's scalar lines, if any. */
static void header_scalars(Buf *h, const ApiScalars *sc) {
  bool derived = false, tol = false;
  int shown = 0;
  for (int k = 0; k < sc->n; k++) {
    derived = derived || (!sc->arg[k] && !sc->tol[k]);
    tol = tol || sc->tol[k];
    shown += !sc->tol[k];
  }
  if (!shown) return;
  bool element = false;
  for (int k = 0; k < sc->n; k++) element = element || strchr(sc->name[k], '[');
  buf_printf(h, " * Run-time scalars: the arguments after %s, the source's parameters of those names",
             tol ? "max_iter" : "steps");
  if (element) buf_puts(h, "\n * (x_k: element k of the source's coefficient array x)");
  if (derived) {
    buf_puts(h, "; the library\n * computes");
    for (int k = 0, first = 1; k < sc->n; k++)
      if (!sc->arg[k] && !sc->tol[k]) {
        buf_printf(h, "%s%s", first ? " " : ", ", sc->name[k]);
        first = 0;
      }
    buf_puts(h, " from them as the source does");
  }
  buf_puts(h, ". Calls with different scalars must not\n"
              " * overlap in time (the kernels read one copy per library).\n");
}

/* The header's enum, up to the error codes (the end of the comment before it is written). */
static void header_open(Buf *h, const ApiLib *l, const char *more_enum) {
  char guard[IR_NAME_MAX + 8];
  size_t i = 0;
  for (; l->prefix[i] && i < IR_NAME_MAX; i++) guard[i] = (char)toupper((unsigned char)l->prefix[i]);
  snprintf(guard + i, sizeof guard - i, "_H");
  buf_printf(h, " * Returns 0, or an error code that %s_strerror describes: ESIZE and EARG before anything\n"
                " * runs; EDEVICE when a CUDA call or a kernel launch failed (a launch beyond the device's\n"
                " * limits, a grid too large, included) or memory ran out, the buffers then holding no\n"
                " * defined level. The library never ends the process (%s_exit_on_error does, when\n"
                " * asked). */\n"
                "#ifndef %s\n#define %s\n\n"
                "#ifdef __cplusplus\nextern \"C\" {\n#endif\n\n"
                "struct CUstream_st; /* cudaStream_t is a pointer to it */\n\n"
                "enum {\n  %s_DIMS = %d,\n%s",
             l->prefix, l->prefix, guard, guard, l->prefix, l->dims, more_enum);
  for (int a = 0; a < l->dims; a++)
    buf_printf(h, "  %s_LO%d = %d, %s_HI%d = %d,\n", l->prefix, a, l->lo[a], l->prefix, a, l->hi[a]);
  buf_printf(h, "  %s_ESIZE = 1, /* an extent too small for the halo, or too large */\n"
                "  %s_EARG = 2,  /* a negative count, a NULL buffer or weights, a buffer given twice */\n"
                "  %s_EDEVICE = 3 /* a CUDA call or a kernel launch failed, or out of memory */\n};\n\n",
             l->prefix, l->prefix, l->prefix);
}

static void header_close(Buf *h, const char *prefix) {
  buf_printf(h, "const char *%s_strerror(int code);\n\n"
                "/* Prints what code means on stderr and exits 1, when code is not 0 (what the calls of\n"
                " * stencilc rewrite do with an error: the user's file needs no header for it). */\n"
                "void %s_exit_on_error(int code);\n\n"
                "#ifdef __cplusplus\n}\n#endif\n\n#endif\n",
             prefix, prefix);
}

/* The source's first lines, its runtime prelude appended by the caller. */
static void source_intro(Buf *s, const ApiLib *l) {
  buf_printf(s, "/* Generated by stencilc " STENCILC_VERSION
                " from %s (function %s): library, backend %s, element type %s.\n"
                " * The entry points are declared and described in %s. Compile: ",
             l->source_name, l->func_name[0] ? l->func_name : "?", l->opt->backend->name,
             ir_dtype_name(l->opt->dtype), l->header_name);
  if (l->opt->backend->engine->cuda)
    buf_printf(s, "nvcc -O3 %s%s-c %s.cu */\n#define RT_LIBRARY 1 /* CUDA errors go to the caller */\n",
               l->opt->nvcc_arch, l->opt->nvcc_arch[0] ? " " : "", l->prefix);
  else buf_printf(s, "cc -std=c11 -O3 -fopenmp -c %s.c */\n", l->prefix);
}

/* After the kernel code: the macros of api_base, the engine's row copy and api_base. */
static void source_base(Buf *s, const ApiLib *l) {
  const char *p = l->prefix;
  buf_printf(s, "/* ---- Entry points ---- */\n#include <limits.h>\n#include \"%s\"\n"
                "#define API_(name) %s_##name\n#define API_NAME \"%s\"\n#define API_DIMS %d\n",
             l->header_name, p, p, l->dims);
  buf_printf(s, "#define API_ESIZE %s_ESIZE\n#define API_EARG %s_EARG\n#define API_EDEVICE %s_EDEVICE\n",
             p, p, p);
  buf_puts(s, "#define API_LO {");
  for (int a = 0; a < IR_MAX_DIMS; a++) buf_printf(s, "%s%d", a ? ", " : "", a < l->dims ? l->lo[a] : 0);
  buf_puts(s, "}\n#define API_HI {");
  for (int a = 0; a < IR_MAX_DIMS; a++) buf_printf(s, "%s%d", a ? ", " : "", a < l->dims ? l->hi[a] : 0);
  buf_printf(s, "}\n\n%s\n%s", l->opt->backend->engine->cuda ? api_cuda_rows : api_cpu_rows, api_base);
  if (l->sc.n) emit_api_scalars(s, &l->sc, l->derive);
}

/* ---- One stencil ---- */

/* The header's contract of a convergence loop (Stencil.conv), in place of the fixed count's. */
static void converge_contract(Buf *h, const Stencil *st, const char *prefix) {
  const Converge *cv = &st->conv;
  Buf first = {0}, every = {0};
  if (cv->first == INFINITY || st->time_do) {
    buf_puts(&first, "above any tolerance");
  } else {
    emit_converge_first(&first, st, "tol");
    buf_printf(&first, " (the source's %s before the loop)", cv->var);
  }
  if (cv->check_every > 1) {
    buf_puts(&every, " * R is computed on the steps k (from 0) where ");
    emit_converge_checked(&every, st, "k");
    buf_printf(&every, "\n * alone, as the source's counter %% %ld: on the others it keeps its value.\n",
               cv->check_every);
  }
  buf_printf(h, " *\n"
                " * Convergence loop, the source's loop on its residual '%s': steps run from buf0\n"
                " * %swhile the residual R of the last step is above tol%s and fewer than\n"
                " * max_iter steps ran.\n"
                " * R is %s over the interior cells, in double\n"
                " * from the element type's difference. Before the first step R is %s.\n"
                "%s"
                " * Halo contract: the halo of buf0 is the boundary condition of every step; %s_run copies\n"
                " * it into buf1 first, so what buf1 holds on entry never matters (it may be uninitialised).\n"
                " * Result: after k steps buf[k %% 2] (buf0 when k is even, buf1 when odd) holds the last\n"
                " * level and the other buffer the one before (when k > 0); *iterations = k and\n"
                " * *residual = R of the last step (R before the first when k == 0), as the source's loop\n"
                " * leaves its counter and '%s'. iterations and residual may be NULL.\n",
             cv->var, st->time_do ? "(the first one always: a do loop), then " : "",
             cv->kind == CONV_SUM_SQ ? " through its root (sqrt(R) > tol)" : "",
             cv->kind == CONV_SUM_SQ ? "the sum of (new - old)^2, cell by cell in memory order,"
                                     : "the largest |new - old|",
             first.s, every.s ? every.s : "", prefix, cv->var);
  buf_free(&first);
  buf_free(&every);
}

/* A convergence loop's entry points: the tolerance and the cap for the steps, the count and
 * the residual out. */
static void converge_declarations(Buf *h, const char *prefix, const char *t, const char *ext,
                                  const char *w) {
  buf_printf(h,
             "/* Host pointers: the loop on buf0 and buf1 after the halo copy. buf1 may be NULL: then\n"
             " * buf0 receives the last level whatever the parity. tol may be any double (a NaN, or\n"
             " * one at or above R's start, runs no step); max_iter >= 0. */\n"
             "int %s_run(%s *buf0, %s *buf1, %s, double tol, long max_iter%s,\n"
             "    long *iterations, double *residual);\n\n"
             "/* Host pointers, the plain loop's own halos (what stencilc rewrite calls): no halo is\n"
             " * copied; step k reads buf[k %% 2], halo included, as the source's loop does, so both\n"
             " * buffers must be initialised. The result is where %s_run leaves it. */\n"
             "int %s_run_levels(%s *buf0, %s *buf1, %s, double tol, long max_iter%s,\n"
             "    long *iterations, double *residual);\n\n",
             prefix, t, t, ext, w, prefix, prefix, t, t, ext, w);
}

static void single_header(Buf *h, const Stencil *st, const ApiLib *l) {
  const char *t = ir_dtype_name(l->opt->dtype), *prefix = l->prefix;
  header_intro(h, l, "one stencil");
  if (st->conv.kind) converge_contract(h, st, prefix);
  else buf_puts(h, " *\n"
              " * Halo contract: the halo of buf0 is the boundary condition of every step; the entry\n"
              " * points copy it into buf1 before the first step, so what buf1 holds on entry never\n"
              " * matters (it may be uninitialised).\n"
              " * Result: buf[steps % 2] (buf0 when steps is even, buf1 when odd) holds level `steps`, the\n"
              " * other buffer level steps - 1 (when steps > 0), as the loop A[(t+1)%2] = f(A[t%2]) leaves\n"
              " * them. steps == 0 changes nothing.\n");
  if (st->weights[0])
    buf_printf(h, " * w: the %d run-time weights (%s in the source, row-major), a host pointer.\n"
                  " * Calls with different weights must not overlap in time (one copy per library).\n",
               st->nweights, st->weights);
  header_scalars(h, &l->sc);
  char nw[64];
  snprintf(nw, sizeof nw, "  %s_NWEIGHTS = %d,\n", prefix, st->weights[0] ? st->nweights : 0);
  header_open(h, l, nw);
  Buf ext = {0}, w = {0};
  extents(&ext, st->dims, "long ", "");
  if (st->weights[0]) buf_printf(&w, ", const %s *w", t);
  scalar_args(&w, &l->sc, true, true);
  if (st->conv.kind) converge_declarations(h, prefix, t, ext.s, w.s ? w.s : "");
  else buf_printf(h,
             "/* Host pointers: copies buf0 in, runs `steps` steps, copies the result out. buf1 may be\n"
             " * NULL: then buf0 receives level `steps` whatever the parity. */\n"
             "int %s_run(%s *buf0, %s *buf1, %s, long steps%s);\n\n"
             "/* Device pointers (cudaMalloc'd, e0 * ... elements each), queued after the work in `stream`\n"
             " * (NULL: the default stream) and before what the caller queues there next; returns before\n"
             " * the steps complete. The kernels run on the legacy default stream. With the cpu backend\n"
             " * these are host pointers, the stream is ignored and the call completes the steps. */\n"
             "int %s_run_device(%s *buf0, %s *buf1, %s, long steps%s,\n"
             "    struct CUstream_st *stream);\n\n"
             "/* Host pointers, the plain loop's own halos (what stencilc rewrite calls): no halo is\n"
             " * copied; step t reads buf[t %% 2], halo included, as A[(t+1)%%2] = f(A[t%%2]) does, so both\n"
             " * buffers must be initialised. Backends that fuse steps run one step per launch when the\n"
             " * two halos differ. The result is where %s_run leaves it. */\n"
             "int %s_run_levels(%s *buf0, %s *buf1, %s, long steps%s);\n\n",
             prefix, t, t, ext.s, w.s ? w.s : "", prefix, t, t, ext.s, w.s ? w.s : "", prefix,
             prefix, t, t, ext.s, w.s ? w.s : "");
  header_close(h, prefix);
  buf_free(&ext);
  buf_free(&w);
}

static void single_source(Buf *s, const Stencil *st, const ApiLib *l, const PlanStore *plan) {
  const Backend *b = l->opt->backend;
  source_intro(s, l);
  emit_engine_prelude(s, st, l->opt);
  emit_converge_library_state(s, st);
  buf_printf(s, "\n%s\n", CODEGEN_KERNEL_BEGIN);
  b->emit(s, st, l->opt, plan->bytes);
  buf_printf(s, "%s\n\n", CODEGEN_KERNEL_END);
  if (l->sc.n) emit_derive_scalars(s, st);
  source_base(s, l);
  buf_printf(s, "#define API_NWEIGHTS %d\n#define API_EXTENTS ", st->nweights);
  extents(s, st->dims, "long ", "");
  buf_puts(s, "\n#define API_EXTENT_LIST ");
  extents(s, st->dims, "", "");
  if (st->weights[0]) {
    buf_puts(s, "\n#define API_WEIGHTS , const rt_real *w\n#define API_W w\n#define API_W_ARG , w\n");
  } else if (l->sc.n) {
    buf_puts(s, "\n#define API_WEIGHTS ");
    scalar_args(s, &l->sc, true, false);
    buf_puts(s, "\n#define API_W api_scalars(0");
    scalar_args(s, &l->sc, false, false);
    buf_puts(s, ")\n#define API_W_ARG ");
    scalar_args(s, &l->sc, false, false);
    buf_puts(s, "\n");
  } else {
    buf_puts(s, "\n#define API_WEIGHTS\n#define API_W NULL\n#define API_W_ARG\n");
  }
  if (st->conv.kind) { /* cpu only (gen_api_write) */
    buf_puts(s, "\n");
    emit_converge_library(s, st);
    buf_printf(s, "\n%s", api_converge_entries);
  } else {
    buf_printf(s, "\n%s\n%s", api_single, b->engine->cuda ? api_cuda_entries : api_cpu_entries);
  }
}

void codegen_api(Buf *header, Buf *source, const Stencil *st, const GenOptions *opt,
                 const PlanStore *plan, const char *prefix, const char *header_name) {
  ApiLib l = {prefix, header_name, st->name, st->func_name, opt, st->dims, st->lo, st->hi, {0}, false};
  if (!st->weights[0]) { /* the scalars are the weights */
    l.derive = st->nscalars > 0;
    l.sc.n = st->nscalars;
    for (int k = 0; k < st->nscalars; k++) {
      l.sc.name[k] = st->scalars[k].name;
      l.sc.type[k] = st->scalars[k].type;
      l.sc.tol[k] = k == st->conv.tol_scalar && st->conv.kind && st->conv.tol[0];
      l.sc.arg[k] = st->scalars[k].kind == SCALAR_PARAM && !l.sc.tol[k];
    }
  }
  single_header(header, st, &l);
  single_source(source, st, &l, plan);
}

/* ---- A stencil program ---- */

/* The buffer parameters, field by field: "float *u_0, float *u_1, const float *vel" (typed,
 * user's names), "rt_real *api_b0, ..." (typed, the source's: buffer k of field f is
 * api_b<3f + k>). */
static void program_buffers(Buf *out, const Program *pr, const char *t, bool user_names) {
  int n = 0;
  for (int f = 0; f < pr->nfields; f++) {
    const Field *fd = &pr->fields[f];
    for (int k = 0; k < fd->levels; k++, n++) {
      buf_printf(out, "%s%s%s *", n ? ", " : "", fd->coef ? "const " : "", t);
      if (!user_names) buf_printf(out, "api_b%d", PROG_MAX_LEVELS * f + k);
      else if (fd->levels == 1) buf_puts(out, fd->name);
      else buf_printf(out, "%s_%d", fd->name, k);
    }
  }
}

static void program_header(Buf *h, const Program *pr, const ApiLib *l) {
  const char *t = ir_dtype_name(l->opt->dtype), *prefix = l->prefix;
  header_intro(h, l, "a stencil program");
  buf_printf(h, " *\n * Per step t, in order (as the source's time loop body does with its t):\n");
  for (int i = 0; i < pr->nstages; i++) {
    const Stage *s = &pr->stages[i];
    const Field *fd = &pr->fields[s->field];
    buf_printf(h, " *   %d. writes %s", i + 1, fd->name);
    if (fd->levels > 1) buf_printf(h, "_<(t + 1) %% %d>", fd->levels);
    buf_puts(h, " over");
    for (int a = 0; a < pr->dims; a++)
      buf_printf(h, "%s[%d, e%d - %d)", a ? " x " : " ", s->st.lo[a], a, s->st.hi[a]);
    buf_puts(h, "\n");
  }
  buf_puts(h, " * Buffers: NAME_k is buffer k of a field of several time levels (NAME[k] in the source);\n"
              " * level t is buffer t % levels. Coefficient grids are read only. Every pointer is\n"
              " * distinct; a field's halo is the cells outside the bounds of the stage writing it.\n"
              " * t0: the time index of the first step (the source loop's first t), t0 >= 0.\n"
              " *\n"
              " * Halo contract (run, run_device): the halo of the buffer holding level t0 of each field\n"
              " * is its boundary condition; the entry points copy it into the field's other buffers\n"
              " * before the first step, so what their halos hold on entry never matters (their\n"
              " * interiors do where the step reads them: level t0 - 1 of a second-order scheme).\n"
              " * Result: after steps t0 .. t0 + steps - 1 every buffer holds what the source's loop\n"
              " * leaves in it (level t0 + steps in buffer (t0 + steps) % levels). steps == 0 changes\n"
              " * nothing.\n");
  for (int f = 0; f < pr->nfields; f++)
    if (pr->fields[f].per_axis)
      buf_printf(h, " * %s: a 1D coefficient array of e%d elements, the value at each position along "
                    "axis %d.\n", pr->fields[f].name, pr->fields[f].axis, pr->fields[f].axis);
  header_scalars(h, &l->sc);
  header_open(h, l, "");
  Buf args = {0};
  program_buffers(&args, pr, t, true);
  buf_puts(&args, ", ");
  extents(&args, pr->dims, "long ", "");
  buf_puts(&args, ", long t0, long steps");
  scalar_args(&args, &l->sc, true, true);
  buf_printf(h,
             "/* Host pointers: copies every buffer in, runs the steps, copies the fields' buffers out. */\n"
             "int %s_run(%s);\n\n"
             "/* Device pointers (cudaMalloc'd, e0 * ... elements each), queued after the work in `stream`\n"
             " * (NULL: the default stream) and before what the caller queues there next; returns before\n"
             " * the steps complete. The kernels run on the legacy default stream. With the cpu backend\n"
             " * these are host pointers, the stream is ignored and the call completes the steps. */\n"
             "int %s_run_device(%s,\n    struct CUstream_st *stream);\n\n"
             "/* Host pointers, the plain loop's own halos (what stencilc rewrite calls): no halo is\n"
             " * copied; each step reads the buffers' own halos, as the source's loop does. */\n"
             "int %s_run_levels(%s);\n\n",
             prefix, args.s, prefix, args.s, prefix, args.s);
  header_close(h, prefix);
  buf_free(&args);
}

/* One entry point of the source: `name`, its tail of parameters, and its call. */
static void program_entry(Buf *s, const Program *pr, const ApiLib *l, const char *name,
                          const char *tail, const char *call) {
  buf_printf(s, "\nint API_(%s)(", name);
  program_buffers(s, pr, "rt_real", false);
  buf_puts(s, ", ");
  extents(s, pr->dims, "long ", "api_");
  buf_puts(s, ", long api_t0, long api_steps");
  scalar_args(s, &l->sc, true, false);
  buf_printf(s, "%s) {\n  rt_real *buf[RT_PROG_FIELDS * RT_PROG_LEVELS] = {NULL};\n", tail);
  for (int f = 0; f < pr->nfields; f++)
    for (int k = 0; k < pr->fields[f].levels; k++)
      buf_printf(s, "  buf[%d] = (rt_real *)api_b%d;\n", PROG_MAX_LEVELS * f + k, PROG_MAX_LEVELS * f + k);
  buf_puts(s, "  const long ext[] = {");
  extents(s, pr->dims, "", "api_");
  buf_printf(s, "};\n  return %s(buf, ext, api_t0, api_steps, ", call);
  if (l->sc.n) {
    buf_puts(s, "api_scalars(0");
    scalar_args(s, &l->sc, false, false);
    buf_puts(s, ")");
  } else {
    buf_puts(s, "NULL");
  }
  buf_puts(s, strcmp(name, "run_device") ? (strcmp(name, "run") ? ", 0);\n}\n" : ", 1);\n}\n")
                                          : ", 1, stream);\n}\n");
}

/* The list initializer of one int per field, or of a {lo per axis} row per field. */
static void field_table(Buf *s, const Program *pr, const char *macro, int what) {
  buf_printf(s, "#define %s {", macro);
  for (int f = 0; f < pr->nfields; f++) {
    const Field *fd = &pr->fields[f];
    const Stage *w = fd->writer >= 0 ? &pr->stages[fd->writer] : NULL;
    buf_puts(s, f ? ", " : "");
    if (what == 0) buf_printf(s, "%d", fd->levels);
    if (what == 1) buf_printf(s, "%d", fd->per_axis ? 2 + fd->axis : fd->coef);
    if (what < 2) continue;
    buf_puts(s, "{");
    for (int a = 0; a < IR_MAX_DIMS; a++)
      buf_printf(s, "%s%d", a ? ", " : "",
                 a >= pr->dims || !w ? 0 : what == 2 ? w->st.lo[a] : w->st.hi[a]);
    buf_puts(s, "}");
  }
  buf_puts(s, "}\n");
}

static void program_source(Buf *s, const Program *pr, const ApiLib *l) {
  source_intro(s, l);
  codegen_program_prelude(s, pr, l->opt);
  codegen_program_kernels(s, pr, l->opt);
  buf_puts(s, "\n");
  source_base(s, l);
  field_table(s, pr, "API_LEVELS", 0);
  field_table(s, pr, "API_COEF", 1);
  field_table(s, pr, "API_FIELD_LO", 2);
  field_table(s, pr, "API_FIELD_HI", 3);
  buf_printf(s, "\n%s\n%s", api_program, l->opt->backend->engine->cuda ? api_program_cuda : api_program_cpu);
  program_entry(s, pr, l, "run", "", "api_program_host");
  program_entry(s, pr, l, "run_device", ", struct CUstream_st *stream", "api_program_device");
  program_entry(s, pr, l, "run_levels", "", "api_program_host");
}

int codegen_program_api(Buf *header, Buf *source, const Program *pr, const GenOptions *opt,
                        const char *prefix, const char *header_name) {
  char why[512];
  if (opt->backend == &backend_n5d) {
    SrcLoc loc = {pr->name, 0, 0};
    diag_error(loc, "use --backend naive (CUDA) or cpu for the library",
               "n5d blocks stencil programs in generated programs only; the library of a stencil "
               "program steps it one time step at a time");
    return -1;
  }
  if (opt->backend == &backend_p25d) { /* its halo contract is tested for naive and cpu only */
    SrcLoc loc = {pr->name, 0, 0};
    diag_error(loc, "use --backend naive (CUDA) or cpu for the library",
               "25d streams stencil programs in generated programs only, not yet in libraries");
    return -1;
  }
  if (pr->nsources) { /* the library's step would need the source array and the step's index */
    SrcLoc loc = {pr->name, 0, 0};
    char value[IR_NAME_MAX + 32];
    program_source_value(&pr->sources[0], value, sizeof value);
    diag_error(loc, "generate a program with stencilc gen --backend naive or cpu, or call the "
               "library of the program without its source and add the source between its steps",
               "the library of a stencil program does not take point sources: it has no source "
               "array nor time index to read (%s is injected into '%s' each step)",
               value, pr->fields[pr->sources[0].field].name);
    return -1;
  }
  if (pr->nboundaries) { /* its step runs the stages only */
    SrcLoc loc = {pr->name, pr->boundaries[0].line, 1};
    diag_error(loc, "generate a program with stencilc gen --backend naive or cpu",
               "the library of a stencil program does not take boundary stages: its step runs "
               "the stages only, not the boundary cells the time loop sets between them");
    return -1;
  }
  if (codegen_program_validate(pr, opt, why, sizeof why)) {
    SrcLoc loc = {pr->name, 0, 0};
    diag_error(loc, "stencil programs run on --backend naive (CUDA) and cpu", "%s", why);
    return -1;
  }
  ApiLib l = {prefix, header_name, pr->name, pr->func_name, opt, pr->dims, pr->lo, pr->hi, {0}, false};
  l.sc.n = pr->nscalars;
  for (int k = 0; k < pr->nscalars; k++) {
    l.sc.name[k] = pr->scalars[k];
    l.sc.type[k] = pr->scalar_type[k];
    l.sc.arg[k] = true;
  }
  program_header(header, pr, &l);
  program_source(source, pr, &l);
  return 0;
}
