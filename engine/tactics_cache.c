/* The per-thread table of two-stone rings: one entry per slot, always
 * replaced, keyed by the whole position (both colours' stones, the size and
 * the hash, which holds the turn), so that a hit can never be another
 * position's. */
#include "tactics_cache.h"

static bool same_position(const TacticsCacheEntry *e, const Position *pos)
{
    return e->valid && e->hash == pos->hash && e->size == pos->size && bb_equal(e->stones[0], pos->stones[0]) &&
           bb_equal(e->stones[1], pos->stones[1]);
}

void tactics_cache_analyze(TacticsCache *cache, const Position *pos, bool with_threats, TacticsCarry carry,
                           Tactics *t)
{
    tactics_analyze_carried(pos, false, carry, t);
    if (!with_threats)
        return;
    TacticsCacheEntry *e = &cache->entries[pos->hash & (TACTICS_CACHE_ENTRIES - 1)];
    if (same_position(e, pos)) {
        t->threats = e->threats;
        t->best_threat = e->best_threat;
        t->threats_known = true;
        return;
    }
    tactics_set_threats(pos, true, t);
    e->valid = 1;
    e->hash = pos->hash;
    e->size = (uint8_t)pos->size;
    e->stones[0] = pos->stones[0];
    e->stones[1] = pos->stones[1];
    e->threats = t->threats;
    e->best_threat = (int16_t)t->best_threat;
}
