#ifndef SAB_ONBOARDING_CZLIB_H
#define SAB_ONBOARDING_CZLIB_H

/* zlib (libz.so.1) behind plain C functions, loaded on first use (dlopen): the process has it
   already (libxml2 and libvips link it), so loading it costs nothing, and no zlib1g-dev is
   needed. Only the Zlib module imports it. */

#include <stddef.h>
#include <stdint.h>

/* Loads zlib once for the process. 0 on success; else `message` says what is missing and which
   package installs it. */
int czlib_load(char *message, size_t capacity);

/* zlib's `uncompress2`: 0 when `data` begins with one whole zlib stream (its Adler-32 holding)
   that inflates to exactly `out_length` bytes, written into `out`; `consumed` gets how many
   bytes of `data` the stream takes (it may end before `data` does). */
int czlib_inflate(const uint8_t *data, size_t length, uint8_t *out, size_t out_length, size_t *consumed);

#endif
