// expect: 11:7: error: the boundary loop reads 'un' at a cell that another of its iterations writes: its result would depend on the order of the iterations
/* A boundary loop that sweeps along its own row (un[0][i] from un[0][i - 1]): each iteration
 * reads what the one before it wrote, a recurrence, refused (copying from the next row in, as
 * un[0][i] = un[1][i], is taken: tests/programs/heat2d_neumann.c). */
void heat(int nx, int ny, int nsteps, double alpha, double u[ny][nx], double un[ny][nx]) {
  for (int n = 0; n < nsteps; n++) {
    for (int j = 1; j < ny - 1; j++)
      for (int i = 1; i < nx - 1; i++)
        un[j][i] = u[j][i] + alpha * (u[j][i + 1] + u[j][i - 1] + u[j + 1][i] + u[j - 1][i] - 4.0 * u[j][i]);
    for (int i = 1; i < nx; i++)
      un[0][i] = un[0][i - 1];
    for (int j = 0; j < ny; j++) for (int i = 0; i < nx; i++) u[j][i] = un[j][i];
  }
}
