/* The SSAM model: a roofline for the software systolic array (Chen et al. 2019, section 5's
 * terms counted per launch): register-cache loads through L2, compulsory DRAM traffic, FMAs and
 * issue slots, warp shuffles at their own pipe's rate, shared memory between warps in 3D;
 * overlapped blocking's redundant cells included. Its tuning space: the paper's parameters (P
 * outputs per thread, B threads per block) times bT. */
#include <math.h>

#include "codegen/ssam.h"
#include "roofline.h"

/* Refitted with n5d's (predict_n5d.c) to the 931 candidates tune timed on the H200, from 0.69
 * and 0.56 (2D), 0.38 and 0.34 (3D); first fitted to 292 of them. SSAM_OVERHEAD
 * was chosen among a few values by the model's first pick per stencil: before, n5d was ranked
 * first for conv2d-11x11 and for box2d1r and j2d9pt-gol in double, where SSAM runs 1.20x and
 * 1.23x faster. */
static const Attained attained_2d = {0.67, 0.57, 0}, attained_3d = {0.41, 0.32, 0};

/* Lane instructions per computed row beyond the stencil's own operations: address arithmetic,
 * the cache's rotation and the loop. */
enum { SSAM_OVERHEAD = 4 };

/* One SSAM launch of bt levels (the plan's P and block; a shorter last launch keeps them and
 * caches fewer halo rows). Every thread loads its cache, computes level k on P + 2 (bt - k) r0
 * rows, and its lanes that own cells store P rows. Issue slots: arithmetic, shuffles, shared and
 * global loads and stores; shuffles also have their own pipe, and a double moves in two. */
static void launch(const Stencil *st, const SsamPlan *pl, const Problem *pb, const GpuSpec *g,
                        DType dt, int bt, Prediction *p) {
  int d = st->dims, x = d - 1, rr = st->radius[0], rx = st->radius[x];
  p->blocks = ceil_div(pb->n[0], (long)pl->p);
  if (d == 3) {
    p->blocks *= ceil_div(pb->n[1], pl->warps - 2L * bt * st->radius[1]) * ceil_div(pb->n[x], WARP - 2L * bt * rx);
  } else {
    p->blocks *= ceil_div(pb->n[x], (long)pl->warps * (WARP - 2 * bt * rx));
  }
  double threads = (double)p->blocks * pl->warps * WARP;
  double rows = (double)bt * pl->p + (double)bt * (bt - 1) * rr; /* computed per thread */
  double computed = threads * rows, cache = (double)pl->p + 2.0 * bt * rr; /* loaded */
  double valid = 1, extent = 1, word = 4.0 * words(dt);
  for (int a = 0; a < d; a++) valid *= pb->n[a], extent *= pb->n[a] + st->lo[a] + st->hi[a];
  OpCounts ops = {pl->fma, pl->mul, pl->add, 0};
  /* 3D: every level writes the rows the warps beside it read */
  double published = pl->smem ? threads * (rows + (double)bt * pl->smem_extra) : 0;
  double smem_ops = published + computed * pl->smem_reads;
  p->classes.valid = valid;
  p->gm_bytes = (extent + valid) * word; /* the grid read once, the interior written once */
  p->l2_bytes = (threads * cache + valid) * word;
  p->sm_bytes = smem_ops * word;
  p->flops = computed * op_flops(ops);
  p->shuffles = computed * pl->shuffles * words(dt);
  double issue = computed * (op_total(ops) + SSAM_OVERHEAD) + p->shuffles + smem_ops +
                 threads * (cache + (double)pl->p);
  p->t_gm = p->gm_bytes / (g->mem_gbs * 1e9);
  p->t_l2 = p->l2_bytes / (g->l2_gbs * 1e9);
  p->t_sm = p->sm_bytes / (g->smem_gbs * 1e9);
  p->t_comp = fmax(p->flops / (peak_gflops(g, dt) * 1e9 * model_alu_efficiency(ops)),
                   issue_seconds(g, issue));
  p->t_shfl = shuffle_seconds(g, p->shuffles);
  finish(g, d == 3 ? &attained_3d : &attained_2d, pl->warps * WARP, pl->smem, p);
}

static int predict(const Stencil *st, const GenOptions *opt, const void *plan, const Problem *pb,
                   const GpuSpec *g, bool prune, Prediction *p) {
  const SsamPlan *pl = plan;
  (void)prune;
  if (pl->long_code) return -1; /* past the code-size rule: pruned, as a spilling candidate is */
  p->regs = pl->regs;
  /* would spill: a warp gets registers from its scheduler's quarter of the register file */
  int warps_per_scheduler = (pl->warps + 3) / 4;
  if (p->regs > g->max_regs_per_thread || p->regs * warps_per_scheduler * WARP > g->regs_per_sm / 4)
    return -1;
  long full = pb->steps / pl->bt, rest = pb->steps % pl->bt;
  Prediction last = {0};
  last.regs = p->regs;
  if (rest) launch(st, pl, pb, g, opt->dtype, (int)rest, &last);
  launch(st, pl, pb, g, opt->dtype, pl->bt, p);
  if (!p->blocks_per_sm) return -1;
  p->seconds = full * p->seconds + (rest ? last.seconds : 0);
  return 0;
}

#define COUNT(a) ((int)(sizeof(a) / sizeof *(a)))

/* Linear stencils only (the backend refuses the others). */
static void space(const Stencil *st, DType dt, ConsiderFn consider, void *ctx) {
  static const int ps[] = {2, 4, 8, 12, 16, 24, 32}, bs2[] = {64, 128, 256, 512}, ws3[] = {4, 8, 16, 32};
  bool d3 = st->dims == 3;
  int max_bt = d3 ? 4 : 8;
  for (int bt = 1; bt <= max_bt; bt++)
    for (int i = 0; i < COUNT(ps); i++)
      for (int b = 0; b < COUNT(bs2); b++) {
        SsamParams p = {.bt = bt, .p = ps[i], .bs = {d3 ? WARP : bs2[b], d3 ? ws3[b] : 0}};
        GenOptions o = {.backend = &backend_ssam, .dtype = dt};
        codegen_set_params(&o, &p, sizeof p);
        consider(ctx, &o);
      }
}

const BackendModel model_ssam = {space, predict};
