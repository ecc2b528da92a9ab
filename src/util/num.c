#include "num.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

int num_parse_long(const char *s, long min, long max, long *v) {
  /* strtol would skip leading spaces and accept a sign before a count */
  if (!s || !(isdigit((unsigned char)s[0]) || (s[0] == '-' && min < 0))) return -1;
  char *end;
  errno = 0;
  long x = strtol(s, &end, 10);
  if (errno == ERANGE || end == s || *end || x < min || x > max) return -1;
  *v = x;
  return 0;
}

int num_parse_int(const char *s, int min, int max, int *v) {
  long x;
  if (num_parse_long(s, min, max, &x)) return -1;
  *v = (int)x;
  return 0;
}

int num_parse_double(const char *s, double *v) {
  if (!s || !(isdigit((unsigned char)s[0]) || s[0] == '-' || s[0] == '+' || s[0] == '.') ||
      strpbrk(s, "xXnN"))
    return -1;
  char *end;
  errno = 0;
  double x = strtod(s, &end);
  if (errno == ERANGE || end == s || *end || !isfinite(x)) return -1;
  *v = x;
  return 0;
}
