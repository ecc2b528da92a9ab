/* The table of backends, and the ranking of their candidates. Adding a backend: its codegen file
 * (a `Backend`), its model file (a `BackendModel`, if the model ranks it), and one line in the
 * table below. */
#include "backends.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "codegen/n5d.h"
#include "model/program.h"
#include "util/mem.h"

extern const Backend backend_naive, backend_cpu, backend_n5d, backend_p25d, backend_ssam, backend_fft,
    backend_direct;
extern const BackendModel model_naive, model_n5d, model_p25d, model_ssam, model_fft, model_direct;

static const BackendEntry table[] = {
    {&backend_naive, &model_naive},
    {&backend_cpu, NULL},
    {&backend_n5d, &model_n5d},
    {&backend_p25d, &model_p25d},
    {&backend_ssam, &model_ssam},
    {&backend_fft, &model_fft},
    {&backend_direct, &model_direct},
};
enum { NBACKENDS = sizeof table / sizeof *table };

int backends_count(void) { return NBACKENDS; }

const BackendEntry *backends_at(int i) { return &table[i]; }

const Backend *backends_find(const char *name) {
  for (int i = 0; i < NBACKENDS; i++)
    if (!strcmp(table[i].gen->name, name)) return table[i].gen;
  return NULL;
}

const BackendEntry *backends_entry(const Backend *b) {
  for (int i = 0; i < NBACKENDS; i++)
    if (table[i].gen == b) return &table[i];
  return NULL;
}

const char *backends_names(const char *sep) {
  static char names[256];
  names[0] = 0;
  for (int i = 0; i < NBACKENDS; i++)
    snprintf(names + strlen(names), sizeof names - strlen(names), "%s%s", i ? sep : "",
             table[i].gen->name);
  return names;
}

int backends_predict(const Stencil *st, const GenOptions *opt, const Problem *pb, const GpuSpec *g,
                     bool prune, Prediction *p) {
  const BackendEntry *e = backends_entry(opt->backend);
  PlanStore plan;
  char why[256];
  *p = (Prediction){0};
  if (!e || !e->model || codegen_plan(st, opt, &plan, why, sizeof why)) return -1;
  if (e->model->predict(st, opt, plan.bytes, pb, g, prune, p)) return -1;
  double cells = (double)pb->steps;
  for (int a = 0; a < st->dims; a++) cells *= pb->n[a];
  p->gcells = cells / p->seconds / 1e9;
  return 0;
}

/* ---- ranking ---- */

typedef struct {
  Candidate *items;
  int n, cap;
  const Stencil *st;
  const Problem *pb;
  const GpuSpec *g;
} List;

static void keep(List *l, const GenOptions *opt, const Prediction *p) {
  if (l->n == l->cap) {
    l->cap = l->cap ? 2 * l->cap : 64;
    l->items = xrealloc(l->items, (size_t)l->cap * sizeof *l->items);
  }
  l->items[l->n++] = (Candidate){*opt, *p};
}

/* Keeps opt when its backend accepts it and the model predicts it; returns whether it did. */
static bool consider(void *ctx, const GenOptions *opt) {
  List *l = ctx;
  Prediction p;
  if (backends_predict(l->st, opt, l->pb, l->g, true, &p)) return false;
  keep(l, opt, &p);
  return true;
}

static int table_index(const Backend *b) { return (int)(backends_entry(b) - table); }

/* Faster first; among equals, fewer registers (more room for the compiler), then the backend (in
 * table order) and its parameters, so that the ranking is deterministic. */
static int by_speed(const void *a, const void *b) {
  const Candidate *x = a, *y = b;
  if (x->pred.gcells != y->pred.gcells) return x->pred.gcells < y->pred.gcells ? 1 : -1;
  if (x->pred.regs != y->pred.regs) return x->pred.regs < y->pred.regs ? -1 : 1;
  int bx = table_index(x->opt.backend), by = table_index(y->opt.backend);
  if (bx != by) return bx < by ? -1 : 1;
  for (int i = 0; i < BACKEND_MAX_PARAMS; i++)
    if (x->opt.params.v[i] != y->opt.params.v[i]) return x->opt.params.v[i] < y->opt.params.v[i] ? -1 : 1;
  return 0;
}

/* Each backend's tuning space, and its defaults (its hand-made rule, measured: n5d's 2D
 * defaults, two columns per thread, ran star2d1r at 2023 GCells/s on the H200, the best
 * configuration of its own space 1747), predicted as gen builds them. */
int backends_rank(const Stencil *st, DType dt, const Problem *pb, const GpuSpec *g, Candidate **out) {
  List l = {.st = st, .pb = pb, .g = g};
  for (int i = 0; i < NBACKENDS; i++) {
    if (!table[i].model) continue;
    table[i].model->space(st, dt, consider, &l);
    Candidate d;
    if (!backends_default_candidate(st, dt, table[i].gen, pb, g, &d)) keep(&l, &d.opt, &d.pred);
  }
  if (l.n) qsort(l.items, (size_t)l.n, sizeof *l.items, by_speed);
  *out = l.items;
  return l.n;
}

bool backends_is_default(const GenOptions *opt) {
  for (int i = 0; i < BACKEND_MAX_PARAMS; i++)
    if (opt->params.v[i]) return false;
  return true;
}

int backends_default_candidate(const Stencil *st, DType dt, const Backend *b, const Problem *pb,
                               const GpuSpec *g, Candidate *out) {
  *out = (Candidate){.opt = {.backend = b, .dtype = dt}};
  return backends_predict(st, &out->opt, pb, g, false, &out->pred);
}

/* ---- stencil programs ---- */

int backends_rank_program(const Program *pr, DType dt, const Problem *pb, const GpuSpec *g,
                          Candidate **out) {
  static const int bs2[] = {64, 128, 256, 512, 1024};
  static const int bs3[][2] = {{16, 32}, {32, 32}, {16, 64}, {24, 32}};
  List l = {0};
  GenOptions naive = {.backend = &backend_naive, .dtype = dt};
  Prediction p;
  if (!model_program_naive(pr, &naive, pb, g, &p)) keep(&l, &naive, &p);
  bool d3 = pr->dims == 3;
  int nbs = d3 ? (int)(sizeof bs3 / sizeof *bs3) : (int)(sizeof bs2 / sizeof *bs2);
  for (int bt = 1; bt <= (d3 ? 4 : 12); bt++)
    for (int b = 0; b < nbs; b++) {
      N5dParams np = {.bt = bt, .bs = {d3 ? bs3[b][1] : bs2[b], d3 ? bs3[b][0] : 0}};
      GenOptions o = {.backend = &backend_n5d, .dtype = dt};
      codegen_set_params(&o, &np, sizeof np);
      if (!model_program_n5d(pr, &o, pb, g, &p)) keep(&l, &o, &p);
    }
  if (l.n) qsort(l.items, (size_t)l.n, sizeof *l.items, by_speed);
  *out = l.items;
  return l.n;
}
