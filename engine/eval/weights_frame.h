/* The frame both weights files share (eval/evalmodel.h and
 * eval/ntuple_weights.h), read in one place: an 8-byte magic, a uint32
 * format version at offset 8, a fixed-size header, and at the end the
 * FNV-1a (32 bit) checksum of every byte before it. What lies between is
 * each format's own. */
#ifndef RIN_WEIGHTS_FRAME_H
#define RIN_WEIGHTS_FRAME_H

#include <stddef.h>
#include <stdint.h>

enum { WEIGHTS_FRAME_MAGIC_BYTES = 8 };

typedef enum WeightsFrameStatus {
    WEIGHTS_FRAME_OK = 0,
    WEIGHTS_FRAME_TRUNCATED, /* shorter than the header or than the size it gives */
    WEIGHTS_FRAME_MAGIC,     /* another kind of file */
    WEIGHTS_FRAME_VERSION,   /* a version the reader does not know */
    WEIGHTS_FRAME_SIZE,      /* bytes after the checksum's place */
    WEIGHTS_FRAME_CHECKSUM   /* corrupt */
} WeightsFrameStatus;

/* Checks the start of a file: the magic (a file shorter than it that
 * begins like it is truncated, not another kind), a header of
 * `header_bytes`, and a version from min_version to max_version, set in
 * *version. The checks run in that order; the first that fails is the
 * answer. */
WeightsFrameStatus weights_frame_open(const uint8_t *bytes, size_t size,
                                      const uint8_t magic[WEIGHTS_FRAME_MAGIC_BYTES], size_t header_bytes,
                                      uint32_t min_version, uint32_t max_version, uint32_t *version);

/* Checks the end of a file whose header says it holds `expected` bytes,
 * checksum included: fewer is truncated, more is a size error, then the
 * checksum. */
WeightsFrameStatus weights_frame_close(const uint8_t *bytes, size_t size, size_t expected);

#endif
