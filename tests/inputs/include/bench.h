/* A small PolyBench-like harness header for the test inputs: problem sizes, the element type,
 * array declaration macros and a timer, the way benchmark suites spell them. */
#ifndef BENCH_H
#define BENCH_H
#include <stdio.h>
#include <stdlib.h>
#include <sys/time.h>
#include <time.h>

#ifndef N
#define N 1024
#endif
#ifndef TSTEPS
#define TSTEPS 100
#endif
#ifndef DATA_TYPE
#define DATA_TYPE double
#endif
#define SCALAR_VAL(x) x
#define _PB_N N
#define _PB_TSTEPS TSTEPS
#define ARRAY_2D(name, d1, d2) name[d1][d2]
#define ARRAY_3D(name, d1, d2, d3) name[d1][d2][d3]

static inline double bench_now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC_RAW, &ts);
  return ts.tv_sec + ts.tv_nsec * 1e-9;
}

static inline double bench_wall(void) {
  struct timeval tv;
  struct timezone tz;
  gettimeofday(&tv, &tz);
  return tv.tv_sec + tv.tv_usec * 1e-6;
}
#endif
