/* The building blocks of the project's binary files (weights files,
 * pattern weights files, rin-games files): little-endian 32-bit integers
 * and IEEE floats, and the FNV-1a (32 bit) checksum they end their blocks
 * with. */
#ifndef RIN_LE_BYTES_H
#define RIN_LE_BYTES_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

static inline uint32_t le_bytes_get_u32(const uint8_t *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

static inline void le_bytes_put_u32(uint8_t *p, uint32_t v)
{
    for (int i = 0; i < 4; i++)
        p[i] = (uint8_t)(v >> (8 * i));
}

/* A float32 stored as the little-endian integer of its bits. */
static inline float le_bytes_get_f32(const uint8_t *p)
{
    uint32_t u = le_bytes_get_u32(p);
    float f;
    memcpy(&f, &u, sizeof f);
    return f;
}

static inline void le_bytes_put_f32(uint8_t *p, float f)
{
    uint32_t u;
    memcpy(&u, &f, sizeof u);
    le_bytes_put_u32(p, u);
}

/* FNV-1a, 32 bit, of `size` bytes. */
static inline uint32_t le_bytes_fnv1a(const uint8_t *bytes, size_t size)
{
    uint32_t h = 2166136261u;
    for (size_t i = 0; i < size; i++)
        h = (h ^ bytes[i]) * 16777619u;
    return h;
}

#endif
