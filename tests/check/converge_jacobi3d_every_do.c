/* Jacobi relaxation of a 3D box in a do-while loop that measures the largest change every 4th
 * sweep (!(k % 4)), through a MAX macro, between the sweep and the copy-back. */
#include <math.h>
#define MAX(a, b) ((a) > (b) ? (a) : (b))
#define N 18
static double T[N][N][N], Tn[N][N][N];
int relax3d(double eps, int maxit) {
  double dT;
  int k = 0;
  do {
    for (int x = 1; x < N - 1; x++)
      for (int y = 1; y < N - 1; y++)
        for (int z = 1; z < N - 1; z++)
          Tn[x][y][z] = (T[x - 1][y][z] + T[x + 1][y][z] + T[x][y - 1][z] + T[x][y + 1][z] +
                         T[x][y][z - 1] + T[x][y][z + 1]) / 6.0;
    if (!(k % 4)) {
      dT = 0.0;
      for (int x = 1; x < N - 1; x++)
        for (int y = 1; y < N - 1; y++)
          for (int z = 1; z < N - 1; z++) dT = MAX(dT, fabs(Tn[x][y][z] - T[x][y][z]));
    }
    for (int x = 1; x < N - 1; x++)
      for (int y = 1; y < N - 1; y++)
        for (int z = 1; z < N - 1; z++) T[x][y][z] = Tn[x][y][z];
    k++;
  } while (dT > eps && k < maxit);
  return k;
}
