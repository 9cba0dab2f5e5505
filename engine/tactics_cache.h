/* A small table of the side to move's two-stone rings (tactics.h) by exact
 * position, one per search thread: iterative deepening and the two orders
 * of a turn's stones bring the search to the same nodes and leaves again
 * and again, and looking for those rings is the largest part of what a node
 * costs. A hit gives exactly what tactics_analyze_carried would. */
#ifndef RIN_TACTICS_CACHE_H
#define RIN_TACTICS_CACHE_H

#include <stdint.h>

#include "tactics.h"

enum { TACTICS_CACHE_ENTRIES = 4096 }; /* a power of two */

typedef struct TacticsCacheEntry {
    Position pos; /* the key: size 0 (zeroed memory) matches no position */
    Bitboard threats;
    int best_threat;
} TacticsCacheEntry;

/* Zeroed memory is an empty table. */
typedef struct TacticsCache {
    TacticsCacheEntry entries[TACTICS_CACHE_ENTRIES];
} TacticsCache;

/* tactics_analyze_carried(pos, with_threats, carry, t), with the threats
 * from the cache when the position is there, and stored there when not. */
void tactics_cache_analyze(TacticsCache *cache, const Position *pos, bool with_threats, TacticsCarry carry,
                           Tactics *t);

#endif
