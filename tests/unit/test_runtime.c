/* Unit tests of runtime/rt_common.h (random fill, poisoning, comparison, tolerance, weights,
 * median).
 * Build and run:
 *   cc -std=c11 -fopenmp -Wall -Wextra -Werror -Iruntime tests/unit/test_runtime.c -lm \
 *      -o build/test_runtime && build/test_runtime */
#include "rt_common.h"
#include "expect.h"

static const RtStencil star2d = {"t", "cpu", "double", 2, {1, 2, 0}, {1, 2, 0}, 5, 1.0, 0,
                                 8, 1, 1, 0, NULL, 0, NULL, NULL, {0, 0, 0}};

static void test_rng(void) {
  enum { N = 10000 };
  static rt_real a[N], b[N], c[N];
  rt_fill_random(a, N, 42);
  rt_fill_random(b, N, 42);
  rt_fill_random(c, N, 43);
  int same = 1, differ = 0, neg = 0;
  double lo = 1e9, hi = 0;
  for (int i = 0; i < N; i++) {
    same &= a[i] == b[i];
    differ += a[i] != c[i];
    neg += a[i] < 0;
    lo = fmin(lo, fabs(a[i]));
    hi = fmax(hi, fabs(a[i]));
  }
  EXPECT(same, "same seed must give the same values");
  EXPECT(differ > N - 10, "other seed differs in only %d of %d values", differ, N);
  EXPECT(lo >= 0.1 && hi <= 1.0, "magnitudes in [%g, %g], expected within [0.1, 1]", lo, hi);
  EXPECT(lo < 0.11 && hi > 0.99, "magnitudes should cover [0.1, 1], got [%g, %g]", lo, hi);
  EXPECT(neg > N * 45 / 100 && neg < N * 55 / 100, "%d negative of %d: sign not balanced", neg, N);
}

static void test_grid_and_poison(void) {
  long n[2] = {3, 4};
  RtGrid g = rt_grid_make(&star2d, n);
  EXPECT(g.ext[0] == 5 && g.ext[1] == 8 && g.cells == 40, "extents %ldx%ld cells %ld", g.ext[0],
         g.ext[1], g.cells);
  EXPECT(g.stride[0] == 8 && g.stride[1] == 1, "strides %ld %ld", g.stride[0], g.stride[1]);
  rt_real *a = rt_alloc_grid(&g);
  rt_fill_random(a, g.cells, 1);
  rt_poison_interior(a, &g);
  int nans = 0;
  for (long i = 0; i < g.ext[0]; i++)
    for (long j = 0; j < g.ext[1]; j++) {
      int interior = i >= 1 && i < 4 && j >= 2 && j < 6;
      int is_nan = isnan(a[i * 8 + j]);
      nans += is_nan;
      EXPECT(is_nan == interior, "cell (%ld,%ld): nan=%d interior=%d", i, j, is_nan, interior);
    }
  EXPECT(nans == 12, "%d poisoned cells, expected 3*4", nans);
  free(a);
}

/* On star2d's grid (3x4 interior, 5x8 with its halo): each interior cell within its own bound,
 * the halo unchanged, no NaN or Inf; a cell whose bound is not finite held to the fallback. */
