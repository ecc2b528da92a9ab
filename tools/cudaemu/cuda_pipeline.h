/* cudaemu's <cuda_pipeline.h>: the asynchronous copies into shared memory happen at once (a
 * stronger order than the device's, where they land by __pipeline_wait_prior); zfill bytes at
 * the end are zeros, read from nowhere, as on the device. */
#pragma once
#include <cstddef>
#include <cstring>

static inline void __pipeline_memcpy_async(void *dst, const void *src, size_t size, size_t zfill = 0) {
  if (size > zfill) std::memcpy(dst, src, size - zfill);
  std::memset(static_cast<char *>(dst) + (size - zfill), 0, zfill);
}
static inline void __pipeline_commit() {}
static inline void __pipeline_wait_prior(size_t) {}
