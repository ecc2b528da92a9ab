/* An int field smoothed by the binomial kernel [1 2 1] x [1 2 1] in integer arithmetic, the sum
 * divided by 16 with a shift, time steps over two levels swapped through pointers (fixed-point
 * image pipelines and integer lattice codes write it so). */
void smooth(int n, int steps, int *restrict u, int *restrict v) {
  for (int t = 0; t < steps; t++) {
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++) {
        int s = 4 * u[i * n + j] + 2 * (u[(i - 1) * n + j] + u[(i + 1) * n + j] +
                                        u[i * n + j - 1] + u[i * n + j + 1]) +
                u[(i - 1) * n + j - 1] + u[(i - 1) * n + j + 1] + u[(i + 1) * n + j - 1] +
                u[(i + 1) * n + j + 1];
        v[i * n + j] = (s + 8) >> 4;
      }
    int *tmp = u; u = v; v = tmp;
  }
}
