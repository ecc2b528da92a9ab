/* heat2d_neumann.c with the edge positions held in integer locals, as codes name the last row
 * and column: `int last = ny - 1;` in the edge loop, `const int jl = nx - 1;` before the time
 * loop, C89's `int k; ... k = ny - 2;` assigned in the loop body. */
void heat(int nx, int ny, int nsteps, double alpha, double u[ny][nx], double un[ny][nx]) {
  const int jl = nx - 1;
  int k;
  for (int n = 0; n < nsteps; n++) {
    for (int j = 1; j < ny - 1; j++)
      for (int i = 1; i < nx - 1; i++)
        un[j][i] = u[j][i] + alpha * (u[j][i+1] + u[j][i-1] + u[j+1][i] + u[j-1][i] - 4.0 * u[j][i]);
    for (int i = 0; i < nx; i++) {
      int last = ny - 1;
      k = ny - 2;
      un[0][i] = un[1][i];
      un[last][i] = un[k][i];
    }
    for (int j = 0; j < ny; j++) { un[j][0] = un[j][1]; un[j][jl] = un[j][jl - 1]; }
    for (int j = 0; j < ny; j++) for (int i = 0; i < nx; i++) u[j][i] = un[j][i];
  }
}
