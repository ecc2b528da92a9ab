// expect: 4:85: error: coefficient array 'damp_x' is read along axis 1 ('ix'), but its size is not the grids' extent along that axis, nx
// hint: declare the array with the grids' extent along its axis (const float damp_x[nx]
/* A damping profile along x declared with the extent of the other axis. */
void sponge(int nz, int nx, int nt, float c, float p[2][nz][nx], const float damp_x[nz]) {
  for (int it = 0; it < nt; it++)
    for (int iz = 1; iz < nz - 1; iz++)
      for (int ix = 1; ix < nx - 1; ix++)
        p[(it + 1) % 2][iz][ix] = damp_x[ix] * (p[it % 2][iz][ix] +
                                  c * (p[it % 2][iz][ix - 1] + p[it % 2][iz][ix + 1] + p[it % 2][iz - 1][ix] +
                                       p[it % 2][iz + 1][ix] - 4.0f * p[it % 2][iz][ix]));
}
