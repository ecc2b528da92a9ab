/* FFT backend: each time step of a linear 2D stencil as one convolution through cuFFT,
 * overlap-save over square power-of-two tiles of T x T cells. A direct kernel costs a multiply-add
 * per point of the filter and cell; a transform costs O(log T) per cell whatever the filter, so
 * for large filters (conv2d of 16x16 and more) the transform wins.
 *
 * One step: a gather kernel copies every tile, with the cells around it that its outputs read
 * (the grid's own halo cells where the tile reaches past the interior, zeros past the grid's
 * end, which no kept output reads), into a batch; one batched R2C transform (D2Z in double); a
 * pointwise product with the filter's spectrum; one batched C2R transform; a scatter kernel writes
 * the outputs of each tile that no wrap-around reached (valid[a] = T - lo[a] - hi[a] along axis
 * a) into the interior. The filter's spectrum is computed once per grid size, from the filter
 * placed on a T x T tile so that each result lands on its own cell and scaled by 1 / T^2
 * (exact: a power of two), which is the inverse transform's missing normalisation. Plans and
 * buffers are made at the first step of a grid size (outside the timed runs, which start with a
 * warm-up) and released at exit. Halo cells are never written, so they keep their values. */
#include <assert.h>
#include <math.h>

#include "emit.h"
#include "fft.h"

/* Limits of the method, and the default tile's rule. */
enum {
  MIN_TILE = 16,   /* a tile is whole blocks of 256 threads (the kernels' int arithmetic: T^2 < 2^31) */
  MAX_TILE = 4096, /* a float tile of 4096^2 is 64 MB; T^2 must stay an int for cuFFT */
  /* The default T is the smallest power of two at least REACH_PER_TILE times the filter's
   * extent (lo + hi along the wider axis): then a tile's outputs are at least 15/16 of it per
   * axis, so the overlap recomputes at most (16/15)^2 - 1 = 14% of the cells. Larger tiles gain
   * little more: cuFFT transforms a tile of 2D up to 1024^2 in two passes over memory whatever
   * its size, and a smaller batch wastes more at the grid's far edges. */
  REACH_PER_TILE = 16,
  DEFAULT_MIN_TILE = 64,
  DEFAULT_MAX_TILE = 1024,
};

typedef FftPlan Plan;
_Static_assert(sizeof(FftParams) <= sizeof(BackendParams), "fft parameters fit GenOptions");
_Static_assert(sizeof(Plan) <= PLAN_MAX_BYTES, "the fft plan fits a PlanStore");

/* The factor of rt_bound_transform_step (runtime/rt_common.h): a transform of N = T^2 points
 * rounds along log2 N stages, each adding at most a few units of roundoff relative to the tile's
 * values (Higham, "Accuracy and Stability of Numerical Algorithms", 2nd ed., section 24.1: the
 * computed FFT y satisfies |y - Fx|_2 <= log2 N * eta / (1 - log2 N * eta) |Fx|_2, eta = mu +
 * gamma_4 (sqrt 2 + mu), mu the error of the twiddle factors). The forward transform, the
 * product and the inverse transform are three such chains, hence c = 4 (with RT_EPS = 2u):
 * spread over the tile's N outputs, as rounding errors of independent signs are, the normwise
 * bound is per output c * eps * log2 N times the tile's largest value times the filter's gain.
 * Through FFTW (cudaemu) the largest error was 1/2000 of it at conv2d-20x20 in float (T = 512,
 * 600x555, 2 steps), while a filter missing one of conv2d-5x5's 25 weights errs by 4700 times
 * it (tests/test_fft.sh). */
static double fft_error_factor(const void *plan) {
  const Plan *pl = plan;
  return 4.0 * log2((double)pl->tile * pl->tile);
}

static bool is_pow2(int v) { return v > 0 && (v & (v - 1)) == 0; }

static void reach(const Stencil *st, Plan *pl) {
  for (int p = 0; p < st->npoints; p++) {
    if (!emit_coef_used(st, p)) continue;
    pl->terms++;
    for (int a = 0; a < 2; a++) {
      int o = st->points[p].off[a];
      if (-o > pl->lo[a]) pl->lo[a] = -o;
      if (o > pl->hi[a]) pl->hi[a] = o;
    }
  }
}

