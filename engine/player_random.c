/* The random player: a uniformly random empty point. */
#include <stdlib.h>

#include "player.h"
#include "playout.h"

static int random_genmove(Player *self, const Position *pos, const PlayerLimits *limits)
{
    (void)limits;
    return playout_random_point(pos, (Rng *)self->data);
}

static void random_destroy(Player *self)
{
    free(self->data);
    free(self);
}

Player *player_random_create(const PlayerConfig *config)
{
    Player *p = malloc(sizeof *p);
    Rng *rng = malloc(sizeof *rng);
    if (!p || !rng) {
        free(p);
        free(rng);
        return NULL;
    }
    rng_seed(rng, config->seed);
    p->name = "random";
    p->genmove = random_genmove;
    p->new_game = NULL;
    p->destroy = random_destroy;
    p->data = rng;
    return p;
}
