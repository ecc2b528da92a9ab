/* program_oracle.h: the user's own code as the oracle of a stencil program (issue 18 item 5).
 * A main written by tools/programgen --oracle defines ORACLE_REAL (the program's element type),
 * includes this file and the program's C file, and calls
 *   oracle_open(&o, INPUT_DUMP, OUTPUT_DUMP)   the dumps of stencilc's program (--dump-input,
 *                                              --dump-output; format: runtime/rt_program_main.h)
 *   program(o.ext..., o.steps, oracle_field(&o, "f0"), ..., oracle_scalar(&o, "a0"))
 *   return oracle_compare(&o);
 * so the user's loop, compiled by cc, runs the same steps from the same input, and every buffer
 * of every field a stage writes is compared with stencilc's, relative to the field's largest
 * magnitude. Nothing here comes from stencilc but the two dumps.
 *
 * Tolerance: programgen's stages are contractions in the max norm (their coefficients sum to at
 * most 0.95 in magnitude), so a rounding error does not grow from step to step; each stage adds
 * at most (terms + 1) roundings of its element type (8 terms at most), and the two codes may
 * round differently (the user's double literals promote a float expression to double), so the
 * difference after S steps of N stages is below 2 * 9 * N * S * eps: for 3 stages and 9 steps,
 * 486 eps (2.9e-5 in float, 5.4e-14 in double). The bound below, 1e-4 and 1e-12, leaves a margin
 * and still fails a coefficient off by 1e-3 (tests/test_programs_multi.sh perturbs kernels). */
#ifndef STENCILC_TESTS_PROGRAM_ORACLE_H
#define STENCILC_TESTS_PROGRAM_ORACLE_H

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { ORACLE_MAX_FIELDS = 24, ORACLE_MAX_SCALARS = 16, ORACLE_NAME = 32 }; /* src/ir/program.h */

typedef struct {
  char name[ORACLE_NAME];
  long levels, coef;
  ORACLE_REAL *data; /* levels buffers, one after the other: the user's F[levels][n0][n1]... */
  ORACLE_REAL *want; /* stencilc's result */
  ORACLE_REAL *init; /* the input, to see that the steps changed something */
} OracleField;

typedef struct {
  int dims, nfields, nscalars;
  long steps, ext[3], cells;
  OracleField f[ORACLE_MAX_FIELDS];
  char scalar_name[ORACLE_MAX_SCALARS][ORACLE_NAME];
  double scalar[ORACLE_MAX_SCALARS];
} Oracle;

static void oracle_fail(const char *path, const char *what) {
  fprintf(stderr, "oracle: %s: %s\n", path, what);
  exit(3);
}

/* Reads one dump; with `into_want` the buffers go to want (the output), else to data. */
static void oracle_read(Oracle *o, const char *path, int into_want) {
  FILE *f = fopen(path, "rb");
  char magic[8];
  int64_t h[8];
  if (!f || fread(magic, 1, 8, f) != 8 || memcmp(magic, "STCPROG1", 8) ||
      fread(h, sizeof h[0], 8, f) != 8)
    oracle_fail(path, "not a stencil program dump");
  if (h[0] != (int64_t)sizeof(ORACLE_REAL)) oracle_fail(path, "element size differs from the program's");
  if (h[3] < 1 || h[3] > ORACLE_MAX_FIELDS || h[4] < 0 || h[4] > ORACLE_MAX_SCALARS || h[1] < 1 || h[1] > 3)
    oracle_fail(path, "bad header");
  if (into_want && (h[1] != o->dims || h[3] != o->nfields || h[2] != o->steps))
    oracle_fail(path, "the output dump is not of the input's program and steps");
  o->dims = (int)h[1], o->steps = h[2], o->nfields = (int)h[3], o->nscalars = (int)h[4];
  o->cells = 1;
  for (int a = 0; a < 3; a++) o->cells *= (o->ext[a] = h[5 + a]);
  for (int i = 0; i < o->nfields; i++) {
    int64_t facts[2];
    if (fread(o->f[i].name, 1, ORACLE_NAME, f) != ORACLE_NAME || fread(facts, sizeof facts[0], 2, f) != 2 ||
        facts[0] < 1 || facts[0] > 3)
      oracle_fail(path, "bad field");
    o->f[i].name[ORACLE_NAME - 1] = 0;
    o->f[i].levels = facts[0], o->f[i].coef = facts[1];
  }
  for (int i = 0; i < o->nfields; i++) {
    size_t n = (size_t)(o->f[i].levels * o->cells);
    ORACLE_REAL *b = malloc(n * sizeof *b);
    if (!b || fread(b, sizeof *b, n, f) != n) oracle_fail(path, "short buffer");
    if (into_want) o->f[i].want = b;
    else o->f[i].data = b;
  }
  for (int k = 0; k < o->nscalars; k++)
    if (fread(o->scalar_name[k], 1, ORACLE_NAME, f) != ORACLE_NAME || fread(&o->scalar[k], sizeof(double), 1, f) != 1)
      oracle_fail(path, "bad scalar");
  fclose(f);
}

