/* stencilgen: writes a random, valid stencil in stencilc's input form (see README), for
 * differential testing.
 *
 *   stencilgen --seed S [--dims 2|3] [--dtype float|double] -o FILE.c
 *
 * The file depends on the seed (and the options) alone: the same seed gives the same bytes.
 * What varies: 2D or 3D; float or double; the reach below and above the centre per axis (1..4,
 * sometimes 0 on one side: asymmetric); the point set (star, box, a random subset of the box);
 * the coefficients (literals, macros or const variables, file scope or local, or, in a quarter of
 * the linear stencils, run-time weights: a `const T W[N]` parameter read as W[k], alone or times
 * a constant, whose values the generated program draws); an optional final
 * division by a constant; sometimes an additive constant and a nonlinear term (sqrt, fabs,
 * tanh, fmax); extents as one parameter or one per axis; the grid as a VLA parameter or cast
 * from a pointer; halos sometimes wider than the reach.
 *
 * Stability over many steps: with x_max the largest |value|, one step gives at most
 * sum|c| * x_max + |c_nl| * (1 + x_max) + |const|, and the generator keeps
 * sum|c| + |c_nl| <= 0.95 and the constant small, so values stay bounded (below about 1 + x_max
 * of the initial data). Coefficients are mostly positive (diffusion-like), so values do not
 * cancel to nothing relative to the rounding of their terms. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { MAX_PTS = 9 * 9 * 9 };

static uint64_t rng_state;

/* splitmix64: small, fast, and the same on every platform. */
static uint64_t rnd(void) {
  uint64_t z = (rng_state += 0x9E3779B97F4A7C15ull);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}
static int rnd_int(int lo, int hi) { return lo + (int)(rnd() % (uint64_t)(hi - lo + 1)); }
static double rnd_unit(void) { return (double)(rnd() >> 11) / 9007199254740992.0; }
static int chance(int percent) { return rnd_int(1, 100) <= percent; }

typedef struct {
  int off[3];
  double coef;
  int sign_neg;
} Pt;

static const char *const AXIS_VAR[3] = {"i", "j", "k"};

static int usage(void) {
  fprintf(stderr, "usage: stencilgen --seed S [--dims 2|3] [--dtype float|double] -o FILE.c\n");
  return 2;
}

static void access(FILE *f, int dims, const int off[3], const char *level) {
  fprintf(f, "A[%s]", level);
  for (int a = 0; a < dims; a++) {
    if (off[a] == 0) fprintf(f, "[%s]", AXIS_VAR[a]);
    else fprintf(f, "[%s %c %d]", AXIS_VAR[a], off[a] < 0 ? '-' : '+', abs(off[a]));
  }
}