static void test_compare(void) {
  long n[2] = {3, 4};
  RtGrid g = rt_grid_make(&star2d, n);
  enum { N = 40 };
  rt_real ref[N], got[N];
  double bound[N];
  rt_fill_random(ref, N, 7);
  memcpy(got, ref, sizeof got);
  double max_ref = 0;
  for (int c = 0; c < N; c++) {
    bound[c] = rt_is_interior(&g, c) ? 1e-6 : 0;
    if (rt_is_interior(&g, c)) max_ref = fmax(max_ref, fabs(ref[c]));
  }
  RtCompare c = rt_compare_bounded(got, ref, bound, &g, 1e-3);
  EXPECT(c.max_abs == 0 && c.worst == 0 && rt_passes(&c), "identical arrays");
  EXPECT(c.max_ref == max_ref, "max_ref %g, expected %g (interior only)", c.max_ref, max_ref);

  const int cell = 1 * 8 + 3; /* interior: row 1, column 3 */
  got[cell] = ref[cell] + 0.5e-6;
  c = rt_compare_bounded(got, ref, bound, &g, 1e-3);
  EXPECT(rt_passes(&c) && fabs(c.worst - 0.5) < 1e-9, "half the bound: worst %g, must pass", c.worst);
  got[cell] = ref[cell] + 2e-6;
  c = rt_compare_bounded(got, ref, bound, &g, 1e-3);
  EXPECT(!rt_passes(&c) && c.over == 1 && fabs(c.worst - 2) < 1e-9, "twice the bound must fail");
  EXPECT(fabs(c.max_rel - 2e-6 / max_ref) < 1e-12, "max_rel %g", c.max_rel);

  bound[cell] = INFINITY; /* fallback: 1e-3 * max|ref| */
  got[cell] = ref[cell] + 0.5e-3 * max_ref;
  c = rt_compare_bounded(got, ref, bound, &g, 1e-3);
  EXPECT(rt_passes(&c) && c.fallback == 1, "within the fallback");
  got[cell] = ref[cell] + 2e-3 * max_ref;
  c = rt_compare_bounded(got, ref, bound, &g, 1e-3);
  EXPECT(!rt_passes(&c) && c.fallback == 1, "beyond the fallback");
  bound[cell] = 1e-6;

  memcpy(got, ref, sizeof got);
  got[0] += 1e-12; /* halo: must not change at all */
  c = rt_compare_bounded(got, ref, bound, &g, 1e9);
  EXPECT(!rt_passes(&c) && c.halo == 1, "a changed halo cell must fail");
  memcpy(got, ref, sizeof got);
  got[cell] = (rt_real)NAN;
  c = rt_compare_bounded(got, ref, bound, &g, 1e9);
  EXPECT(c.nonfinite == 1 && !rt_passes(&c), "a NaN must fail at any tolerance");
  got[cell] = (rt_real)INFINITY;
  c = rt_compare_bounded(got, ref, bound, &g, 1e9);
  EXPECT(c.nonfinite == 1 && !rt_passes(&c), "an Inf must fail at any tolerance");
}

/* The running error analysis against values worked by hand (rt_real is double here: RT_EPS is
 * DBL_EPSILON, so the rounding terms are below 1e-14 of these). */
static void test_bound_rules(void) {
  RtErr a = rt_e_make(2, 0.1), b = rt_e_make(3, 0.2);
  RtErr r = rt_e_mul(a, b); /* 2 * 0.2 + 3 * 0.1 + 0.1 * 0.2 */
  EXPECT(r.v == 6 && fabs(r.e - 0.72) < 1e-12, "mul: %g +- %g, expected 6 +- 0.72", r.v, r.e);
  r = rt_e_sub(a, b);
  EXPECT(r.v == -1 && fabs(r.e - 0.3) < 1e-12, "sub: %g +- %g", r.v, r.e);
  r = rt_e_div(a, b); /* (0.1 + 2/3 * 0.2) / (3 - 0.2) */
  EXPECT(fabs(r.e - (0.1 + 0.2 * 2.0 / 3) / 2.8) < 1e-12, "div: +- %g", r.e);
  r = rt_e_div(a, rt_e_make(0.5, 0.6));
  EXPECT(isinf(r.e), "a divisor within its error of 0 has no finite bound");
  r = rt_e_sqrt(rt_e_make(4, 0.01)); /* min(0.01 / 2, sqrt(0.01)) */
  EXPECT(r.v == 2 && fabs(r.e - 0.005) < 1e-12, "sqrt: %g +- %g", r.v, r.e);
  r = rt_e_sqrt(rt_e_make(0, 0.04));
  EXPECT(fabs(r.e - 0.2) < 1e-12, "sqrt at 0: +- %g, expected sqrt(0.04)", r.e);
  EXPECT(isinf(rt_e_log(rt_e_make(1e-3, 2e-3)).e), "log near 0: no finite bound");
  r = rt_e_fmax(a, b);
  EXPECT(r.v == 3 && r.e == 0.2, "fmax: %g +- %g", r.v, r.e);
  /* linear: S + K (eps M + tiny) over the interior of star2d's grid, the halo untouched:
   * 0.5 in[c - 1] + 2 in[c] + 0.25, every value 1 with bound 1e-9: S = 2.5e-9,
   * M = 0.25 + 2.5 (1 + 1e-9) */
  long n[2] = {3, 4};
  RtGrid g = rt_grid_make(&star2d, n);
  static const RtTerm terms[3] = {{1, {0, -1, 0}, 0.5, -1}, {1, {0, 0, 0}, 2.0, -1}, {0, {0, 0, 0}, 0.25, -1}};
  rt_real in[40];
  double bin[40], bout[40];
  for (int c = 0; c < 40; c++) in[c] = 1, bin[c] = 1e-9, bout[c] = -1;
  rt_bound_linear_step(in, bin, bout, &g, terms, 3, 7, NULL);
  double want = 2.5e-9 + 7 * (DBL_EPSILON * (0.25 + 2.5 * (1 + 1e-9)) + DBL_MIN);
  for (int c = 0; c < 40; c++)
    EXPECT(rt_is_interior(&g, c) ? fabs(bout[c] - want) < 1e-22 : bout[c] == -1,
           "linear bound at cell %d: %.17g, expected %.17g", c, bout[c], want);
}

