// expect: 7:9: error: the index 'idx' is changed after its declaration (line 6), so it is not the value it was declared with
void f(int nx, int ny, int steps, float *u, float *v) {
  for (int t = 0; t < steps; t++) {
    for (int i = 1; i < ny - 1; i++)
      for (int j = 1; j < nx - 1; j++) {
        int idx = i * nx;
        idx += j;
        v[idx] = 0.5f * (u[idx - 1] + u[idx + 1]);
      }
    float *tmp = u; u = v; v = tmp;
  }
}
