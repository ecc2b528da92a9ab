// expect: {"dims": 3, "dtype": "float", "extents": ["nz + 2", "ny + 2", "nx + 2"], "halo_lo": [1, 1, 1], "halo_hi": [1, 1, 1], "radius": [1, 1, 1], "npoints": 7, "coefs": {"0,0,0": 0.4, "1,0,0": 0.1, "0,-1,0": 0.1}, "time_form": "pointer swap"}
/* 3D heat through pointers to padded planes (typedef'd real, ++ counters declared before the
 * loops, bounds < n + 1): the interior runs from 1 to n along each axis. */
typedef float real;

void heat3d(int nx, int ny, int nz, int nsteps, real (*u)[ny + 2][nx + 2],
            real (*unew)[ny + 2][nx + 2]) {
  int i, j, k, step;
  for (step = 0; step < nsteps; ++step) {
    for (k = 1; k < nz + 1; ++k)
      for (j = 1; j < ny + 1; ++j)
        for (i = 1; i < nx + 1; ++i)
          unew[k][j][i] = 0.4f * u[k][j][i] + 0.1f * (u[k - 1][j][i] + u[k + 1][j][i] +
                                                      u[k][j - 1][i] + u[k][j + 1][i] +
                                                      u[k][j][i - 1] + u[k][j][i + 1]);
    real(*tmp)[ny + 2][nx + 2] = u;
    u = unew;
    unew = tmp;
  }
}
