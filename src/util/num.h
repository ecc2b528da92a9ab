/* Strict number parsing for command lines: the whole text must be one decimal integer within
 * [min, max]; no sign where min >= 0, no spaces, no trailing characters, no wrapping. */
#ifndef STENCILC_NUM_H
#define STENCILC_NUM_H

/* Parses s into *v; returns 0, or -1 when s is not such an integer (*v unchanged). */
int num_parse_long(const char *s, long min, long max, long *v);

/* The same for an int. */
int num_parse_int(const char *s, int min, int max, int *v);

/* A finite real written whole in decimal or exponent form ("0.1", "-2e-3"): no space, no
 * trailing characters, no hex, inf or nan; 0, or -1 (*v unchanged). The generated programs'
 * rt_parse_real (runtime/rt_common.h) reads --param values the same way. */
int num_parse_double(const char *s, double *v);

#endif
