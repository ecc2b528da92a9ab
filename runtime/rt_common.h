/* rt_common.h: support code carried verbatim by every program stencilc generates.
 * Compiles as C11 (gcc -fopenmp) and as nvcc host code (C++). The generated program defines
 * RT_REAL (float or double) before including it; it defaults to double for stand-alone tests.
 *
 * Grid layout: one linear array per time level, axis 0 slowest, last axis contiguous. Along axis
 * a the interior has n[a] cells starting at lo[a]; the extent is n[a] + lo[a] + hi[a]. */
#ifndef STENCILC_RT_COMMON_H
#define STENCILC_RT_COMMON_H

#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L /* clock_gettime under -std=c11 */
#endif

#include <errno.h>
#include <float.h>
#include <limits.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#ifndef RT_REAL
#define RT_REAL double
#endif
typedef RT_REAL rt_real;

#ifdef RT_MPI
#include <mpi.h>
#endif

/* A program uses only some helpers: marked unused so that neither gcc -Wall -Wextra -Werror nor
 * nvcc's front end warns about the others. */
#define RT_API static inline __attribute__((unused))

enum { RT_MAX_DIMS = 3, RT_MAX_SCALARS = 8 };

/* 1 / sqrt(x) as the generated code writes it (codegen/emit.c). In kernels one call of CUDA's
 * rsqrt, documented within 1 ulp in double and 2 in float, in place of a correctly rounded
 * square root and a correctly rounded division, each with a slow path of its own: gradient2d
 * (n5d, bT 4) ran 1.36x faster in double and 1.9x in float on the H200 (bench/README.md).
 * Host code (the reference, the cpu backend) divides as the source does. The check's bound
 * allows the pair 1 + RT_LIB_ULPS ulps ("Verification"), more than rsqrt's. */
#ifdef __CUDA_ARCH__
#define rt_rsqrt(x) rsqrt(x)
#define rt_rsqrtf(x) rsqrtf(x)
#else
#define rt_rsqrt(x) (1.0 / sqrt(x))
#define rt_rsqrtf(x) (1.0f / sqrtf(x))
#endif

/* A product in an integer grid's floating arithmetic (codegen/emit.c): in kernels CUDA's
 * __dmul_rn, which nvcc never contracts with an addition into an FMA (the host code computes
 * each operation rounded, as the user's code compiled by cc does). */
#ifdef __CUDA_ARCH__
#define RT_MUL(a, b) __dmul_rn((a), (b))
#else
#define RT_MUL(a, b) ((a) * (b))
#endif
/* Machine epsilon of the element type. */
#define RT_EPS (sizeof(rt_real) == sizeof(float) ? (double)FLT_EPSILON : DBL_EPSILON)

/* A run-time scalar of the stencil: a parameter of the user's function, set with --param
 * NAME=VALUE, or a value derived from the parameters (the user's double r = alpha * dt / h^2). */
typedef struct {
  const char *name;
  int settable; /* 1: a parameter; 0: derived (RtStencil.derive computes it) */
  double value; /* a parameter's default: keeps the random inputs bounded (README) */
} RtScalar;

/* What the generated code tells the runtime about its stencil. */
typedef struct {
  const char *name;    /* source name */
  const char *backend; /* "naive", "cpu" */
  const char *dtype;   /* "float", "double" */
  int dims;
  int lo[RT_MAX_DIMS], hi[RT_MAX_DIMS]; /* halo width below / above the interior per axis */
  int flops;                            /* per cell */
  double gain;                          /* sum |coef| for linear stencils, else 1 */
  int copyback;                         /* 1: result always in buffer 0; 0: in buffer steps%2 */
  long default_size, default_steps, default_reps;
  int nweights;                         /* run-time weights (0: none) */
  const double *weight_gain;            /* per weight: what each unit of |w[k]| adds to gain */
  int nscalars;                         /* run-time scalars (then nweights == nscalars) */
  const RtScalar *scalars;
  void (*derive)(double *v);            /* fills the derived scalars of v from its parameters */
  long default_n[RT_MAX_DIMS];          /* per axis: the interior the source fixes, 0: default_size */
} RtStencil;

typedef struct {
  int dims;
  long n[RT_MAX_DIMS];      /* interior cells */
  long lo[RT_MAX_DIMS];     /* first interior index */
  long ext[RT_MAX_DIMS];    /* extent including halo */
  long stride[RT_MAX_DIMS]; /* elements between neighbours along the axis */
  long cells;               /* all cells, halo included */
} RtGrid;

RT_API void *rt_xmalloc(size_t bytes) {
  void *p = malloc(bytes ? bytes : 1);
  if (!p) {
    fprintf(stderr, "stencilc: out of memory (%zu bytes)\n", bytes);
    exit(4);
  }
  return p;
}

RT_API void *rt_xcalloc(size_t count, size_t size) {
  void *p = calloc(count ? count : 1, size);
  if (!p) {
    fprintf(stderr, "stencilc: out of memory (%zu x %zu bytes)\n", count, size);
    exit(4);
  }
  return p;
}

