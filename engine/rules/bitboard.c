/* Constant per-size masks of the board and of its safe zone, computed by the
 * compiler so that no initialisation call is needed before use. */
#include "rules/bitboard.h"

#define ROW_BITS(n) ((UINT64_C(1) << (n)) - 1)
/* Row r of the board of size n: all n points, or nothing below the board. */
#define BOARD_LANE(n, r) ((r) < (n) ? ROW_BITS(n) : 0)
/* Row r of the safe zone: the whole first and last rows, else both ends. */
#define EDGE_LANE(n, r)                                                                                        \
    ((r) >= (n) ? 0 : ((r) == 0 || (r) == (n) - 1) ? ROW_BITS(n) : (UINT64_C(1) | (UINT64_C(1) << ((n) - 1))))

#define WORD(lane, n, k)                                                                                       \
    (lane(n, 4 * (k)) | (lane(n, 4 * (k) + 1) << 16) | (lane(n, 4 * (k) + 2) << 32) | (lane(n, 4 * (k) + 3) << 48))
#define MASK(lane, n) {.w = {WORD(lane, n, 0), WORD(lane, n, 1), WORD(lane, n, 2), WORD(lane, n, 3)}}
#define ALL_SIZES(lane)                                                                                        \
    {{.w = {0}}, {.w = {0}}, {.w = {0}}, {.w = {0}}, MASK(lane, 4), MASK(lane, 5), MASK(lane, 6), MASK(lane, 7), MASK(lane, 8),     \
     MASK(lane, 9), MASK(lane, 10), MASK(lane, 11), MASK(lane, 12), MASK(lane, 13), MASK(lane, 14),              \
     MASK(lane, 15), MASK(lane, 16)}

const Bitboard bb_board_masks[BB_MAX_SIZE + 1] = ALL_SIZES(BOARD_LANE);
const Bitboard bb_edge_masks[BB_MAX_SIZE + 1] = ALL_SIZES(EDGE_LANE);
