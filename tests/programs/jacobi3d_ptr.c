/* A 7-point Jacobi step in 3D with a weight grid, through pointers to planes
 * (float (*a)[NY][NX], the first extent left to the loop bound) swapped each step. */
#define NZ 20
#define NY 18
#define NX 22

void jacobi3d_ptr(int steps, float (*restrict a)[NY][NX], float (*restrict b)[NY][NX],
                  const float (*restrict w)[NY][NX]) {
  for (int t = 0; t < steps; t++) {
    for (int i = 1; i < NZ - 1; i++)
      for (int j = 1; j < NY - 1; j++)
        for (int k = 1; k < NX - 1; k++)
          b[i][j][k] = a[i][j][k] + w[i][j][k] * (a[i - 1][j][k] + a[i + 1][j][k] + a[i][j - 1][k] +
                                                  a[i][j + 1][k] + a[i][j][k - 1] + a[i][j][k + 1] -
                                                  6.0f * a[i][j][k]);
    float (*tmp)[NY][NX] = a;
    a = b;
    b = tmp;
  }
}
