// expect: {"dims": 3, "dtype": "float", "extents": ["nz", "ny", "nx"], "steps": "numiter", "radius": [1, 1, 1], "shape": "star", "npoints": 7, "time_form": "pointer swap", "scoefs": {"0,0,0": [0, 1, "cc"], "-1,0,0": [0, 1, "cb"], "1,0,0": [0, 1, "ct"], "0,-1,0": [0, 1, "cn"], "0,1,0": [0, 1, "cs"], "0,0,-1": [0, 1, "cw"], "0,0,1": [0, 1, "ce"]}}
/* Rodinia hotspot3D's CPU loop, interior only: one coefficient per direction, the neighbour
 * indices computed into locals, the grids swapped in a do { ... i++; } while (i < numiter); loop. */
void computeTempCPU(float *tIn, float *tOut, int nx, int ny, int nz, float cc, float cn, float cs,
                    float ce, float cw, float ct, float cb, int numiter)
{
  int i = 0;
  do {
    for (int z = 1; z < nz - 1; z++)
      for (int y = 1; y < ny - 1; y++)
        for (int x = 1; x < nx - 1; x++) {
          int c = x + y * nx + z * nx * ny;
          int w = c - 1, e = c + 1, n = c - nx, s = c + nx, b = c - nx * ny, t = c + nx * ny;
          tOut[c] = tIn[c] * cc + tIn[n] * cn + tIn[s] * cs + tIn[e] * ce + tIn[w] * cw +
                    tIn[t] * ct + tIn[b] * cb;
        }
    float *temp = tIn;
    tIn = tOut;
    tOut = temp;
    i++;
  } while (i < numiter);
}
