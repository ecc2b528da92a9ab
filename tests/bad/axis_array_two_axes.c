// expect: 8:31: error: 1D coefficient array 'w' is read along axis 1 ('j') here and along axis 0 elsewhere
// hint: read a 1D coefficient array along one axis, or give each axis an array of its ow
/* One profile read along both axes (a square domain's taper): each axis needs an array. */
void taper(int n, int nt, const float *w, float *u, float *v) {
  for (int t = 0; t < nt; t++) {
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        v[i * n + j] = w[i] * w[j] * 0.25f * (u[i * n + j - 1] + u[i * n + j + 1] + u[(i - 1) * n + j] + u[(i + 1) * n + j]);
    float *tmp = u; u = v; v = tmp;
  }
}