/* The linear bound over a 3D grid of random values and bounds, terms at several offsets on
 * every axis, one scaled by a run-time weight, against the formula cell by cell. */
static void test_bound_linear_3d(void) {
  static const RtStencil box = {"b", "cpu", "double", 3, {1, 2, 1}, {1, 1, 2}, 9, 1.0, 0,
                                8, 1, 1, 0, NULL, 0, NULL, NULL, {0, 0, 0}};
  static const RtTerm terms[5] = {{1, {-1, 0, 0}, 0.5, -1}, {1, {0, -2, 2}, 1.5, 1},
                                  {0, {0, 0, 0}, 0.125, -1}, {1, {1, 1, -1}, 3.0, -1},
                                  {1, {0, 0, 0}, 0.75, 0}};
  const rt_real w[2] = {-2.0, 0.5};
  long n[3] = {4, 5, 7};
  RtGrid g = rt_grid_make(&box, n);
  rt_real *in = rt_alloc_grid(&g);
  double *bin = (double *)rt_xmalloc((size_t)g.cells * sizeof *bin);
  double *bout = (double *)rt_xmalloc((size_t)g.cells * sizeof *bout);
  rt_fill_random(in, g.cells, 7);
  for (long c = 0; c < g.cells; c++) bin[c] = 1e-9 * (double)(c % 13), bout[c] = -1;
  rt_bound_linear_step(in, bin, bout, &g, terms, 5, 11, w);
  int bad = 0;
  for (long c = 0; c < g.cells; c++) {
    double want = -1;
    if (rt_is_interior(&g, c)) {
      double sum = 0, m = 0.125;
      for (int i = 0; i < 5; i++) {
        if (!terms[i].reads) continue;
        long at = c + terms[i].off[0] * g.stride[0] + terms[i].off[1] * g.stride[1] + terms[i].off[2];
        double a = terms[i].mag * (terms[i].weight >= 0 ? fabs(w[terms[i].weight]) : 1);
        sum += a * bin[at];
        m += a * (fabs(in[at]) + bin[at]);
      }
      want = sum + 11 * (DBL_EPSILON * m + DBL_MIN);
    }
    bad += !(fabs(bout[c] - want) <= 1e-15 * fabs(want));
  }
  EXPECT(bad == 0, "linear bound over a 3D grid: %d of %ld cells differ from the formula", bad, g.cells);
  free(in);
  free(bin);
  free(bout);
}

