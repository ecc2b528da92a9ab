/* stencilc tune: build the model's best candidates of each strategy in parallel, time them on the
 * GPU, cache the fastest. The cache ($STENCILC_CACHE/tune.txt) holds one line per choice:
 *   KEY<TAB>stencilc gen options
 * where KEY joins a hash of the stencil IR, the GPU key, the dtype and the size class (log2 of the
 * cell count); a later line overrides an earlier one.
 *
 * The work can also be split across machines, for a GPU machine without libclang: --emit DIR
 * writes the candidates' programs and DIR/tune.tsv (no nvcc, no GPU); the GPU machine builds and
 * runs them (bench/tune_suite.sh) and appends the measured GCells/s to each row; --import FILE
 * reads that back, picks the fastest and caches it. tune.tsv:
 *   #key<TAB>KEY         the cache key: --import refuses a file emitted for another key
 *   #args<TAB>ARGS       the problem, as the candidate programs take it (-t STEPS [-s SIZE])
 *   #tuneargs<TAB>ARGS   what tune adds to time a candidate (--time-ms; plus --ref-cache DIR,
 *                        a directory of this machine that the candidates of one stencil share)
 *   #timeonly<TAB>ARGS   what it adds to those for the candidates' timing runs
 *                        (--skip-full-check); the pick runs again without it, verified in full
 *   #nvcc<TAB>FLAGS      extra nvcc flags (--use_fast_math with --fast-math)
 *   FILE<TAB>OPTIONS<TAB>PREDICTED[<TAB>MEASURED]   one row per candidate, in the model's order */
#include "tune.h"

#include <assert.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "cli.h"
#include "codegen/naive.h"
#include "codegen/p25d.h"
#include "codegen/program.h"
#include "codegen/ssam.h"
#include "frontend/frontend.h"
#include "process.h"
#include "util/hash.h"
#include "util/mem.h"

static void tune_help(FILE *f) {
  fputs(
    "usage: stencilc tune FILE.c [--gpu h200|h100|a100] [--dtype float|double] [-s SIZE]\n"
    "                     [-t STEPS] [--top K] [--fast-math] [--arch A] [--nvcc-flags \"F\"]\n"
    "                     [--workdir DIR] [--keep] [--emit DIR | --import FILE] [C flags]\n"
    "Takes the model's K best candidates of each strategy (default 3) and each strategy's\n"
    "defaults (none predicted at under half the best; at least 4 candidates, the next in the\n"
    "model's order), for a one-step 2D filter also ssam --bs 256 and naive --outputs 2x2 and\n"
    "4x2 (measured fastest for small filters), builds them with nvcc, as many at once as\n"
    "there are cores, and times each on the GPU in whole launches of about 100 ms,\n"
    "verified over all the steps at the programs' small check size; then verifies the fastest\n"
    "at the full size too (the next fastest when that fails; the CPU reference runs once,\n"
    "shared through a cache in DIR/ref) and caches it for this stencil, GPU, dtype and size\n"
    "class in tune.txt of $STENCILC_CACHE (default $XDG_CACHE_HOME/stencilc, else\n"
    "~/.cache/stencilc), where 'gen' and 'run' find it (their default --backend auto). It\n"
    "prints a line per candidate built, timed and verified, with the seconds since it started.\n"
    "It first checks that there is a GPU (nvidia-smi): without one, exit 2 and nothing built.\n"
    "  --gpu G        the GPU (default: the one present)\n"
    "  --arch A, --nvcc-flags \"F\", --fast-math   how nvcc builds, as for 'stencilc run'\n"
    "  --workdir DIR  where to build (default: a fresh folder in $TMPDIR, removed after)\n"
    "  --keep         keep that folder\n"
    "Split across machines (the GPU machine needs no stencilc):\n"
    "  --emit DIR     write the candidates' programs and DIR/tune.tsv (their options, the model's\n"
    "                 GCells/s and how to run them); build nothing, time nothing\n"
    "  --import FILE  read a tune.tsv whose rows end with the GCells/s measured on the GPU\n"
    "                 (bench/tune_suite.sh writes it), cache the fastest; give the same --gpu,\n"
    "                 --dtype and -s as with --emit\n",
        f);
}

enum { MAX_PICKS = 64, PATH_LEN = 4096 + 128, MAX_BACKENDS = 16, FILTER_EXTRAS = 3 };

/* How tune runs a candidate besides the problem's -t and -s: the candidate verifies all the
 * steps, but times whole launches of about 100 ms (the throughput, without the minutes that all
 * the steps of a large grid take); and the CPU reference, the same for every candidate, runs
 * once per stencil: the candidates share its results through --ref-cache. */
#define TUNE_TIME_MS "100"

