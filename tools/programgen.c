/* programgen: writes a random, valid stencil program (several stages, fields and time levels; see
 * README "Stencil programs") for differential testing.
 *
 *   programgen --seed S -o FILE.c [--oracle MAIN.c]
 *
 * --oracle writes a main that runs the program's own function, compiled by cc, from the input
 * dump of stencilc's generated program and compares with its output dump (tests/program_oracle.h;
 * the main includes FILE.c by the path given to -o).
 *
 * The file depends on the seed alone. What varies: 1D, 2D or 3D; float or double; its own
 * extent parameter per axis (n0, n1, n2); 1 to 3 stages,
 * stage s writing field f<s>, which keeps 1 (in place), 2 or 3 time levels; 0 to 2 coefficient
 * grids; per stage the reach of each read (0 to 3 per axis), its bounds (the reach, sometimes
 * one wider), reads of its own field (at level t, at t-1 with three levels, at its own cell in
 * place) and of the other stages' fields (the new values of earlier stages, the old ones of later
 * stages), coefficient grids multiplying a difference, run-time scalars (double parameters a0,
 * a1) multiplying a term. Consecutive stages may share one loop nest (its bounds the widest of
 * theirs), as velocity-stress codes write them; they then read each other's fields of one
 * buffer (updated in place) at the cell only, as the loop computes the same in any cell order.
 * Those draws come from a stream of their own, so that the programs of one nest per stage are
 * those the seed gave before.
 *
 * Stability: every term is c * (read) or c * k * (read - read) with k a coefficient grid
 * and a a scalar (values in (0, 1]: the generated program keeps them below its coef_scale <= 1),
 * and the
 * magnitudes of the coefficients of each stage sum to at most 0.95, counting a difference
 * twice: each stage is a contraction in the max norm, so values stay bounded.
 *
 * Line 1 holds the facts the generator drew, for the test to compare with `stencilc info`:
 *   facts: dims=D stages=N fields=f0:L:0,...,k0:1:1 radius=R0,R1[,R2];... scalars=a0,...|-
 * (radius per stage; the scalars a stage reads, in the order of first use, or -) */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { MAX_STAGES = 3, MAX_COEF = 2, MAX_SCALARS = 2, MAX_TERMS = 8 };


static uint64_t rng_state, nest_state;

static uint64_t rnd_from(uint64_t *state) { /* splitmix64 */
  uint64_t z = (*state += 0x9E3779B97F4A7C15ull);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}
static uint64_t rnd(void) { return rnd_from(&rng_state); }
static int rnd_int(int lo, int hi) { return lo + (int)(rnd() % (uint64_t)(hi - lo + 1)); }
static int chance(int percent) { return rnd_int(1, 100) <= percent; }

static const char *const AXIS[3] = {"i", "j", "k"};

typedef struct {
  int dims, nstages, ncoef, nscalars, levels[MAX_STAGES];
  const char *type;
} Shape;

/* A read: field f (a stage's, or coefficient grid ncoef when coef), level subscript, offset. */
static void read_access(char *out, size_t n, const Shape *sh, int f, bool coef, const char *level,
                        const int off[3]) {
  int len = snprintf(out, n, "%s%d", coef ? "k" : "f", f);
  if (level) len += snprintf(out + len, n - (size_t)len, "[%s]", level);
  for (int a = 0; a < sh->dims; a++) {
    if (off[a]) len += snprintf(out + len, n - (size_t)len, "[%s %c %d]", AXIS[a], off[a] < 0 ? '-' : '+', abs(off[a]));
    else len += snprintf(out + len, n - (size_t)len, "[%s]", AXIS[a]);
  }
}

/* The level subscript of field f read by stage s: its current level, or its t-1 level. */
static const char *level_of(const Shape *sh, int f, bool previous) {
  if (sh->levels[f] == 1) return NULL;
  if (sh->levels[f] == 2) return previous ? "(t + 1) % 2" : "t % 2";
  return previous ? "(t + 2) % 3" : "t % 3";
}

