// expect: 11:9: error: 'b' is assigned again in the same loop body; stencilc reads one store per grid and cell
// hint: sum the terms into a local and store the cell once: double acc = c0 * a[i][j]; acc += c1 * (...); b[i][j] = acc;
/* The update accumulated into the output cell over several statements, the centre first, then
 * += per axis: stencilc reads one store per cell; a local accumulator is the form that works. */
void lap_acc(int n, int m, int steps, double c0, double c1, double (*a)[m], double (*b)[m])
{
  for (int s = 0; s < steps; s++) {
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < m - 1; j++) {
        b[i][j] = c0 * a[i][j];
        b[i][j] += c1 * (a[i - 1][j] + a[i + 1][j]);
        b[i][j] += c1 * (a[i][j - 1] + a[i][j + 1]);
      }
    double (*t)[m] = a; a = b; b = t;
  }
}
