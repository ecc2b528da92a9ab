// expect: 11:5: error: the time loop rotates 'u', which no stage writes
/* two stages, then a swap of two pointers that neither stage writes */
void f(int n, int steps, float (*u)[n], float (*v)[n], float (*w)[n], float (*x)[n]) {
  for (int t = 0; t < steps; t++) {
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        w[i][j] = 0.25f * (u[i - 1][j] + u[i + 1][j] + u[i][j - 1] + u[i][j + 1]);
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        x[i][j] = 0.5f * (w[i][j] + v[i][j]);
    float (*tmp)[n] = u;
    u = v;
    v = tmp;
  }
}