static uint64_t hash_expr(uint64_t h, const Expr *e) {
  h = hash_bytes(h, &e->kind, sizeof e->kind);
  if (e->kind == EX_CONST) h = hash_bytes(h, &e->value, sizeof e->value);
  if (e->kind == EX_LOAD) h = hash_bytes(h, &e->point, sizeof e->point);
  if (e->kind == EX_WEIGHT) h = hash_bytes(h, &e->weight, sizeof e->weight);
  if (e->kind == EX_CALL) h = hash_bytes(h, e->func, strlen(e->func));
  for (int i = 0; i < e->nargs; i++) h = hash_expr(h, e->arg[i]);
  return h;
}

static void tune_key(const Stencil *st, const GpuSpec *g, DType dt, const Problem *pb, char *key,
                     size_t n) {
  uint64_t h = HASH_INIT;
  h = hash_bytes(h, &st->dims, sizeof st->dims);
  h = hash_bytes(h, st->lo, sizeof st->lo);
  h = hash_bytes(h, st->hi, sizeof st->hi);
  for (int p = 0; p < st->npoints; p++) h = hash_bytes(h, st->points[p].off, sizeof st->points[p].off);
  h = hash_expr(h, st->expr);
  double cells = 1;
  for (int a = 0; a < st->dims; a++) cells *= pb->n[a];
  snprintf(key, n, "%016llx-%s-%s-2^%d", (unsigned long long)h, g->key, ir_dtype_name(dt),
           (int)floor(log2(cells)));
}

/* The largest grid tune and model take: what the generated programs accept (a buffer of at most
 * 10^15 bytes, runtime/rt_common.h; 4-byte elements at the least), so that no prediction is made
 * for a program that would refuse its size, and the model's loops stay short. */
#define MAX_GRID_CELLS 2.5e14

/* -s as N or N0xN1[xN2] (checked by options_parse), else the sizes the source fixes, else the
 * backends' default size; -t, else the source's step count, else 1000 steps (options_sizes). */
int tune_problem(const Options *o, const Stencil *st, Problem *pb) {
  const Backend *gpu = backends_find("n5d"); /* the GPU backends share their defaults */
  memset(pb, 0, sizeof *pb);
  if (options_sizes(st, o, gpu->engine->default_size[st->dims - 1], gpu->engine->default_steps,
                    false, pb->n, &pb->steps))
    return -1;
  double cells = 1;
  for (int a = 0; a < st->dims; a++) cells *= (double)(pb->n[a] + st->lo[a] + st->hi[a]);
  if (cells > MAX_GRID_CELLS) {
    fprintf(stderr, "stencilc: %s%s: a grid of %.3g cells (halo included) is over the %.3g that "
                    "generated programs accept (10^15 bytes of float)\n", o->size ? "-s " : "the source's sizes",
            o->size ? o->size : "", cells, MAX_GRID_CELLS);
    return -1;
  }
  return 0;
}

/* The model's key for the GPU present (local_gpu), else h200; says when it has no entry. */
static const char *default_gpu(void) {
  const char *name = local_gpu()->name, *key = name[0] ? model_gpu_key_for_name(name) : NULL;
  static bool said;
  if (name[0] && !key && !said) {
    said = true;
    fprintf(stderr, "stencilc: the GPU here, %s, is not in the model's table (%s): modelling h200 "
                    "(--gpu chooses)\n", name, model_gpu_keys());
  }
  return key ? key : "h200";
}

int tune_gpu(const Options *o, GpuSpec *g) {
  const char *key = o->gpu ? o->gpu : default_gpu();
  if (!model_gpu_find(key, cache_file("gpu.txt"), g)) return 0;
  fprintf(stderr, "stencilc: unknown GPU '%s' (known: %s)\n", key, model_gpu_keys());
  return -1;
}

/* Copies the options cached last for key into out; returns 0, or -1 when there are none. */
static int cache_lookup(const char *key, char *out, size_t n) {
  const char *path = cache_file("tune.txt");
  FILE *f = path ? fopen(path, "r") : NULL;
  char line[1024];
  size_t klen = strlen(key);
  int rc = -1;
  while (f && fgets(line, sizeof line, f)) {
    line[strcspn(line, "\n")] = 0;
    if (!strncmp(line, key, klen) && line[klen] == '\t') rc = 0, snprintf(out, n, "%s", line + klen + 1);
  }
  if (f) fclose(f);
  return rc;
}

int tune_apply_choice(const char *text, Options *o) {
  static const OptionSet set = {"--backend", true, false, NULL, false};
  char copy[512], *argv[32];
  int argc = 0;
  snprintf(copy, sizeof copy, "%s", text);
  argv[argc++] = (char *)o->input;
  for (char *t = strtok(copy, " "); t && argc < 31; t = strtok(NULL, " ")) argv[argc++] = t;
  Options parsed;
  if (options_parse(argc, argv, &set, NULL, &parsed)) return -1;
  o->gen.backend = parsed.gen.backend;
  o->gen.params = parsed.gen.params;
  return 0;
}