/* The oracle's main: the program's function called on the buffers of stencilc's input dump. */
static int write_oracle(const char *path, const char *program_path, const Shape *sh,
                        const bool *coef_read, const bool *scalar_read) {
  FILE *f = fopen(path, "w");
  if (!f) return 3;
  fprintf(f, "/* programgen: the user's code as the oracle of %s (tests/program_oracle.h) */\n"
             "#define ORACLE_REAL %s\n#include \"program_oracle.h\"\n#include \"%s\"\n\n"
             "int main(int argc, char **argv) {\n  Oracle o;\n  oracle_open(&o, argc, argv);\n"
             "  if (o.dims != %d) return 3;\n  program(",
          program_path, sh->type, program_path, sh->dims);
  for (int a = 0; a < sh->dims; a++) fprintf(f, "(int)o.ext[%d], ", a);
  fprintf(f, "(int)o.steps");
  for (int s = 0; s < sh->nstages; s++) fprintf(f, ", oracle_field(&o, \"f%d\")", s);
  for (int k = 0; k < sh->ncoef; k++)
    fprintf(f, coef_read[k] ? ", oracle_field(&o, \"k%d\")" : ", NULL", k);
  for (int k = 0; k < sh->nscalars; k++)
    fprintf(f, scalar_read[k] ? ", oracle_scalar(&o, \"a%d\")" : ", 0.0", k);
  fprintf(f, ");\n  return oracle_compare(&o);\n}\n");
  return fclose(f) ? 3 : 0;
}

