/* 2D acoustic modelling with Cerjan's sponge (Cerjan et al. 1985) as seismic codes write it:
 * flat float arrays of run-time sizes, the cell's index first (idx = iz * nx + ix), the wavefield
 * at t - 1 overwritten by t + 1 and the two swapped by pointer, and the absorbing layer as two
 * 1D damping profiles (damp_x[ix] along x, damp_z[iz] along depth, 1 inside the model, below 1
 * towards the edges) multiplying the new value. */
void sponge2d(int nz, int nx, int nt, float *p, float *pm, const float *v2dt2,
              const float *damp_x, const float *damp_z) {
  for (int it = 0; it < nt; it++) {
    for (int iz = 1; iz < nz - 1; iz++)
      for (int ix = 1; ix < nx - 1; ix++) {
        int idx = iz * nx + ix;
        float lap = p[idx - 1] + p[idx + 1] + p[idx - nx] + p[idx + nx] - 4.0f * p[idx];
        pm[idx] = (2.0f * p[idx] - pm[idx] + v2dt2[idx] * lap) * damp_x[ix] * damp_z[iz];
      }
    float *tmp = pm;
    pm = p;
    p = tmp;
  }
}
