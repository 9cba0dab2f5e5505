/* Stable stones: the stones no continuation of the game can take from
 * their colour, which bound the final score long before the end. */
#ifndef RIN_STABLE_H
#define RIN_STABLE_H

#include "rules/bitboard.h"
#include "rules/ring.h"

/* The stones of `own` joined by a chain of `own` stones (orthogonal steps)
 * to one of them in the safe zone. Such a chain is a path to the edge over
 * points that are not the opponent's; while it stands no ring of the
 * opponent encloses any of its stones, and the first of them the opponent
 * could take would need the chain broken first (RULES.md: a stone joined
 * to the safe zone can never be captured). Empty points are never stable:
 * enclosed ones do not exist, since a ring fills what it closes at once. */
static inline Bitboard stable_stones(Bitboard own, int size)
{
    return ring_flood(bb_and(own, bb_edge(size)), own);
}

#endif
