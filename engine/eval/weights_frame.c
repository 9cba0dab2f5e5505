/* Reading the frame of a weights file: magic, version, size, checksum. */
#include "eval/weights_frame.h"

#include <string.h>

#include "base/le_bytes.h"

WeightsFrameStatus weights_frame_open(const uint8_t *bytes, size_t size,
                                      const uint8_t magic[WEIGHTS_FRAME_MAGIC_BYTES], size_t header_bytes,
                                      uint32_t min_version, uint32_t max_version, uint32_t *version)
{
    if (size < WEIGHTS_FRAME_MAGIC_BYTES || memcmp(bytes, magic, WEIGHTS_FRAME_MAGIC_BYTES) != 0)
        return size < WEIGHTS_FRAME_MAGIC_BYTES && memcmp(bytes, magic, size) == 0 ? WEIGHTS_FRAME_TRUNCATED
                                                                                    : WEIGHTS_FRAME_MAGIC;
    if (size < header_bytes || size < WEIGHTS_FRAME_MAGIC_BYTES + 4)
        return WEIGHTS_FRAME_TRUNCATED;
    uint32_t found = le_bytes_get_u32(bytes + WEIGHTS_FRAME_MAGIC_BYTES);
    if (found < min_version || found > max_version)
        return WEIGHTS_FRAME_VERSION;
    *version = found;
    return WEIGHTS_FRAME_OK;
}

WeightsFrameStatus weights_frame_close(const uint8_t *bytes, size_t size, size_t expected)
{
    if (size < expected)
        return WEIGHTS_FRAME_TRUNCATED;
    if (size > expected)
        return WEIGHTS_FRAME_SIZE;
    if (size < 4 || le_bytes_fnv1a(bytes, size - 4) != le_bytes_get_u32(bytes + size - 4))
        return WEIGHTS_FRAME_CHECKSUM;
    return WEIGHTS_FRAME_OK;
}
