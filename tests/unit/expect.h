/* The assertion of the unit tests: counts a failure and says where, without stopping, so one run
 * reports every broken case. Each test's main returns failures != 0. */
#ifndef STENCILC_TEST_EXPECT_H
#define STENCILC_TEST_EXPECT_H

#include <stdio.h>

static int failures;

#define EXPECT(cond, ...)                                    \
  do {                                                       \
    if (!(cond)) {                                           \
      failures++;                                            \
      printf("FAIL %s:%d: %s: ", __FILE__, __LINE__, #cond); \
      printf(__VA_ARGS__);                                   \
      printf("\n");                                          \
    }                                                        \
  } while (0)

#endif
