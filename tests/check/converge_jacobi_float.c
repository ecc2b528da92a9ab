/* Single precision Jacobi with the change in float, as GPU tutorials write it. */
#include <math.h>
int jacobi_f(int n, float tol, int maxit, float (*a)[n], float (*b)[n]) {
  float err = 1.0f;
  int it = 0;
  while (err > tol && it < maxit) {
    err = 0.0f;
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++) {
        b[i][j] = 0.25f * (a[i - 1][j] + a[i + 1][j] + a[i][j - 1] + a[i][j + 1]);
        err = fmaxf(err, fabsf(b[i][j] - a[i][j]));
      }
    float (*t)[n] = a;
    a = b;
    b = t;
    it++;
  }
  return it;
}
