// expect: 11:5: error: 'T' is set after the point source that reads it (line 10)
// hint: update it before the source that reads it
/* A step counter incremented after the source that reads it: the source would read the
 * previous step's value, which stencilc does not take (incremented before the source, as
 * Sullivan's T = T + 1; is: tests/programs/fd1d_sullivan_pulse.c). */
void fd1d(int nsteps, int n, int kc, float dt, float *ex, float *hy) {
  float T = 0;
  for (int t = 0; t < nsteps; t++) {
    for (int k = 1; k < n; k++) ex[k] = ex[k] + 0.5f * (hy[k - 1] - hy[k]);
    ex[kc] = T * T;
    T += dt;
    for (int k = 0; k < n - 1; k++) hy[k] = hy[k] + 0.5f * (ex[k] - ex[k + 1]);
  }
}
