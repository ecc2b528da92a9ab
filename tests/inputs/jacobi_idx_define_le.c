// expect: {"dims": 2, "dtype": "double", "extents": ["n", "n"], "halo_lo": [1, 1], "halo_hi": [1, 1], "radius": [1, 1], "shape": "star", "npoints": 4, "coefs": {"-1,0": 0.25, "1,0": 0.25, "0,-1": 0.25, "0,1": 0.25}, "time_form": "pointer swap"}
/* Textbook Jacobi: #define IDX(i,j) ((i)*(n)+(j)) over a flat array, loops written i <= n - 2
 * with ++i. */
#define IDX(i,j) ((i)*(n)+(j))
void jacobi(int n, int niter, double *restrict u, double *restrict unew)
{
  for (int it = 0; it < niter; ++it) {
    for (int i = 1; i <= n - 2; ++i)
      for (int j = 1; j <= n - 2; ++j)
        unew[IDX(i,j)] = 0.25 * (u[IDX(i-1,j)] + u[IDX(i+1,j)] + u[IDX(i,j-1)] + u[IDX(i,j+1)]);
    double *tmp = u; u = unew; unew = tmp;
  }
}