void tune_choice_text(const GenOptions *opt, char *buf, size_t n) {
  char params[128];
  codegen_params_text(opt, params, sizeof params);
  snprintf(buf, n, "--backend %s%s%s", opt->backend->name, params[0] ? " " : "", params);
}

/* Untuned, a 2D stencil, or a 3D one in double with n5d first, takes the defaults of the model's
 * first strategy unless the model's first candidate is predicted at more than DEFAULTS_MARGIN
 * times them. The defaults are the H200 sweeps' fastest shapes, and the model misjudges its own
 * variants against them: of the 19 2D stencils tune timed at f1d213f
 * (tune_candidates_h200_f1d213f.csv), 18 had n5d's first variant predicted at 1.02x to 1.64x the
 * one-column defaults of then; it measured 0.65x to 1.12x of them, slower in 13. The column
 * defaults since (2D float star2d1r 2023 against 1709 GCells/s, n5d_cols_h200_9df3c6a.csv) only
 * widen the gap. In 3D double the defaults of star3d1r and j3d7pt ran 280.9 and 280.7
 * (n5d_double_defaults_h200_b6f98ce.csv) against 262.3 and 262.6 for bT 3 at 32x32, the kind of
 * variant the model puts first (n5d_double_h200.csv). In 3D float (12 stencils) the model's
 * first was predicted at 1.04x to 1.13x the defaults and measured at 1.00x to 1.09x: there the
 * model's order stands. */
#define DEFAULTS_MARGIN 1.7

/* 25d's shapes measured fastest in double at 512^3 and 1000 steps (p25d_double_h200_4f853da.csv,
 * the best of a sweep of the four placements at 8x64 and 4x128, then 16x32, 16x64 and 8x128 for
 * the leaders): shared at 8x64 for stars of radius 2 to 4 (star3d2r-4r: 161.6, 131.2 and 110.4
 * GCells/s), hybrid at 4x128 for boxes of radius 1 (box3d1r, j3d27pt: 157.9, 157.8) and at 8x64
 * for radius 2 and 3 (box3d2r, box3d3r: 57.6, 21.2). The model predicts 25d's DRAM-bound
 * placements within 2% of one another (each streams the grid once) and put global 8x64 first for
 * the stars, hybrid 8x64 for box3d1r, neither timed in double at 1000 steps. Other shapes: none. */
static bool measured_25d_double(const Stencil *st, P25dParams *p) {
  int r = 0;
  for (int a = 0; a < st->dims; a++) r = st->radius[a] > r ? st->radius[a] : r;
  if (st->shape == SHAPE_STAR && r >= 2 && r <= 4)
    *p = (P25dParams){.placement = P25D_SHARED, .block = {8, 64, 0}};
  else if (st->shape == SHAPE_BOX && r >= 1 && r <= 3)
    *p = (P25dParams){.placement = P25D_HYBRID, .block = {r == 1 ? 4 : 8, r == 1 ? 128 : 64, 0}};
  else
    return false;
  return true;
}

/* The candidate of c with opt's backend and parameters, or NULL. */
static const Candidate *find_candidate(const Candidate *c, int n, const GenOptions *opt) {
  for (int i = 0; i < n; i++)
    if (c[i].opt.backend == opt->backend && !memcmp(&c[i].opt.params, &opt->params, sizeof opt->params))
      return &c[i];
  return NULL;
}

/* What auto takes of the model's ranking c: the model's first, or the measured shape of its first
 * strategy (above) where the model is known to misjudge its variants against it, unless the
 * model's first is predicted at more than DEFAULTS_MARGIN times that shape. */
static const Candidate *measured_choice(const Stencil *st, DType dt, const Candidate *c, int n) {
  GenOptions want = {.backend = c[0].opt.backend, .dtype = dt};
  bool double_3d = st->dims == 3 && dt == DTYPE_DOUBLE;
  P25dParams p;
  if (double_3d && want.backend == backends_find("25d") && measured_25d_double(st, &p))
    codegen_set_params(&want, &p, sizeof p);
  else if (st->dims != 2 && !(double_3d && want.backend == backends_find("n5d")))
    return &c[0];
  const Candidate *m = find_candidate(c, n, &want);
  return m && m->pred.gcells * DEFAULTS_MARGIN >= c[0].pred.gcells ? m : &c[0];
}