static void oracle_open(Oracle *o, int argc, char **argv) {
  if (argc != 3) {
    fprintf(stderr, "usage: %s INPUT.dump OUTPUT.dump\n", argv[0]);
    exit(2);
  }
  memset(o, 0, sizeof *o);
  oracle_read(o, argv[1], 0);
  Oracle out = *o;
  oracle_read(&out, argv[2], 1);
  for (int i = 0; i < o->nfields; i++) {
    if (strcmp(o->f[i].name, out.f[i].name) || o->f[i].levels != out.f[i].levels)
      oracle_fail(argv[2], "fields differ from the input's");
    o->f[i].want = out.f[i].want;
    size_t bytes = (size_t)(o->f[i].levels * o->cells) * sizeof(ORACLE_REAL);
    if (!(o->f[i].init = malloc(bytes))) oracle_fail(argv[1], "out of memory");
    memcpy(o->f[i].init, o->f[i].data, bytes);
  }
}

/* Field `name`'s buffers as the user's array (NULL when the program has no such field: then
 * the user's code must not read it, and the comparison fails if it does). */
static inline void *oracle_field(Oracle *o, const char *name) {
  for (int i = 0; i < o->nfields; i++)
    if (!strcmp(o->f[i].name, name)) return o->f[i].data;
  fprintf(stderr, "oracle: no field '%s' in the dump\n", name);
  exit(3);
}

/* Scalar `name` (a parameter no stage reads is not in the dump: 0). */
static inline double oracle_scalar(const Oracle *o, const char *name) {
  for (int k = 0; k < o->nscalars; k++)
    if (!strcmp(o->scalar_name[k], name)) return o->scalar[k];
  return 0;
}

/* A point source's array as the generated programs fill it (runtime/rt_source.h documents it:
 * element i of source n is rt_random_value(rt_prog_source_seed(n), i)), written out here from
 * that description: `count` elements, to be freed. */
static inline ORACLE_REAL *oracle_source(int n, long count) {
  ORACLE_REAL *a = malloc((size_t)count * sizeof *a);
  if (!a) oracle_fail("source", "out of memory");
  for (long i = 0; i < count; i++) {
    uint64_t z = 0x736f75726365ULL + (uint64_t)n; /* the seed: splitmix64's finaliser of it */
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL, z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    z = (z ^ (z >> 31)) + ((uint64_t)i + 1) * 0x9e3779b97f4a7c15ULL;
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL, z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    z ^= z >> 31;
    double mag = 0.1 + 0.9 * ((double)(z >> 11) * (1.0 / 9007199254740992.0));
    a[i] = (ORACLE_REAL)((z & 1) ? -mag : mag);
  }
  return a;
}

/* 0 when every written buffer matches within the tolerance above and the user's steps changed
 * some cell (a run that did nothing proves nothing), 1 otherwise. */
static int oracle_compare(const Oracle *o) {
  double tol = sizeof(ORACLE_REAL) == 4 ? 1e-4 : 1e-12, worst = 0;
  long changed = 0;
  int pass = 1;
  for (int i = 0; i < o->nfields; i++) {
    if (o->f[i].coef) continue;
    long n = o->f[i].levels * o->cells;
    double max_abs = 0, max_ref = 0;
    for (long c = 0; c < n; c++) {
      changed += o->f[i].data[c] != o->f[i].init[c];
      max_abs = fmax(max_abs, fabs((double)o->f[i].data[c] - (double)o->f[i].want[c]));
      max_ref = fmax(max_ref, fabs((double)o->f[i].data[c]));
    }
    double rel = max_ref > 0 ? max_abs / max_ref : max_abs;
    if (!(rel <= tol)) pass = 0; /* NaN fails */
    worst = fmax(worst, rel);
  }
  printf("oracle: %d fields, %ld steps, %ld cells changed, max_rel=%.3e tol=%.0e %s\n", o->nfields,
         o->steps, changed, worst, tol,
         pass && changed ? "PASS" : "FAIL");
  return !(pass && changed);
}

#endif
