/* Enumeration and ranking of the candidates of every GPU strategy. The spaces follow AN5D's
 * tuning (section 6.3: bT, block sizes, hSN, register caps 32/64/96 or none), for the naive
 * block shape Tabik's space of warp-wide shapes (Zhang: wide and flat blocks coalesce best), for
 * 25d the placements times such shapes, and for SSAM the paper's parameters (P outputs per
 * thread, B threads per block) times bT. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model.h"

#define COUNT(a) ((int)(sizeof(a) / sizeof *(a)))

typedef struct {
  Candidate *items;
  int n, cap;
} List;

/* Keeps opt when its backend accepts it and the model predicts it; returns whether it did. */
static bool consider(List *l, const Stencil *st, const GenOptions *opt, const Problem *pb,
                     const GpuSpec *g) {
  char why[256];
  Prediction p;
  if (codegen_validate(st, opt, why, sizeof why) || model_predict(st, opt, pb, g, &p)) return false;
  if (l->n == l->cap) {
    l->cap = l->cap ? 2 * l->cap : 256;
    l->items = realloc(l->items, (size_t)l->cap * sizeof *l->items);
    if (!l->items) abort();
  }
  l->items[l->n++] = (Candidate){*opt, p};
  return true;
}

static void naive_space(List *l, const Stencil *st, DType dt, const Problem *pb, const GpuSpec *g) {
  static const int xs[] = {32, 64, 128, 256, 512, 1024}, ys[] = {1, 2, 4, 8, 16, 32}, zs[] = {1, 2, 4, 8};
  int nz = st->dims == 3 ? COUNT(zs) : 1;
  for (int i = 0; i < COUNT(xs); i++)
    for (int j = 0; j < COUNT(ys); j++)
      for (int k = 0; k < nz; k++) {
        GenOptions o = {.backend = BACKEND_NAIVE, .dtype = dt};
        int *b = o.naive.block;
        if (st->dims == 3) b[0] = zs[k], b[1] = ys[j], b[2] = xs[i];
        else b[0] = ys[j], b[1] = xs[i];
        consider(l, st, &o, pb, g);
      }
}

static void n5d_space(List *l, const Stencil *st, DType dt, const Problem *pb, const GpuSpec *g) {
  static const int bs2[][2] = {{128, 1}, {256, 1}, {512, 1}, {1024, 1}};
  static const int bs3[][2] = {{16, 16}, {32, 16}, {32, 32}, {64, 16}, {64, 8}, {128, 8}};
  static const int hsn2[] = {256, 512, 1024}, hsn3[] = {64, 128, 256};
  static const int caps[] = {0, 32, 64, 96, 128};
  bool d3 = st->dims == 3;
  int max_bt = d3 ? 8 : 16, nbs = d3 ? COUNT(bs3) : COUNT(bs2);
  for (int bt = 1; bt <= max_bt; bt++)
    for (int b = 0; b < nbs; b++)
      for (int h = 0; h < COUNT(hsn2); h++)
        for (int c = 0; c < COUNT(caps); c++) { /* no cap, then the smallest cap the estimate fits under:
                                          larger caps build the same code with fewer blocks */
          GenOptions o = {.backend = BACKEND_N5D, .dtype = dt};
          o.n5d.bt = bt;
          o.n5d.bs[0] = d3 ? bs3[b][0] : bs2[b][0];
          o.n5d.bs[1] = d3 ? bs3[b][1] : 0;
          o.n5d.hsn = d3 ? hsn3[h] : hsn2[h];
          o.n5d.regs = caps[c];
          if (consider(l, st, &o, pb, g) && c > 0) break;
        }
}

/* 25d: 3D only (the backend refuses 2D); the four placements times long and flat blocks (Zhang
 * IV-A: a larger x and a smaller y coalesce better and load fewer halo cells). */
static void p25d_space(List *l, const Stencil *st, DType dt, const Problem *pb, const GpuSpec *g) {
  static const Placement placements[] = {P25D_GLOBAL, P25D_SHARED, P25D_HYBRID, P25D_REGISTER};
  static const int blocks[][2] = {{1, 128}, {2, 128}, {4, 128}, {8, 64}, {4, 64}, {1, 256}, {2, 256}};
  for (int i = 0; i < COUNT(placements); i++)
    for (int b = 0; b < COUNT(blocks); b++) {
      GenOptions o = {.backend = BACKEND_25D, .dtype = dt};
      o.p25d.placement = placements[i];
      o.p25d.block[0] = blocks[b][0];
      o.p25d.block[1] = blocks[b][1];
      consider(l, st, &o, pb, g);
    }
}

/* SSAM: linear stencils only (the backend refuses the others). */
static void ssam_space(List *l, const Stencil *st, DType dt, const Problem *pb, const GpuSpec *g) {
  static const int ps[] = {2, 4, 8, 12, 16, 24, 32}, bs2[] = {64, 128, 256, 512}, ws3[] = {4, 8, 16, 32};
  bool d3 = st->dims == 3;
  int max_bt = d3 ? 4 : 8;
  for (int bt = 1; bt <= max_bt; bt++)
    for (int i = 0; i < COUNT(ps); i++)
      for (int b = 0; b < COUNT(bs2); b++) {
        GenOptions o = {.backend = BACKEND_SSAM, .dtype = dt};
        o.ssam.bt = bt;
        o.ssam.p = ps[i];
        o.ssam.bs[0] = d3 ? 32 : bs2[b];
        o.ssam.bs[1] = d3 ? ws3[b] : 0;
        consider(l, st, &o, pb, g);
      }
}