int main(int argc, char **argv) {
  const char *out = NULL;
  long long seed = -1;
  int dims = 0, dtype = -1; /* dtype: 0 float, 1 double */
  for (int i = 1; i < argc; i++) {
    if (i + 1 >= argc) return usage();
    const char *v = argv[++i];
    if (!strcmp(argv[i - 1], "--seed")) {
      char *end;
      seed = strtoll(v, &end, 10);
      if (*end || seed < 0) return usage();
    } else if (!strcmp(argv[i - 1], "--dims")) {
      dims = atoi(v);
      if (dims != 2 && dims != 3) return usage();
    } else if (!strcmp(argv[i - 1], "--dtype")) {
      if (!strcmp(v, "float")) dtype = 0;
      else if (!strcmp(v, "double")) dtype = 1;
      else return usage();
    } else if (!strcmp(argv[i - 1], "-o")) {
      out = v;
    } else {
      return usage();
    }
  }
  if (seed < 0 || !out) return usage();
  rng_state = (uint64_t)seed * 0x2545F4914F6CDD1Dull + 0x1234567ull;
  /* Draw the choices the options fix too, so an option does not shift the rest of the stream. */
  int d_dims = chance(50) ? 2 : 3, d_dtype = chance(50) ? 0 : 1;
  if (!dims) dims = d_dims;
  if (dtype < 0) dtype = d_dtype;
  const char *T = dtype ? "double" : "float";
  const char *sfx = dtype ? "" : "f";

  /* Shape and reach per axis: neg[a] cells below, pos[a] above the centre. */
  enum { STAR, BOX, GENERAL, ASYM } shape = (int)rnd_int(0, 3);
  static const char *const shape_name[] = {"star", "box", "general", "asymmetric"};
  int neg[3] = {0}, pos[3] = {0};
  for (int a = 0; a < dims; a++) {
    int r = rnd_int(1, 4);
    if (shape == BOX && dims == 3 && r > 2) r = rnd_int(1, 2); /* at most 125 points */
    neg[a] = pos[a] = r;
    if (shape == ASYM) { /* one side 0..4, the other 1..4 (never both 0), differing */
      neg[a] = rnd_int(0, 4);
      do pos[a] = rnd_int(neg[a] == 0 ? 1 : 0, 4);
      while (pos[a] == neg[a]);
      if (chance(50)) {
        int t = neg[a];
        neg[a] = pos[a];
        pos[a] = t;
      }
    }
  }
  static Pt pts[MAX_PTS];
  int np = 0;
  int lo[3] = {0}, hi[3] = {0}, o[3] = {0};
  for (int a = 0; a < 3; a++) lo[a] = a < dims ? -neg[a] : 0, hi[a] = a < dims ? pos[a] : 0;
  /* General and asymmetric shapes keep about 5..40 points of their box (in per mille). */
  long box = 1;
  for (int a = 0; a < dims; a++) box *= neg[a] + pos[a] + 1;
  long want = rnd_int(5, 40), keep_pm = want * 1000 / box;
  if (shape == STAR || shape == BOX || keep_pm > 1000) keep_pm = 1000;
  if (keep_pm < 1) keep_pm = 1;
  for (o[0] = lo[0]; o[0] <= hi[0]; o[0]++)
    for (o[1] = lo[1]; o[1] <= hi[1]; o[1]++)
      for (o[2] = lo[2]; o[2] <= hi[2]; o[2]++) {
        int nonzero = (o[0] != 0) + (o[1] != 0) + (o[2] != 0);
        int centre = nonzero == 0;
        if (shape == STAR && nonzero > 1) continue;
        if (!centre && rnd_int(1, 1000) > keep_pm) continue;
        if (shape == STAR && !centre && chance(10)) continue; /* a star with a gap */
        Pt *p = &pts[np++];
        memcpy(p->off, o, sizeof o);
      }
  /* Visit the points in a random order, as people write them. */
  for (int i = np - 1; i > 0; i--) {
    int j = rnd_int(0, i);
    Pt t = pts[i];
    pts[i] = pts[j];
    pts[j] = t;
  }

  /* Coefficients: positive weights, a few small negative ones, scaled to a budget. */
  int nonlinear = chance(25);
  double budget = 0.5 + 0.45 * rnd_unit();
  double c_nl = nonlinear ? 0.02 + 0.08 * rnd_unit() : 0;
  budget -= c_nl;
  double wsum = 0;
  for (int i = 0; i < np; i++) {
    pts[i].coef = 0.1 + rnd_unit();
    pts[i].sign_neg = np > 2 && chance(8);
    if (pts[i].sign_neg) pts[i].coef *= 0.3;
    wsum += pts[i].coef;
  }
  static const char *const divisors[] = {"2", "4", "1.5", "5.125", "3", "10", "7.25", "8"};
  const char *div = chance(30) ? divisors[rnd_int(0, 7)] : NULL;
  double scale = div ? atof(div) : 1.0;
  for (int i = 0; i < np; i++) pts[i].coef = pts[i].coef * budget / wsum * scale;
  int add_const = chance(10);
  double constant = add_const ? 0.001 + 0.01 * rnd_unit() : 0;

  /* Spelling choices. */
  int coef_form = rnd_int(0, 3); /* 0 literal, 1 macro, 2 const at file scope, 3 local const */
  int same_extent = chance(60);
  int pointer_cast = chance(25);
  int coef_first = chance(75);
  int radius_macro = !same_extent ? 0 : chance(50);
  int nl_kind = rnd_int(0, 3);
  int extra[3][2];
  for (int a = 0; a < dims; a++) extra[a][0] = chance(15), extra[a][1] = chance(15);
  /* Drawn last and only for linear stencils (no draw follows for them), so the other seeds keep
   * their files. */
  int weights = !nonlinear && chance(25), weight_scaled = weights && chance(30);
  if (weights) coef_form = 0;

  FILE *f = fopen(out, "w");
  if (!f) {
    perror(out);
    return 3;
  }
  char name[64];
  snprintf(name, sizeof name, "rnd%lld", seed);
  fprintf(f, "/* %s: random %dD %s stencil, %s %s, %d points%s (stencilgen --seed %lld) */\n", name,
          dims, shape_name[shape], T, nonlinear ? "nonlinear" : "linear", np,
          weights ? ", run-time weights" : "", seed);
  if (nonlinear) fprintf(f, "#include <math.h>\n");
  fprintf(f, "\n");
  int rad_all = radius_macro;
  for (int a = 0; a < dims && rad_all; a++)
    if (neg[a] != neg[0] || pos[a] != neg[0] || extra[a][0] || extra[a][1]) rad_all = 0;
  if (rad_all) fprintf(f, "#define RAD %d\n", neg[0]);
  if (coef_form == 1)
    for (int i = 0; i < np; i++) fprintf(f, "#define C%d %.6f%s\n", i, pts[i].coef, sfx);
  if (coef_form == 2)
    for (int i = 0; i < np; i++) fprintf(f, "static const %s c%d = %.6f%s;\n", T, i, pts[i].coef, sfx);
  if (coef_form == 1 || coef_form == 2 || rad_all) fprintf(f, "\n");

  static const char *const ext_name[3] = {"nz", "ny", "nx"};
  const char *ext[3];
  for (int a = 0; a < dims; a++) ext[a] = same_extent ? "n" : ext_name[3 - dims + a];
  fprintf(f, "void %s(", name);
  if (same_extent) fprintf(f, "int n, ");
  else
    for (int a = 0; a < dims; a++) fprintf(f, "int %s, ", ext[a]);
  fprintf(f, "int steps, ");
  if (weights) fprintf(f, "const %s W[%d], ", T, np);
  if (pointer_cast) fprintf(f, "%s *buf) {\n  %s (*A)", T, T);
  else fprintf(f, "%s A", T);
  if (!pointer_cast) fprintf(f, "[2]"); /* the cast form points at level 0 */
  if (pointer_cast) {
    for (int a = 0; a < dims; a++) fprintf(f, "[%s]", ext[a]);
    fprintf(f, " = (%s (*)", T);
  }
  for (int a = 0; a < dims; a++) fprintf(f, "[%s]", ext[a]);
  if (pointer_cast) fprintf(f, ")buf;\n");
  else fprintf(f, ") {\n");
  if (coef_form == 3)
    for (int i = 0; i < np; i++) fprintf(f, "  const %s c%d = %.6f%s;\n", T, i, pts[i].coef, sfx);
  fprintf(f, "#pragma scop\n  for (int t = 0; t < steps; t++) {\n");
  char ind[32] = "    ";
  for (int a = 0; a < dims; a++) {
    int l = neg[a] + extra[a][0], h = pos[a] + extra[a][1];
    const char *v = AXIS_VAR[a];
    if (rad_all) fprintf(f, "%sfor (int %s = RAD; %s < %s - RAD; %s++) {\n", ind, v, v, ext[a], v);
    else if (h == 0) fprintf(f, "%sfor (int %s = %d; %s < %s; %s++) {\n", ind, v, l, v, ext[a], v);
    else fprintf(f, "%sfor (int %s = %d; %s < %s - %d; %s++) {\n", ind, v, l, v, ext[a], h, v);
    strcat(ind, "  ");
  }
  fprintf(f, "%s", ind);
  static const int zero[3] = {0};
  access(f, dims, zero, "(t + 1) % 2");
  fprintf(f, " = ");
  if (div) fprintf(f, "(");
  for (int i = 0; i < np; i++) {
    if (i) fprintf(f, "\n%s    %c ", ind, pts[i].sign_neg ? '-' : '+');
    else if (pts[i].sign_neg) fprintf(f, "-");
    char c[48];
    if (weights) snprintf(c, sizeof c, weight_scaled ? "W[%d] * 0.5%s" : "W[%d]", i, sfx);
    else if (coef_form == 0) snprintf(c, sizeof c, "%.6f%s", pts[i].coef, sfx);
    else snprintf(c, sizeof c, "%c%d", coef_form == 1 ? 'C' : 'c', i);
    if (coef_first) fprintf(f, "%s * ", c);
    access(f, dims, pts[i].off, "t % 2");
    if (!coef_first) fprintf(f, " * %s", c);
  }
  if (div) fprintf(f, ") / %s%s", div, strchr(div, '.') || dtype ? "" : ".0");
  if (div && !dtype) fprintf(f, "f");
  if (add_const) fprintf(f, "\n%s    + %.6f%s", ind, constant, sfx);
  if (nonlinear) {
    /* A term whose slope in every input is at most c_nl (tanh, fabs, fmax, sqrt(1 + x^2)). */
    const Pt *p = &pts[rnd_int(0, np - 1)], *q = &pts[rnd_int(0, np - 1)];
    fprintf(f, "\n%s    + %.6f%s * ", ind, c_nl, sfx);
    static const char *const fn[] = {"sqrt", "fabs", "tanh", "fmax"};
    fprintf(f, "%s%s(", fn[nl_kind], sfx);
    if (nl_kind == 0) {
      fprintf(f, "1.0%s + ", sfx);
      access(f, dims, p->off, "t % 2");
      fprintf(f, " * ");
      access(f, dims, p->off, "t % 2");
    } else if (nl_kind == 3) {
      access(f, dims, p->off, "t % 2");
      fprintf(f, ", ");
      access(f, dims, q->off, "t % 2");
    } else {
      access(f, dims, p->off, "t % 2");
    }
    fprintf(f, ")");
  }
  fprintf(f, ";\n");
  for (int a = dims; a >= 0; a--) {
    ind[strlen(ind) - 2] = 0;
    fprintf(f, "%s}\n", ind);
  }
  fprintf(f, "#pragma endscop\n}\n");
  if (fclose(f)) {
    perror(out);
    return 3;
  }
  return 0;
}
