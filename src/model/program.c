#include "program.h"

#include <string.h>

#include "codegen/naive.h"

extern const BackendModel model_naive; /* predict_naive.c */

/* Distinct buffers stage s reads, plus the one it writes (counted once when it also reads it). */
static int buffers_moved(const Stage *s) {
  int n = 0;
  bool reads_out = false;
  for (int p = 0; p < s->st.npoints; p++) {
    bool seen = false;
    for (int q = 0; q < p && !seen; q++)
      seen = s->refs[q].field == s->refs[p].field && s->refs[q].shift == s->refs[p].shift;
    n += !seen;
    reads_out = reads_out || (s->refs[p].field == s->field && s->refs[p].shift == 1);
  }
  return n + !reads_out;
}

int model_program_naive(const Program *pr, const GenOptions *opt, const Problem *pb,
                        const GpuSpec *g, Prediction *p) {
  memset(p, 0, sizeof *p);
  double cells = 1, slowest = 0;
  for (int a = 0; a < pr->dims; a++) cells *= (double)pb->n[a];
  for (int i = 0; i < pr->nstages; i++) {
    const Stage *s = &pr->stages[i];
    Prediction one;
    PlanStore plan;
    char why[256];
    if (codegen_plan(&s->st, opt, &plan, why, sizeof why) ||
        model_naive.predict(&s->st, opt, plan.bytes, pb, g, false, &one))
      return -1;
    /* the single-stencil model moves 2 buffers; a stage moves buffers_moved(s) */
    double ratio = buffers_moved(s) / 2.0;
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
  p->gcells = cells * (double)pb->steps / p->seconds / 1e9;
  return 0;
}
