/* The random player: a uniformly random empty point. */

#include "players/player.h"
#include "rules/playout.h"

static int random_genmove(Player *self, const Position *pos, const PlayerLimits *limits)
{
    (void)limits;
    return playout_random_point(pos, (Rng *)self->data);
}

Player *player_random_create(const PlayerConfig *config)
{
    return player_create_with_rng("random", random_genmove, config->seed);
}
