/* 3D variable-coefficient heat, Fortran-like 1-based time loop: the pointers declared before it
 * and set at the top of each step by t & 1, as C ports of such codes write it. */
void heat3d(int nz, int ny, int nx, int nt, double dt, float (*kappa)[ny][nx],
            float (*a)[ny][nx], float (*b)[ny][nx]) {
  float (*cur)[ny][nx], (*next)[ny][nx];
  for (int it = 1; it <= nt; it++) {
    cur = (it & 1) ? a : b;
    next = (it & 1) ? b : a;
    for (int z = 1; z < nz - 1; z++)
      for (int y = 1; y < ny - 1; y++)
        for (int x = 1; x < nx - 1; x++)
          next[z][y][x] = cur[z][y][x] + dt * kappa[z][y][x] *
                          (cur[z - 1][y][x] + cur[z + 1][y][x] + cur[z][y - 1][x] +
                           cur[z][y + 1][x] + cur[z][y][x - 1] + cur[z][y][x + 1] -
                           6.0f * cur[z][y][x]);
  }
}
