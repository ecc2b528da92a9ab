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
 * initialises A and B differently), and the rewritten program must compute what the loop did. */
#include "api.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "emit.h"
#include "util/version.h"

/* The entry points' text, common to every stencil: API_(x) names prefix_x; API_EXTENTS,
 * API_EXTENT_LIST, API_WEIGHTS and API_NWEIGHTS are defined before it. */
static const char api_common[] =
    "static const long api_lo[RT_MAX_DIMS] = API_LO, api_hi[RT_MAX_DIMS] = API_HI;\n"
    "\n"
    "const char *API_(strerror)(int code) {\n"
    "  switch (code) {\n"
    "  case 0: return \"success\";\n"
    "  case API_ESIZE: return \"an extent leaves no interior cell (extent <= halo below + above) \"\n"
    "                         \"or exceeds 2^31 - 1, or the grid exceeds memory\";\n"
    "  case API_EARG: return \"steps < 0, or a NULL buffer or weights\";\n"
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
    "\n"
    "/* `steps` steps from buf[0]: buf[steps % 2] ends with level steps, the other buffer with level\n"
    " * steps - 1. Step t reads buf[t % 2]'s halo when the backend runs one step per launch, or\n"
    " * one_by_one makes it (a fused launch reads its first level's halo for all its steps). */\n"
    "static void api_steps(rt_real *buf[2], const RtGrid *g, long steps, int one_by_one) {\n"
    "#ifdef RT_ENGINE_ADVANCE\n"
    "  for (long t = 0; one_by_one && t < steps; t++) {\n"
    "    rt_real *pair[2] = {buf[t % 2], buf[1 - t % 2]};\n"
    "    stencil_advance(pair, g, 1);\n"
    "  }\n"
    "  if (steps < 1 || one_by_one) return;\n"
    "  stencil_advance(buf, g, steps - 1);\n"
    "  rt_real *last[2] = {buf[(steps - 1) % 2], buf[steps % 2]};\n"
    "  stencil_advance(last, g, 1);\n"
    "#else\n"
    "  (void)one_by_one;\n"
    "  for (long t = 0; t < steps; t++) stencil_step(buf[t % 2], buf[1 - t % 2], g);\n"
    "#endif\n"
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
    "}\n";

static const char api_cuda_entries[] =
    "#define API_TRY(call) do { if ((call) != cudaSuccess) { rc = API_EDEVICE; goto done; } } while (0)\n"
    "\n"
    "int API_(run_device)(rt_real *buf0, rt_real *buf1, API_EXTENTS, long steps API_WEIGHTS,\n"
    "                     struct CUstream_st *stream) {\n"
    "  const long ext[] = {API_EXTENT_LIST};\n"
    "  RtGrid g;\n"
    "  int rc = api_check(&g, ext, steps, API_W);\n"
    "  if (rc) return rc;\n"
    "  if (!buf0 || !buf1) return API_EARG;\n"
    "  rt_real *buf[2] = {buf0, buf1};\n"
    "  cudaEvent_t ev = NULL;\n"
    "  API_TRY(cudaEventCreateWithFlags(&ev, cudaEventDisableTiming));\n"
    "  API_TRY(cudaEventRecord(ev, stream));\n"
    "  API_TRY(cudaStreamWaitEvent(0, ev, 0));\n"
    "#ifdef RT_NWEIGHTS\n"
    "  API_TRY(cudaMemcpyToSymbolAsync(rt_w, API_W, sizeof rt_w, 0, cudaMemcpyHostToDevice, 0));\n"
    "#endif\n"
    "  if (steps > 0 && api_halo(buf1, buf0, &g, api_copy_rows)) API_TRY(api_rows_error);\n"
    "  api_steps(buf, &g, steps, 0);\n"
    "  API_TRY(cudaGetLastError());\n"
    "  API_TRY(cudaEventRecord(ev, 0));\n"
    "  API_TRY(cudaStreamWaitEvent(stream, ev, 0));\n"
    "done:\n"
    "  if (ev) cudaEventDestroy(ev);\n"
    "  return rc;\n"
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
    "  api_steps(dev, &g, steps, differ);\n"
    "  API_TRY(cudaGetLastError());\n"
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
    "  if (!other) return API_ESIZE;\n"
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

