/* gen --api on an 8-bit image filter (tests/check/gauss3x3_u8.c): the library's entry point takes
 * unsigned char buffers and leaves exactly what the user's own function leaves, both buffers,
 * for several pass counts. Built with -DH=rows -DW=cols and linked with the library "lib". */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib.h"
#include "../check/gauss3x3_u8.c"

int main(void) {
  size_t cells = (size_t)H * W;
  unsigned char *want[2] = {malloc(cells), malloc(cells)}, *got[2] = {malloc(cells), malloc(cells)};
  int failed = 0;
  for (long passes = 0; passes <= 5; passes++) {
    unsigned long long s = 0x9e3779b97f4a7c15ULL + (unsigned long long)passes;
    for (size_t c = 0; c < cells; c++) {
      s = s * 6364136223846793005ULL + 1442695040888963407ULL;
      want[0][c] = want[1][c] = got[0][c] = got[1][c] = (unsigned char)(s >> 56);
    }
    gauss3x3(H, W, (int)passes, want[0], want[1]);
    int rc = lib_run(got[0], got[1], H, W, passes);
    int same = rc == 0 && !memcmp(got[0], want[0], cells) && !memcmp(got[1], want[1], cells);
    printf("passes=%ld rc=%d %s\n", passes, rc, same ? "PASS" : "FAIL");
    failed |= !same;
  }
  return failed;
}
