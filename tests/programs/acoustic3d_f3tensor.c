/* 3D acoustic leapfrog on Numerical Recipes tensors (float ***, f3tensor): the pressure's two
 * levels, the next one written over the oldest (p = 2 p - pp + ...), swapped after each step;
 * a velocity model vel2dt2 = (v dt / h)^2 through its own tensor. */
void acoustic3d(int nz, int ny, int nx, int nt, float ***vel2dt2, float ***pp, float ***p) {
  for (int it = 0; it < nt; it++) {
    for (int iz = 1; iz < nz - 1; iz++)
      for (int iy = 1; iy < ny - 1; iy++)
        for (int ix = 1; ix < nx - 1; ix++)
          pp[iz][iy][ix] = 2.0f * p[iz][iy][ix] - pp[iz][iy][ix] +
                           vel2dt2[iz][iy][ix] *
                               (p[iz + 1][iy][ix] + p[iz - 1][iy][ix] + p[iz][iy + 1][ix] +
                                p[iz][iy - 1][ix] + p[iz][iy][ix + 1] + p[iz][iy][ix - 1] -
                                6.0f * p[iz][iy][ix]);
    float ***tmp = pp;
    pp = p;
    p = tmp;
  }
}