static int default_tile(const Plan *pl) {
  int extent = pl->lo[0] + pl->hi[0] > pl->lo[1] + pl->hi[1] ? pl->lo[0] + pl->hi[0] : pl->lo[1] + pl->hi[1];
  int t = DEFAULT_MIN_TILE;
  while (t < DEFAULT_MAX_TILE && t < REACH_PER_TILE * extent) t *= 2;
  return t;
}

static int fft_plan(const Stencil *st, const GenOptions *opt, void *plan, Refusal *why) {
  Plan *pl = plan;
  FftParams p;
  codegen_get_params(opt, &p, sizeof p);
  if (st->dims != 2)
    return codegen_refuse(why, "use --backend ssam or n5d for 3D stencils, naive or cpu for 1D",
                          "the fft backend convolves 2D grids; this stencil is %dD", st->dims);
  if (codegen_require_linear(st, why, "it is no convolution that a Fourier transform computes"))
    return -1;
  if (opt->mpi)
    return codegen_refuse(why, "use --backend naive or n5d for MPI programs",
                          "the fft backend runs on one process (its tiles and cuFFT plans cover "
                          "the whole grid); --mpi is not supported");
  reach(st, pl);
  pl->tile = p.tile ? p.tile : default_tile(pl);
  if (!is_pow2(pl->tile) || pl->tile < MIN_TILE || pl->tile > MAX_TILE)
    return codegen_refuse(why, "give --tile a power of two from 16 to 4096",
                          "a tile of %d is not a power of two from %d to %d", pl->tile, MIN_TILE,
                          MAX_TILE);
  for (int a = 0; a < 2; a++) {
    pl->valid[a] = pl->tile - pl->lo[a] - pl->hi[a];
    if (pl->valid[a] < 1)
      return codegen_refuse(why, "give --tile a power of two larger than the filter",
                            "a tile of %d cells along axis %d keeps no output of a filter reaching "
                            "%d + %d cells", pl->tile, a, pl->lo[a], pl->hi[a]);
  }
  return 0;
}

/* ---- emission ---- */

static void emit_defines(Buf *out, const Stencil *st, const Plan *pl, DType dt) {
  bool d = dt == DTYPE_DOUBLE;
  buf_printf(out, "/* fft: tile %dx%d, keeps %dx%d outputs of each, filter reach %d..%d x %d..%d */\n",
             pl->tile, pl->tile, pl->valid[0], pl->valid[1], -pl->lo[0], pl->hi[0], -pl->lo[1],
             pl->hi[1]);
  buf_puts(out, "#include <cufft.h>\n");
  buf_printf(out, "#define FFT_T %d\n#define FFT_A0 %d\n#define FFT_A1 %d\n#define FFT_V0 %d\n"
                  "#define FFT_V1 %d\n", pl->tile, pl->lo[0], pl->lo[1], pl->valid[0], pl->valid[1]);
  buf_puts(out, "/* complex values of one tile's half spectrum (R2C keeps T / 2 + 1 columns) */\n"
                "#define FFT_FREQ ((long)FFT_T * (FFT_T / 2 + 1))\n");
  for (int a = 0; a < 2; a++) buf_printf(out, "#define LO%d %d\n", a, st->lo[a]);
  buf_printf(out, "typedef %s fft_complex;\n", d ? "cufftDoubleComplex" : "cufftComplex");
  buf_printf(out, "#define FFT_FORWARD CUFFT_%s\n#define FFT_INVERSE CUFFT_%s\n", d ? "D2Z" : "R2C",
             d ? "Z2D" : "C2R");
  buf_printf(out, "#define fft_exec_forward cufftExec%s\n#define fft_exec_inverse cufftExec%s\n\n",
             d ? "D2Z" : "R2C", d ? "Z2D" : "C2R");
}

/* The host function writing the filter onto a zeroed T x T tile: point (dy, dx) at
 * ((-dy) mod T, (-dx) mod T), so that the circular convolution's output at a tile position is
 * the update of the cell there; times 1 / T^2, the inverse transform's normalisation. */
