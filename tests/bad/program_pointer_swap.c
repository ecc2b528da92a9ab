// expect: 11:13: error: statement after the second loop
/* two stages through pointers swapped in the time loop */
void f(int n, int steps, float (*u)[n], float (*v)[n], float (*w)[n]) {
  for (int t = 0; t < steps; t++) {
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        w[i][j] = 0.25f * (u[i - 1][j] + u[i + 1][j] + u[i][j - 1] + u[i][j + 1]);
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        v[i][j] = 0.5f * (w[i][j] + u[i][j]);
    float (*tmp)[n] = u;
    u = v;
    v = tmp;
  }
}