int tune_choose(const Stencil *st, Options *o) {
  DType dt = o->gen.dtype;
  GpuSpec g;
  Problem pb;
  if (tune_gpu(o, &g) || tune_problem(o, st, &pb)) return -1;
  char key[128], cached[512], text[256];
  tune_key(st, &g, dt, &pb, key, sizeof key);
  if (!cache_lookup(key, cached, sizeof cached) && !tune_apply_choice(cached, o)) {
    fprintf(stderr, "stencilc: --backend auto: tuned choice for %s: %s\n", g.key, cached);
    return 0;
  }
  Candidate *c;
  int n = backends_rank(st, dt, &pb, &g, &c);
  if (n == 0) {
    fprintf(stderr, "stencilc: --backend auto: no candidate fits %s\n", g.name);
    return -1;
  }
  const Candidate *choice = measured_choice(st, dt, c, n);
  tune_choice_text(&choice->opt, text, sizeof text);
  fprintf(stderr, "stencilc: --backend auto: model's best for %s (not tuned): %s\n", g.key, text);
  if (choice != &c[0]) {
    char first[256];
    tune_choice_text(&c[0].opt, first, sizeof first);
    fprintf(stderr, "stencilc: --backend auto: (the strategy's measured shape: the model's own "
                    "'%s' is predicted at %.2fx it, within the model's error there)\n", first,
            c[0].pred.gcells / choice->pred.gcells);
  }
  free(c);
  return tune_apply_choice(text, o);
}

/* The model's k best of each strategy, in rank order, then each strategy's defaults (its
 * hand-made rule, which the model may rank below its own picks, wrongly: on the H200 the n5d and
 * SSAM defaults of box2d1r ran 1040 and 1047 GCells/s, the model's three best of each 680 to
 * 862), leaving out the candidates predicted at under 1/TUNE_PRUNE of the best: a strategy that
 * far behind only costs builds and runs (box3d4r's n5d candidates, predicted at 0.47 of 25d's
 * and measured at 0.66 of it, took 140 s of cicc each here, the 25d ones 20 s). The gap leaves
 * room for the model's error: over the 931 candidates timed on the H200 (bench/results), the
 * fastest of a stencil was predicted at 0.66 of the model's best at the lowest (conv2d-20x20,
 * naive against ssam), 0.73 next (bench/model_accuracy.py prints it). Whatever the pruning, at least TUNE_MIN_PICKS candidates are built, the next in
 * the model's order, so that a stencil with one clear strategy still gets a neighbourhood of the
 * model's best. The defaults are candidates of the ranking (backends_rank) that the k of their
 * strategy do not count. */
#define TUNE_PRUNE 2.0
enum { TUNE_MIN_PICKS = 4 };
static int pick(const Candidate *c, int n, int k, const Candidate **picks) {
  int count = 0, per[MAX_BACKENDS] = {0};
  bool *taken = xcalloc((size_t)(n ? n : 1), sizeof *taken);
  if (n == 0) return free(taken), 0;
  picks[count++] = &c[0], taken[0] = true; /* the model's best is always built */
  if (!backends_is_default(&c[0].opt)) per[backends_entry(c[0].opt.backend) - backends_at(0)]++;
  for (int i = 1; i < n && count < MAX_PICKS; i++)
    if (c[i].pred.gcells * TUNE_PRUNE >= c[0].pred.gcells && !backends_is_default(&c[i].opt) &&
        per[backends_entry(c[i].opt.backend) - backends_at(0)]++ < k)
      picks[count++] = &c[i], taken[i] = true;
  for (int i = 0; i < n && count < MAX_PICKS; i++)
    if (!taken[i] && backends_is_default(&c[i].opt) && c[i].pred.gcells * TUNE_PRUNE >= c[0].pred.gcells)
      picks[count++] = &c[i], taken[i] = true;
  for (int i = 0; i < n && count < TUNE_MIN_PICKS; i++)
    if (!taken[i]) picks[count++] = &c[i];
  free(taken);
  return count;
}

/* One-step 2D filters (conv2d): shapes outside the model's spaces that measured fastest on the
 * H200, built besides the model's picks: ssam with 256-thread blocks (2x2 and 3x3,
 * conv2d_small_h200_8836943.csv and conv2d_h200_8f75918.csv) and naive tiles of 2x2 and 4x2
 * outputs per thread (2x16 at 4x2). Three at most, so tune stays bounded (issue 22 item 5). */
static int filter_extras(const Stencil *st, DType dt, const Problem *pb, const GpuSpec *g,
                         Candidate extra[FILTER_EXTRAS]) {
  if (st->dims != 2 || pb->steps != 1) return 0;
  SsamParams ssam = {.bs = {256, 0}};
  NaiveParams tiles[] = {{.outputs = {2, 2}}, {.outputs = {4, 2}}};
  GenOptions o[FILTER_EXTRAS] = {{.backend = backends_find("ssam"), .dtype = dt},
                                 {.backend = backends_find("naive"), .dtype = dt},
                                 {.backend = backends_find("naive"), .dtype = dt}};
  codegen_set_params(&o[0], &ssam, sizeof ssam);
  codegen_set_params(&o[1], &tiles[0], sizeof tiles[0]);
  codegen_set_params(&o[2], &tiles[1], sizeof tiles[1]);
  int n = 0;
  for (int i = 0; i < FILTER_EXTRAS; i++)
    if (!backends_predict(st, &o[i], pb, g, false, &extra[n].pred)) extra[n++].opt = o[i];
  return n;
}

