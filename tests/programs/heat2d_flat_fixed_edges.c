/* heat2d_flat_neumann.c over #define'd sizes larger than any stencil radius: the last row
 * u[(NY - 1) * NX + i] and column u[j * NX + NX - 1] are constant positions far from the start. */
#define NX 100
#define NY 80
void heat(int nsteps, float r, float *u, float *unew) {
  for (int n = 0; n < nsteps; n++) {
    for (int j = 1; j < NY - 1; j++)
      for (int i = 1; i < NX - 1; i++)
        unew[j * NX + i] = u[j * NX + i] + r * (u[j * NX + i - 1] + u[j * NX + i + 1] +
                           u[(j - 1) * NX + i] + u[(j + 1) * NX + i] - 4.0f * u[j * NX + i]);
    for (int i = 0; i < NX; i++) {
      unew[i] = unew[NX + i];
      unew[(NY - 1) * NX + i] = unew[(NY - 2) * NX + i];
    }
    for (int j = 0; j < NY; j++) {
      unew[j * NX] = unew[j * NX + 1];
      unew[j * NX + NX - 1] = unew[j * NX + NX - 2];
    }
    float *tmp = u;
    u = unew;
    unew = tmp;
  }
}
