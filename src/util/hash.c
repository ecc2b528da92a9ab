#include "hash.h"

uint64_t hash_bytes(uint64_t h, const void *data, size_t n) {
  for (size_t i = 0; i < n; i++) h = (h ^ ((const unsigned char *)data)[i]) * 1099511628211ULL;
  return h;
}
