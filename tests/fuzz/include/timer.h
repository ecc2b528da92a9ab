/* timer.h: a wall-clock timer header as benchmark codes carry one, for the fuzz corpus. */
#ifndef TIMER_H
#define TIMER_H

#include <time.h>

static inline double timer_now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

#endif