RT_API RtGrid rt_grid_make(const RtStencil *st, const long n[]) {
  RtGrid g;
  memset(&g, 0, sizeof g);
  g.dims = st->dims;
  for (int a = 0; a < st->dims; a++) {
    g.n[a] = n[a];
    g.lo[a] = st->lo[a];
    g.ext[a] = n[a] + st->lo[a] + st->hi[a];
  }
  g.cells = 1;
  for (int a = st->dims - 1; a >= 0; a--) {
    g.stride[a] = g.cells;
    g.cells *= g.ext[a];
  }
  return g;
}

/* Interior planes [first, first + count) of axis 0 of g as a grid of their own, which starts
 * *offset elements into g's buffers (its halo planes are g's planes around them): what a step
 * over part of the grid (engine_step_planes) hands the whole grid's step. */
RT_API RtGrid rt_grid_planes(const RtGrid *g, long first, long count, long *offset) {
  RtGrid sub = *g;
  sub.n[0] = count;
  sub.ext[0] = count + g->ext[0] - g->n[0];
  sub.cells = sub.ext[0] * g->stride[0];
  *offset = (first - g->lo[0]) * g->stride[0];
  return sub;
}

/* A box of a grid's buffer: `rows` runs of `chunk` elements, `pitch` apart, from `offset` (the
 * halo slabs and parts an MPI program moves, rt_mpi_part.h); packed, the runs follow one another. */
typedef struct {
  long offset, rows, chunk, pitch;
} RtBlock;

RT_API void rt_block_read(const rt_real *grid, const RtBlock *b, rt_real *packed) {
  for (long r = 0; r < b->rows; r++)
    memcpy(packed + r * b->chunk, grid + b->offset + r * b->pitch, (size_t)b->chunk * sizeof(rt_real));
}

RT_API void rt_block_write(rt_real *grid, const RtBlock *b, const rt_real *packed) {
  for (long r = 0; r < b->rows; r++)
    memcpy(grid + b->offset + r * b->pitch, packed + r * b->chunk, (size_t)b->chunk * sizeof(rt_real));
}

RT_API rt_real *rt_alloc_grid(const RtGrid *g) {
  return (rt_real *)rt_xmalloc((size_t)g->cells * sizeof(rt_real));
}

RT_API int rt_is_interior(const RtGrid *g, long cell) {
  for (int a = g->dims - 1; a >= 0; a--) {
    long i = cell % g->ext[a];
    cell /= g->ext[a];
    if (i < g->lo[a] || i >= g->lo[a] + g->n[a]) return 0;
  }
  return 1;
}

/* splitmix64 finaliser. Value i of a seeded stream is mix(seed + (i + 1) * golden), so any cell
 * can be filled independently (in parallel) and the fill is reproducible. */
