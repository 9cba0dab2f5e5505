/* The per-thread table of two-stone rings: one entry per slot (chosen by
 * the hash), always replaced, keyed by the whole position (pos_same: the
 * stones, the turn and the size), so that a hit can never be another
 * position's. The chain entries likewise, keyed by one colour's stones. */
#include "search/tactics_cache.h"

#include <stddef.h>

/* The chain entry for `own`, worked out there unless it holds them. */
static const TacticsChains *chains_of(TacticsCache *cache, Bitboard own)
{
    uint64_t h = own.w[0] * UINT64_C(0x9E3779B97F4A7C15) ^ own.w[1] * UINT64_C(0xC2B2AE3D27D4EB4F) ^
                 own.w[2] * UINT64_C(0x165667B19E3779F9) ^ own.w[3] * UINT64_C(0xD6E8FEB86659FD93);
    TacticsChains *c = &cache->chains[(h ^ (h >> 31)) >> (64 - TACTICS_CHAINS_BITS)];
    if (!bb_equal(c->own, own))
        tactics_chains_compute(own, c);
    return c;
}

void tactics_cache_analyze(TacticsCache *cache, const Position *pos, bool with_threats, TacticsCarry carry,
                           Tactics *t)
{
    tactics_analyze_carried(pos, false, carry, t);
    if (!with_threats)
        return;
    TacticsCacheEntry *e = &cache->entries[pos->hash & (TACTICS_CACHE_ENTRIES - 1)];
    if (pos_same(&e->pos, pos)) {
        t->threats = e->threats;
        t->best_threat = e->best_threat;
        t->threats_known = true;
        return;
    }
    const TacticsChains *chains = NULL;
    if (!bb_is_empty(tactics_gaps(&t->mine)))
        chains = chains_of(cache, pos->stones[pos_to_move(pos)]);
    tactics_set_threats_with(pos, chains, t);
    e->pos = *pos;
    e->threats = t->threats;
    e->best_threat = t->best_threat;
}
