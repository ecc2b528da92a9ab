// expect: 6:1: error: stencilc rewrite does not replace a stencil program's time loop that picks 'u' and 'v' by the step's parity into pointers
// hint: keep the time loop in your code, or generate a whole program with stencilc gen --backend naive or cpu
/* Variable-conductivity heat with its grids picked by the step's parity: gen, run and check take
 * it (tests/programs/heat2d_var_parity_if.c); rewrite leaves it alone. */
void heat(int n, int nsteps, double r, const double *k, double *u, double *v) {
  for (int t = 0; t < nsteps; t++) {
    const double *src = (t % 2 == 0) ? u : v;
    double *dst = (t % 2 == 0) ? v : u;
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        dst[i * n + j] = src[i * n + j] + r * k[i * n + j] * (src[(i - 1) * n + j] +
                         src[(i + 1) * n + j] + src[i * n + j - 1] + src[i * n + j + 1] -
                         4.0 * src[i * n + j]);
  }
}