static void emit_filter(Emitter *e, const Stencil *st, const Plan *pl, DType dt) {
  const int t = pl->tile;
  em_line(e, "/* The filter on a zeroed T x T tile: point (dy, dx) at ((-dy) mod T, (-dx) mod T), so that\n"
             " * each output lands on its own cell; times 1 / T^2 (exact), the inverse's normalisation. */");
  em_open(e, "static void fft_filter(rt_real *f)");
  if (st->nweights) em_line(e, "const rt_real *const rt_w = rt_w_host;");
  em_line(e, "const rt_real s = (rt_real)(1.0 / ((double)FFT_T * FFT_T));");
  for (int p = 0; p < st->npoints; p++) {
    if (!emit_coef_used(st, p)) continue;
    const int *o = st->points[p].off;
    em_begin(e);
    buf_printf(e->out, "f[%ld] += ", (long)((t - o[0]) % t) * t + (t - o[1]) % t);
    emit_coef(e->out, st, p, dt);
    buf_puts(e->out, " * s;");
    em_end(e);
  }
  em_close(e);
  em_blank(e);
}

/* Every kernel runs on blocks of 256 threads, blockIdx.y the tile's column and blockIdx.z its
 * row, blockIdx.x a stretch of its cells (int arithmetic within a tile; T a power of two, so the
 * divisions are shifts). */
static const char *const kernels =
    "/* The tile (blockIdx.z, blockIdx.y) of the batch with the cells around it: rows from\n"
    " * LO0 + row * V0 - A0, columns likewise; zeros past the grid's end (no kept output reads them). */\n"
    "__global__ void __launch_bounds__(256)\n"
    "fft_gather(const rt_real *__restrict__ in, rt_real *__restrict__ tiles, long e0, long e1, long s0) {\n"
    "  const int r = blockIdx.x * 256 + threadIdx.x, i = r / FFT_T, j = r % FFT_T;\n"
    "  const long t = (long)blockIdx.z * gridDim.y + blockIdx.y;\n"
    "  const long y = LO0 + (long)blockIdx.z * FFT_V0 - FFT_A0 + i;\n"
    "  const long x = LO1 + (long)blockIdx.y * FFT_V1 - FFT_A1 + j;\n"
    "  tiles[t * FFT_T * FFT_T + r] = y < e0 && x < e1 ? in[y * s0 + x] : (rt_real)0;\n"
    "}\n\n"
    "/* The pointwise product of every tile's spectrum with the filter's. */\n"
    "__global__ void __launch_bounds__(256)\n"
    "fft_product(fft_complex *__restrict__ freq, const fft_complex *__restrict__ filter) {\n"
    "  const int k = blockIdx.x * 256 + threadIdx.x;\n"
    "  if (k >= FFT_FREQ) return;\n"
    "  fft_complex *v = freq + ((long)blockIdx.z * gridDim.y + blockIdx.y) * FFT_FREQ + k;\n"
    "  const fft_complex a = *v, h = filter[k];\n"
    "  fft_complex p;\n"
    "  p.x = a.x * h.x - a.y * h.y;\n"
    "  p.y = a.x * h.y + a.y * h.x;\n"
    "  *v = p;\n"
    "}\n\n";

/* The scatter kernel: the kept outputs of each tile (at tile position (i + A0, j + A1)) into the
 * interior, plus the stencil's constant. */
static void emit_scatter(Emitter *e, const Stencil *st, DType dt) {
  em_line(e, "/* The kept outputs of tile (blockIdx.z, blockIdx.y) (tile position (i + A0, j + A1)) into\n"
             " * the interior. */");
  em_line(e, "__global__ void __launch_bounds__(256)");
  em_open(e, "fft_scatter(const rt_real *__restrict__ tiles, rt_real *__restrict__ out, long n0, long n1,\n"
             "            long s0)");
  em_line(e, "const int r = blockIdx.x * 256 + threadIdx.x, i = r / FFT_T, j = r %% FFT_T;");
  em_line(e, "const long y = (long)blockIdx.z * FFT_V0 + i, x = (long)blockIdx.y * FFT_V1 + j;");
  em_line(e, "if (i >= FFT_V0 || j >= FFT_V1 || y >= n0 || x >= n1) return;");
  em_line(e, "const long t = (long)blockIdx.z * gridDim.y + blockIdx.y;");
  em_begin(e);
  buf_puts(e->out, "out[(LO0 + y) * s0 + LO1 + x] = tiles[t * FFT_T * FFT_T + (i + FFT_A0) * FFT_T + j + FFT_A1]");
  if (st->constant != 0) {
    buf_puts(e->out, " + ");
    emit_number(e->out, st->constant, dt);
  }
  buf_puts(e->out, ";");
  em_end(e);
  em_close(e);
  em_blank(e);
}

