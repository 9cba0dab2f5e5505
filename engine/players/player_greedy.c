/* The greedy player: the stone that starts the turn with the largest
 * immediate gain over the whole turn (both stones when two are left), ties
 * broken at random. A yardstick: it sees every ring it can close this turn
 * and nothing else. */

#include "players/player.h"
#include "base/random.h"
#include "rules/tactics.h"

/* Largest gain of one stone of the side to move. */
static int best_single_gain(const Position *pos)
{
    FillMap map;
    tactics_fill_points(pos, pos_to_move(pos), &map);
    return map.best;
}

static int greedy_genmove(Player *self, const Position *pos, const PlayerLimits *limits)
{
    (void)limits;
    Rng *rng = self->data;
    Color me = pos_to_move(pos);
    bool two = pos_stones_left(pos) == 2;
    int best = -1, best_gain = -1, ties = 0;
    Bitboard b = pos_empty(pos);
    for (int p; (p = bb_next(&b)) != POINT_NONE;) {
        Position child = *pos;
        int gain = pos_play(&child, p);
        gain += bb_count(bb_and(pos->stones[color_other(me)], child.stones[me])); /* captures count twice */
        if (two && !pos_is_over(&child))
            gain += best_single_gain(&child);
        if (gain > best_gain) {
            best_gain = gain;
            best = p;
            ties = 1;
        } else if (gain == best_gain && rng_below(rng, (uint32_t)++ties) == 0) {
            best = p;
        }
    }
    return best;
}

Player *player_greedy_create(const PlayerConfig *config)
{
    return player_create_with_rng("greedy", greedy_genmove, config->seed);
}
