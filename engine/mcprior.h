/* What uniformly random games from the root say about each point: who ends
 * up owning it, and how the game goes for a colour that plays there (the
 * all-moves-as-first statistics of Monte Carlo players). Computed once per
 * search from the root; the search uses it to order stones and to value
 * points whose fight lies beyond its horizon. */
#ifndef RIN_MCPRIOR_H
#define RIN_MCPRIOR_H

#include <stdbool.h>
#include <stdint.h>

#include "position.h"
#include "random.h"

/* Fewer games than this leave the prior off (ready = false). */
enum { MCPRIOR_MIN_PLAYOUTS = 64 };

typedef struct McPrior {
    bool ready;
    int playouts;
    /* Black's expected final ownership of a point, in centistones (+100:
     * always Black's, -100: always White's), given what stands on it at a
     * node: index COLOR_BLACK or COLOR_WHITE for a stone of that colour,
     * 2 for an empty point. */
    int16_t value[3][BB_POINTS];
    /* The expected final margin, in centistones from the colour's own
     * point of view, of the games in which that colour placed a stone on
     * the point (minus the mean over all games): how good a stone there is
     * for it. 0 where nothing is known. */
    int16_t amaf[2][BB_POINTS];
    Bitboard root_stones[2]; /* the root's stones, by colour */
} McPrior;

/* Clears the prior (ready = false). */
void mcprior_clear(McPrior *prior);

/* Plays `playouts` uniformly random games from root (not over) and fills
 * the prior; `stop`, when not NULL, is polled every few games and ends the
 * work early (the prior is then built from the games played, or left off
 * when they are too few). */
void mcprior_compute(McPrior *prior, const Position *root, int playouts, Rng *rng, bool (*stop)(void *context),
                     void *context);

/* The expected final margin of pos by the prior's point values, in
 * centistones for the side to move. */
int mcprior_margin(const McPrior *prior, const Position *pos);

/* mcprior_margin(pos) minus that of the root (Black's view) seen from
 * pos's side to move, from the points that changed since the root only: for
 * positions reached from the root by play. */
int mcprior_gain(const McPrior *prior, const Position *pos);

#endif
