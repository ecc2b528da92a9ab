/* rt_chunk.h: how a streamed axis is cut into chunks, one per block along it. Plain C, in one
 * place for both of its users: generated CUDA programs carry it (rt_cuda_stream_chunk calls it
 * with the device's SM count) and stencilc's performance model includes it, so that the model
 * predicts the chunks the programs will use. */
#ifndef STENCILC_RT_CHUNK_H
#define STENCILC_RT_CHUNK_H

/* Planes per block along a streamed axis of n0 planes when the plane is cut into `tiles` blocks
 * of `threads` threads: enough chunks for about two waves of `sms` SMs holding `threads_per_sm`
 * threads each, but at least `least` planes, so that each block's start-up along the stream
 * (its halo planes) stays small. */
static inline long rt_stream_chunk(long n0, long tiles, int threads, int sms, int threads_per_sm,
                                   long least) {
  long want = 2L * sms * (threads_per_sm / threads), chunks = (want + tiles - 1) / tiles;
  long chunk = (n0 + chunks - 1) / chunks;
  return chunk < least ? least : chunk;
}

#endif
