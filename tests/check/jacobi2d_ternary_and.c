/* Jacobi on two row-pointer grids double (*)[n], the one read picked by the low bit of the step
 * (t & 1) into a const pointer, declared in the time loop; the steps counted from 1. */
void jacobi2d(int n, int tsteps, double (*restrict a)[n], double (*restrict b)[n]) {
  for (int t = 1; t <= tsteps; t++) {
    const double (*in)[n] = (t & 1) ? a : b;
    double (*out)[n] = (t & 1) ? b : a;
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        out[i][j] = 0.2 * (in[i][j] + in[i - 1][j] + in[i + 1][j] + in[i][j - 1] + in[i][j + 1]);
  }
}
