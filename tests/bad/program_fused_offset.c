// expect: 12:61: error: reads 'p' at offset +1 along axis 1 in the loop body that assigns it (line 13): the value read depends on the order of the cells
// hint: split the loop: one loop nest per assignment
/* The velocity-pressure scheme with the pressure updated in the same loop as the velocity: the
 * velocity reads the pressure one cell ahead, not yet updated, and the pressure the velocity one
 * cell behind, already updated (neither value is the one of a stage before or after). */
void acoustic_vp_one_loop(int nx, int nz, int nt, float dtdx, float *restrict p,
                          float *restrict vx, const float *restrict rho_inv,
                          const float *restrict kappa) {
  for (int it = 0; it < nt; it++)
    for (int iz = 1; iz < nz - 1; iz++)
      for (int ix = 1; ix < nx - 1; ix++) {
        vx[iz * nx + ix] += dtdx * rho_inv[iz * nx + ix] * (p[iz * nx + ix + 1] - p[iz * nx + ix]);
        p[iz * nx + ix] += dtdx * kappa[iz * nx + ix] * (vx[iz * nx + ix] - vx[iz * nx + ix - 1]);
      }
}
