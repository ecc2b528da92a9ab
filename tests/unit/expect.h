/* The assertion of the unit tests: counts a pass, or counts a failure and says where, without
 * stopping, so one run reports every broken case. Each test's main ends with
 * `return expect_summary("NAME");`, which prints "NAME: N passed, N failed" as the shell suites
 * do (tests/lib.sh) and gives the exit status. */
#ifndef STENCILC_TEST_EXPECT_H
#define STENCILC_TEST_EXPECT_H

#include <stdio.h>

static int passes, failures;

#define EXPECT(cond, ...)                                    \
  do {                                                       \
    if (cond) {                                              \
      passes++;                                              \
    } else {                                                 \
      failures++;                                            \
      printf("FAIL %s:%d: %s: ", __FILE__, __LINE__, #cond); \
      printf(__VA_ARGS__);                                   \
      printf("\n");                                          \
    }                                                        \
  } while (0)

static inline int expect_summary(const char *name) {
  printf("%s: %d passed, %d failed\n", name, passes, failures);
  return failures != 0;
}

#endif