/* The extent parameters "long e0, long e1" (type "long ") or arguments "e0, e1" (type ""). */
static void extents(Buf *out, int dims, const char *type) {
  for (int a = 0; a < dims; a++) buf_printf(out, "%s%se%d", a ? ", " : "", type, a);
}

static void emit_header(Buf *h, const Stencil *st, const GenOptions *opt, const char *prefix) {
  const char *t = ir_dtype_name(opt->dtype);
  char guard[IR_NAME_MAX + 8];
  size_t i = 0;
  for (; prefix[i] && i < IR_NAME_MAX; i++) guard[i] = (char)toupper((unsigned char)prefix[i]);
  snprintf(guard + i, sizeof guard - i, "_H");
  buf_printf(h,
             "/* Generated by stencilc " STENCILC_VERSION " from %s (function %s): library, backend %s,\n"
             " * element type %s. Link with %s.%s (built by %s).\n"
             " *\n"
             " * Grid: %dD, axis 0 slowest, the last axis contiguous: a buffer holds e0",
             st->name, st->func_name[0] ? st->func_name : "?", opt->backend->name, t, prefix,
             opt->backend->engine->cuda ? "cu" : "c",
             opt->backend->engine->cuda ? "nvcc" : "a C compiler with OpenMP", st->dims);
  for (int a = 1; a < st->dims; a++) buf_printf(h, " * e%d", a);
  buf_printf(h, " elements, e_a the\n"
                " * extent along axis a, halo included (the sizes the arrays are declared with). The\n"
                " * interior along axis a is [%s_LO<a>, e_a - %s_HI<a>): only interior cells are written.\n",
             prefix, prefix);
  buf_puts(h, " *\n"
              " * Halo contract: the halo of buf0 is the boundary condition of every step; the entry\n"
              " * points copy it into buf1 before the first step, so what buf1 holds on entry never\n"
              " * matters (it may be uninitialised).\n"
              " * Result: buf[steps % 2] (buf0 when steps is even, buf1 when odd) holds level `steps`, the\n"
              " * other buffer level steps - 1 (when steps > 0), as the loop A[(t+1)%2] = f(A[t%2]) leaves\n"
              " * them. steps == 0 changes nothing.\n");
  if (st->nweights)
    buf_printf(h, " * w: the %d run-time weights (%s in the source, row-major), a host pointer.\n"
                  " * Calls with different weights must not overlap in time (one copy per library).\n",
               st->nweights, st->weights);
  buf_printf(h, " * Returns 0, or an error code that %s_strerror describes (nothing was run). */\n"
                "#ifndef %s\n#define %s\n\n"
                "#ifdef __cplusplus\nextern \"C\" {\n#endif\n\n"
                "struct CUstream_st; /* cudaStream_t is a pointer to it */\n\n"
                "enum {\n  %s_DIMS = %d,\n  %s_NWEIGHTS = %d,\n",
             prefix, guard, guard, prefix, st->dims, prefix, st->nweights);
  for (int a = 0; a < st->dims; a++)
    buf_printf(h, "  %s_LO%d = %d, %s_HI%d = %d,\n", prefix, a, st->lo[a], prefix, a, st->hi[a]);
  buf_printf(h, "  %s_ESIZE = 1, /* an extent too small for the halo, or too large */\n"
                "  %s_EARG = 2,  /* steps < 0, a NULL buffer or NULL weights */\n"
                "  %s_EDEVICE = 3 /* a CUDA call failed */\n};\n\n",
             prefix, prefix, prefix);
  Buf ext = {0}, w = {0};
  extents(&ext, st->dims, "long ");
  buf_printf(&w, st->nweights ? ", const %s *w" : "%.0s", t);
  buf_printf(h,
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
             "int %s_run_levels(%s *buf0, %s *buf1, %s, long steps%s);\n\n"
             "const char *%s_strerror(int code);\n\n"
             "/* Prints what code means on stderr and exits 1, when code is not 0 (what the calls of\n"
             " * stencilc rewrite do with an error: the user's file needs no header for it). */\n"
             "void %s_exit_on_error(int code);\n\n"
             "#ifdef __cplusplus\n}\n#endif\n\n#endif\n",
             prefix, t, t, ext.s, w.s, prefix, t, t, ext.s, w.s, prefix,
             prefix, t, t, ext.s, w.s, prefix, prefix);
  buf_free(&ext);
  buf_free(&w);
}

