// expect: 15:16: error: the tolerance is neither a function parameter, a local set once, nor a constant
// hint: pass the tolerance as a double parameter, set it once before the loop (where it is declared, by one assignment or by scanf), or write it as a constant
/* The tolerance assigned after its declaration (from the command line or a default): its value
 * at the loop is a run-time choice the front end does not follow. */
#include <math.h>
#include <stdlib.h>
#define N 40
static double u[N][N], v[N][N];
int main(int argc, char **argv) {
  double tol, err = 1.0;
  if (argc > 1) tol = atof(argv[1]);
  else tol = 1e-3;
  int it = 0;
  for (int j = 0; j < N; j++) u[j][0] = v[j][0] = 1.0;
  while (err > tol && it < 500) {
    err = 0.0;
    for (int i = 1; i < N - 1; i++)
      for (int j = 1; j < N - 1; j++) {
        v[i][j] = 0.25 * (u[i - 1][j] + u[i + 1][j] + u[i][j - 1] + u[i][j + 1]);
        err = fmax(err, fabs(v[i][j] - u[i][j]));
      }
    for (int i = 1; i < N - 1; i++)
      for (int j = 1; j < N - 1; j++) u[i][j] = v[i][j];
    it++;
  }
  return it > 0 ? 0 : 1;
}