static const char *const state =
    "static void fft_check(cufftResult r, const char *what, int line) {\n"
    "  if (r == CUFFT_SUCCESS) return;\n"
    "  fprintf(stderr, \"stencilc: cuFFT %s failed with error %d (line %d)\\n\", what, (int)r, line);\n"
    "  exit(4);\n"
    "}\n"
    "#define FFT_CHECK(call) fft_check((call), #call, __LINE__)\n\n"
    "/* Plans and buffers for one grid size, made at its first step and released at exit. */\n"
    "static struct {\n"
    "  long n0, n1, tiles, tiles1;\n"
    "  rt_real *real;        /* the batch of tiles, T x T values each */\n"
    "  fft_complex *freq;    /* their half spectra, FFT_FREQ values each */\n"
    "  fft_complex *filter;  /* the filter's half spectrum, scaled by 1 / T^2 */\n"
    "  cufftHandle forward, inverse;\n"
    "  bool made;\n"
    "} fft;\n\n"
    "static void fft_release(void) {\n"
    "  if (!fft.made) return;\n"
    "  FFT_CHECK(cufftDestroy(fft.forward));\n"
    "  FFT_CHECK(cufftDestroy(fft.inverse));\n"
    "  RT_CUDA_CHECK(cudaFree(fft.real));\n"
    "  RT_CUDA_CHECK(cudaFree(fft.freq));\n"
    "  RT_CUDA_CHECK(cudaFree(fft.filter));\n"
    "  fft.made = false;\n"
    "}\n\n"
    "static void fft_make(const RtGrid *g) {\n"
    "  static bool registered = false;\n"
    "  if (fft.made && fft.n0 == g->n[0] && fft.n1 == g->n[1]) return;\n"
    "  fft_release();\n"
    "  fft.n0 = g->n[0], fft.n1 = g->n[1];\n"
    "  fft.tiles1 = (fft.n1 + FFT_V1 - 1) / FFT_V1;\n"
    "  fft.tiles = (fft.n0 + FFT_V0 - 1) / FFT_V0 * fft.tiles1;\n"
    "  if (fft.tiles > 2147483647L / 2) {\n"
    "    fprintf(stderr, \"stencilc: %ld tiles exceed cuFFT's batch limit\\n\", fft.tiles);\n"
    "    exit(4);\n"
    "  }\n"
    "  RT_CUDA_CHECK(cudaMalloc((void **)&fft.real, (size_t)fft.tiles * FFT_T * FFT_T * sizeof(rt_real)));\n"
    "  RT_CUDA_CHECK(cudaMalloc((void **)&fft.freq, (size_t)fft.tiles * FFT_FREQ * sizeof(fft_complex)));\n"
    "  RT_CUDA_CHECK(cudaMalloc((void **)&fft.filter, (size_t)FFT_FREQ * sizeof(fft_complex)));\n"
    "  int n[2] = {FFT_T, FFT_T};\n"
    "  /* the filter's spectrum, through a plan of one tile */\n"
    "  cufftHandle one;\n"
    "  FFT_CHECK(cufftPlanMany(&one, 2, n, NULL, 1, 0, NULL, 1, 0, FFT_FORWARD, 1));\n"
    "  rt_real *f = (rt_real *)rt_xcalloc((size_t)FFT_T * FFT_T, sizeof *f);\n"
    "  fft_filter(f);\n"
    "  RT_CUDA_CHECK(cudaMemcpy(fft.real, f, (size_t)FFT_T * FFT_T * sizeof *f, cudaMemcpyHostToDevice));\n"
    "  free(f);\n"
    "  FFT_CHECK(fft_exec_forward(one, fft.real, fft.filter));\n"
    "  RT_CUDA_CHECK(cudaDeviceSynchronize());\n"
    "  FFT_CHECK(cufftDestroy(one));\n"
    "  FFT_CHECK(cufftPlanMany(&fft.forward, 2, n, NULL, 1, 0, NULL, 1, 0, FFT_FORWARD, (int)fft.tiles));\n"
    "  FFT_CHECK(cufftPlanMany(&fft.inverse, 2, n, NULL, 1, 0, NULL, 1, 0, FFT_INVERSE, (int)fft.tiles));\n"
    "  fft.made = true;\n"
    "  /* registered after cuFFT's first use, so that it runs before the library's own teardown */\n"
    "  if (!registered) atexit(fft_release), registered = true;\n"
    "}\n\n"
    "/* One step from in to out: gather, forward transforms, product, inverse transforms, scatter. */\n"
    "static void fft_step(const rt_real *in, rt_real *out, const RtGrid *g) {\n"
    "  fft_make(g);\n"
    "  const unsigned cols = rt_cuda_blocks(fft.tiles1, 1, 65535L);\n"
    "  const unsigned rows = rt_cuda_blocks(fft.tiles / fft.tiles1, 1, 65535L);\n"
    "  fft_gather<<<dim3(FFT_T * FFT_T / 256, cols, rows), 256>>>(in, fft.real, g->ext[0], g->ext[1],\n"
    "                                                           g->stride[0]);\n"
    "  RT_CUDA_LAUNCH_CHECK();\n"
    "  FFT_CHECK(fft_exec_forward(fft.forward, fft.real, fft.freq));\n"
    "  fft_product<<<dim3(rt_cuda_blocks(FFT_FREQ, 256, 2147483647L), cols, rows), 256>>>(fft.freq,\n"
    "                                                                                 fft.filter);\n"
    "  RT_CUDA_LAUNCH_CHECK();\n"
    "  FFT_CHECK(fft_exec_inverse(fft.inverse, fft.freq, fft.real));\n"
    "  fft_scatter<<<dim3(rt_cuda_blocks(FFT_V0 * FFT_T, 256, 2147483647L), cols, rows), 256>>>(fft.real,\n"
    "      out, g->n[0], g->n[1], g->stride[0]);\n"
    "  RT_CUDA_LAUNCH_CHECK();\n"
    "}\n\n";

