// expect: 10:5: error: the time counter 't' changes inside the loop's body
// hint: count the steps from a constant: t = 0; while (t < nt) { <sweep>; <swap>; t++; } or int t = 0; do { <sweep>; <swap>; } while (++t < nt);
/* A do loop counting its steps in the condition and again in its body: two steps per pass. */
void heat1d(int n, int nt, double *u, double *un) {
  int t = 0;
  do {
    for (int i = 1; i < n - 1; i++)
      un[i] = u[i] + 0.25 * (u[i - 1] - 2.0 * u[i] + u[i + 1]);
    double *tmp = u; u = un; un = tmp;
    t++;
  } while (++t < nt);
}
