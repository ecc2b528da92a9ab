/* 2D wave equation written Fortran style on flat float arrays: the interior is 1..nz by 1..nx,
 * one ghost cell around it, so the pitch is nx + 2, written out in the index; the wavefield at
 * t - 1, t and t + 1 in three arrays rotated by pointer, c^2 dt^2 / h^2 per cell. */
void wave2d(int nz, int nx, int nt, float *um, float *u, float *up, const float *c2) {
  for (int it = 0; it < nt; it++) {
    for (int i = 1; i <= nz; i++)
      for (int j = 1; j <= nx; j++) {
        const int c = i * (nx + 2) + j;
        up[c] = 2.0f * u[c] - um[c] +
                c2[c] * (u[c - 1] + u[c + 1] + u[c - (nx + 2)] + u[c + (nx + 2)] - 4.0f * u[c]);
      }
    float *tmp = um;
    um = u;
    u = up;
    up = tmp;
  }
}
