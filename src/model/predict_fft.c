/* The fft model: each step is five passes over memory (gather, forward transform, product,
 * inverse transform, scatter; codegen/fft.c), so its time is the bytes they move over the DRAM
 * bandwidth, whatever the filter's size: the filter only sets the tile's overlap. Its tuning
 * space: the tile sizes. */
#include <math.h>

#include "codegen/fft.h"
#include "roofline.h"

/* Not fitted yet (no fft row in bench/results/): cuFFT's batched 2D transforms and streaming
 * kernels reach about 3/4 of the copy bandwidth; refit with bench/model_accuracy.py once
 * bench/conv2d_vs_cudnn.sh has timed the fft programs. */
static const double attained_dram = 0.75;

/* Passes over memory of one batched 2D transform up to 1024^2 points (cuFFT runs the rows and the
 * columns as kernels of their own, the first reading the real tiles and writing half spectra,
 * the second reading and writing the half spectra), and the launch latency of each of the five
 * kernels (and transforms) of a step. */
enum { TRANSFORM_PASSES = 2, KERNELS_PER_STEP = 7 };
static const double launch_seconds = 4e-6;

/* Bytes per step: the gather reads the tiles' cells (overlap included) and writes them; each
 * transform reads its input once and moves the half spectra through its passes; the product
 * reads and writes the spectra (the filter's stays in L2); the scatter reads the outputs kept
 * and writes the interior. */
static int predict(const Stencil *st, const GenOptions *opt, const void *plan, const Problem *pb,
                   const GpuSpec *g, bool prune, Prediction *p) {
  const FftPlan *pl = plan;
  double word = 4.0 * words(opt->dtype), t = pl->tile;
  long tiles = ceil_div(pb->n[0], pl->valid[0]) * ceil_div(pb->n[1], pl->valid[1]);
  double cells = (double)pb->n[0] * pb->n[1];
  double real = (double)tiles * t * t * word, spectra = (double)tiles * t * (t / 2 + 1) * 2 * word;
  double transform = real + spectra + 2 * (TRANSFORM_PASSES - 1) * spectra;
  (void)st;
  /* tiles that mostly recompute their neighbours' cells are left to the other tile sizes */
  if (prune && (double)pl->valid[0] * pl->valid[1] < 0.5 * t * t) return -1;
  p->gm_bytes = 2 * real + 2 * transform + 2 * spectra + 2 * cells * word;
  /* a real transform of N points: about 2.5 N log2 N flops; the product: 6 per complex value */
  p->flops = 5.0 * tiles * t * t * log2(t * t) + 6.0 * tiles * t * (t / 2 + 1);
  p->threads = 256;
  p->blocks = ceil_div(tiles * pl->tile * pl->tile, p->threads);
  p->regs = register_base(opt->dtype);
  p->blocks_per_sm = model_blocks_per_sm(g, p->threads, p->regs, 0, &p->occupancy_limit);
  p->eff_sm = 1;
  p->t_gm = p->gm_bytes / (g->mem_gbs * 1e9);
  p->t_comp = p->flops / (peak_gflops(g, opt->dtype) * 1e9);
  p->bound = p->t_comp > p->t_gm ? BOUND_COMPUTE : BOUND_GLOBAL;
  double t_step = (p->t_gm > p->t_comp ? p->t_gm : p->t_comp) / attained_dram;
  p->seconds = (t_step + KERNELS_PER_STEP * launch_seconds) * pb->steps;
  return 0;
}

static void space(const Stencil *st, DType dt, ConsiderFn consider, void *ctx) {
  static const int tiles[] = {64, 128, 256, 512, 1024, 2048};
  (void)st;
  for (int i = 0; i < (int)(sizeof tiles / sizeof *tiles); i++) {
    FftParams p = {tiles[i]};
    GenOptions o = {.backend = &backend_fft, .dtype = dt};
    codegen_set_params(&o, &p, sizeof p);
    consider(ctx, &o);
  }
}

const BackendModel model_fft = {space, predict};
