/* Memory that cannot fail: stencilc's one answer to running out of memory is a message and exit
 * code 3 (a tool failure), wherever it happens. */
#ifndef STENCILC_MEM_H
#define STENCILC_MEM_H

#include <stddef.h>

/* realloc(p, size), or exit 3 after "stencilc: out of memory". */
void *xrealloc(void *p, size_t size);
/* calloc(n, size), or the same exit. */
void *xcalloc(size_t n, size_t size);

#endif
