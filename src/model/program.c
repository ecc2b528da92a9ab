#include "program.h"

#include <string.h>

#include "codegen/n5d.h"
#include "codegen/n5d_program.h"
#include "codegen/naive.h"
#include "codegen/program.h"

extern const BackendModel model_naive, model_n5d; /* predict_naive.c, predict_n5d.c */

/* The programs' kernels against the single-stencil models they are predicted by, measured on an
 * H200 at suite sizes (8 float programs, bench/results/programs_h200_d4e04fd_float.csv and
 * n5d_programs_h200_194b457.csv), as the rate measured over the rate predicted:
 * - naive: 0.96 to 2.1, median 1.6. The naive model's DRAM fraction is fitted to single stencils
 *   of up to 125 points; a program's stage reads few points from each of its buffers.
 * - n5d in 2D: 1.2 and 1.4 (heat2d_var, acoustic2d).
 * - n5d in 3D: 0.34 to 0.56 before the refit, 0.9 after it with 0.4 applied. The program's 3D
 *   kernel computes each level over the whole BSY x BSX tile, a barrier per level and row. */
#define PROGRAM_NAIVE_RATE 1.6
#define N5D_PROGRAM_RATE_2D 1.3
#define N5D_PROGRAM_RATE_3D 0.4

static bool has_ref(const Ref *refs, int n, int field, int shift) {
  for (int i = 0; i < n; i++)
    if (refs[i].field == field && refs[i].shift == shift) return true;
  return false;
}

/* Buffers naive's kernel of stages first .. last moves: each distinct buffer its stages read from
 * memory (not a 1D coefficient array of one axis, a row's worth of values) (a later stage reads an earlier one's new value from a register), plus each stage's
 * written one unless the stage reads that buffer too. first == last: one stage's own kernel. */
static int kernel_buffers(const Program *pr, int first, int last) {
  Ref read[PROG_MAX_FIELDS * PROG_MAX_LEVELS];
  int n = 0, writes = 0;
  for (int i = first; i <= last; i++) {
    const Stage *s = &pr->stages[i];
    bool reads_out = false;
    for (int q = 0; q < s->st.npoints; q++) {
      const Ref *r = &s->refs[q];
      if (pr->fields[r->field].per_axis) continue; /* a 1D array of one axis stays in cache */
      reads_out = reads_out || (r->field == s->field && r->shift == 1);
      bool in_register = false;
      for (int j = first; j < i && !in_register; j++)
        in_register = pr->stages[j].field == r->field && r->shift == 1 % pr->fields[r->field].levels;
      if (!in_register && !has_ref(read, n, r->field, r->shift)) read[n++] = *r;
    }
    writes += !reads_out;
  }
  return n + writes;
}

int model_program_naive(const Program *pr, const GenOptions *opt, const Problem *pb,
                        const GpuSpec *g, Prediction *p) {
  memset(p, 0, sizeof *p);
  double cells = 1, slowest = 0;
  for (int a = 0; a < pr->dims; a++) cells *= (double)pb->n[a];
  ProgramKernels k;
  codegen_program_fusion(pr, &k);
  for (int i = 0; i < pr->nstages; i++) {
    const Stage *s = &pr->stages[i];
    Prediction one;
    PlanStore plan;
    char why[256];
    if (codegen_plan(&s->st, opt, &plan, why, sizeof why) ||
        model_naive.predict(&s->st, opt, plan.bytes, pb, g, false, &one))
      return -1;
    /* the single-stencil model moves 2 buffers; a stage moves what its own kernel would, or in
     * a kernel of several stages its share of what that kernel moves */
    int kn = 0;
    while (k.first[kn + 1] <= i) kn++;
    int first = k.first[kn], last = k.first[kn + 1] - 1, separate = 0;
    for (int j = first; j <= last; j++) separate += kernel_buffers(pr, j, j);
    double ratio = kernel_buffers(pr, i, i) / 2.0 * kernel_buffers(pr, first, last) / separate;
    if (one.bound == BOUND_GLOBAL && ratio > 1) one.seconds *= ratio;
    p->gm_bytes += one.gm_bytes * ratio;
    p->l2_bytes += one.l2_bytes;
    p->flops += one.flops;
    p->t_gm += one.t_gm * ratio;
    p->seconds += one.seconds;
    if (one.seconds > slowest) { /* the slowest stage names the bound */
      p->bound = one.bound;
      slowest = one.seconds;
    }
    p->blocks = one.blocks;
    p->blocks_per_sm = one.blocks_per_sm;
    p->regs = one.regs;
    p->occupancy_limit = one.occupancy_limit;
    p->eff_sm = one.eff_sm;
  }
  p->seconds /= PROGRAM_NAIVE_RATE; /* measured (top of the file) */
  p->gcells = cells * (double)pb->steps / p->seconds / 1e9;
  return 0;
}

/* Buffers a blocked launch moves per cell: the field's level t and each coefficient grid read
 * once, level t-1 read and levels L, L-1 stored. */
static int n5d_buffers(const N5dProgramPlan *pl) { return 1 + pl->ncoefs + 1 + 2; }

int model_program_n5d(const Program *pr, const GenOptions *opt, const Problem *pb,
                      const GpuSpec *g, Prediction *p) {
  N5dProgramPlan pp;
  char why[512];
  if (n5d_program_plan(pr, opt, &pp, why, sizeof why)) return -1;
  const Stencil *st = &pr->stages[0].st;
  /* the kernel is n5d's general mode (a shared ring per level, one row per barrier) with its
   * rings: every point read from shared memory */
  N5dPlan pl = {.mode = N5D_GENERAL, .bt = pp.bt, .bsx = pp.bsx, .bsy = pp.bsy, .hsn = pp.hsn,
                .rs = pp.rs, .ry = pp.ry, .rx = pp.rx, .v = 1, .w = pp.w, .copies = 1,
                .smem = pp.smem, .smem_reads = st->npoints, .smem_writes = 1, .cols = 1};
  if (model_n5d.predict(st, opt, &pl, pb, g, false, p)) return -1;
  /* the single-stencil model moves 2 buffers per launch; the program's launch more */
  double ratio = n5d_buffers(&pp) / 2.0;
  if (p->bound == BOUND_GLOBAL) p->seconds *= ratio;
  p->gm_bytes *= ratio;
  p->t_gm *= ratio;
  /* the measured rates of the program kernel against this prediction (top of the file) */
  p->seconds /= pr->dims == 3 ? N5D_PROGRAM_RATE_3D : N5D_PROGRAM_RATE_2D;
  double cells = 1;
  for (int a = 0; a < pr->dims; a++) cells *= (double)pb->n[a];
  p->gcells = cells * (double)pb->steps / p->seconds / 1e9;
  return 0;
}
