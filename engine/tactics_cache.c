/* The per-thread table of two-stone rings: one entry per slot (chosen by
 * the hash), always replaced, keyed by the whole position (pos_same: the
 * stones, the turn and the size), so that a hit can never be another
 * position's. */
#include "tactics_cache.h"

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
    tactics_set_threats(pos, true, t);
    e->pos = *pos;
    e->threats = t->threats;
    e->best_threat = t->best_threat;
}
