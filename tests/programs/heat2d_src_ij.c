/* 2D heat diffusion in Fortran's column order, as codes ported from it index: u(i, j) at
 * i + nx * j, the source's cell isrc + nx * jsrc, its power scaled by dt, a pointer swap. */
void heat(int nx, int ny, int nt, int isrc, int jsrc, float r, float dt, float *u, float *unew,
          const float *q) {
  for (int it = 0; it < nt; it++) {
    for (int j = 1; j < ny - 1; j++)
      for (int i = 1; i < nx - 1; i++)
        unew[i + nx * j] = u[i + nx * j] + r * (u[i - 1 + nx * j] + u[i + 1 + nx * j] +
                                                u[i + nx * (j - 1)] + u[i + nx * (j + 1)] -
                                                4.0f * u[i + nx * j]);
    unew[isrc + nx * jsrc] += dt * q[it];
    float *tmp = u;
    u = unew;
    unew = tmp;
  }
}