static void emit_source(Buf *s, const Stencil *st, const GenOptions *opt, const PlanStore *plan,
                        const char *prefix, const char *header_name) {
  const Backend *b = opt->backend;
  buf_printf(s, "/* Generated by stencilc " STENCILC_VERSION
                " from %s (function %s): library, backend %s, element type %s.\n"
                " * The entry points are declared and described in %s. Compile: ",
             st->name, st->func_name[0] ? st->func_name : "?", b->name, ir_dtype_name(opt->dtype),
             header_name);
  if (b->engine->cuda) buf_printf(s, "nvcc -O3 -c %s.cu */\n", prefix);
  else buf_printf(s, "cc -std=c11 -O3 -fopenmp -c %s.c */\n", prefix);
  emit_engine_prelude(s, st, opt);
  buf_printf(s, "\n#include \"%s\"\n", header_name);
  buf_printf(s, "\n%s\n", CODEGEN_KERNEL_BEGIN);
  b->emit(s, st, opt, plan->bytes);
  buf_printf(s, "%s\n\n", CODEGEN_KERNEL_END);

  buf_printf(s, "/* ---- Entry points ---- */\n#define API_(name) %s_##name\n#define API_NAME \"%s\"\n",
             prefix, prefix);
  buf_printf(s, "#define API_DIMS %d\n#define API_NWEIGHTS %d\n", st->dims, st->nweights);
  buf_printf(s, "#define API_ESIZE %s_ESIZE\n#define API_EARG %s_EARG\n#define API_EDEVICE %s_EDEVICE\n",
             prefix, prefix, prefix);
  buf_puts(s, "#define API_LO {");
  for (int a = 0; a < IR_MAX_DIMS; a++) buf_printf(s, "%s%d", a ? ", " : "", a < st->dims ? st->lo[a] : 0);
  buf_puts(s, "}\n#define API_HI {");
  for (int a = 0; a < IR_MAX_DIMS; a++) buf_printf(s, "%s%d", a ? ", " : "", a < st->dims ? st->hi[a] : 0);
  buf_puts(s, "}\n#define API_EXTENTS ");
  extents(s, st->dims, "long ");
  buf_puts(s, "\n#define API_EXTENT_LIST ");
  extents(s, st->dims, "");
  if (st->nweights)
    buf_puts(s, "\n#define API_WEIGHTS , const rt_real *w\n#define API_W w\n#define API_W_ARG , w\n");
  else
    buf_puts(s, "\n#define API_WEIGHTS\n#define API_W NULL\n#define API_W_ARG\n");
  buf_puts(s, "\n");
  /* the engine's row copy, which api_common's halo copy uses, then its entry points */
  buf_printf(s, "%s\n%s\n%s", b->engine->cuda ? api_cuda_rows : api_cpu_rows, api_common,
             b->engine->cuda ? api_cuda_entries : api_cpu_entries);
}

void codegen_api(Buf *header, Buf *source, const Stencil *st, const GenOptions *opt,
                 const PlanStore *plan, const char *prefix, const char *header_name) {
  emit_header(header, st, opt, prefix);
  emit_source(source, st, opt, plan, prefix, header_name);
}
