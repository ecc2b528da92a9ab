/* A 1D heat equation whose two buffers are picked through a level index toggled at the end of
 * each step (cur = !cur), the comparison written out: cur == 0 ? T0 : T1. */
void heat1d(float *T0, float *T1, int nx, int nsteps, float k) {
  int cur = 0;
  for (int step = 0; step < nsteps; step++) {
    float *Told = cur == 0 ? T0 : T1;
    float *Tnew = cur == 0 ? T1 : T0;
    for (int i = 1; i < nx - 1; i++)
      Tnew[i] = Told[i] + k * (Told[i - 1] - 2.0f * Told[i] + Told[i + 1]);
    cur = !cur;
  }
}
