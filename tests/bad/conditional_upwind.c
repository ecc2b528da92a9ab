// expect: 7:15: error: a conditional (?:) in the update: stencilc computes updates without branches
// hint: pick the larger or smaller of two values with fmax or fmin; for a branch on a parameter, write one loop nest per case and choose between them outside it
/* First-order upwind advection choosing the side by the sign of the velocity in the update. */
void upwind(int n, int nt, float c, float *restrict u, float *restrict un) {
  for (int t = 0; t < nt; t++) {
    for (int i = 1; i < n - 1; i++)
      un[i] = c > 0.0f ? u[i] - c * (u[i] - u[i - 1]) : u[i] - c * (u[i + 1] - u[i]);
    float *s = u; u = un; un = s;
  }
}
