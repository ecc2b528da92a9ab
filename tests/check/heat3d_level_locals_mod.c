/* A 3D heat code keeping its two levels in a local array of two pointers set from its
 * arguments, the step's input and output taken from it by t % 2 into a const pointer and a
 * pointer; a plane and a row stride. */
void heat3d(int nx, int ny, int nz, int nt, float *a, float *b) {
  float *T[2] = {a, b};
  const int plane = ny * nz;
  for (int t = 0; t < nt; t++) {
    const float *in = T[t % 2];
    float *out = T[(t + 1) % 2];
    for (int x = 1; x < nx - 1; x++)
      for (int y = 1; y < ny - 1; y++)
        for (int z = 1; z < nz - 1; z++) {
          int c = x * plane + y * nz + z;
          out[c] = 0.4f * in[c] + 0.1f * (in[c - plane] + in[c + plane] + in[c - nz] +
                                           in[c + nz] + in[c - 1] + in[c + 1]);
        }
  }
}
