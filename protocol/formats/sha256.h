/* SHA-256 (FIPS 180-4), for naming weights files by their contents. */
#ifndef RIN_SHA256_H
#define RIN_SHA256_H

#include <stddef.h>
#include <stdint.h>

enum { SHA256_BYTES = 32 };

/* The digest of `size` bytes. */
void sha256(const uint8_t *bytes, size_t size, uint8_t digest[SHA256_BYTES]);

#endif
