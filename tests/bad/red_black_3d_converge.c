// expect: 14:17: error: red-black Gauss-Seidel (or SOR) is not supported: a test of the parity of 'i', 'j' and 'k' sweeps the cells of one colour, updating the grid in place
// hint: write the Jacobi form, which stencilc takes
/* Red-black Gauss-Seidel in 3D until the largest change is below tol, the colours picked by
 * ((i + j + k) & 1): refused at the first colour's test. */
#include <math.h>
void rb3d(int n, double u[n][n][n], double f[n][n][n], double h2, double tol) {
  double diff;
  do {
    diff = 0.0;
    for (int colour = 0; colour < 2; colour++)
      for (int i = 1; i < n - 1; i++)
        for (int j = 1; j < n - 1; j++)
          for (int k = 1; k < n - 1; k++)
            if (((i + j + k) & 1) == colour) {
              double v = (u[i - 1][j][k] + u[i + 1][j][k] + u[i][j - 1][k] + u[i][j + 1][k] +
                          u[i][j][k - 1] + u[i][j][k + 1] + h2 * f[i][j][k]) / 6.0;
              diff = fmax(diff, fabs(v - u[i][j][k]));
              u[i][j][k] = v;
            }
  } while (diff > tol);
}