/* Whether opt is one of the k picks already. */
static bool picked(const Candidate **picks, int k, const GenOptions *opt) {
  for (int i = 0; i < k; i++)
    if (picks[i]->opt.backend == opt->backend && !memcmp(&picks[i]->opt.params, &opt->params, sizeof opt->params))
      return true;
  return false;
}

/* GCells/s from the program's RESULT line, or -1. */
static double result_gcells(const char *out_path) {
  FILE *f = fopen(out_path, "r");
  char line[1024];
  double g = -1;
  while (f && fgets(line, sizeof line, f)) {
    const char *at = strstr(line, " gcells=");
    if (!strncmp(line, "RESULT ", 7) && at) g = atof(at + 8);
  }
  if (f) fclose(f);
  return g;
}

/* What is tuned: one stencil, or a stencil program (st NULL). */
typedef struct {
  const Stencil *st;
  const Program *pr;
  const char *name;
  const char *nvcc_arch; /* for the candidates' Compile: line (GenOptions.nvcc_arch) */
} Subject;

typedef struct {
  const Candidate *c;
  char src[PATH_LEN], exe[PATH_LEN], log[PATH_LEN];
  pid_t pid;
  int built;
} Build;

/* Names candidate i's files in dir and writes its program; 0, or -1 when it cannot be written. */
static int write_source(const Subject *su, const char *dir, int i, Build *b) {
  snprintf(b->src, PATH_LEN, "%s/%s-tune%d.cu", dir, su->name, i);
  snprintf(b->exe, PATH_LEN, "%s/%s-tune%d", dir, su->name, i);
  snprintf(b->log, PATH_LEN, "%s/%s-tune%d.log", dir, su->name, i);
  GenOptions opt = b->c->opt;
  snprintf(opt.nvcc_arch, sizeof opt.nvcc_arch, "%s", su->nvcc_arch);
  Buf prog = {0};
  int rc = (su->st ? codegen_program(&prog, su->st, &opt)
                   : codegen_program_stages(&prog, su->pr, &opt)) ||
                   buf_write_file(&prog, b->src) ? -1 : 0;
  buf_free(&prog);
  return rc;
}

/* Seconds since the first call (tune's start). */
static double elapsed(void) {
  static struct timespec t0;
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  if (!t0.tv_sec && !t0.tv_nsec) t0 = t;
  return (double)(t.tv_sec - t0.tv_sec) + (t.tv_nsec - t0.tv_nsec) / 1e9;
}

/* Builds the candidates, as many at once as there are cores (nvcc runs single-threaded), and
 * prints a line as each finishes. */
static void build_all(const Subject *su, const char *nvcc, const char *dir, const Options *o,
                      Build *b, int n) {
  long cores = sysconf(_SC_NPROCESSORS_ONLN);
  int started = 0, running = 0, done = 0;
  char text[256];
  while (done < n) {
    while (started < n && running < (cores > 0 ? cores : 1)) {
      Build *c = &b[started++];
      NvccOptions nv = o->nvcc;
      nv.libs = c->c->opt.backend->libs;
      c->pid = write_source(su, dir, (int)(c - b), c) ? -1 : nvcc_start(nvcc, c->src, c->exe, &nv, c->log);
      if (c->pid > 0) running++;
      else done++, printf("tune: built [%d/%d] cannot write or start the build of %s\n", done, n, c->src);
    }
    if (!running) continue;
    int status;
    pid_t pid = wait(&status);
    if (pid < 0) break;
    for (int i = 0; i < n; i++) {
      if (b[i].pid != pid) continue;
      running--, done++;
      b[i].built = WIFEXITED(status) && WEXITSTATUS(status) == 0;
      tune_choice_text(&b[i].c->opt, text, sizeof text);
      printf("tune: built [%d/%d] %-48s %s  (%.1f s)\n", done, n, text, b[i].built ? "ok" : "FAILED",
             elapsed());
      fflush(stdout);
    }
  }
}

/* Runs candidate b as tune runs it (-t, -s, --time-ms, the shared reference cache), with
 * --skip-full-check when full is false; a stencil program's candidate runs all the steps (it
 * takes no --time-ms or --ref-cache: its reference runs in each candidate, at the check size
 * only when full is false). Returns its GCells/s, -1 when it failed or was not verified, -3
 * without a GPU. */
