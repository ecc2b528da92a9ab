// expect: 10:7: error: a boundary stage's statement that is not an assignment of a grid's cell (=, +=, -=, *=, /=), nor a float or double local's declaration or update
/* A boundary loop that sets every other cell (if (i % 2) un[0][i] = ...): refused, a boundary
 * loop's body holds assignments of grid cells and float or double locals only. */
void heat(int nx, int ny, int nsteps, double alpha, double u[ny][nx], double un[ny][nx]) {
  for (int n = 0; n < nsteps; n++) {
    for (int j = 1; j < ny - 1; j++)
      for (int i = 1; i < nx - 1; i++)
        un[j][i] = u[j][i] + alpha * (u[j][i+1] + u[j][i-1] + u[j+1][i] + u[j-1][i] - 4.0 * u[j][i]);
    for (int i = 0; i < nx; i++) {
      if (i % 2) un[0][i] = un[1][i];
      un[ny-1][i] = un[ny-2][i];
    }
    for (int j = 0; j < ny; j++) for (int i = 0; i < nx; i++) u[j][i] = un[j][i];
  }
}
