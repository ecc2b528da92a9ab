/* The one place stencilc's version is written: `stencilc --version` prints it and every
 * generated file's header comment names it. */
#ifndef STENCILC_VERSION_H
#define STENCILC_VERSION_H

#define STENCILC_VERSION "0.11.0"

#endif
