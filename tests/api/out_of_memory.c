/* The CPU library of examples/j2d5pt.c (float) returns running out of memory to its caller
 * (lib_EDEVICE) and goes on working: lib_run with one buffer keeps the other level in memory of
 * its own, and a grid of 2^30 x 2^29 cells (2^61 bytes, within the extents the library takes)
 * cannot be allocated; the process must not end there, and buf0 is not touched. The next call,
 * on a grid that fits, must succeed. Prints FAIL lines and exits 1 on a failure. */
#include <stdio.h>
#include <stdlib.h>

#include "lib.h"

int main(void) {
  float small[8 * 9];
  for (int i = 0; i < 8 * 9; i++) small[i] = (float)(i % 5);
  int failed = 0, rc = lib_run(small, NULL, 1L << 30, 1L << 29, 2);
  if (rc != lib_EDEVICE) {
    printf("FAIL run, a grid beyond memory: returned %d (%s), want %d\n", rc, lib_strerror(rc), lib_EDEVICE);
    failed = 1;
  }
  for (int i = 0; i < 8 * 9; i++)
    if (small[i] != (float)(i % 5)) {
      printf("FAIL run, a grid beyond memory: buf0 written at %d\n", i);
      failed = 1;
      break;
    }
  rc = lib_run(small, NULL, 8, 9, 2);
  if (rc != 0) {
    printf("FAIL run, a grid that fits: returned %d (%s)\n", rc, lib_strerror(rc));
    failed = 1;
  }
  if (!failed) printf("out of memory returned\n");
  return failed;
}