static double run_candidate(const Options *o, const char *ref_dir, const Build *b, bool full,
                            bool program) {
  char out[PATH_LEN + 16];
  char *argv[12] = {(char *)b->exe, "-t", (char *)(o->steps ? o->steps : "1000"), "--time-ms",
                    TUNE_TIME_MS};
  int argc = program ? 3 : 5;
  if (o->size) argv[argc++] = "-s", argv[argc++] = (char *)o->size;
  if (ref_dir[0] && !program) argv[argc++] = "--ref-cache", argv[argc++] = (char *)ref_dir;
  if (!full) argv[argc++] = "--skip-full-check";
  snprintf(out, sizeof out, "%s%s.out", b->exe, full ? "-full" : "");
  int rc = process_wait(process_start(argv, out));
  if (rc == 3) return -3;
  return rc == 0 ? result_gcells(out) : -1;
}

/* Times the built candidates, each verified at the check size only (the time of a check at the
 * timed size, mostly host work, was several times the timing's); then verifies the fastest in
 * full, at the timed size, and falls back to the next fastest while that fails. Returns the
 * index of the verified pick, -1 when none ran or verified, -3 without GPU. */
static int time_all(const Options *o, const char *dir, Build *b, int n, bool program) {
  char text[256], ref_dir[PATH_LEN];
  snprintf(ref_dir, sizeof ref_dir, "%s/ref", dir);
  if (make_dirs(ref_dir)) ref_dir[0] = 0; /* without a cache each candidate runs the reference */
  double *g = xcalloc((size_t)n, sizeof *g);
  for (int i = 0; i < n; i++) {
    tune_choice_text(&b[i].c->opt, text, sizeof text);
    printf("tune: [%d/%d] %-48s model %8.1f  ", i + 1, n, text, b[i].c->pred.gcells);
    g[i] = -1;
    if (!b[i].built) {
      printf("build failed (%s)\n", b[i].log);
      continue;
    }
    g[i] = run_candidate(o, ref_dir, &b[i], false, program);
    if (g[i] == -3) {
      printf("not timed: no GPU\n");
      free(g);
      return -3;
    }
    if (g[i] < 0) printf("failed (%s.out)  (%.1f s)\n", b[i].exe, elapsed());
    else printf("measured %8.1f GCells/s  (%.1f s)\n", g[i], elapsed());
    fflush(stdout);
  }
  int pick = -1;
  for (;;) {
    int best = -1;
    for (int i = 0; i < n; i++)
      if (g[i] > 0 && (best < 0 || g[i] > g[best])) best = i;
    if (best < 0) break;
    tune_choice_text(&b[best].c->opt, text, sizeof text);
    double full = run_candidate(o, ref_dir, &b[best], true, program);
    printf("tune: verify at the full size %-36s %s  (%.1f s)\n", text,
           full > 0 ? "PASS" : "FAILED: dropped", elapsed());
    fflush(stdout);
    if (full > 0) {
      printf("tune: pick %s measured %.1f GCells/s, verified %.1f GCells/s\n", text, g[best], full);
      pick = best;
      break;
    }
    g[best] = -1;
  }
  free(g);
  return pick;
}

static int store_choice(const char *key, const char *text) {
  const char *path = cache_file("tune.txt");
  FILE *f = path ? fopen(path, "a") : NULL;
  if (!f || fprintf(f, "%s\t%s\n", key, text) < 0 || fclose(f)) {
    fprintf(stderr, "stencilc tune: cannot write the cache\n");
    return EXIT_TOOL;
  }
  printf("tune: cached in %s: %s\n", path, text);
  return EXIT_OK;
}

/* --emit: the programs and dir/tune.tsv (format at the top of this file). */
static int emit(const Subject *su, const Options *o, const char *key, const char *dir, Build *b,
                int n) {
  char path[PATH_LEN], text[256];
  snprintf(path, sizeof path, "%s/tune.tsv", dir);
  FILE *f = fopen(path, "w");
  int ok = f != NULL;
  if (ok) fprintf(f, "#key\t%s\n#args\t-t %s%s%s\n#tuneargs\t%s%s\n#timeonly\t%s\n#nvcc\t%s\n", key,
                  o->steps ? o->steps : "1000", o->size ? " -s " : "", o->size ? o->size : "",
                  su->st ? "--time-ms " : "", su->st ? TUNE_TIME_MS : "",
                  "--skip-full-check", o->nvcc.fast_math ? "--use_fast_math" : "");
  for (int i = 0; ok && i < n; i++) {
    if (write_source(su, dir, i, &b[i])) {
      ok = 0;
      break;
    }
    tune_choice_text(&b[i].c->opt, text, sizeof text);
    fprintf(f, "%s\t%s\t%.1f\n", strrchr(b[i].src, '/') + 1, text, b[i].c->pred.gcells);
  }
  if (f) {
    ok = ok && !ferror(f);
    ok = !fclose(f) && ok;
  }
  if (!ok) {
    fprintf(stderr, "stencilc tune: cannot write the candidates into '%s'\n", dir);
    return EXIT_TOOL;
  }
  if (su->st)
    printf("tune: wrote %d candidates and %s; run them on the GPU, then --import the file with a "
           "measured column\n", n, path);
  else
    printf("tune: wrote %d candidates and %s; run them on the GPU and give gen the fastest row's "
           "options (stencil programs are not cached)\n", n, path);
  return EXIT_OK;
}

