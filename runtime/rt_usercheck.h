/* rt_usercheck.h: the helpers of stencilc check's driver (src/harness/harness.h), which runs the
 * user's own region on a program's input dump and compares its result with the program's output
 * dump. Comes after rt_common.h (with rt_real = double) and rt_dump.h. The user's storage holds
 * float or double (elem: its size in bytes). */
#ifndef STENCILC_RT_USERCHECK_H
#define STENCILC_RT_USERCHECK_H

/* `elem` below: the user's element type, as a dump's element code (rt_dump.h). */

/* The dumps do not fit the storage the user's code declares: exit 2. */
RT_API void rt_user_need(int ok, const char *what) {
  if (!ok) {
    fprintf(stderr, "stencilc check: %s\n", what);
    exit(2);
  }
}

/* Stores n values at element `at` of p, in the user's element type. */
RT_API void rt_user_put(void *p, long at, const double *v, long n, size_t elem) {
  for (long i = 0; i < n; i++) rt_dump_set(p, at + i, v[i], (long)elem);
}

/* `levels` copies of the input grid one after the other (the generated programs' buffer 1 has the
 * same halo as buffer 0; its interior is written before it is read). */
RT_API void rt_user_fill(void *p, const RtDump *in, size_t elem, long levels) {
  for (long l = 0; l < levels; l++) rt_user_put(p, l * in->cells, in->cells_v, in->cells, elem);
}

RT_API void *rt_user_grid(const RtDump *in, size_t elem, long levels) {
  void *p = rt_xmalloc((size_t)(levels * in->cells) * rt_dump_elem_bytes((long)elem));
  rt_user_fill(p, in, elem, levels);
  return p;
}

RT_API void *rt_user_weights(const RtDump *in, size_t elem) {
  void *p = rt_xmalloc((size_t)in->nweights * elem);
  rt_user_put(p, 0, in->weights, in->nweights, elem);
  return p;
}

/* THE tolerance of the comparison: the generated programs' own bound (rt_tolerance), with the
 * stencil's gain and the run-time weights' share of it, for the coarser of the two element types
 * (the user's code computes in its own, the program in the dumped one). The one place to change
 * when that bound changes. */
RT_API double rt_user_tolerance(const RtDump *in, size_t elem, int flops, double gain,
                                const double *weight_gain) {
  if (elem > sizeof(double)) return 0; /* an integer grid: the program computes it exactly */
  double eps = elem == sizeof(float) || in->elem_size == 4 ? FLT_EPSILON : DBL_EPSILON;
  for (int k = 0; k < in->nweights; k++) gain += weight_gain[k] * fabs(in->weights[k]);
  return rt_tolerance(eps, flops, in->steps, gain);
}

/* The steps a convergence loop's program made until it converged: its output dump's spare
 * header field (int64 number 14 of rt_dump.h's format; src/codegen/converge.c writes it). */
RT_API long rt_user_dump_iterations(const char *path) {
  FILE *f = fopen(path, "rb");
  int64_t n = -1;
  if (!f || fseek(f, 8 + 14 * (long)sizeof n, SEEK_SET) || fread(&n, sizeof n, 1, f) != 1) n = -1;
  if (f) fclose(f);
  return (long)n;
}

/* A convergence loop's step count: the user's loop's (its counter's final value less its start)
 * against the program's (its output dump); prints both, and returns whether they are equal. */
RT_API int rt_user_iterations(long user, long program) {
  printf("check: iterations until the residual converged: user %ld program %ld %s\n", user,
         program, user == program ? "PASS" : "FAIL");
  return user == program;
}

/* Prints the index of cell i of a dumped grid of extents ext (halo included), axis 0 first:
 * "[3][7]". */
RT_API void rt_user_print_cell(int dims, const long *ext, long i) {
  for (int a = 0; a < dims; a++) {
    long s = 1;
    for (int b = a + 1; b < dims; b++) s *= ext[b];
    printf("%s%ld", a ? "][" : "[", i / s % ext[a]);
  }
  printf("]");
}

/* Compares the program's result (out) with the user's (ref), halo included, normwise
 * (rt_compare_normwise: the user's code has no per-cell bound beside it); prints the errors, the worst cell when they differ, and
 * the verdict; returns the exit code (0 match, 1 mismatch). */
RT_API int rt_user_verdict(const RtDump *in, const RtDump *out, const void *ref, size_t elem,
                           double tol) {
  double *r = (double *)rt_xmalloc((size_t)in->cells * sizeof(double));
  for (long i = 0; i < in->cells; i++) r[i] = rt_dump_get(ref, i, (long)elem);
  RtCompare c = rt_compare_normwise(out->cells_v, r, in->cells, tol);
  int pass = rt_passes(&c);
  printf("check: user's code against the program: steps=%ld max_abs=%.3e max_rel=%.3e tol=%.3e",
         in->steps, c.max_abs, c.max_rel, tol);
  if (c.nonfinite) printf(" nonfinite=%ld", c.nonfinite);
  if (!pass) {
    long worst = 0;
    double worst_d = -1;
    for (long i = 0; i < in->cells; i++) {
      double d = fabs(out->cells_v[i] - r[i]);
      if (!isnan(worst_d) && !(d <= worst_d)) worst = i, worst_d = d; /* a NaN is the worst */
    }
    printf(" worst cell ");
    rt_user_print_cell(in->dims, in->ext, worst);
    printf(" program %.9g user %.9g", out->cells_v[worst], r[worst]);
  }
  printf(" %s\n", pass ? "PASS" : "FAIL");
  free(r);
  return pass ? 0 : 1;
}

#endif
