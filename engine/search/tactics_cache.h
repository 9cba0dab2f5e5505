/* A small table of the side to move's two-stone rings (tactics.h) by exact
 * position, one per search thread: iterative deepening and the two orders
 * of a turn's stones bring the search to the same nodes and leaves again
 * and again, and looking for those rings is the largest part of what a node
 * costs. A hit gives exactly what tactics_analyze_carried would. */
#ifndef RIN_TACTICS_CACHE_H
#define RIN_TACTICS_CACHE_H

#include <stdint.h>

#include "rules/tactics.h"

enum {
    TACTICS_CACHE_ENTRIES = 4096, /* positions: a power of two */
    TACTICS_CHAINS_BITS = 8       /* 1 << this chain entries */
};

typedef struct TacticsCacheEntry {
    Position pos; /* the key: size 0 (zeroed memory) matches no position */
    Bitboard threats;
    int best_threat;
} TacticsCacheEntry;

/* Zeroed memory is an empty table (a zeroed chain entry is the correct one
 * for no stones). */
typedef struct TacticsCache {
    TacticsCacheEntry entries[TACTICS_CACHE_ENTRIES];
    /* a colour's chains by its stones alone: the nodes below one of the side
     * to move's turns differ only in the opponent's stones */
    TacticsChains chains[1 << TACTICS_CHAINS_BITS];
} TacticsCache;

/* tactics_analyze_carried(pos, with_threats, carry, t), with the threats
 * from the cache when the position is there, and stored there when not
 * (found with the side to move's chains from the cache, when there). */
void tactics_cache_analyze(TacticsCache *cache, const Position *pos, bool with_threats, TacticsCarry carry,
                           Tactics *t);

#endif