static void test_tolerance(void) {
  double base = rt_tolerance(DBL_EPSILON, 5, 10, 1.0);
  EXPECT(rt_tolerance(DBL_EPSILON, 5, 100, 1.0) > base, "more steps, larger tolerance");
  EXPECT(rt_tolerance(DBL_EPSILON, 9, 10, 1.0) > base, "more flops, larger tolerance");
  EXPECT(rt_tolerance(DBL_EPSILON, 5, 10, 2.0) > base, "gain above 1 widens it");
  EXPECT(rt_tolerance(DBL_EPSILON, 5, 10, 0.5) == base, "gain below 1 does not narrow it");
  EXPECT(rt_tolerance(FLT_EPSILON, 5, 10, 1.0) > 1e6 * base, "float much looser than double");
}

static void test_weights(void) {
  enum { K = 6 };
  static const double gain[K] = {1, 1, 0.5, 2, 0, 1}; /* weight 4 scales no point linearly */
  static const double none[K] = {0, 0, 0, 0, 0, 0};
  rt_real w[K], same[K], other[K];
  rt_fill_weights(w, K, gain, 9);
  rt_fill_weights(same, K, gain, 9);
  rt_fill_weights(other, K, gain, 10);
  double weighted = 0;
  int differ = 0;
  for (int k = 0; k < K; k++) {
    EXPECT(w[k] > 0, "weight %d is %g, expected positive", k, w[k]);
    EXPECT(w[k] == same[k], "weight %d differs for the same seed", k);
    differ += w[k] != other[k];
    for (int j = 0; j < k; j++) EXPECT(w[j] != w[k], "weights %d and %d are equal", j, k);
    weighted += gain[k] * w[k];
  }
  EXPECT(differ == K, "another seed changed only %d of %d weights", differ, K);
  EXPECT(fabs(weighted - 1) < 1e-12, "sum of gain * w is %.17g, expected 1", weighted);
  rt_fill_weights(w, K, none, 9);
  double sum = 0;
  for (int k = 0; k < K; k++) sum += w[k];
  EXPECT(fabs(sum - 1) < 1e-12, "with no linear use the weights sum to %.17g, expected 1", sum);

  /* gain = constant part + sum weight_gain[k] * |w[k]|: 0.5 + 1 * 0.25 + 2 * 0.5 */
  static const double wg[2] = {1, 2};
  RtStencil st = star2d;
  st.gain = 0.5;
  st.nweights = 2;
  st.weight_gain = wg;
  rt_real v[2] = {0.25, -0.5};
  EXPECT(rt_stencil_gain(&st, v) == 1.75, "gain %g, expected 1.75", rt_stencil_gain(&st, v));
  EXPECT(rt_stencil_gain(&star2d, NULL) == 1.0, "no weights: the constant gain");
}

static void test_median(void) {
  double odd[] = {5, 1, 4, 2, 3}, even[] = {10, 2, 8, 4}, one[] = {7};
  EXPECT(rt_median(odd, 5) == 3, "median of 1..5 is %g", rt_median(odd, 5));
  EXPECT(rt_median(even, 4) == 6, "median of 2,4,8,10 is %g", rt_median(even, 4));
  EXPECT(rt_median(one, 1) == 7, "median of one value");
  EXPECT(odd[0] == 5 && odd[1] == 1, "median must not reorder its input");
}

static void test_parse_size(void) {
  long n[3] = {0, 0, 0};
  EXPECT(rt_parse_size("100", 3, n) == 0 && n[0] == 100 && n[2] == 100, "single size");
  EXPECT(rt_parse_size("10x20x30", 3, n) == 0 && n[0] == 10 && n[1] == 20 && n[2] == 30, "3 sizes");
  EXPECT(rt_parse_size("10x20", 3, n) != 0, "2 sizes for 3D must fail");
  EXPECT(rt_parse_size("10x20x30", 2, n) != 0, "3 sizes for 2D must fail");
  EXPECT(rt_parse_size("0", 2, n) != 0 && rt_parse_size("-5", 2, n) != 0, "non-positive");
  EXPECT(rt_parse_size("12a", 2, n) != 0 && rt_parse_size("", 2, n) != 0, "junk");
}

int main(void) {
  test_rng();
  test_grid_and_poison();
  test_compare();
  test_bound_rules();
  test_bound_linear_3d();
  test_tolerance();
  test_weights();
  test_median();
  test_parse_size();
  return expect_summary("test_runtime");
}