RT_API uint64_t rt_mix64(uint64_t z) {
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

RT_API uint64_t rt_random_u64(uint64_t seed, uint64_t i) {
  return rt_mix64(seed + (i + 1) * 0x9e3779b97f4a7c15ULL);
}

/* Magnitude uniform in [0.1, 1.0], random sign: never zero, so a cell that is skipped or
 * read from the wrong place shows up as an error. */
RT_API double rt_random_value(uint64_t seed, uint64_t i) {
  uint64_t r = rt_random_u64(seed, i);
  double u = (double)(r >> 11) * (1.0 / 9007199254740992.0); /* 53 bits in [0, 1) */
  double mag = 0.1 + 0.9 * u;
  return (r & 1) ? -mag : mag; /* bit 0 is not among the 53 used for u */
}

/* Values 0 .. count - 1 of the stream into a (an MPI rank's part takes the values of its cells'
 * places in the whole grid: rt_mpi_global_cell). */
/* An integer grid (RT_VALUE_LO/HI defined: the values the stencil keeps, the element type's
 * range for 8- and 16-bit pixels) takes values uniform in [RT_VALUE_LO, RT_VALUE_HI]. */
RT_API void rt_fill_random(rt_real *a, long count, uint64_t seed) {
#pragma omp parallel for
  for (long i = 0; i < count; i++)
#ifdef RT_VALUE_HI
    a[i] = (rt_real)(RT_VALUE_LO + (long long)(rt_random_u64(seed, (uint64_t)i) %
                                               (uint64_t)(RT_VALUE_HI - RT_VALUE_LO + 1)));
#else
    a[i] = (rt_real)rt_random_value(seed, (uint64_t)i);
#endif
}

/* NaN, or for an integer grid its type's largest value, in every interior cell. */
RT_API void rt_poison_interior(rt_real *a, const RtGrid *g) {
#ifdef RT_VALUE_HI
  const rt_real poison = (rt_real)RT_VALUE_HI;
#else
  const rt_real poison = (rt_real)NAN;
#endif
#pragma omp parallel for
  for (long c = 0; c < g->cells; c++)
    if (rt_is_interior(g, c)) a[c] = poison;
}

/* Run-time weights: a stencil whose coefficients come from an array parameter (a convolution
 * filter) reads RT_NWEIGHTS of them, which the generated program defines. rt_w_host is the copy
 * host loops read (the reference, the CPU backend); CUDA programs also copy it into the
 * __constant__ array rt_w of rt_cuda_base.h. */
#ifdef RT_NWEIGHTS
static rt_real rt_w_host[RT_NWEIGHTS];
#endif

/* Seeded random positive weights, normalised so that the part of the stencil they scale has gain
 * sum_k gain[k] * w[k] = 1 (a random averaging filter): never zero, distinct from one another,
 * and the grid stays bounded however many steps run. When no weight scales a point linearly
 * (gain all 0) the weights sum to 1 instead. */
RT_API void rt_fill_weights(rt_real *w, int count, const double *gain, uint64_t seed) {
  double sum = 0, plain = 0;
  for (int k = 0; k < count; k++) {
    double r = fabs(rt_random_value(seed ^ 0x77656967687473ULL, (uint64_t)k)); /* "weights" */
    sum += gain[k] * r;
    plain += r;
  }
  double scale = sum > 0 ? 1 / sum : 1 / plain;
  for (int k = 0; k < count; k++)
    w[k] = (rt_real)(fabs(rt_random_value(seed ^ 0x77656967687473ULL, (uint64_t)k)) * scale);
}

/* The stencil's gain for the tolerance: the constant coefficients' part plus each weight's. */
RT_API double rt_stencil_gain(const RtStencil *st, const rt_real *w) {
  double g = st->gain;
  for (int k = 0; k < st->nweights; k++) g += st->weight_gain[k] * fabs((double)w[k]);
  return g;
}

/* ---- Verification: a bound per cell (the only place stencilc derives it) ----
 *
 * The reference (generated reference_step) computes each step in double from the stored values
 * and rounds the result to rt_real; beside it, reference_bound_step propagates, per cell c and
 * step s, a bound b_s(c) on |kernel - reference| that a correct kernel stays within, from the
 * computation's own condition: the magnitudes of the terms that cell's value is made of. Halo
 * cells have bound 0 (neither side writes them). With u the unit roundoff of rt_real
 * (RT_EPS = 2u), v the reference's values and b the bounds of the previous step:
 *
 * Linear stencils (sum_p a_p in[c + p] + constant), whatever the order or grouping a backend
 * sums in (partial sums, folded coefficients, FMA contraction):
 *     b_s(c) = S + K * RT_EPS * M,   S = sum_p A_p b_{s-1}(c + p),
 *              M = sum_p A_p (|v_{s-1}(c + p)| + b_{s-1}(c + p)) + |constant|,   K = flops + 2,
 * A_p >= |a_p| the coefficient magnitudes as written (every occurrence of the point, each
 * constant and weight by its absolute value: the written form's terms, before they cancel; the
 * generated code lists them as RtTerm). A linear stencil whose terms the table cannot hold (a
 * division by a weight, a factor of two weights) is bounded as a non-linear one.
 * S carries the errors already made; each path from a term to the result goes through at most
 * `flops` roundings (2 more: a folded coefficient a_p rounded, a coefficient times a weight; 3
 * when a folded coefficient also adds a constant, b + c * w: the heat step's 1 - 4 r), each
 * at most u times a partial sum bounded by M; the reference makes the same kind of error (in
 * double: far smaller for float programs), hence RT_EPS = 2u. A kernel that drops or changes a
 * term errs by about that term, |a_p v|, which is far above K * 2u * M: for the cancelling
 * 100 a - 99.5 b + 0.05 c in float, 0.05 |c| against ~1e-6 * 200 |v|.
 *
 * Non-linear stencils (products of cells, division by cells, math calls) are bounded by running
 * error analysis of the expression as written, which is how every backend computes them: each
 * node carries (v, e) = (its value in double, a bound on the kernel's deviation), see RtErr below:
 * +,- : e = ea + eb + RT_EPS (|v| + ea + eb);  * : e = |a| eb + |b| ea + ea eb + RT_EPS (|v| + that);
 * / : e = (ea + |v| eb) / (|b| - eb) + RT_EPS (|v| + that), infinite when |b| <= eb;
 * calls: the propagated error from the function's slope over [a - ea, a + ea] (sqrt: min(ea /
 * sqrt(a), sqrt(ea)); exp: |v| expm1(ea); log: -log1p(-ea / a); sin, cos, tanh: ea; fabs: ea;
 * fmin, fmax: max(ea, eb)) plus RT_LIB_ULPS ulps of the library (CUDA's and glibc's documented
 * bounds for these functions are at most 2 ulps), and the store adds RT_EPS |v|.
 * Every rounding also adds RT_TINY (the smallest normal number), which covers underflow and
 * flush-to-zero.
 *
 * Fallback: where the bound is not finite (a divisor or a logarithm's argument within its own
 * error of 0, or an overflow) the cell is held to the normwise tolerance rt_tolerance(), relative
 * to the largest |reference| of the interior; the count is reported (RtCompare.fallback). The
 * halo must come back exactly as it was: a kernel that writes outside the interior fails. */
#define RT_TINY (sizeof(rt_real) == sizeof(float) ? (double)FLT_MIN : DBL_MIN)
enum { RT_LIB_ULPS = 4 };

/* Linear stencils: the terms as written, one per occurrence of a point (or a constant term):
 * |the constants that scale it| times |w[weight]| when weight >= 0. */
typedef struct {
  int reads;                /* 1: reads the cell at offset off; 0: a constant term */
  int off[RT_MAX_DIMS];     /* offset per axis, axis 0 first */
  double mag;               /* product of |constant| factors (divisors inverted) */
  int weight;               /* run-time weight scaling it, or -1 */
} RtTerm;

/* One step of the linear bound (S + K * RT_EPS * M, above) over the interior; w: the run-time
 * weights (NULL when none). Row by row, the terms in the outer loop and the row's cells in the
 * inner one, which the compiler vectorises (a 729-term box at 512^3 took a minute cell by cell);
 * every cell still sums its terms in their order. */
RT_API void rt_bound_linear_step(const rt_real *in, const double *bin, double *bout,
                                 const RtGrid *g, const RtTerm *t, int nt, int k, const rt_real *w) {
  long *off = (long *)rt_xmalloc((size_t)nt * sizeof *off);
  double *mag = (double *)rt_xmalloc((size_t)nt * sizeof *mag), constant = 0;
  for (int i = 0; i < nt; i++) {
    off[i] = 0;
    for (int a = 0; a < g->dims; a++) off[i] += t[i].off[a] * g->stride[a];
    mag[i] = t[i].mag * (t[i].weight >= 0 ? fabs((double)w[t[i].weight]) : 1);
    if (!t[i].reads) constant += mag[i];
  }
  long rows = 1; /* interior rows along the last axis, in parallel */
  for (int a = 0; a < g->dims - 1; a++) rows *= g->n[a];
  const int last = g->dims - 1;
  const long len = g->n[last];
#pragma omp parallel
  {
    double *sum = (double *)rt_xmalloc((size_t)len * sizeof *sum);
    double *m = (double *)rt_xmalloc((size_t)len * sizeof *m);
#pragma omp for
    for (long r = 0; r < rows; r++) {
      long base = g->lo[last], rest = r;
      for (int a = g->dims - 2; a >= 0; a--) {
        base += (g->lo[a] + rest % g->n[a]) * g->stride[a];
        rest /= g->n[a];
      }
      for (long x = 0; x < len; x++) sum[x] = 0, m[x] = constant;
      for (int i = 0; i < nt; i++) {
        if (!t[i].reads) continue;
        const double a = mag[i], *b = bin + base + off[i];
        const rt_real *v = in + base + off[i];
        for (long x = 0; x < len; x++) {
          sum[x] += a * b[x];
          m[x] += a * (fabs((double)v[x]) + b[x]);
        }
      }
      for (long x = 0; x < len; x++) bout[base + x] = sum[x] + k * (RT_EPS * m[x] + RT_TINY);
    }
    free(sum);
    free(m);
  }
  free(off);
  free(mag);
}

/* A step through a transform of whole tiles (the fft backend: forward transform of a T x T tile,
 * product with the filter's spectrum, inverse transform) errs in every output relative to the
 * tile's largest value, not to the output's own terms: the transform's rounding errors of all
 * the tile's values mix into every output. Added to the bound of each interior cell on top of
 * the linear bound's (which covers the filter's rounded coefficients):
 *     scale * RT_EPS * max over the grid of (|v_{s-1}| + b_{s-1}),
 * scale = the backend's factor (c log2 T^2, codegen/fft.c) times the filter's gain, sum |a_p|
 * (the largest |output| a tile's values can make). The maximum is over the whole grid, halo
 * included (a tile reads the halo), which covers every tile's own maximum. */
RT_API void rt_bound_transform_step(const rt_real *in, const double *bin, double *bout,
                                    const RtGrid *g, double scale) {
  double m = 0;
#pragma omp parallel for reduction(max : m)
  for (long i = 0; i < g->cells; i++) {
    double v = fabs((double)in[i]) + bin[i];
    if (v > m) m = v;
  }
  const double add = scale * RT_EPS * m + RT_TINY;
#pragma omp parallel for
  for (long i = 0; i < g->cells; i++)
    if (rt_is_interior(g, i)) bout[i] += add;
}

/* Non-linear stencils: one node of the running error analysis. */
typedef struct {
  double v; /* the value, in double from the reference's stored values */
  double e; /* bound on |kernel's value - v| */
} RtErr;

RT_API RtErr rt_e_make(double v, double e) {
  RtErr r;
  r.v = v;
  r.e = e;
  return r;
}
/* A rounding of the result v whose inputs already deviate by e (the kernel's and the reference's). */
RT_API RtErr rt_e_round(double v, double e) { return rt_e_make(v, e + RT_EPS * (fabs(v) + e) + RT_TINY); }
RT_API RtErr rt_e_const(double v) { return rt_e_make(v, 0); }
RT_API RtErr rt_e_load(const rt_real *in, const double *bin, long c) { return rt_e_make((double)in[c], bin[c]); }
RT_API RtErr rt_e_neg(RtErr a) { return rt_e_make(-a.v, a.e); }
RT_API RtErr rt_e_add(RtErr a, RtErr b) { return rt_e_round(a.v + b.v, a.e + b.e); }
RT_API RtErr rt_e_sub(RtErr a, RtErr b) { return rt_e_round(a.v - b.v, a.e + b.e); }
RT_API RtErr rt_e_mul(RtErr a, RtErr b) {
  return rt_e_round(a.v * b.v, fabs(a.v) * b.e + fabs(b.v) * a.e + a.e * b.e);
}
RT_API RtErr rt_e_div(RtErr a, RtErr b) {
  double v = a.v / b.v;
  if (!(fabs(b.v) > b.e)) return rt_e_make(v, INFINITY);
  return rt_e_round(v, (a.e + fabs(v) * b.e) / (fabs(b.v) - b.e));
}
/* A library call: f(a) with the propagated error prop, plus RT_LIB_ULPS ulps of the result. */
RT_API RtErr rt_e_lib(double v, double prop) {
  return rt_e_make(v, prop + RT_LIB_ULPS * RT_EPS * (fabs(v) + prop) + RT_TINY);
}
RT_API RtErr rt_e_sqrt(RtErr a) {
  double prop = sqrt(a.e);
  if (a.v > 0 && a.e / sqrt(a.v) < prop) prop = a.e / sqrt(a.v);
  return rt_e_lib(sqrt(a.v), prop);
}
RT_API RtErr rt_e_fabs(RtErr a) { return rt_e_make(fabs(a.v), a.e); }
RT_API RtErr rt_e_exp(RtErr a) { return rt_e_lib(exp(a.v), exp(a.v) * expm1(a.e)); }
RT_API RtErr rt_e_log(RtErr a) {
  return rt_e_lib(log(a.v), a.v > a.e ? -log1p(-a.e / a.v) : INFINITY);
}
RT_API RtErr rt_e_sin(RtErr a) { return rt_e_lib(sin(a.v), a.e); }
RT_API RtErr rt_e_cos(RtErr a) { return rt_e_lib(cos(a.v), a.e); }
RT_API RtErr rt_e_tanh(RtErr a) { return rt_e_lib(tanh(a.v), a.e); }
RT_API RtErr rt_e_fmin(RtErr a, RtErr b) { return rt_e_make(fmin(a.v, b.v), fmax(a.e, b.e)); }
RT_API RtErr rt_e_fmax(RtErr a, RtErr b) { return rt_e_make(fmax(a.v, b.v), fmax(a.e, b.e)); }
/* A rounding to float (the user's (float) in a double stencil): the kernel's and the reference's
 * inputs, a.e apart, may round to neighbouring floats, each within half a float ulp of its input. */
RT_API RtErr rt_e_tofloat(RtErr a) {
  double v = (double)(float)a.v;
  return rt_e_make(v, a.e == 0 ? 0 : a.e + FLT_EPSILON * (fabs(a.v) + a.e) + (double)FLT_MIN);
}
/* The reference rounds the result to rt_real on store. */
RT_API double rt_e_store(RtErr a) { return a.e + RT_EPS * fabs(a.v) + RT_TINY; }

/* The normwise fallback, relative to max|reference| over the interior:
 *   tol_rel = 4 * eps * (flops + 2) * sqrt(steps) * max(1, gain)
 * (flops + 2 roundings of eps/2 per step, the terms bounded by max|ref| times the gain, random-walk
 * growth over steps, a factor 4 for summation order and constants): used only for cells whose
 * own bound is not finite. */
RT_API double rt_tolerance(double eps, int flops, long steps, double gain) {
  return 4.0 * eps * (flops + 2) * sqrt((double)(steps > 1 ? steps : 1)) * (gain > 1 ? gain : 1);
}

typedef struct {
  double max_abs;  /* max |got - ref| over the interior's finite pairs */
  double max_ref;  /* max |ref| over the interior */
  double max_rel;  /* max_abs / max_ref: normwise relative error (reported, not the verdict) */
  double worst;    /* max over interior cells of |got - ref| / bound: the verdict is worst <= 1 */
  long over;       /* interior cells beyond their bound */
  long halo;       /* halo cells that differ from the reference's (they must not change) */
  long nonfinite;  /* cells where got or ref is NaN or Inf */
  long fallback;   /* interior cells whose bound was not finite (held to the normwise tolerance) */
} RtCompare;

/* THE comparison every check uses: got against ref cell by cell, each interior cell within its
 * bound (bound[c]; see above), the halo unchanged. fallback_rel: rt_tolerance() for the cells
 * whose bound is not finite. */
RT_API RtCompare rt_compare_bounded(const rt_real *got, const rt_real *ref, const double *bound,
                                    const RtGrid *g, double fallback_rel) {
  double max_ref = 0;
#pragma omp parallel for reduction(max : max_ref)
  for (long i = 0; i < g->cells; i++)
    if (rt_is_interior(g, i) && isfinite((double)ref[i]) && fabs((double)ref[i]) > max_ref)
      max_ref = fabs((double)ref[i]);
  double max_abs = 0, worst = 0, fallback_abs = fallback_rel * max_ref;
  long over = 0, halo = 0, nonfinite = 0, fallback = 0;
#pragma omp parallel for reduction(max : max_abs, worst) reduction(+ : over, halo, nonfinite, fallback)
  for (long i = 0; i < g->cells; i++) {
    double x = (double)got[i], r = (double)ref[i];
    if (!rt_is_interior(g, i)) {
      halo += x != r;
      continue;
    }
    if (!isfinite(x) || !isfinite(r)) {
      nonfinite++;
      continue;
    }
    double d = fabs(x - r), b = bound[i];
    if (!isfinite(b)) {
      fallback++;
      b = fallback_abs;
    }
    double ratio = d == 0 ? 0 : b > 0 ? d / b : INFINITY;
    over += ratio > 1;
    if (d > max_abs) max_abs = d;
    if (ratio > worst) worst = ratio;
  }
  RtCompare c;
  c.max_abs = max_abs;
  c.max_ref = max_ref;
  c.max_rel = max_ref > 0 ? max_abs / max_ref : max_abs;
  c.worst = worst;
  c.over = over;
  c.halo = halo;
  c.nonfinite = nonfinite;
  c.fallback = fallback;
  return c;
}

/* The normwise comparison, for the checks that have no bound per cell beside the reference
 * (stencil programs, whose reference keeps no bounds yet, and `stencilc check` against the user's
 * own code): every one of the n cells (halo included) finite, and max |got - ref| / max |ref|
 * within tol_rel (rt_tolerance above). Fills max_abs, max_ref, max_rel and nonfinite; over is 1
 * when the relative error exceeds tol_rel, so that rt_passes gives the verdict. */
RT_API RtCompare rt_compare_normwise(const rt_real *got, const rt_real *ref, long n, double tol_rel) {
  RtCompare c = {0, 0, 0, 0, 0, 0, 0, 0};
  for (long i = 0; i < n; i++) {
    double x = (double)got[i], r = (double)ref[i];
    if (!isfinite(x) || !isfinite(r)) {
      c.nonfinite++;
      continue;
    }
    if (fabs(r) > c.max_ref) c.max_ref = fabs(r);
    if (fabs(x - r) > c.max_abs) c.max_abs = fabs(x - r);
  }
  c.max_rel = c.max_ref > 0 ? c.max_abs / c.max_ref : c.max_abs;
  c.worst = tol_rel > 0 ? c.max_rel / tol_rel : INFINITY;
  c.over = c.max_rel > tol_rel;
  return c;
}

RT_API int rt_passes(const RtCompare *c) {
  return c->nonfinite == 0 && c->halo == 0 && c->over == 0;
}

RT_API int rt_cmp_double(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

RT_API double rt_median(const double *v, int count) {
  if (count <= 0) return NAN;
  double *s = (double *)rt_xmalloc((size_t)count * sizeof *s);
  memcpy(s, v, (size_t)count * sizeof *s);
  qsort(s, (size_t)count, sizeof *s, rt_cmp_double);
  double m = count % 2 ? s[count / 2] : 0.5 * (s[count / 2 - 1] + s[count / 2]);
  free(s);
  return m;
}

RT_API double rt_now_ms(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec * 1e-6;
}

RT_API void rt_write_raw(const char *path, const rt_real *a, long count) {
  FILE *f = fopen(path, "wb");
  size_t written = f ? fwrite(a, sizeof(rt_real), (size_t)count, f) : 0;
  if (!f || written != (size_t)count || fclose(f) != 0) {
    fprintf(stderr, "stencilc: cannot write %s\n", path);
    exit(4);
  }
}

/* ---- Command line of the generated program. ---- */

typedef struct {
  long n[RT_MAX_DIMS];     /* timed interior size */
  long check[RT_MAX_DIMS]; /* interior size of the full-length check (before clipping to n) */
  long steps, reps;
  uint64_t seed;
  const char *dump_init, *dump; /* raw dumps of the full-length check, or NULL */
  const char *dump_input, *dump_output; /* rt_dump.h dumps of the full-length check, or NULL */
  const char *ref_cache;        /* directory of reference results shared between programs */
  long time_ms;                 /* > 0: time about this long per repetition, not all steps */
  int skip_full_check;          /* check at the check size only, not at the timed size (tune) */
  long halo_steps;              /* MPI programs: steps between halo exchanges (0: the default) */
  double scalar[RT_MAX_SCALARS]; /* the run-time scalars' values (--param, then derived) */
} RtOptions;

/* The default interior of axis a: the source's size, else the engine's. */
RT_API long rt_default_n(const RtStencil *st, int a) {
  return st->default_n[a] ? st->default_n[a] : st->default_size;
}

/* The check's default interior per axis: smaller than the timed grid in 2D and 3D. */
RT_API long rt_default_check(int dims) { return dims == 3 ? 37 : dims == 2 ? 97 : 997; }

RT_API void rt_format_size(char *out, size_t cap, int dims, const long n[]);

RT_API void rt_usage(FILE *f, const char *prog, const RtStencil *st) {
  long n[RT_MAX_DIMS] = {0, 0, 0};
  for (int a = 0; a < st->dims; a++) n[a] = rt_default_n(st, a);
  char size[96];
  rt_format_size(size, sizeof size, st->dims, n);
  fprintf(f,
          "usage: %s [-s N%s%s] [-t STEPS] [-r REPS] [--seed S] [--check-size N]\n"
          "          [--dump-init FILE --dump FILE] [--dump-input FILE] [--dump-output FILE]\n"
          "          [--ref-cache DIR] [--time-ms MS] [--skip-full-check]%s [-h]\n"
          "  %s stencil, %s backend, %s. Sizes are interior cells per axis, axis 0 first.\n"
          "  defaults: -s %s -t %ld -r %ld --check-size %ld\n"
          "  --ref-cache DIR  keep the CPU reference's results in DIR and reuse them (programs\n"
          "                   of the same stencil and dtype share them: tune's candidates)\n"
          "  --time-ms MS     verify STEPS steps, but time whole launches of about MS ms each\n"
          "                   (at most STEPS steps): the throughput, sooner\n"
          "  --skip-full-check  verify all the steps at --check-size only, not the first steps\n"
          "                   at -s SIZE (tune's candidates, whose pick tune then runs without\n"
          "                   it); the RESULT line says verify=SMALL\n"
          "  --dump-input F   write the initial grid (halo included, and the run-time weights)\n"
          "  --dump-output F  write the result of STEPS steps from it; with either, the\n"
          "                   full-length check runs at -s SIZE. Raw binary after a header of\n"
          "                   dims, extents, element size and steps (format: rt_dump.h);\n"
          "                   --dump-init/--dump write the check's buffers without a header\n",
          prog, st->dims > 1 ? " | -s N0xN1" : "", st->dims == 3 ? "xN2" : "",
          st->nscalars ? " [--param NAME=VALUE]..." : "", st->name, st->backend, st->dtype, size,
          st->default_steps, st->default_reps, rt_default_check(st->dims));
  for (int k = 0; k < st->nscalars; k++)
    if (st->scalars[k].settable)
      fprintf(f, "  --param %s=VALUE  run-time scalar (default %.17g)\n", st->scalars[k].name,
              st->scalars[k].value);
#ifdef RT_MPI
  fprintf(f, "  --halo-steps B   steps between the ranks' halo exchanges (halos B times the reach\n"
             "                   deep; default: the backend's steps per launch, else 4, or what\n"
             "                   the thinnest part can serve); start with\n"
             "                   mpirun -np P\n");
#endif
}

RT_API void rt_bad_arg(const char *prog, const RtStencil *st, const char *what, const char *arg) {
  fprintf(stderr, "%s: %s: '%s'\n", prog, what, arg ? arg : "(missing)");
  rt_usage(stderr, prog, st);
  exit(2);
}

/* Parses a positive integer of at most 2^40, digits only (no space, no sign, no wrapping);
 * returns 0 on failure. */
RT_API long rt_parse_positive(const char *s, char **end) {
  char *e;
  if (*s < '0' || *s > '9') return 0;
  errno = 0;
  long v = strtol(s, &e, 10);
  if (errno == ERANGE || v <= 0 || v > (1L << 40)) return 0;
  *end = e;
  return v;
}

/* "N" (every axis) or "N0xN1[xN2]" (exactly dims values). Returns 0 on success. */
RT_API int rt_parse_size(const char *s, int dims, long n[]) {
  char *end = NULL;
  int count = 0;
  while (count < dims) {
    long v = rt_parse_positive(s, &end);
    if (!v) return -1;
    n[count++] = v;
    if (*end != 'x') break;
    s = end + 1;
  }
  if (*end != '\0') return -1;
  if (count == 1)
    for (int a = 1; a < dims; a++) n[a] = n[0];
  else if (count != dims)
    return -1;
  return 0;
}

/* A finite number written whole in C's decimal or exponent form ("0.1", "-2e-3"): no space,
 * no trailing characters, no hex, inf or nan; returns 0 on success. */
RT_API int rt_parse_real(const char *s, double *v) {
  char *end;
  if (!((*s >= '0' && *s <= '9') || *s == '-' || *s == '+' || *s == '.') || strpbrk(s, "xXnN"))
    return -1;
  errno = 0;
  double x = strtod(s, &end);
  if (*end || end == s || errno == ERANGE || !isfinite(x)) return -1;
  *v = x;
  return 0;
}

/* --param NAME=VALUE: the value of a settable scalar. */
RT_API void rt_parse_param(const char *prog, const RtStencil *st, const char *arg, RtOptions *o) {
  const char *eq = strchr(arg, '=');
  for (int k = 0; eq && k < st->nscalars; k++) {
    const char *name = st->scalars[k].name;
    if (!st->scalars[k].settable || strlen(name) != (size_t)(eq - arg) || strncmp(arg, name, strlen(name)))
      continue;
    if (rt_parse_real(eq + 1, &o->scalar[k])) rt_bad_arg(prog, st, "bad number in --param", arg);
    return;
  }
  fprintf(stderr, "%s: --param '%s': ", prog, arg);
  if (!eq) fprintf(stderr, "expected NAME=VALUE\n");
  else fprintf(stderr, "'%.*s' is not a run-time scalar of this stencil\n", (int)(eq - arg), arg);
  rt_usage(stderr, prog, st);
  exit(2);
}

RT_API int rt_is_option(const char *opt) {
  static const char *const known[] = {"-s",          "-t",     "-r",          "--seed",
                                      "--check-size", "--dump-init", "--dump", "--ref-cache",
                                      "--time-ms",    "--dump-input", "--dump-output", "--param",
#ifdef RT_MPI
                                      "--halo-steps",
#endif
  };
  for (size_t k = 0; k < sizeof known / sizeof *known; k++)
    if (!strcmp(opt, known[k])) return 1;
  return 0;
}

RT_API void rt_parse_options(int argc, char **argv, const RtStencil *st, RtOptions *o) {
  const char *prog = argv[0];
  memset(o, 0, sizeof *o);
  for (int a = 0; a < st->dims; a++) {
    o->n[a] = rt_default_n(st, a);
    o->check[a] = rt_default_check(st->dims);
  }
  o->steps = st->default_steps;
  o->reps = st->default_reps;
  o->seed = 12345;
  for (int k = 0; k < st->nscalars; k++) o->scalar[k] = st->scalars[k].value;
  for (int i = 1; i < argc; i++) {
    const char *opt = argv[i], *val = i + 1 < argc ? argv[i + 1] : NULL;
    char *end = NULL;
    if (!strcmp(opt, "-h") || !strcmp(opt, "--help")) {
      rt_usage(stdout, prog, st);
      exit(0);
    }
    if (!strcmp(opt, "--skip-full-check")) { /* the one option without a value */
      o->skip_full_check = 1;
      continue;
    }
    if (!rt_is_option(opt)) rt_bad_arg(prog, st, "unknown option", opt);
    if (!val) rt_bad_arg(prog, st, "missing value for option", opt);
    i++;
    if (!strcmp(opt, "-s")) {
      if (rt_parse_size(val, st->dims, o->n)) rt_bad_arg(prog, st, "bad size", val);
    } else if (!strcmp(opt, "--check-size")) {
      if (rt_parse_size(val, st->dims, o->check)) rt_bad_arg(prog, st, "bad check size", val);
    } else if (!strcmp(opt, "-t") || !strcmp(opt, "-r") || !strcmp(opt, "--time-ms") ||
               !strcmp(opt, "--halo-steps")) {
      long v = rt_parse_positive(val, &end);
      if (!v || *end) rt_bad_arg(prog, st, "bad count", val);
      *(opt[1] == 't' ? &o->steps : opt[1] == 'r' ? &o->reps : opt[2] == 't' ? &o->time_ms : &o->halo_steps) = v;
    } else if (!strcmp(opt, "--seed")) {
      errno = 0;
      unsigned long long v = strtoull(val, &end, 10);
      if (val[0] < '0' || val[0] > '9' || *end || errno == ERANGE) rt_bad_arg(prog, st, "bad seed", val);
      o->seed = (uint64_t)v;
    } else if (!strcmp(opt, "--dump-init")) {
      o->dump_init = val;
    } else if (!strcmp(opt, "--dump-input")) {
      o->dump_input = val;
    } else if (!strcmp(opt, "--dump-output")) {
      o->dump_output = val;
    } else if (!strcmp(opt, "--ref-cache")) {
      o->ref_cache = val;
    } else if (!strcmp(opt, "--param")) {
      rt_parse_param(prog, st, val, o);
    } else {
      o->dump = val;
    }
  }
  if (st->nscalars) st->derive(o->scalar);
  /* Guard against sizes whose byte count overflows (two buffers of this many cells). */
  double cells = 1;
  for (int a = 0; a < st->dims; a++) cells *= (double)(o->n[a] + st->lo[a] + st->hi[a]);
  if (cells * sizeof(rt_real) > 1e15) rt_bad_arg(prog, st, "grid too large for memory, size", "-s");
}

RT_API void rt_format_size(char *out, size_t cap, int dims, const long n[]) {
  int len = snprintf(out, cap, "%ld", n[0]);
  for (int a = 1; a < dims && len > 0 && (size_t)len < cap; a++)
    len += snprintf(out + len, cap - (size_t)len, "x%ld", n[a]);
}

#endif
