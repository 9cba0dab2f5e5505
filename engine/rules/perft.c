/* Perft by copy-make; the last ply is counted in bulk (every empty point is
 * a legal stone). */
#include "rules/perft.h"

uint64_t perft(const Position *pos, int depth)
{
    Bitboard empty = pos_empty(pos);
    if (depth <= 0)
        return 1;
    if (depth == 1)
        return (uint64_t)bb_count(empty);
    uint64_t total = 0;
    while (!bb_is_empty(empty)) {
        Position child = *pos;
        pos_play(&child, bb_pop(&empty));
        total += perft(&child, depth - 1);
    }
    return total;
}
