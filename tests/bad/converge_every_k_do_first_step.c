// expect: 11:3: error: the do loop tests the residual 'change' after its first step, which does not compute it
// hint: compute the residual on the first step too
/* A do loop computing the largest change on every 5th sweep counted from 1 ((sweep + 1) % 5 ==
 * 0): its first test reads the change from before the loop, which it never set. */
#include <math.h>
#define N 64
static double a[N][N], b[N][N];
int smooth(double tol, int maxit) {
  double change;
  int sweep = 0;
  do {
    for (int i = 1; i < N - 1; i++)
      for (int j = 1; j < N - 1; j++) b[i][j] = 0.25 * (a[i - 1][j] + a[i + 1][j] + a[i][j - 1] + a[i][j + 1]);
    if ((sweep + 1) % 5 == 0) {
      change = 0.0;
      for (int i = 1; i < N - 1; i++)
        for (int j = 1; j < N - 1; j++) change = fmax(change, fabs(b[i][j] - a[i][j]));
    }
    for (int i = 1; i < N - 1; i++)
      for (int j = 1; j < N - 1; j++) a[i][j] = b[i][j];
    sweep++;
  } while (change > tol && sweep < maxit);
  return sweep;
}