static void fft_emit(Buf *out, const Stencil *st, const GenOptions *opt, const void *plan) {
  const Plan *pl = plan;
  assert(st->dims == 2 && st->associative && pl->valid[0] >= 1 && pl->valid[1] >= 1);
  Emitter e = {out, 0};
  emit_defines(out, st, pl, opt->dtype);
  emit_filter(&e, st, pl, opt->dtype);
  buf_puts(out, kernels);
  emit_scatter(&e, st, opt->dtype);
  buf_puts(out, state);
  emit_advance_open(&e, "1");
  em_line(&e, "fft_step(buf[src], buf[1 - src], g);");
  emit_advance_close(&e);
}

static void fft_explain(Buf *out, const Stencil *st, const void *plan) {
  const Plan *pl = plan;
  (void)st;
  buf_printf(out, "plan: overlap-save over %dx%d tiles keeping %dx%d outputs each (%.1f%% of the "
                  "tile), filter of %d points reaching %d..%d x %d..%d\n",
             pl->tile, pl->tile, pl->valid[0], pl->valid[1],
             100.0 * pl->valid[0] * pl->valid[1] / ((double)pl->tile * pl->tile), pl->terms,
             -pl->lo[0], pl->hi[0], -pl->lo[1], pl->hi[1]);
  buf_printf(out, "plan: per step: gather, batched cuFFT R2C, product with the filter's spectrum "
                  "(made once), batched C2R, scatter\n");
}

static const BackendOption fft_options[] = {
    {"--tile", OPT_COUNT, PARAM_AT(FftParams, tile), 0, false, NULL, "T",
     "side of the square tiles transformed, a power of two"},
    {NULL}
};

const Backend backend_fft = {
    .name = "fft", .engine = &engine_cuda, .multistep = 1, .options = fft_options,
    .plan = fft_plan, .explain = fft_explain, .emit = fft_emit, .libs = "-lcufft",
    .programs_only = "its cuFFT plans and buffers belong to the program",
    .transform_error = fft_error_factor,
    .summary = "CUDA, each step a convolution through cuFFT over overlapping tiles; linear\n"
               "           2D stencils only"};
