// expect: {"dims": 3, "dtype": "double", "extents": ["nz", "ny", "nx"], "radius": [1, 1, 1], "shape": "star", "npoints": 7, "time_form": "pointer swap", "scalars": {"w0": {"kind": "parameter", "type": "double"}, "w1": {"kind": "parameter", "type": "double"}}, "scoefs": {"0,0,0": [0, 1, "w0"], "-1,0,0": [0, 1, "w1"], "0,0,1": [0, 1, "w1"]}}
/* 7-point heat step on flat 3D grids with the weights as arguments, the centre's index a const
 * local from which every neighbour is an offset (plane nx * ny, row nx), as in the Parboil and
 * SHOC stencil kernels' CPU versions. */
void heat3d(int nx, int ny, int nz, int nt, double w0, double w1, double *in, double *out) {
  for (int t = 0; t < nt; t++) {
    for (int k = 1; k < nz - 1; k++)
      for (int j = 1; j < ny - 1; j++)
        for (int i = 1; i < nx - 1; i++) {
          const int c = (k * ny + j) * nx + i;
          out[c] = w0 * in[c] + w1 * (in[c - 1] + in[c + 1] + in[c - nx] + in[c + nx] +
                                      in[c - nx * ny] + in[c + nx * ny]);
        }
    double *tmp = in;
    in = out;
    out = tmp;
  }
}
