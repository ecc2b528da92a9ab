// expect: {"dims": 2, "dtype": "float", "associative": true, "npoints": 5, "time_form": "pointer swap", "scalars": {"w": {"kind": "parameter", "type": "float", "default": 0.25}}, "scoefs": {"0,0": [1, -4, "w"], "0,-1": [0, 1, "w"], "1,0": [0, 1, "w"]}}
#include <stdlib.h>
/* A diffusion kernel of an image-processing code: flat float buffers, a weight w passed in,
 * the two buffers swapped after each pass. */
void diffuse(int nx, int ny, int passes, float w, float *restrict img, float *restrict tmp) {
  float *src = img, *dst = tmp;
  for (int p = 0; p < passes; p++) {
    for (int y = 1; y < ny - 1; y++)
      for (int x = 1; x < nx - 1; x++)
        dst[y * nx + x] = src[y * nx + x] + w * (src[y * nx + x - 1] + src[y * nx + x + 1] +
                                                 src[(y - 1) * nx + x] + src[(y + 1) * nx + x] -
                                                 4.0f * src[y * nx + x]);
    float *t = src;
    src = dst;
    dst = t;
  }
}
