/* 1D wave equation on a string with a hard source, as textbooks drive one end: the cell isrc of
 * the new level is set to the forcing signal each step (an amplitude times its sample), and the
 * levels rotate by pointer. */
void string1d(int n, int nt, int isrc, float amp, float c2, float *um, float *u, float *up,
              const float *signal) {
  for (int it = 0; it < nt; it++) {
    for (int i = 1; i < n - 1; i++)
      up[i] = 2.0f * u[i] - um[i] + c2 * (u[i - 1] - 2.0f * u[i] + u[i + 1]);
    up[isrc] = amp * signal[it];
    float *tmp = um;
    um = u;
    u = up;
    up = tmp;
  }
}
