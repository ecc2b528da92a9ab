/* rt_engine.h: the engine hooks of rt_driver.h that are the same for every engine, on what each
 * engine's Engine holds alike (rt_cpu.h, rt_cuda.h): its two buffers, buf[0] and buf[1].
 * Included after the engine's own hooks. */
#ifndef STENCILC_RT_ENGINE_H
#define STENCILC_RT_ENGINE_H

/* Buffers 0 and 1 trade names: where a copy would move a whole level, nothing moves. */
RT_API void engine_swap(Engine *e) {
  rt_real *t = e->buf[0];
  e->buf[0] = e->buf[1];
  e->buf[1] = t;
}

#endif