int main(int argc, char **argv) {
  const char *out_path = NULL, *oracle_path = NULL;
  int have_seed = 0;
  for (int i = 1; i + 1 < argc; i += 2) {
    if (!strcmp(argv[i], "--seed")) rng_state = strtoull(argv[i + 1], NULL, 10), have_seed = 1;
    else if (!strcmp(argv[i], "-o")) out_path = argv[i + 1];
    else if (!strcmp(argv[i], "--oracle")) oracle_path = argv[i + 1];
  }
  if (!have_seed || !out_path) {
    fprintf(stderr, "usage: programgen --seed S -o FILE.c [--oracle MAIN.c]\n");
    return 2;
  }
  FILE *f = fopen(out_path, "w");
  if (!f) return 3;
  nest_state = ~rng_state;
  Shape sh = {0};
  sh.dims = rnd_int(1, 3);
  sh.nstages = rnd_int(1, 3);
  sh.ncoef = rnd_int(0, MAX_COEF);
  sh.nscalars = rnd_int(0, MAX_SCALARS);
  sh.type = chance(50) ? "float" : "double";
  for (int s = 0; s < sh.nstages; s++) sh.levels[s] = rnd_int(1, 3);
  if (sh.nstages == 1 && sh.levels[0] == 2) sh.levels[0] = 3; /* else maybe a single stencil */
  int nest[MAX_STAGES]; /* the first stage of each stage's loop nest */
  for (int s = 0; s < sh.nstages; s++) nest[s] = s > 0 && rnd_from(&nest_state) % 100 < 40 ? nest[s - 1] : s;
  bool coef_read[MAX_COEF] = {false}, scalar_read[MAX_SCALARS] = {false};
  char scalar_order[64] = "";
  int reach[MAX_STAGES][3] = {{0}}, halo[MAX_STAGES][3];
  char body[MAX_STAGES][4096];
  for (int s = 0; s < sh.nstages; s++) {
    int len = 0;
    double budget = 0.95;
    int terms = rnd_int(2, MAX_TERMS);
    char *b = body[s];
    b[0] = 0;
    for (int k = 0; k < terms; k++) {
      int off[3] = {0, 0, 0}, off2[3] = {0, 0, 0};
      int src = rnd_int(0, sh.nstages - 1), ax = rnd_int(0, sh.dims - 1);
      bool own = src == s, previous = own && sh.levels[s] == 3 && chance(30);
      /* an in-place (1-level) field read by its own stage: its own cell only */
      if (!(own && sh.levels[s] == 1) && !previous) off[ax] = rnd_int(-3, 3);
      bool diff = sh.ncoef && chance(40) && !(own && sh.levels[s] == 1);
      if (own && sh.levels[s] == 2 && chance(20)) { /* the leapfrog: the written buffer, centre */
        off[ax] = 0, diff = false, previous = true;
      }
      if (src != s && nest[src] == nest[s] && sh.levels[src] == 1) /* another cell's value would */
        off[ax] = 0, diff = false; /* depend on the order of the cells: refused */
      if (diff) off2[ax] = off[ax] == 0 ? 1 : 0;
      double c = (rnd_int(5, 40) / 100.0) * (chance(80) ? 1 : -1);
      int scalar = sh.nscalars && chance(30) ? rnd_int(0, sh.nscalars - 1) : -1;
      double cost = (diff ? 2 : 1) * (c < 0 ? -c : c);
      if (cost > budget) break;
      budget -= cost;
      for (int a = 0; a < sh.dims; a++) {
        int r = abs(off[a]) > abs(off2[a]) ? abs(off[a]) : abs(off2[a]);
        if (r > reach[s][a]) reach[s][a] = r;
      }
      char r1[128], r2[128], a[16] = "";
      if (scalar >= 0) {
        snprintf(a, sizeof a, "a%d * ", scalar);
        if (!scalar_read[scalar])
          snprintf(scalar_order + strlen(scalar_order), sizeof scalar_order - strlen(scalar_order),
                   "%sa%d", scalar_order[0] ? "," : "", scalar);
        scalar_read[scalar] = true;
      }
      read_access(r1, sizeof r1, &sh, src, false, level_of(&sh, src, previous), off);
      if (diff) {
        int zero[3] = {0, 0, 0};
        char kk[128];
        read_access(r2, sizeof r2, &sh, src, false, level_of(&sh, src, previous), off2);
        int kc = rnd_int(0, sh.ncoef - 1);
        coef_read[kc] = true;
        read_access(kk, sizeof kk, &sh, kc, true, NULL, zero);
        len += snprintf(b + len, 4096 - (size_t)len, "%s%.2f * %s%s * (%s - %s)", len ? " + " : "", c, a, kk, r1, r2);
      } else {
        len += snprintf(b + len, 4096 - (size_t)len, "%s%.2f * %s%s", len ? " + " : "", c, a, r1);
      }
    }
    for (int a = 0; a < sh.dims; a++) halo[s][a] = reach[s][a] + (chance(20) ? 1 : 0);
  }
  for (int s = 1; s < sh.nstages; s++) /* a nest's bounds: the widest of its stages' */
    for (int a = 0; a < sh.dims && nest[s] != s; a++) {
      int *first = &halo[nest[s]][a];
      *first = *first > halo[s][a] ? *first : halo[s][a];
    }
  /* every read must stay inside the bounds of its stage */
  fprintf(f, "/* facts: dims=%d stages=%d fields=", sh.dims, sh.nstages);
  for (int s = 0; s < sh.nstages; s++) fprintf(f, "%sf%d:%d:0", s ? "," : "", s, sh.levels[s]);
  for (int k = 0; k < sh.ncoef; k++)
    if (coef_read[k]) fprintf(f, ",k%d:1:1", k);
  fprintf(f, " radius=");
  for (int s = 0; s < sh.nstages; s++)
    for (int a = 0; a < sh.dims; a++) fprintf(f, "%d%s", reach[s][a], a + 1 < sh.dims ? "," : s + 1 < sh.nstages ? ";" : "");
  fprintf(f, " scalars=%s */\n", scalar_order[0] ? scalar_order : "-");
  fprintf(f, "/* programgen: a random stencil program (tools/programgen.c) */\nvoid program(");
  char ext[64] = "";
  for (int a = 0; a < sh.dims; a++) {
    fprintf(f, "int n%d, ", a);
    snprintf(ext + strlen(ext), sizeof ext - strlen(ext), "[n%d]", a);
  }
  fprintf(f, "int steps");
  for (int s = 0; s < sh.nstages; s++) {
    if (sh.levels[s] > 1) fprintf(f, ", %s f%d[%d]%s", sh.type, s, sh.levels[s], ext);
    else fprintf(f, ", %s f%d%s", sh.type, s, ext);
  }
  for (int k = 0; k < sh.ncoef; k++) fprintf(f, ", const %s k%d%s", sh.type, k, ext);
  for (int k = 0; k < sh.nscalars; k++) fprintf(f, ", double a%d", k);
  fprintf(f, ") {\n  for (int t = 0; t < steps; t++) {\n");
  for (int s = 0; s < sh.nstages; s++) {
    bool first = nest[s] == s, last = s + 1 == sh.nstages || nest[s + 1] != nest[s];
    for (int a = 0; a < sh.dims && first; a++)
      fprintf(f, "%*sfor (int %s = %d; %s < n%d - %d; %s++)\n", 4 + 2 * a, "", AXIS[a],
              halo[s][a], AXIS[a], a, halo[s][a], AXIS[a]);
    if (first && !last) fprintf(f, "%*s{\n", 4 + 2 * sh.dims, "");
    int zero[3] = {0, 0, 0}, indent = 4 + 2 * sh.dims + 2 * (nest[s] != s || !last);
    char w[128];
    read_access(w, sizeof w, &sh, s, false, sh.levels[s] == 1 ? NULL : sh.levels[s] == 2 ? "(t + 1) % 2" : "(t + 1) % 3", zero);
    fprintf(f, "%*s%s = %s;\n", indent, "", w, body[s]);
    if (last && !first) fprintf(f, "%*s}\n", 4 + 2 * sh.dims, "");
  }
  fprintf(f, "  }\n}\n");
  if (fclose(f)) return 3;
  return oracle_path ? write_oracle(oracle_path, out_path, &sh, coef_read, scalar_read) : 0;
}
