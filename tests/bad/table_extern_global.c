// expect: 9:14: error: reads the table 'w', whose values the loops cannot take as constants: it is a global that other files may change
// hint: declare the table const (static const float c[5] = {...}), or keep its values unchanged in the function: read it only as c[k]
/* A global table of external linkage: another file may set its values before the call. */
double w[3] = {0.25, 0.5, 0.25};

void smooth(int n, int steps, double *a, double *b) {
  for (int t = 0; t < steps; t++) {
    for (int i = 1; i < n - 1; i++)
      b[i] = w[0] * a[i - 1] + w[1] * a[i] + w[2] * a[i + 1];
    double *tmp = a;
    a = b;
    b = tmp;
  }
}