/* --import: caches the fastest row of a tune.tsv whose rows end with the measured GCells/s (a
 * missing or non-positive value: the candidate failed). */
static int import(const char *path, const char *key, const Options *o) {
  FILE *f = fopen(path, "r");
  if (!f) {
    fprintf(stderr, "stencilc tune: cannot read '%s'\n", path);
    return EXIT_INPUT;
  }
  char line[1024], best[512] = "", *field[4];
  double best_g = 0;
  int keyed = 0, rows = 0;
  while (fgets(line, sizeof line, f)) {
    line[strcspn(line, "\r\n")] = 0;
    int nf = 0;
    for (char *p = line; p && nf < 4; p = strchr(p, '\t') ? strchr(p, '\t') + 1 : NULL) field[nf++] = p;
    for (char *p = line; (p = strchr(p, '\t'));) *p++ = 0;
    if (!strcmp(field[0], "#key")) {
      keyed = nf == 2 && !strcmp(field[1], key);
      if (!keyed) break;
    } else if (field[0][0] != '#' && nf >= 3) {
      double g = nf == 4 ? atof(field[3]) : -1;
      printf("tune: [%d] %-48s model %8.1f  ", ++rows, field[1], atof(field[2]));
      if (g > 0) printf("measured %8.1f GCells/s\n", g);
      else printf("failed\n");
      if (g > best_g) best_g = g, snprintf(best, sizeof best, "%s", field[1]);
    }
  }
  fclose(f);
  if (!keyed) {
    fprintf(stderr, "stencilc tune: '%s' was not emitted for this stencil, GPU, dtype and size "
                    "class (%s): give the --gpu, --dtype and -s of the --emit call\n", path, key);
    return EXIT_INPUT;
  }
  if (!best[0]) {
    fprintf(stderr, "stencilc tune: no measured candidate in '%s'; nothing cached\n", path);
    return EXIT_TOOL;
  }
  Options parsed = *o;
  if (tune_apply_choice(best, &parsed)) return EXIT_INPUT;
  return store_choice(key, best);
}

static int tune(const Stencil *st, const Options *o, DType dt, const char *nvcc, const char *dir) {
  GpuSpec g;
  Problem pb;
  if (tune_gpu(o, &g) || tune_problem(o, st, &pb)) return EXIT_INPUT;
  char key[128], text[256];
  tune_key(st, &g, dt, &pb, key, sizeof key);
  if (o->import) return import(o->import, key, o);
  Candidate *c;
  const Candidate *picks[MAX_PICKS];
  int n = backends_rank(st, dt, &pb, &g, &c);
  int k = pick(c, n, o->top ? o->top : 3, picks);
  Candidate extra[FILTER_EXTRAS];
  for (int i = 0, m = filter_extras(st, dt, &pb, &g, extra); i < m && k < MAX_PICKS; i++)
    if (!picked(picks, k, &extra[i].opt)) picks[k++] = &extra[i];
  Build *b = xcalloc((size_t)k, sizeof *b);
  for (int i = 0; i < k; i++) b[i].c = picks[i];
  int rc = EXIT_TOOL;
  Subject su = {st, NULL, st->name, o->gen.nvcc_arch};
  if (o->emit) {
    rc = emit(&su, o, key, dir, b, k);
    free(b);
    free(c);
    return rc;
  }
  printf("tune: building %d candidates for %s in %s\n", k, g.name, dir);
  build_all(&su, nvcc, dir, o, b, k);
  int best = time_all(o, dir, b, k, false);
  if (best == -3) fprintf(stderr, "stencilc tune: no GPU on this machine: the candidates were built "
                                  "but cannot be timed; nothing cached\n");
  else if (best < 0) fprintf(stderr, "stencilc tune: no candidate ran; nothing cached\n");
  else {
    tune_choice_text(&b[best].c->opt, text, sizeof text);
    rc = store_choice(key, text);
  }
  free(b);
  free(c);
  return rc;
}

