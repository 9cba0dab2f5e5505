/* A small, fast, seedable pseudo-random generator (splitmix64). Each user
 * owns its state: no hidden global generator. */
#ifndef RIN_RANDOM_H
#define RIN_RANDOM_H

#include <stdint.h>

typedef struct Rng {
    uint64_t state;
} Rng;

static inline void rng_seed(Rng *rng, uint64_t seed) { rng->state = seed; }

static inline uint64_t rng_next(Rng *rng)
{
    uint64_t z = (rng->state += UINT64_C(0x9E3779B97F4A7C15));
    z = (z ^ (z >> 30)) * UINT64_C(0xBF58476D1CE4E5B9);
    z = (z ^ (z >> 27)) * UINT64_C(0x94D049BB133111EB);
    return z ^ (z >> 31);
}

/* Uniform in [0, n) for 0 < n <= 2^32 (multiply-shift; bias below 2^-32). */
static inline uint32_t rng_below(Rng *rng, uint32_t n)
{
    return (uint32_t)(((rng_next(rng) >> 32) * (uint64_t)n) >> 32);
}

#endif
