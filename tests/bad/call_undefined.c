// expect: 10:26: error: call to 'flux', which is not defined in this file
// hint: define the function in this file, as a helper whose body is `return <expression>;`
/* The update calls a function of another translation unit: stencilc sees only this file, so it
 * cannot know what the call computes. */
double flux(const double *u, int i);

void advect(int n, int nt, double c, double *u, double *v) {
  for (int t = 0; t < nt; t++) {
    for (int i = 1; i < n - 1; i++)
      v[i] = u[i] - c * (flux(u, i) - flux(u, i - 1));
    double *w = u;
    u = v;
    v = w;
  }
}
