/* rt_userprog.h: the helpers of stencilc check's driver for stencil programs
 * (src/harness/program_harness.c): it reads the program's dumps (--dump-input, --dump-output;
 * the format is rt_program_main.h's), gives the user's own code the same fields and scalars,
 * runs it, and compares every buffer of every field a stage writes. Comes after rt_common.h
 * (with rt_real = double), rt_program.h and rt_usercheck.h. The user's storage holds float or
 * double (elem: its size in bytes). */
#ifndef STENCILC_RT_USERPROG_H
#define STENCILC_RT_USERPROG_H

/* src/ir/program.h's PROG_MAX_FIELDS, PROG_MAX_LEVELS and PROG_MAX_SCALARS; rt_program_main.h's
 * RT_PROG_NAME */
enum { RT_UP_FIELDS = 24, RT_UP_LEVELS = 3, RT_UP_SCALARS = 32, RT_UP_NAME = 32 };

typedef struct {
  char name[RT_UP_NAME];
  long levels, coef;
  double *buf[RT_UP_LEVELS]; /* buffer k: the program's level k (step t writes (t + 1) % levels) */
} RtUpField;

/* A program dump read back, its values widened to double. */
typedef struct {
  int elem_size, dims, nfields, nscalars;
  long steps, ext[RT_MAX_DIMS], cells;
  RtUpField f[RT_UP_FIELDS];
  char scalar_name[RT_UP_SCALARS][RT_UP_NAME];
  double scalar[RT_UP_SCALARS];
} RtProgDump;

/* Reads a program dump; 0, or -1 after saying what is wrong with the file. */
RT_API int rt_up_read(const char *path, RtProgDump *d) {
  memset(d, 0, sizeof *d);
  FILE *f = fopen(path, "rb");
  char magic[8];
  int64_t h[8];
  int ok = f && fread(magic, 1, 8, f) == 8 && !memcmp(magic, "STCPROG1", 8) &&
           fread(h, sizeof h[0], 8, f) == 8 && (h[0] == 4 || h[0] == 8) && h[1] >= 1 &&
           h[1] <= RT_MAX_DIMS && h[3] >= 1 && h[3] <= RT_UP_FIELDS && h[4] >= 0 &&
           h[4] <= RT_UP_SCALARS && h[2] >= 0;
  if (ok) {
    d->elem_size = (int)h[0], d->dims = (int)h[1], d->steps = (long)h[2];
    d->nfields = (int)h[3], d->nscalars = (int)h[4], d->cells = 1;
    for (int a = 0; a < RT_MAX_DIMS && ok; a++) {
      d->ext[a] = (long)h[5 + a];
      ok = d->ext[a] >= 1 && d->ext[a] <= 1L << 30 && d->cells <= (1L << 36) / d->ext[a];
      d->cells *= d->ext[a];
    }
  }
  for (int i = 0; ok && i < d->nfields; i++) {
    int64_t facts[2];
    ok = fread(d->f[i].name, 1, RT_UP_NAME, f) == RT_UP_NAME &&
         fread(facts, sizeof facts[0], 2, f) == 2 && facts[0] >= 1 && facts[0] <= RT_UP_LEVELS;
    d->f[i].name[RT_UP_NAME - 1] = 0;
    if (ok) d->f[i].levels = (long)facts[0], d->f[i].coef = (long)facts[1];
  }
  for (int i = 0; ok && i < d->nfields; i++)
    for (long k = 0; ok && k < d->f[i].levels; k++) {
      d->f[i].buf[k] = (double *)rt_xmalloc((size_t)d->cells * sizeof(double));
      ok = !rt_dump_values(f, d->elem_size, d->f[i].buf[k], d->cells);
    }
  for (int k = 0; ok && k < d->nscalars; k++) {
    ok = fread(d->scalar_name[k], 1, RT_UP_NAME, f) == RT_UP_NAME &&
         fread(&d->scalar[k], sizeof(double), 1, f) == 1;
    d->scalar_name[k][RT_UP_NAME - 1] = 0;
  }
  if (f) fclose(f);
  if (!ok) fprintf(stderr, "%s: not a stencil program dump (or truncated)\n", path);
  return ok ? 0 : -1;
}