static int tune_run(Options *o, Stencil *st) {
  elapsed();
  if (o->emit && o->import) {
    fprintf(stderr, "stencilc tune: --emit and --import are the two halves of a split tune: give one\n");
    return EXIT_INPUT;
  }
  if (o->emit || o->import) {
    if (o->emit && make_dirs(o->emit)) {
      fprintf(stderr, "stencilc tune: cannot create '%s'\n", o->emit);
      return EXIT_TOOL;
    }
    return tune(st, o, o->gen.dtype, "", o->emit ? o->emit : "");
  }
  if (!local_gpu()->present) {
    fprintf(stderr, "stencilc tune: no GPU on this machine (nvidia-smi lists none): tune times the "
                    "candidates on one. Without a GPU, 'stencilc tune --emit DIR' writes them for a "
                    "GPU machine, and 'stencilc model' ranks them by prediction\n");
    return EXIT_INPUT;
  }
  const char *found = tool_find("NVCC", "nvcc", "/usr/local/cuda/bin/nvcc");
  if (!found) {
    fprintf(stderr, "stencilc tune: nvcc not found (install the CUDA toolkit or set $NVCC)\n");
    return EXIT_TOOL;
  }
  char nvcc[4096];
  snprintf(nvcc, sizeof nvcc, "%s", found);
  Workdir w;
  if (workdir_open(&w, o->workdir, "tune")) return EXIT_TOOL;
  int rc = tune(st, o, o->gen.dtype, nvcc, w.path);
  return workdir_close(&w, o->keep || rc != EXIT_OK, rc);
}

/* A stencil program: the model's naive and n5d candidates (backends_rank_program), the best
 * --top of each (default 3) within TUNE_PRUNE of the best; --emit writes them and tune.tsv,
 * else they are built and timed on the GPU (all the steps: programs take no --time-ms), each
 * verified at the check size, the fastest verified at the full size too (the next fastest when
 * that fails), and printed as gen options. Programs have no cache yet: --import is refused, and
 * --backend auto gives naive. */
int tune_program(const Program *pr, Options *o) {
  elapsed();
  if (o->import) {
    fprintf(stderr, "stencilc tune: %s is a stencil program, whose choice is not cached yet: "
                    "--import takes a single stencil's tune.tsv; give the fastest row's options to "
                    "gen\n", o->input);
    return EXIT_INPUT;
  }
  GpuSpec g;
  Problem pb;
  if (tune_gpu(o, &g) || tune_problem(o, &pr->stages[0].st, &pb)) return EXIT_INPUT;
  if (!o->emit && !local_gpu()->present) {
    fprintf(stderr, "stencilc tune: no GPU on this machine (nvidia-smi lists none): 'stencilc tune "
                    "--emit DIR' writes the candidates, 'stencilc model' ranks them\n");
    return EXIT_INPUT;
  }
  Candidate *c;
  int n = backends_rank_program(pr, o->gen.dtype, &pb, &g, &c), k = 0, per[MAX_BACKENDS] = {0};
  const Candidate *picks[MAX_PICKS];
  for (int i = 0; i < n && k < MAX_PICKS; i++)
    if (c[i].pred.gcells * TUNE_PRUNE >= c[0].pred.gcells &&
        per[backends_entry(c[i].opt.backend) - backends_at(0)]++ < (o->top ? o->top : 3))
      picks[k++] = &c[i];
  Build *b = xcalloc((size_t)(k ? k : 1), sizeof *b);
  for (int i = 0; i < k; i++) b[i].c = picks[i];
  Subject su = {NULL, pr, pr->name, o->gen.nvcc_arch};
  char key[128], text[256];
  snprintf(key, sizeof key, "program-%s-%s-%s", pr->name, g.key, ir_dtype_name(o->gen.dtype));
  int rc = EXIT_TOOL;
  const char *nvcc = o->emit ? NULL : tool_find("NVCC", "nvcc", "/usr/local/cuda/bin/nvcc");
  Workdir w;
  if (!k) fprintf(stderr, "stencilc tune: no candidate for %s\n", pr->name);
  else if (o->emit) rc = make_dirs(o->emit) ? EXIT_TOOL : emit(&su, o, key, o->emit, b, k);
  else if (!nvcc) fprintf(stderr, "stencilc tune: nvcc not found (install the CUDA toolkit or set $NVCC)\n");
  else if (!workdir_open(&w, o->workdir, "tune")) {
    char path[4096];
    snprintf(path, sizeof path, "%s", nvcc);
    printf("tune: building %d candidates for %s in %s\n", k, g.name, w.path);
    build_all(&su, path, w.path, o, b, k);
    int best = time_all(o, w.path, b, k, true);
    if (best >= 0) {
      tune_choice_text(&b[best].c->opt, text, sizeof text);
      printf("tune: fastest: %s (stencil programs are not cached: give gen these options)\n", text);
      rc = EXIT_OK;
    } else {
      fprintf(stderr, "stencilc tune: no candidate ran\n");
    }
    rc = workdir_close(&w, o->keep || rc != EXIT_OK, rc);
  }
  free(b);
  free(c);
  return rc;
}

const Command command_tune = {
    "tune",
    {"--gpu --dtype -s -t --top --fast-math --arch --nvcc-flags --workdir --keep --emit --import",
     false, true, NULL, false},
    tune_help, tune_run};
