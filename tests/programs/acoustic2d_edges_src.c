/* Seismic forward modelling on a grid with rigid edges: the leapfrog sweep into p_next, the
 * four edges of p_next zeroed each step (Dirichlet), then the shot injected at (sz, sx) with
 * p_next[sz][sx] += ..., and the three wavefields rotated by pointer. */
void acoustic(int nz, int nx, int nt, int sz, int sx, float dt2, const float *wavelet,
              const float vel[nz][nx], float (*p_prev)[nx], float (*p)[nx], float (*p_next)[nx]) {
  for (int it = 0; it < nt; it++) {
    for (int iz = 1; iz < nz - 1; iz++)
      for (int ix = 1; ix < nx - 1; ix++)
        p_next[iz][ix] = 2.0f * p[iz][ix] - p_prev[iz][ix] +
                         vel[iz][ix] * (p[iz - 1][ix] + p[iz + 1][ix] + p[iz][ix - 1] +
                                        p[iz][ix + 1] - 4.0f * p[iz][ix]);
    for (int ix = 0; ix < nx; ix++) {
      p_next[0][ix] = 0.0f;
      p_next[nz - 1][ix] = 0.0f;
    }
    for (int iz = 0; iz < nz; iz++) {
      p_next[iz][0] = 0.0f;
      p_next[iz][nx - 1] = 0.0f;
    }
    p_next[sz][sx] += dt2 * wavelet[it];
    float (*tmp)[nx] = p_prev;
    p_prev = p;
    p = p_next;
    p_next = tmp;
  }
}
