// expect: {"dims": 2, "dtype": "float", "extents": ["rows", "cols"], "steps": "niter", "radius": [1, 1], "shape": "star", "npoints": 5, "associative": false, "time_form": "pointer swap"}
/* An SRAD-like nonlinear diffusion on one field: directional differences into locals, a
 * diffusion coefficient from the local gradient, float arithmetic throughout. */
#include <math.h>
void diffuse(int rows, int cols, int niter, float lambda, float *restrict J, float *restrict Jn)
{
  for (int iter = 0; iter < niter; iter++) {
    for (int i = 1; i < rows - 1; i++) {
      for (int j = 1; j < cols - 1; j++) {
        int k = i * cols + j;
        float Jc = J[k];
        float dN = J[k - cols] - Jc;
        float dS = J[k + cols] - Jc;
        float dW = J[k - 1] - Jc;
        float dE = J[k + 1] - Jc;
        float G2 = (dN * dN + dS * dS + dW * dW + dE * dE) / (Jc * Jc + 1.0f);
        float c = 1.0f / (1.0f + G2);
        Jn[k] = Jc + 0.25f * lambda * c * (dN + dS + dW + dE);
      }
    }
    float *tmp = J; J = Jn; Jn = tmp;
  }
}