/* The index of field `name` with `levels` buffers in both dumps (exit 2 when they do not hold it). */
RT_API int rt_up_field(const RtProgDump *in, const RtProgDump *out, const char *name, long levels) {
  for (int i = 0; i < in->nfields; i++)
    if (!strcmp(in->f[i].name, name)) {
      rt_user_need(in->f[i].levels == levels && i < out->nfields && !strcmp(out->f[i].name, name) &&
                       out->f[i].levels == levels,
                   "the dumps' fields are not the program's");
      return i;
    }
  rt_user_need(0, "the dumps do not hold every field of the program");
  return -1;
}

/* Run-time scalar `name` as the program ran with it (exit 2 when the dump does not hold it). */
RT_API double rt_up_scalar(const RtProgDump *in, const char *name) {
  for (int k = 0; k < in->nscalars; k++)
    if (!strcmp(in->scalar_name[k], name)) return in->scalar[k];
  rt_user_need(0, "the input dump does not hold every run-time scalar of the program");
  return 0;
}

/* Where the scalar named `scalar` is an element of the coefficient array `name` read with
 * nsub subscripts ("c[2]", "w[1][0]"): its index in the flattened array (stride[i] elements per
 * step of subscript i), else -1. */
static long rt_up_array_index(const char *scalar, const char *name, int nsub, const long *stride) {
  size_t len = strlen(name);
  if (strncmp(scalar, name, len)) return -1;
  const char *at = scalar + len;
  long flat = 0, k;
  int used;
  for (int i = 0; i < nsub; i++, at += used) {
    if (sscanf(at, "[%ld]%n", &k, &used) != 1) return -1;
    flat += k * stride[i];
  }
  return *at ? -1 : flat;
}

/* A coefficient array parameter of the user's function (const float c[R + 1], const double
 * w[3][3]) whose elements the program reads as run-time scalars named "c[k]", "w[a][b]": fresh
 * storage of elements of elem bytes up to the last such element, those the program reads
 * holding their scalars' values, the others 0. */
RT_API void *rt_up_scalar_array(const RtProgDump *in, const char *name, size_t elem, int nsub,
                                const long *stride) {
  long last = -1, k;
  for (int s = 0; s < in->nscalars; s++)
    if ((k = rt_up_array_index(in->scalar_name[s], name, nsub, stride)) > last) last = k;
  rt_user_need(last >= 0, "the input dump holds no element of a coefficient array of the program");
  void *p = calloc((size_t)last + 1, elem);
  rt_user_need(p != NULL, "out of memory");
  for (int s = 0; s < in->nscalars; s++)
    if ((k = rt_up_array_index(in->scalar_name[s], name, nsub, stride)) >= 0) {
      double v = in->scalar[s];
      rt_user_put(p, k, &v, 1, elem);
    }
  return p;
}

/* Run-time scalar `name` as the user's code computes it (v, in the user's type): written to `to`
 * (a line "name value") when given; else the program must have run with v rounded to its
 * element type (exit 2 naming both values when not: `stencilc check --program` of a program
 * generated without them). */
RT_API void rt_up_user_scalar(const RtProgDump *in, FILE *to, const char *name, double v) {
  if (to) {
    fprintf(to, "%s %.17g\n", name, v);
    return;
  }
  double ran = rt_up_scalar(in, name), want = in->elem_size == (int)sizeof(float) ? (double)(float)v : v;
  if (ran != want) {
    fprintf(stderr, "stencilc check: the program ran with %s = %.9g where the user's code computes "
                    "%.9g; generate it with --param %s=%.17g\n", name, ran, v, name, v);
    exit(2);
  }
}

/* Fresh storage for `count` buffers of field f, one after the other; user buffer b holds the
 * dump's buffer (b - first) modulo the field's levels: the user's loop starts at t = first where
 * the program starts at 0 (u[t % 3] of the first step is the program's buffer 0). */
