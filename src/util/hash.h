/* FNV-1a: the one hash stencilc uses for cache keys (tune's choices, the generated programs'
 * reference results). Not for anything adversarial. */
#ifndef STENCILC_HASH_H
#define STENCILC_HASH_H

#include <stddef.h>
#include <stdint.h>

#define HASH_INIT 1469598103934665603ULL

/* h extended by n bytes of data. */
uint64_t hash_bytes(uint64_t h, const void *data, size_t n);

#endif
