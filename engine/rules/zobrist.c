/* Zobrist keys as compile-time constants: splitmix64 of a counter, so the
 * table needs no initialisation and is the same in every build. */
#include "rules/zobrist.h"

#define GOLDEN UINT64_C(0x9E3779B97F4A7C15)
#define MIX1(z) (((z) ^ ((z) >> 30)) * UINT64_C(0xBF58476D1CE4E5B9))
#define MIX2(z) (((z) ^ ((z) >> 27)) * UINT64_C(0x94D049BB133111EB))
#define MIX3(z) ((z) ^ ((z) >> 31))
#define KEY(i) MIX3(MIX2(MIX1(UINT64_C(0x52696E2052696E21) + (uint64_t)((i) + 1) * GOLDEN)))

#define K4(i) KEY(i), KEY((i) + 1), KEY((i) + 2), KEY((i) + 3)
#define K16(i) K4(i), K4((i) + 4), K4((i) + 8), K4((i) + 12)
#define K64(i) K16(i), K16((i) + 16), K16((i) + 32), K16((i) + 48)
#define K256(i) K64(i), K64((i) + 64), K64((i) + 128), K64((i) + 192)

const uint64_t zobrist_stone[2][BB_POINTS] = {{K256(0)}, {K256(256)}};
const uint64_t zobrist_turn[4] = {K4(512)};
/* B2 -> W1, W1 -> W2, W2 -> B1, B1 -> B2 (side * 2 + stone - 1: B1 0, B2 1, W1 2, W2 3) */
const uint64_t zobrist_turn_step[4] = {KEY(513) ^ KEY(514), KEY(514) ^ KEY(515), KEY(515) ^ KEY(512),
                                       KEY(512) ^ KEY(513)};
