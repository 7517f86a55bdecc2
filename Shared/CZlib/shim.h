/*
 * shim.h: the system's zlib, for the web front's gzip-compressed pages. deflateInit2 is a macro in zlib.h,
 * which Swift cannot call: this wraps it.
 */
#ifndef CZLIB_SHIM_H
#define CZLIB_SHIM_H

#include <zlib.h>

/* Starts a gzip stream (window bits 15 + 16) at `level`; Z_OK on success. */
static inline int czlib_gzip_init(z_stream *stream, int level) {
    return deflateInit2(stream, level, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY);
}

#endif