int model_block_threads(const Stencil *st, const GenOptions *opt) {
  const int *b = opt->backend == BACKEND_N5D ? opt->n5d.bs : opt->backend == BACKEND_SSAM ? opt->ssam.bs : NULL;
  if (b) return b[0] * (st->dims == 3 ? b[1] : 1);
  if (opt->backend == BACKEND_25D) return opt->p25d.block[0] * opt->p25d.block[1];
  int threads = 1;
  for (int a = 0; a < st->dims; a++) threads *= opt->naive.block[a];
  return threads;
}

/* Faster first; among equals, fewer registers (more room for the compiler), then the parameters,
 * so that the ranking is deterministic. */
static int by_speed(const void *a, const void *b) {
  const Candidate *x = a, *y = b;
  if (x->pred.gcells != y->pred.gcells) return x->pred.gcells < y->pred.gcells ? 1 : -1;
  const GenOptions *p = &x->opt, *q = &y->opt;
  int keys[][2] = {{x->pred.regs, y->pred.regs}, {p->backend, q->backend}, {p->n5d.bt, q->n5d.bt},
                   {p->n5d.bs[0], q->n5d.bs[0]}, {p->n5d.bs[1], q->n5d.bs[1]},
                   {p->n5d.hsn, q->n5d.hsn}, {p->ssam.bt, q->ssam.bt}, {p->ssam.p, q->ssam.p},
                   {p->ssam.bs[0], q->ssam.bs[0]}, {p->ssam.bs[1], q->ssam.bs[1]},
                   {p->naive.block[0], q->naive.block[0]},
                   {p->naive.block[1], q->naive.block[1]}, {p->naive.block[2], q->naive.block[2]},
                   {p->p25d.placement, q->p25d.placement}, {p->p25d.block[0], q->p25d.block[0]},
                   {p->p25d.block[1], q->p25d.block[1]}};
  for (size_t i = 0; i < sizeof keys / sizeof *keys; i++)
    if (keys[i][0] != keys[i][1]) return keys[i][0] < keys[i][1] ? -1 : 1;
  return 0;
}

int model_rank(const Stencil *st, DType dt, const Problem *pb, const GpuSpec *g, Candidate **out) {
  List l = {0};
  naive_space(&l, st, dt, pb, g);
  n5d_space(&l, st, dt, pb, g);
  if (st->dims == 3) p25d_space(&l, st, dt, pb, g);
  ssam_space(&l, st, dt, pb, g);
  if (l.n) qsort(l.items, (size_t)l.n, sizeof *l.items, by_speed);
  *out = l.items;
  return l.n;
}

int model_default_candidate(const Stencil *st, DType dt, Backend b, const Problem *pb,
                            const GpuSpec *g, Candidate *out) {
  char why[256];
  *out = (Candidate){.opt = {.backend = b, .dtype = dt}};
  if (codegen_validate(st, &out->opt, why, sizeof why)) return -1;
  return model_predict_as(st, &out->opt, pb, g, false, &out->pred);
}

/* Whether opt leaves every parameter of its backend to the backend's own rule. */
static bool is_default(const GenOptions *opt) {
  static const GenOptions zero;
  switch (opt->backend) {
  case BACKEND_NAIVE: return !memcmp(&opt->naive, &zero.naive, sizeof zero.naive);
  case BACKEND_25D: return !memcmp(&opt->p25d, &zero.p25d, sizeof zero.p25d);
  case BACKEND_SSAM: return !memcmp(&opt->ssam, &zero.ssam, sizeof zero.ssam);
  default: return !memcmp(&opt->n5d, &zero.n5d, sizeof zero.n5d);
  }
}

void model_params_text(const Stencil *st, const GenOptions *opt, char *buf, size_t n) {
  if (is_default(opt)) {
    snprintf(buf, n, "%s", "");
    return;
  }
  if (opt->backend == BACKEND_NAIVE) {
    const int *b = opt->naive.block;
    if (st->dims == 3) snprintf(buf, n, "--block %dx%dx%d", b[0], b[1], b[2]);
    else snprintf(buf, n, "--block %dx%d", b[0], b[1]);
    return;
  }
  if (opt->backend == BACKEND_25D) {
    const P25dParams *q = &opt->p25d;
    snprintf(buf, n, "--placement %s --block %dx%d", codegen_placement_name(q->placement), q->block[0],
             q->block[1]);
    return;
  }
  if (opt->backend == BACKEND_SSAM) {
    const SsamParams *q = &opt->ssam;
    if (st->dims == 3) snprintf(buf, n, "--bt %d --p %d --bs %dx%d", q->bt, q->p, q->bs[1], q->bs[0]);
    else snprintf(buf, n, "--bt %d --p %d --bs %d", q->bt, q->p, q->bs[0]);
    return;
  }
  const N5dParams *p = &opt->n5d;
  int len = st->dims == 3 ? snprintf(buf, n, "--bt %d --bs %dx%d --hsn %d", p->bt, p->bs[1], p->bs[0], p->hsn)
                          : snprintf(buf, n, "--bt %d --bs %d --hsn %d", p->bt, p->bs[0], p->hsn);
  if (p->regs && len > 0 && (size_t)len < n) snprintf(buf + len, n - (size_t)len, " --regs %d", p->regs);
}