RT_API void *rt_up_storage(const RtProgDump *in, int f, long count, long first, size_t elem) {
  void *p = rt_xmalloc((size_t)(count * in->cells) * elem);
  long levels = in->f[f].levels;
  for (long b = 0; b < count; b++)
    rt_user_put(p, b * in->cells, in->f[f].buf[((b - first) % levels + levels) % levels],
                in->cells, elem);
  return p;
}

/* The same into storage the user's file already has (a global array of the field's size). */
RT_API void rt_up_fill(void *p, const RtProgDump *in, int f, long count, long first, size_t elem) {
  void *fresh = rt_up_storage(in, f, count, first, elem);
  memcpy(p, fresh, (size_t)(count * in->cells) * elem);
  free(fresh);
}

/* The same for a global 1D coefficient array of one axis (of size elements): the first n values
 * of field f's buffer, n the grid's extent along its axis. */
RT_API void rt_up_fill_line(void *p, long size, const RtProgDump *in, int f, long n, size_t elem) {
  rt_user_need(n <= size,
               "a 1D coefficient array is shorter than the grid's extent along its axis");
  void *fresh = rt_up_storage(in, f, 1, 0, elem);
  memcpy(p, fresh, (size_t)n * elem);
  free(fresh);
}

typedef struct {
  double max_abs, max_rel;
  long nonfinite;
  int pass;
} RtUpVerdict;

/* Compares field f: user[k] holds what the user's code left in the program's buffer k. Each
 * buffer is compared normwise, relative to its own max |user| (rt_compare_normwise), within tol;
 * prints the field's line, with the first cell beyond the tolerance when it fails, and folds it
 * into v. */
RT_API void rt_up_compare(const RtProgDump *out, int f, void *const *user, size_t elem, double tol,
                          RtUpVerdict *v) {
  const RtUpField *fd = &out->f[f];
  double *r = (double *)rt_xmalloc((size_t)out->cells * sizeof(double));
  double max_abs = 0, max_rel = 0;
  long nonfinite = 0, first = -1, first_level = -1;
  int pass = 1;
  for (long k = 0; k < fd->levels; k++) {
    for (long i = 0; i < out->cells; i++)
      r[i] = elem == sizeof(float) ? (double)((const float *)user[k])[i] : ((const double *)user[k])[i];
    RtCompare c = rt_compare_normwise(fd->buf[k], r, out->cells, tol);
    max_abs = fmax(max_abs, c.max_abs), max_rel = fmax(max_rel, c.max_rel);
    nonfinite += c.nonfinite;
    if (rt_passes(&c)) continue;
    pass = 0;
    double allowed = tol * c.max_ref;
    for (long i = 0; first < 0 && i < out->cells; i++) {
      double d = fabs(fd->buf[k][i] - r[i]);
      if (!(d <= allowed)) first = i, first_level = k; /* NaN differs */
    }
    if (first >= 0 && first_level == k) {
      printf("check: field %s: buffer %ld differs first at cell ", fd->name, k);
      rt_user_print_cell(out->dims, out->ext, first);
      printf(": program %.9g user %.9g\n", fd->buf[k][first], r[first]);
    }
  }
  printf("check: field %s (%ld buffer%s): max_abs=%.3e max_rel=%.3e tol=%.3e", fd->name, fd->levels,
         fd->levels == 1 ? "" : "s", max_abs, max_rel, tol);
  if (nonfinite) printf(" nonfinite=%ld", nonfinite);
  printf(" %s\n", pass ? "PASS" : "FAIL");
  v->max_abs = fmax(v->max_abs, max_abs), v->max_rel = fmax(v->max_rel, max_rel);
  v->nonfinite += nonfinite;
  v->pass = v->pass && pass;
  free(r);
}

/* The verdict line (the same as one stencil's) and the exit code: 0 match, 1 mismatch. */
RT_API int rt_up_verdict(const RtProgDump *in, const RtUpVerdict *v, double tol) {
  printf("check: user's code against the program: steps=%ld max_abs=%.3e max_rel=%.3e tol=%.3e",
         in->steps, v->max_abs, v->max_rel, tol);
  if (v->nonfinite) printf(" nonfinite=%ld", v->nonfinite);
  printf(" %s\n", v->pass ? "PASS" : "FAIL");
  return v->pass ? 0 : 1;
}

#endif
