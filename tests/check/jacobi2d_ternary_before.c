/* The pick pointers declared before the time loop and set at the top of each step by the
 * step's parity, ternaries on t % 2 (a course code's form). */
void jacobi(int nx, int ny, int nt, double *u0, double *u1) {
  double *src, *dst;
  for (int t = 0; t < nt; t++) {
    src = (t % 2 == 0) ? u0 : u1;
    dst = (t % 2 == 0) ? u1 : u0;
    for (int i = 1; i < nx - 1; i++)
      for (int j = 1; j < ny - 1; j++)
        dst[i * ny + j] = 0.2 * (src[i * ny + j] + src[(i - 1) * ny + j] + src[(i + 1) * ny + j] +
                                 src[i * ny + j - 1] + src[i * ny + j + 1]);
  }
}
