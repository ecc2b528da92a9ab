/* An explicit 1D heat equation in float, the new temperatures moved back over the old with
 * memmove (size_t bytes computed once before the loop), its result cast away. */
#include <stddef.h>
#include <string.h>

void heat1d(float *T, float *Tnew, int nx, int nsteps, float r) {
  const size_t bytes = sizeof(float) * nx;
  for (int step = 0; step < nsteps; ++step) {
    for (int i = 1; i < nx - 1; ++i)
      Tnew[i] = T[i] + r * (T[i - 1] - 2.0f * T[i] + T[i + 1]);
    (void)memmove(T, Tnew, bytes);
  }
}
