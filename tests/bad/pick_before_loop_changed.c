// expect: 11:5: error: the pointer 'src', picked by the step's parity, is changed after its pick
// hint: pick the two grids by the step's parity, the one read and the other written: double *src = (t % 2 == 0) ? u : v; double *dst = (t % 2 == 0) ? v : u;
/* Pointers picked by the step's parity at the top of the step, then one moved after the sweep. */
void jacobi(int n, int nt, double *u, double *v) {
  double *src, *dst;
  for (int t = 0; t < nt; t++) {
    src = (t % 2 == 0) ? u : v;
    dst = (t % 2 == 0) ? v : u;
    for (int i = 1; i < n - 1; i++)
      dst[i] = 0.5 * (src[i - 1] + src[i + 1]);
    src = dst;
  }
}
