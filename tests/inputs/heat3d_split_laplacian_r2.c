// expect: {"dims": 3, "dtype": "float", "extents": ["nz", "ny", "nx"], "radius": [2, 2, 2], "shape": "star", "npoints": 13, "coefs": {"0,0,0": 0.4, "0,0,1": 0.05333333333333333, "0,0,-2": -0.0033333333333333335, "0,1,0": 0.10666666666666667, "0,-2,0": -0.006666666666666667, "1,0,0": 0.16, "-2,0,0": -0.01}, "time_form": "pointer swap"}
// check: -s 10x11x12 -t 3
/* Anisotropic 3D diffusion of 4th order with the second derivatives summed per axis, as
 * finite-difference codes split the Laplacian: one radius loop counting down updates three
 * locals, each with its own weight (1/hx^2 = 1, 1/hy^2 = 2, 1/hz^2 = 3). */
enum { RAD = 2 };

static const float d2[RAD + 1] = {-2.5f, 4.0f / 3.0f, -1.0f / 12.0f};

void diffuse(int nx, int ny, int nz, int steps, float *restrict a, float *restrict b) {
  for (int s = 0; s < steps; s++) {
    for (int k = RAD; k < nz - RAD; k++)
      for (int j = RAD; j < ny - RAD; j++)
        for (int i = RAD; i < nx - RAD; i++) {
          int c = (k * ny + j) * nx + i;
          float dxx = d2[0] * a[c], dyy = d2[0] * a[c], dzz = d2[0] * a[c];
          for (int r = RAD; r >= 1; r--) {
            dxx += d2[r] * (a[c + r] + a[c - r]);
            dyy += d2[r] * (a[c + r * nx] + a[c - r * nx]);
            dzz = dzz + d2[r] * (a[c + r * nx * ny] + a[c - r * nx * ny]);
          }
          b[c] = a[c] + 0.04f * (dxx + 2.0f * dyy + 3.0f * dzz);
        }
    float *t = a; a = b; b = t;
  }
}
