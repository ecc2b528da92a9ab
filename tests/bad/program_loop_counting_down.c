// expect: 11:29: error: the loop over 'i' counts down; stencilc reads a stencil program's loops counting up (a single stencil's may count down)
// hint: count up: for (int i = 1; i < n - 1; i++)
/* A textbook Jacobi of two nests (a sweep and a copy-back, a stencil program) whose outer loops
 * count down: only a single stencil's loops may. */
#define N 128

void jacobi(int iters, double u[][N], double unew[][N])
{
  int i, j, it;
  for (it = 0; it < iters; ++it) {
    for (i = N - 2; i >= 1; i--)
      for (j = 1; j <= N - 2; ++j)
        unew[i][j] = 0.25 * (u[i - 1][j] + u[i + 1][j] + u[i][j - 1] + u[i][j + 1]);
    for (i = N - 2; i >= 1; i--)
      for (j = 1; j <= N - 2; ++j)
        u[i][j] = unew[i][j];
  }
}
