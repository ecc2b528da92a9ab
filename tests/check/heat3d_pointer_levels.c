/* A 3D heat code with the two levels of a flat grid in float *T[2], the index of the current
 * one swapped with the next one's each step (int tmp = now; now = next; next = tmp;). */
#define IX(i, j, k) (((i) * ny + (j)) * nz + (k))
void heat3d(int nx, int ny, int nz, int steps, float *T[2], float c) {
  int now = 0, next = 1;
  for (int s = 0; s < steps; s++) {
    for (int i = 1; i < nx - 1; i++)
      for (int j = 1; j < ny - 1; j++)
        for (int k = 1; k < nz - 1; k++)
          T[next][IX(i, j, k)] = T[now][IX(i, j, k)] +
                                 c * (T[now][IX(i - 1, j, k)] + T[now][IX(i + 1, j, k)] +
                                      T[now][IX(i, j - 1, k)] + T[now][IX(i, j + 1, k)] +
                                      T[now][IX(i, j, k - 1)] + T[now][IX(i, j, k + 1)] -
                                      6.0f * T[now][IX(i, j, k)]);
    int tmp = now;
    now = next;
    next = tmp;
  }
}
