/* What uniformly random games from the root say about each point: who ends
 * up owning it, and how the game goes for a colour that plays there (the
 * all-moves-as-first statistics of Monte Carlo players). Computed once per
 * search from the root; the search uses it to order stones and to value
 * points whose fight lies beyond its horizon. */
#ifndef RIN_MCPRIOR_H
#define RIN_MCPRIOR_H

#include <stdbool.h>
#include <stdint.h>

#include "eval/evalmodel.h"
#include "rules/position.h"
#include "rules/tactics.h"
#include "base/random.h"
#include "search/params.h"

/* Fewer games than this leave the prior off (ready = false). */
enum { MCPRIOR_MIN_PLAYOUTS = 64 };

/* Boards of this size and larger weigh the prior's gain by
 * prior_gain_weight_large instead of prior_gain_weight (params.h), and
 * by prior_gain_weight_many once the prior has prior_many_playouts
 * games. */
enum { MCPRIOR_LARGE_BOARD = 14 };

/* mcprior_compute_threads splits the games over at most this many threads. */
enum { MCPRIOR_MAX_THREADS = 256 };

typedef struct McPrior {
    bool ready;
    int playouts;
    /* What a point is worth to Black, in centistones, given what stands on
     * it at a node: index COLOR_BLACK or COLOR_WHITE for a stone of that
     * colour, 2 for an empty point. For a point as it stands at the root,
     * Black's expected final ownership (+100: always Black's, -100: always
     * White's); for a stone on a point empty at the root, that ownership
     * plus the stone's colour's AMAF value below (seen from Black); for a
     * stone on a point the other colour holds at the root, a whole stone
     * (it was filled). */
    int16_t value[3][BB_POINTS];
    /* How much better the colour does in the games in which it placed a
     * stone on the point than in all games: the mean result (+1 won, 0
     * drawn, -1 lost) of those games minus the mean of all, shrunk towards
     * 0 when the games are few (by amaf_shrink games), times
     * prior_win_stones (params.h: the stones that a whole won game, over a
     * lost one, is worth; half of that over a draw), in centistones
     * from the colour's own point of view. Results, not margins: a random
     * game's margin swings with captures that real play avoids, while who
     * wins is what a close game turns on. 0 where nothing is known. */
    int16_t amaf[2][BB_POINTS];
    Bitboard root_stones[2]; /* the root's stones, by colour */
} McPrior;

/* Clears the prior (ready = false). */
void mcprior_clear(McPrior *prior);

/* Plays `playouts` uniformly random games from root (not over) and fills
 * the prior with the weights of `params`; `stop`, when not NULL, is polled every few games and ends the
 * work early (the prior is then built from the games played, or left off
 * when they are too few). */
void mcprior_compute(McPrior *prior, const SearchParams *params, const Position *root, int playouts, Rng *rng,
                     bool (*stop)(void *context), void *context);

/* The same with the games split over `threads` threads (1 to
 * MCPRIOR_MAX_THREADS; the caller's and threads - 1 started here), each
 * playing its share with its own random sequence (seeded from rng) into a
 * tally of its own, the tallies summed: the same prior from about 1 /
 * threads of the time. With threads 1 (or without memory for the shares),
 * exactly mcprior_compute; the shares of threads that cannot be started
 * are played on the caller's. `stop` is called from every thread. */
void mcprior_compute_threads(McPrior *prior, const SearchParams *params, const Position *root, int playouts, Rng *rng,
                             int threads, bool (*stop)(void *context), void *context);

/* The sum of pos's point values, in centistones for the side to move: the
 * prior's estimate of its final margin (at the root, the playouts' mean
 * margin). */
int mcprior_margin(const McPrior *prior, const Position *pos);

/* mcprior_margin(pos) minus that of the root (Black's view) seen from
 * pos's side to move, from the points that changed since the root only: for
 * positions reached from the root by play. */
int mcprior_gain(const McPrior *prior, const Position *pos);

/* The search's estimate of the final margin: evaluate_with, plus a share
 * (prior_gain_weight quarters, prior_gain_weight_large from
 * MCPRIOR_LARGE_BOARD on, prior_gain_weight_many there from
 * prior_many_playouts games; params.h) of how the point values of the
 * prior changed from the root to pos (stones placed, points filled and
 * taken): what random games say the stones of the tree are worth beyond
 * themselves. Just evaluate_with when the prior is not ready. How much the
 * prior weighs is search policy, so it lives here, not in eval/.
 * Centistones for the side to move, within +-SCORE_EVAL_MAX. */
int mcprior_estimate(const EvalModel *model, const McPrior *prior, const SearchParams *params, const Position *pos,
                     const Tactics *tactics);

/* The same from a static margin (centistones for the side to move) that
 * the caller evaluated otherwise (the pattern model): the margin, plus the
 * prior's share when it is ready, within +-SCORE_EVAL_MAX. */
int mcprior_add_gain(const McPrior *prior, const SearchParams *params, const Position *pos, int margin);

/* The search's value of a margin estimate at pos: the model's utility
 * (eval_model_utility: the result first, then the margin) when it has a
 * result curve, else the margin itself. */
int mcprior_utility(const EvalModel *model, const Position *pos, int margin);

/* The search's evaluation: the utility of mcprior_estimate. */
int mcprior_evaluate(const EvalModel *model, const McPrior *prior, const SearchParams *params, const Position *pos,
                     const Tactics *tactics);

#endif
